"""Random Raku programs that compile with Rakudo 2022.12 and run with it, for scripts/moar-corpus.

    python3 scripts/lib/moar_raku_program.py --seed S [--case I]

prints one program (the program for case I of seed S, if --case is given). generate_program(rng)
is the library entry point; it draws only from the random.Random it is given, so a seed always
gives the same program.

A program declares 0-2 roles (plain, parameterized by values or by a type), 0-3 classes with
public, private and native attributes, methods and multi methods, a TWEAK submethod,
inheritance with callsame and role composition, 0-1 custom exception classes, 0-2 multi subs (by
type, where-constraint, arity and named argument), 0-1 grammars (tokens, rules, a proto token,
an actions class) and 1-3 subs with native int, num and str parameters, named parameters with
defaults, slurpy positional and named parameters and return types. Its mainline has 4-10
statements, plus one use of each grammar (parsing a generated string), multi sub and exception
class and of one class, at random places: native int, num, str, int8..int64, uint8..uint64 and
num32 variables and native arrays, Int/Rat/Num arithmetic, arrays, hashes and bags, junctions
(any/all/one/none, |, & and ^ in conditions, autothreaded calls), gather/take, die/CATCH/try/
fail, custom exceptions, warnings resumed by CONTROL, Unicode strings (combining characters,
emoji with modifiers, flags and ZWJ sequences, CR LF, Hangul, right-to-left scripts) and string
ops on them, regexes, method and multi calls, runtime mixins, closures, state variables and
FIRST/LAST/once/PRE phasers (which compile to Rakudo's p6* extension ops), use nqp, conditionals,
given/when, with, while/repeat/loop/for loops with labels, next and last, sprintf and say. About
one program in five holds a native str literal longer than 1,100 characters, whose const_s line
is longer than the 1,023 bytes `moar --dump` prints of a line. (Only native str literals, names
and the like become const_s operands; Rakudo serializes other literals as Str objects in the SC
data.) Output is deterministic: nothing prints a hash in its own order, the time or a random number.
The program ends by saying "done", which scripts/moar-corpus checks after running it.
"""

import sys

import generator_cli

INTS = (0, 1, -1, 2, 7, 42, 127, 128, 255, 256, 32767, 32768, 65535, 65536, -32768, -32769,
        2147483647, -2147483648, 4294967296, 1099511627776, 9223372036854775807)
SMALL = (1, 2, 3, 5, 7, 10, 12, 100)
NUMS = ("0e0", "1e0", "1.5e0", "-2.25e0", "3.14159e0", "1e10", "6.02e23", "1e-5", "0.1e0")
# Raku source text of double-quoted string pieces: no $ @ % & { that would interpolate.
WORDS = ("alpha", "beta", "gamma", "héllo", "wörld", "naïve", "Straße", "日本語", "∑∫", "😀",
         "tab\\there", "quote\\\"d", "back\\\\slash", "brace\\{x\\}", "ünïcödé", "Ωmega", "x", "")
UNICODE = ("héllo", "Straße", "日本語", "😀", "e\\x[301]", "x\\x[301]\\x[302]", "\\x[301]lead",
           "👍🏽", "🇩🇪🇫🇷", "👨\u200d👩\u200d👧", "क्षत्रिय", "한국어", "ﬁnal", "İstanbul", "ǅungla",
           "\\c[GREEK SMALL LETTER ALPHA]\\c[COMBINING DOT ABOVE]", "a\u0308o\u0308", "\\x[1E0A]\\x[323]",
           "line\\r\\nbreak", "Ωmega", "∑∫√", "ünïcödé", "שלום", "مرحبا", "ǆ", "ß")
# Letters only, for grammar words (<:L>+) and hash keys.
LETTERS = ("alpha", "beta", "héllo", "wörld", "naïve", "Straße", "日本語", "Ωmega", "ünïcödé",
           "x", "zz", "한국어")
# Plain words for long literals, whose length in characters is their length in Python.
LONG_WORDS = ("alpha", "beta", "gamma", "délta", "wörld", "日本語", "😀", "Ωmega", "Straße", "x")


class ProgramBuilder:
    def __init__(self, rng):
        self.rng = rng
        self.names = 0
        self.subs = []  # (name, [param kinds], named, slurpy)
        self.roles = []  # (name, kind, [(method, argument kind)])
        self.classes = []  # (name, [(method, argument kind, suffix)], [role names])
        self.exceptions = []  # custom exception class names
        self.multis = []  # (name, [argument kinds a call may use])
        self.grammars = []  # (name, actions name, kind)

    def fresh(self, prefix):
        self.names += 1
        return "%s%d" % (prefix, self.names)

    def int_literal(self):
        return str(self.rng.choice(INTS))

    def uint_literal(self):
        # Rakudo 2022.12 wraps negative values into unsigned natives, except -2147483648, which
        # it holds as a bigint: "Cannot unbox negative bigint into native unsigned integer".
        return str(self.rng.choice([i for i in INTS if i != -2147483648]))

    def small_literal(self):
        return str(self.rng.choice(SMALL))

    def num_literal(self):
        return self.rng.choice(NUMS)

    def str_literal(self):
        words = self.rng.sample(WORDS, self.rng.randint(1, 3))
        return '"%s"' % " ".join(words)

    def unicode_literal(self):
        words = self.rng.sample(UNICODE, self.rng.randint(1, 3))
        return '"%s"' % self.rng.choice((" ", "", "-")).join(words)

    def long_literal(self):
        target = self.rng.randint(1100, 2400)
        words = []
        length = 0
        while length < target:
            word = self.rng.choice(LONG_WORDS)
            words.append(word)
            length += len(word) + 1
        return '"%s"' % " ".join(words)

    def literal(self, kind):
        return {"int": self.int_literal, "num": self.num_literal, "str": self.str_literal}[kind]()

    def int_list(self, low=2, high=5):
        return ", ".join(self.int_literal() for _ in range(self.rng.randint(low, high)))

    # Declarations.

    def build_role(self):
        name = self.fresh("Rol")
        kind = self.rng.choice(("plain", "value", "type"))
        method = self.fresh("meth")
        if kind == "plain":
            attr = self.fresh("tag")
            lines = ["role %s {" % name, "    has $.%s = %s;" % (attr, self.str_literal()),
                     '    method %s() { "%s " ~ $!%s.chars }' % (method, name, attr), "}"]
            methods = [(method, None)]
        elif kind == "value":
            other = self.fresh("meth")
            lines = ["role %s[$factor, $label = %s] {" % (name, self.str_literal()),
                     "    method %s(Int $x) { $x * $factor }" % method,
                     "    method %s() { $label ~ $factor }" % other, "}"]
            methods = [(method, "int"), (other, None)]
        else:
            other = self.fresh("meth")
            lines = ["role %s[::T] {" % name, "    method %s() { T.^name }" % method,
                     "    method %s($x) { $x ~~ T }" % other, "}"]
            methods = [(method, None), (other, "any")]
        self.roles.append((name, kind, methods))
        return "\n".join(lines)

    def role_use(self, role):
        name, kind, _ = role
        if kind == "value":
            if self.rng.random() < 0.5:
                return "%s[%s]" % (name, self.small_literal())
            return "%s[%s, %s]" % (name, self.small_literal(), self.str_literal())
        if kind == "type":
            return "%s[%s]" % (name, self.rng.choice(("Int", "Str", "Num", "Cool")))
        return name

    def build_class(self):
        name = self.fresh("Cls")
        parent = self.rng.choice(self.classes) if self.classes and self.rng.random() < 0.5 else None
        roles = self.rng.sample(self.roles, self.rng.randint(0, len(self.roles)))
        head = "class %s" % name
        if parent:
            head += " is %s" % parent[0]
        for role in roles:
            head += " does %s" % self.role_use(role)
        cnt, lbl, ratio, hidden = (self.fresh("cnt"), self.fresh("lbl"), self.fresh("ratio"),
                                   self.fresh("hidden"))
        lines = [head + " {", "    has Int $.%s = %s;" % (cnt, self.int_literal()),
                 "    has Str $.%s is rw = %s;" % (lbl, self.str_literal()),
                 "    has num $.%s = %s;" % (ratio, self.num_literal()),
                 "    has int $!%s = %s;" % (hidden, self.int_literal()), "    has @.items;"]
        methods = [m for m in parent[1] if m[0] != "describe"] if parent else []
        for role in roles:
            methods.extend((m, kind, "") for m, kind in role[2])
        if self.rng.random() < 0.4:
            lines.append("    submethod TWEAK() { $!%s = $!%s + 1 }" % (cnt, cnt))
        for _ in range(self.rng.randint(1, 3)):
            method = self.fresh("meth")
            template = self.rng.randrange(5)
            if template == 0:
                lines.append("    method %s(Int $x) { $!%s += $x; self }" % (method, cnt))
                methods.append((method, "int", "." + cnt))
            elif template == 1:
                lines.append("    method %s($x) { $!%s = $!%s ~ $x; $!%s.chars }" % (method, lbl, lbl, lbl))
                methods.append((method, "any", ""))
            elif template == 2:
                lines.append("    method %s() { @!items.push($!%s); @!items.elems }" % (method, cnt))
                methods.append((method, None, ""))
            elif template == 3:
                lines.append("    method %s(Int $x --> Int) { $!%s * 2 + $x }" % (method, hidden))
                methods.append((method, "int", ""))
            else:
                lines.append("    multi method %s(Int $x) { \"int \" ~ ($x + $!%s) }" % (method, cnt))
                lines.append("    multi method %s(Str $x) { \"str \" ~ $x.chars }" % method)
                lines.append("    multi method %s(Num $x) { $x * $!%s }" % (method, ratio))
                methods.append((method, "any", ""))
        if parent:
            lines.append('    method describe() { "%s:" ~ callsame() }' % name)
        else:
            lines.append('    method describe() { "%s(" ~ $!%s ~ ", " ~ $!%s.chars ~ ")" }'
                         % (name, cnt, lbl))
        methods.append(("describe", None, ""))
        lines.append("}")
        self.classes.append((name, methods, [role[0] for role in roles]))
        return "\n".join(lines)

    def build_exception(self):
        name = self.fresh("X::Gen")
        self.exceptions.append(name)
        return ("class %s is Exception {\n    has $.code;\n"
                '    method message() { "%s: code " ~ $!code }\n}' % (name, name))

    def build_multi(self):
        name = self.fresh("mfn")
        lines = []
        kinds = []
        if self.rng.random() < 0.3:
            lines.append("proto sub %s(|) {*}" % name)
        if self.rng.random() < 0.7:
            lines.append('multi sub %s(Int $x) { "Int " ~ ($x + 1) }' % name)
            kinds.append("int")
            if self.rng.random() < 0.5:
                lines.append('multi sub %s(Int $x where * > 1000) { "big " ~ $x.chars }' % name)
        if self.rng.random() < 0.7:
            lines.append('multi sub %s(Str $x) { "Str " ~ $x.chars }' % name)
            kinds.append("str")
        if self.rng.random() < 0.5:
            lines.append('multi sub %s(Num $x) { "Num " ~ $x.round }' % name)
            kinds.append("num")
        if self.rng.random() < 0.5 or not kinds:
            lines.append('multi sub %s($x) { "Any " ~ $x.^name }' % name)
            kinds.extend(("int", "str", "num", "rat", "junction"))
        if self.rng.random() < 0.6:
            lines.append('multi sub %s($a, $b) { "two " ~ ($a ~ $b).chars }' % name)
            kinds.append("two")
        if self.rng.random() < 0.4:
            lines.append('multi sub %s($a, $b, $c) { "three " ~ $a + $c }' % name)
            kinds.append("three")
        if self.rng.random() < 0.4:
            lines.append('multi sub %s(:$named!) { "named " ~ $named }' % name)
            kinds.append("named")
        if "int" in kinds:
            kinds.append("junction")
        self.multis.append((name, kinds))
        return "\n".join(lines)

    def build_grammar(self):
        name = self.fresh("Gram")
        actions = name + "Actions"
        kind = self.rng.choice(("list", "expr", "kv", "stmts"))
        if kind == "list":
            word = self.rng.choice(("make $/.Str.uc", "make $/.Str.flip", "make $/.chars"))
            text = ("grammar %s {\n    token TOP { <g-item>+ %% [\\s* ',' \\s*] }\n"
                    "    token g-item { <g-number> | <g-word> }\n    token g-number { '-'? \\d+ }\n"
                    "    token g-word { <:L>+ }\n}\n"
                    "class %s {\n    method TOP($/) { make $<g-item>.map(*.made).join('|') }\n"
                    "    method g-item($/) { make ($<g-number> // $<g-word>).made }\n"
                    "    method g-number($/) { make $/.Int * 2 }\n    method g-word($/) { %s }\n}"
                    % (name, actions, word))
        elif kind == "expr":
            text = ("grammar %s {\n    rule TOP { ^ <e-term> [ <e-op> <e-term> ]* $ }\n"
                    "    token e-op { '+' | '-' | '*' }\n    token e-term { \\d+ }\n}\n"
                    "class %s {\n    method TOP($/) {\n        my $acc = $<e-term>[0].made;\n"
                    "        for $<e-op>.kv -> $i, $o {\n            given ~$o {\n"
                    "                when '+' { $acc += $<e-term>[$i + 1].made }\n"
                    "                when '-' { $acc -= $<e-term>[$i + 1].made }\n"
                    "                default { $acc *= $<e-term>[$i + 1].made }\n"
                    "            }\n        }\n        make $acc\n    }\n"
                    "    method e-term($/) { make +$/ }\n}" % (name, actions))
        elif kind == "kv":
            text = ("grammar %s {\n    token TOP { <kv-pair>* %% ';' }\n"
                    "    token kv-pair { <kv-key> '=' <kv-value> }\n    token kv-key { \\w+ }\n"
                    "    proto token kv-value {*}\n    token kv-value:sym<int> { '-'? \\d+ }\n"
                    "    token kv-value:sym<str> { '\"' <-[\"]>* '\"' }\n}\n"
                    "class %s {\n    method TOP($/) { make $<kv-pair>.map(*.made).join(',') }\n"
                    "    method kv-pair($/) { make ~$<kv-key> ~ '=>' ~ $<kv-value>.made }\n"
                    "    method kv-value:sym<int>($/) { make $/.Int + 1 }\n"
                    "    method kv-value:sym<str>($/) { make $/.chars - 2 }\n}" % (name, actions))
        else:
            text = ("grammar %s {\n    rule TOP { <s-stmt>* }\n    rule s-stmt { <s-name> '=' <s-val> ';' }\n"
                    "    token s-name { <:L> \\w* }\n    token s-val { \\d+ }\n}\n"
                    "class %s {\n    method TOP($/) { make $<s-stmt>.map(*.made).sum }\n"
                    "    method s-stmt($/) { make $<s-val>.Int * $<s-name>.chars }\n}" % (name, actions))
        self.grammars.append((name, actions, kind))
        return text

    def grammar_input(self, kind):
        """A string for a grammar of this kind: usually one it parses, sometimes not."""
        rng = self.rng
        count = rng.randint(1, 6)
        if kind == "list":
            items = [str(rng.randint(-99, 999)) if rng.random() < 0.5 else rng.choice(LETTERS)
                     for _ in range(count)]
            text = "".join(item + rng.choice((",", ", ", " ,")) for item in items)[:-1].rstrip(", ")
        elif kind == "expr":
            text = str(rng.randint(0, 999))
            for _ in range(count - 1):
                text += "%s%s%s%d" % (rng.choice(("", " ")), rng.choice("+-*"), rng.choice(("", " ")),
                                      rng.randint(0, 99))
        elif kind == "kv":
            pairs = []
            for _ in range(count):
                value = str(rng.randint(-50, 500)) if rng.random() < 0.5 else \
                    "\\\"%s\\\"" % " ".join(rng.sample(LETTERS, rng.randint(0, 2)))
                pairs.append("%s%d=%s" % (rng.choice(LETTERS), rng.randint(0, 9), value))
            text = ";".join(pairs)
        else:
            text = "".join("%s%s=%s%d;%s" % (rng.choice(LETTERS), rng.choice(("", " ")),
                                              rng.choice(("", " ")), rng.randint(0, 99),
                                              rng.choice(("", " ", "  "))) for _ in range(count))
        if rng.random() < 0.15:
            text += "!?"
        return '"%s"' % text

    def build_sub(self):
        name = self.fresh("fn")
        if self.rng.random() < 0.15:
            self.subs.append((name, ["small"], False, False))
            return ("sub %s(Int $n --> Int) {\n    return 1 if $n < 2;\n"
                    "    %s($n - 1) + %s($n - 2)\n}" % (name, name, name))
        kinds = [self.rng.choice(("int", "num", "str", "obj")) for _ in range(self.rng.randint(0, 3))]
        params = []
        for index, kind in enumerate(kinds):
            params.append(("$p%d" % index) if kind == "obj" else "%s $p%d" % (kind, index))
        named = self.rng.random() < 0.5
        slurpy = self.rng.random() < 0.4
        if named:
            params.append(":$flag = %s" % self.int_literal())
        if slurpy:
            params.extend(("*@rest", "*%opts"))
        body = ["    my int $count = %d;" % len(kinds)]
        for index, kind in enumerate(kinds):
            if kind == "int":
                body.append("    $count = $count + ($p%d > 0 ?? 1 !! 2);" % index)
            elif kind == "num":
                body.append("    $count = $count + ($p%d < 1e0 ?? 3 !! 4);" % index)
            elif kind == "str":
                body.append("    $count = $count + $p%d.chars;" % index)
        if named:
            body.append("    $count = $count + ($flag ?? 1 !! 0);")
        if slurpy:
            body.append("    $count = $count + @rest.elems + %opts.elems;")
        body.append("    $count")
        self.subs.append((name, kinds, named, slurpy))
        returns = " --> Int" if self.rng.random() < 0.3 else ""
        return "sub %s(%s%s) {\n%s\n}" % (name, ", ".join(params), returns, "\n".join(body))

    # Statements.

    def call_sub(self):
        name, kinds, named, slurpy = self.rng.choice(self.subs)
        if kinds == ["small"]:
            return "say %s(%d);" % (name, self.rng.randint(0, 12))
        args = [self.int_literal() if k == "obj" else self.literal(k) for k in kinds]
        if named and self.rng.random() < 0.6:
            args.append(":flag(%s)" % self.int_literal())
        if slurpy:
            args.extend(self.literal(self.rng.choice(("int", "str"))) for _ in range(self.rng.randint(0, 2)))
            if self.rng.random() < 0.5:
                args.append(":extra(%s)" % self.str_literal())
        return "say %s(%s);" % (name, ", ".join(args))

    def argument(self, kind):
        if kind == "int":
            return self.int_literal()
        if kind is None:
            return ""
        return self.rng.choice((self.int_literal(), self.str_literal(), self.num_literal()))

    def call_method(self, v):
        name, methods, roles = self.rng.choice(self.classes)
        lines = ["my $%s = %s.new(%s);" % (v, name, "" if self.rng.random() < 0.5 else
                                           ", ".join("items => [%s]" % self.int_list(0, 3) for _ in (0,)))]
        for method, kind, suffix in self.rng.sample(methods, min(len(methods), self.rng.randint(1, 3))):
            lines.append("say $%s.%s(%s)%s;" % (v, method, self.argument(kind), suffix))
        if roles and self.rng.random() < 0.5:
            lines.append("say $%s.does(%s), \" \", $%s ~~ %s, \" \", $%s.^name;" % (
                v, self.rng.choice(roles), v, name, v))
        return "\n".join(lines)

    def call_multi(self, multi=None):
        name, kinds = multi or self.rng.choice(self.multis)
        kind = self.rng.choice(kinds)
        if kind == "int":
            arg = self.int_literal()
        elif kind == "str":
            arg = self.str_literal()
        elif kind == "num":
            arg = self.num_literal()
        elif kind == "rat":
            arg = "%d/%s" % (self.rng.randint(-9, 9), self.small_literal())
        elif kind == "junction":
            arg = "%s | %s" % (self.int_literal(), self.int_literal())
            return "say %s(%s).so;" % (name, arg)
        elif kind == "two":
            arg = "%s, %s" % (self.str_literal(), self.int_literal())
        elif kind == "three":
            arg = "%s, %s, %s" % (self.int_literal(), self.str_literal(), self.int_literal())
        else:
            arg = ":named(%s)" % self.str_literal()
        return "say %s(%s);" % (name, arg)

    def mixin(self, v):
        role = self.rng.choice(self.roles)
        base = self.rng.choice(self.classes)[0] + ".new" if self.classes and self.rng.random() < 0.6 else \
            self.rng.choice(("42", '"mixed"', "[1, 2]"))
        lines = ["my $%s = %s but %s;" % (v, base, self.role_use(role))]
        for method, kind in role[2]:
            lines.append("say $%s.%s(%s);" % (v, method, self.argument(kind)))
        lines.append("say $%s.^name, \" \", $%s.does(%s);" % (v, v, role[0]))
        return "\n".join(lines)

    def parse_grammar(self, v, grammar=None):
        name, actions, kind = grammar or self.rng.choice(self.grammars)
        text = self.grammar_input(kind)
        if self.rng.random() < 0.7:
            return ("my $%s = %s.parse(%s, actions => %s.new);\nsay $%s ?? $%s.made !! \"no match\";"
                    % (v, name, text, actions, v, v))
        return "my $%s = %s.parse(%s);\nsay $%s ?? $%s.caps.elems ~ \" \" ~ $%s.chars !! \"no match\";" % (
            v, name, text, v, v, v)

    def junction(self, v):
        which = self.rng.randrange(7)
        if which == 0:
            return 'my $%s = %s;\nif $%s == any(%s) { say "any yes" } else { say "any no" }' % (
                v, self.int_literal(), v, self.int_list())
        if which == 1:
            return 'if all(%s) > %s { say "all yes" } else { say "all no" }' % (
                self.int_list(), self.int_literal())
        if which == 2:
            return 'if one(%s) == %s { say "one yes" } else { say "one no" }' % (
                self.int_list(), self.int_literal())
        if which == 3:
            return 'if none(%s, %s) eq %s { say "none yes" } else { say "none no" }' % (
                self.str_literal(), self.str_literal(), self.str_literal())
        if which == 4:
            return "say so %s == %s;" % (self.int_literal(), " | ".join(
                self.int_literal() for _ in range(self.rng.randint(2, 4))))
        if which == 5:
            return "my $%s = any(%s) + %s;\nsay ($%s > %s).so, \" \", $%s.WHAT.^name;" % (
                v, self.int_list(), self.int_literal(), v, self.int_literal(), v)
        return "say (%s & %s).so, \" \", (%s ~~ any(Int, Str)), \" \", (%s ^ %s).so;" % (
            self.int_literal(), self.int_literal(), self.str_literal(), self.int_literal(),
            self.int_literal())

    def gather(self, v):
        which = self.rng.randrange(5)
        if which == 0:
            return ("my @%s = gather { for 1..%d -> $k { take $k * $k if $k %%%% %d } };\n"
                    "say @%s.join(\",\");" % (v, self.rng.randint(1, 20), self.rng.randint(1, 4), v))
        if which == 1:
            return ("my @%s = (gather { my $i = %s; loop { take $i; $i = $i * 2 + 1 } })[^%d];\n"
                    "say @%s.join(\",\");" % (v, self.int_literal(), self.rng.randint(1, 8), v))
        if which == 2:
            return ("my $%s = gather { take %s; take $_ for <%s> };\n"
                    "say $%s.elems, \" \", $%s.join(\"|\");" % (
                        v, self.str_literal(), " ".join(self.rng.sample(LETTERS, 3)), v, v))
        if which == 3:
            return "say (gather for ^%d { take $_ if .is-prime }).join(\",\");" % self.rng.randint(1, 40)
        return ("my &%s = -> $x { take $x * 2; take ~$x };\nsay (gather { %s($_) for %s }).join(\" \");"
                % (v, v, "(%s)" % self.int_list(1, 4)))

    def exception(self, v, depth, which=None):
        which = self.rng.randrange(7) if which is None else which
        if which == 0 and depth < 2:
            return ("try {\n    %s\n    die %s;\n    CATCH { default { say \"caught: \", .message } }\n}"
                    % (self.indent(self.statement(depth + 1)), self.str_literal()))
        if which == 1 and self.exceptions:
            name = self.rng.choice(self.exceptions)
            return "{\n    %s.new(code => %s).throw;\n    CATCH { when %s { say .message } }\n}" % (
                name, self.int_literal(), name)
        if which == 2:
            name = self.rng.choice(self.exceptions) if self.exceptions else "X::AdHoc"
            if self.exceptions:
                payload = "code => %s" % self.int_literal()
            else:
                payload = "payload => %s" % self.str_literal()
            return ("my $%s = try { die %s.new(%s); 1 };\n"
                    "say $%s.defined, \" \", $!.^name, \" \", $!.message;" % (v, name, payload, v))
        if which == 3:
            return ("my $%s = (sub { fail %s })();\nsay $%s.defined ?? \"value\" !! \"failure\";"
                    % (v, self.str_literal(), v))
        if which == 4:
            return "try { say %s div 0 };\nsay $!.^name;" % self.int_literal()
        if which == 5:
            return ("{\n    warn %s;\n    say \"after warn\";\n"
                    "    CONTROL { when CX::Warn { say \"warned: \", .message; .resume } }\n}"
                    % self.str_literal())
        return "try { my Int $%s = %s };\nsay $!.^name;" % (v, self.str_literal())

    def unicode(self, v):
        ops = self.rng.sample(("$%s.chars", "$%s.codes", "$%s.NFD.elems", "$%s.NFC.elems", "$%s.uc",
                               "$%s.lc", "$%s.fc", "$%s.tc", "$%s.flip", "$%s.encode(\"utf-8\").bytes",
                               "$%s.encode(\"utf-16\").elems", "$%s.ords.join(\",\")",
                               "$%s.substr(0, 3)", "$%s.comb.elems", "$%s.words.elems",
                               "$%s.index(\"l\") // \"none\"", "($%s x 2).chars",
                               "$%s.comb.map(*.uniname).head(2).join(\"|\")",
                               "$%s.samemark(\"e\\x[301]\").chars"), self.rng.randint(2, 5))
        decl = "my str $%s" if self.rng.random() < 0.6 else "my $%s"
        return "%s = %s;\nsay %s;" % (decl % v, self.unicode_literal(),
                                      ", \" \", ".join(op % v for op in ops))

    def indent(self, text):
        return text.replace("\n", "\n    ")

    def statement(self, depth):
        kinds = ["int", "num", "str", "sized", "natarray", "bigint", "rat", "array", "hash", "say",
                 "if", "given", "with", "closure", "junction", "junction", "junction", "gather",
                 "gather", "unicode", "unicode", "regex", "exception", "exception", "sprintf", "state"]
        if depth < 2:
            kinds += ["while", "loop", "repeat", "for", "labels"]
        if self.subs:
            kinds += ["call"]
        if self.classes:
            kinds += ["method", "method"]
        if self.roles:
            kinds += ["mixin"]
        if self.multis:
            kinds += ["multi", "multi"]
        if self.grammars:
            kinds += ["grammar", "grammar"]
        if depth == 0 and self.rng.random() < 0.015:
            kinds = ["nqp"]
        kind = self.rng.choice(kinds)
        v = self.fresh("v")
        if kind == "int":
            a, b = self.rng.choice(INTS), self.rng.choice(INTS)
            op = self.rng.choice(("+", "-", "*", "+&", "+|", "+^"))
            # Rakudo computes an Int and unboxes it, so the result must fit in 64 bits.
            value = {"+": a + b, "-": a - b, "*": a * b}.get(op, 0)
            if not -2 ** 63 <= value < 2 ** 63:
                op = "+^"
            return "my int $%s = %d;\n$%s = $%s %s %d;\nsay $%s;" % (v, a, v, v, op, b, v)
        if kind == "num":
            return "my num $%s = %s;\n$%s = $%s * %s + %s;\nsay $%s, \" \", $%s.abs.sqrt;" % (
                v, self.num_literal(), v, v, self.num_literal(), self.num_literal(), v, v)
        if kind == "str":
            return "my str $%s = %s;\n$%s = $%s ~ %s;\nsay $%s.chars, \" \", $%s.uc;" % (
                v, self.str_literal(), v, v, self.str_literal(), v, v)
        if kind == "sized":
            type_a = self.rng.choice(("int8", "int16", "int32", "int64"))
            type_b = self.rng.choice(("uint8", "uint16", "uint32", "uint64", "uint"))
            return ("my %s $%s = %s;\nmy %s $%sb = %s;\nmy num32 $%sc = %s;\n"
                    "say $%s, \" \", $%sb, \" \", $%sc;" % (
                        type_a, v, self.int_literal(), type_b, v, self.uint_literal(), v,
                        self.num_literal(), v, v, v))
        if kind == "natarray":
            which = self.rng.randrange(4)
            if which == 0:
                return "my int @%s = %s;\n@%s.push(%s);\nsay @%s.sum, \" \", @%s.elems, \" \", @%s[0];" % (
                    v, self.int_list(1, 4), v, self.int_literal(), v, v, v)
            if which == 1:
                return "my num @%s = %s, %s;\n@%s.push(%s);\nsay @%s.sum, \" \", @%s.elems;" % (
                    v, self.num_literal(), self.num_literal(), v, self.num_literal(), v, v)
            if which == 2:
                return "my str @%s = %s, %s;\n@%s.unshift(%s);\nsay @%s.join(\"|\"), \" \", @%s.elems;" % (
                    v, self.str_literal(), self.str_literal(), v, self.unicode_literal(), v, v)
            native = self.rng.choice(("uint8", "int16", "int32", "uint64"))
            literal = self.uint_literal if native.startswith("u") else self.int_literal
            return "my %s @%s = %s;\nsay @%s.join(\",\"), \" \", @%s.elems;" % (
                native, v, ", ".join(literal() for _ in range(self.rng.randint(1, 5))), v, v)
        if kind == "bigint":
            which = self.rng.randrange(4)
            if which == 0:
                return "say %s ** %d, \" \", (%s + %s) div %s;" % (
                    self.int_literal(), self.rng.randint(0, 20), self.int_literal(), self.int_literal(),
                    self.small_literal())
            if which == 1:
                return "say %s +& %s, \" \", %s +| %s, \" \", %s +< %d, \" \", %s mod %s;" % (
                    self.int_literal(), self.int_literal(), self.int_literal(), self.int_literal(),
                    self.int_literal(), self.rng.randint(0, 70), self.int_literal(), self.small_literal())
            if which == 2:
                return "say [*] 1..%d;\nsay ([+] 1..%d), \" \", %s gcd %s, \" \", %s lcm %s;" % (
                    self.rng.randint(1, 30), self.rng.randint(1, 1000), self.int_literal(),
                    self.int_literal(), self.small_literal(), self.small_literal())
            return "say %s.base(%d), \" \", %s.is-prime, \" \", %s.abs.sqrt.floor;" % (
                self.int_literal(), self.rng.randint(2, 36), self.small_literal(), self.int_literal())
        if kind == "rat":
            return ("my $%s = %d/%s + %d/%s;\n"
                    "say $%s, \" \", $%s.nude.join(\"/\"), \" \", $%s.floor, \" \", 0.1 + 0.2 == 0.3;" % (
                        v, self.rng.randint(-20, 20), self.small_literal(), self.rng.randint(-20, 20),
                        self.small_literal(), v, v, v))
        if kind == "array":
            return ("my @%s = %s, %s, %s;\n@%s.push(%s);\n"
                    "say @%s.elems, \" \", @%s.reverse.join(\"|\"), \" \", @%s.grep(Int).sum;" % (
                        v, self.int_literal(), self.str_literal(), self.num_literal(), v,
                        self.int_literal(), v, v, v))
        if kind == "hash":
            if self.rng.random() < 0.3:
                words = " ".join(self.rng.choice(LETTERS) for _ in range(self.rng.randint(1, 6)))
                return ("my $%s = bag <%s>;\n"
                        "say $%s.elems, \" \", $%s.total, \" \", $%s.keys.sort.join(\",\");"
                        % (v, words, v, v, v))
            keys = self.rng.sample(LETTERS, 3)
            return ("my %%%s = \"%s\" => %s, \"%s\" => %s;\n%%%s{\"%s\"} = %s;\n"
                    "say %%%s.keys.sort.join(\",\"), \" \", %%%s.elems, \" \", %%%s{\"%s\"};" % (
                        v, keys[0], self.int_literal(), keys[1], self.str_literal(), v, keys[2],
                        self.num_literal(), v, v, v, keys[0]))
        if kind == "say":
            if self.rng.random() < 0.3 and depth == 0:
                long = self.fresh("long")
                return "my str $%s = %s;\nsay $%s.chars;" % (long, self.long_literal(), long)
            return "say %s;" % self.literal(self.rng.choice(("int", "str", "num")))
        if kind == "if":
            return ("if %s > %s { say %s }\nelsif %s == %s { say %s }\nelse { say %s }\n"
                    "unless %s < %s { say %s }" % (
                        self.int_literal(), self.int_literal(), self.str_literal(), self.int_literal(),
                        self.int_literal(), self.str_literal(), self.str_literal(), self.int_literal(),
                        self.int_literal(), self.str_literal()))
        if kind == "given":
            if self.rng.random() < 0.5:
                return ("given %s {\n    when 0 { say \"zero\" }\n    when * > 1000 { say \"big\" }\n"
                        "    when Int { say \"int \", $_ %%%% 7 }\n"
                        "    default { say \"other \", $_.^name }\n}"
                        % self.rng.choice((self.int_literal(), self.num_literal())))
            return ("given %s {\n    when \"x\" { say \"x\" }\n    when /<[aeiou]>/ { say \"vowel \", $/ }\n"
                    "    when *.chars > 8 { say \"long\" }\n    default { say \"other \", $_.chars }\n}"
                    % (self.unicode_literal() if self.rng.random() < 0.3 else self.str_literal()))
        if kind == "with":
            return "with %s.index(%s) -> $p { say \"at \", $p } else { say \"none\" }" % (
                self.str_literal(), self.rng.choice(('"a"', '"l"', '"x"', '"ö"')))
        if kind == "closure":
            which = self.rng.randrange(4)
            if which == 0:
                return "my &%s = -> $y { $y + %s };\nsay %s(%s);" % (
                    v, self.int_literal(), v, self.int_literal())
            if which == 1:
                return "my &%s = * * %s + 1;\nsay %s(%s);" % (v, self.small_literal(), v, self.int_literal())
            if which == 2:
                return "say (1..%d).grep(* %%%% %s).map(* ** 2).join(\",\");" % (
                    self.rng.randint(1, 30), self.small_literal())
            return ("my &%s = sub ($n) { -> $x { $x * $n } };\nsay %s(%s)(%s), \" \", (%s).sort.join(\",\"), "
                    "\" \", (%s).unique.elems;" % (v, v, self.small_literal(), self.int_literal(),
                                                   self.int_list(), self.int_list()))
        if kind == "junction":
            return self.junction(v)
        if kind == "gather":
            return self.gather(v)
        if kind == "unicode":
            return self.unicode(v)
        if kind == "regex":
            return ("my $%s = %s;\nsay $%s.comb(/<:L>/).elems, \" \", $%s.subst(/<[aeiouöü]>/, \"*\", :g);\n"
                    "if $%s ~~ /(\\w+) \\s+ (\\w+)/ { say ~$1, \" \", $0.chars } else { say \"no pair\" }" % (
                        v, self.rng.choice((self.str_literal(), self.unicode_literal())), v, v, v))
        if kind == "exception":
            return self.exception(v, depth)
        if kind == "sprintf":
            return "say sprintf(\"%%05d|%%-8s|%%.3f|%%x\", %s, %s, %s, %s);" % (
                self.int_literal(), self.str_literal(), self.num_literal(), self.int_literal().lstrip("-"))
        if kind == "state":
            which = self.rng.randrange(4)
            if which == 0:
                return ("for ^%d {\n    state $%s = %s;\n    $%s = $%s + 1;\n    FIRST { say \"first\" }\n"
                        "    LAST { say \"last \", $%s }\n}" % (
                            self.rng.randint(1, 4), v, self.int_literal(), v, v, v))
            if which == 1:
                return "my &%s = sub { state $n = %s; $n++ };\n%s() for ^%d;\nsay %s();" % (
                    v, self.int_literal(), v, self.rng.randint(0, 4), v)
            if which == 2:
                return "for ^%d { once { say \"once\" }; say $_ }" % self.rng.randint(1, 3)
            return "my &%s = sub (Int $x) { PRE { $x > -1 +< 62 }; $x * 2 };\nsay %s(%s);" % (
                v, v, self.int_literal())
        if kind == "nqp":
            return ("{\n    use nqp;\n    my int $%s = nqp::add_i(%s, %s);\n"
                    "    say $%s, \" \", nqp::chars(%s);\n}" % (
                        v, self.int_literal(), self.int_literal(), v, self.str_literal()))
        if kind == "while":
            limit = self.rng.randint(2, 12)
            skip = self.rng.randint(1, limit)
            stop = self.rng.randint(1, limit + 2)
            inner = self.indent(self.statement(depth + 1))
            return ("my int $%s = 0;\nwhile $%s < %d {\n    $%s++;\n    next if $%s == %d;\n"
                    "    last if $%s == %d;\n    %s\n}" % (v, v, limit, v, v, skip, v, stop, inner))
        if kind == "loop":
            inner = self.indent(self.statement(depth + 1))
            return "loop (my int $%s = 0; $%s < %d; $%s += %d) {\n    say $%s;\n    %s\n}" % (
                v, v, self.rng.randint(1, 6), v, self.rng.randint(1, 3), v, inner)
        if kind == "repeat":
            inner = self.indent(self.statement(depth + 1))
            word = self.rng.choice(("while", "until"))
            cond = "< %d" % self.rng.randint(0, 4) if word == "while" else ">= %d" % self.rng.randint(0, 4)
            return "my $%s = 0;\nrepeat {\n    $%s++;\n    %s\n} %s $%s %s;" % (v, v, inner, word, v, cond)
        if kind == "for":
            inner = self.indent(self.statement(depth + 1))
            if self.rng.random() < 0.5:
                return "for (%s, %s, %s) -> $e {\n    say $e;\n    %s\n}" % (
                    self.int_literal(), self.str_literal(), self.int_literal(), inner)
            return "for (%s).kv -> $i, $x {\n    say $i, \":\", $x;\n    %s\n}" % (self.int_list(1, 3), inner)
        if kind == "labels":
            label = self.fresh("LOOP")
            return ("%s: for ^%d -> $i {\n    for ^%d -> $j {\n        next %s if $j > $i;\n"
                    "        last %s if $i + $j > %d;\n        say $i, \",\", $j;\n    }\n}" % (
                        label, self.rng.randint(1, 4), self.rng.randint(1, 4), label, label,
                        self.rng.randint(1, 6)))
        if kind == "call":
            return self.call_sub()
        if kind == "method":
            return self.call_method(v)
        if kind == "mixin":
            return self.mixin(v)
        if kind == "multi":
            return self.call_multi()
        return self.parse_grammar(v)

    def build(self):
        parts = [self.build_role() for _ in range(self.rng.randint(0, 2))]
        parts += [self.build_class() for _ in range(self.rng.randint(0, 3))]
        parts += [self.build_exception() for _ in range(self.rng.randint(0, 1))]
        parts += [self.build_multi() for _ in range(self.rng.randint(0, 2))]
        parts += [self.build_grammar() for _ in range(self.rng.randint(0, 1))]
        parts += [self.build_sub() for _ in range(self.rng.randint(1, 3))]
        if self.rng.random() < 0.15:
            long = self.fresh("long")
            parts.append("my str $%s = %s;\nsay $%s.chars, \" \", $%s.substr(*-3);" % (
                long, self.long_literal(), long, long))
        body = [self.statement(0) for _ in range(self.rng.randint(4, 10))]
        # Each declaration is used at least once, somewhere in the mainline.
        uses = [self.parse_grammar(self.fresh("v"), grammar) for grammar in self.grammars]
        uses += [self.call_multi(multi) for multi in self.multis]
        uses += [self.exception(self.fresh("v"), 0, 1) for _ in self.exceptions]
        if self.classes:
            uses.append(self.call_method(self.fresh("v")))
        for use in uses:
            body.insert(self.rng.randint(0, len(body)), use)
        parts += body
        parts.append('say "done";')
        return "\n".join(parts) + "\n"


def generate_program(rng):
    """One Raku program, drawn from rng (a random.Random)."""
    return ProgramBuilder(rng).build()


def main(argv=None):
    return generator_cli.run(generate_program, program="moar_raku_program.py",
                             description="Print one random Raku program.",
                             corpus_script="scripts/moar-corpus", comment="#", argv=argv)


if __name__ == "__main__":
    sys.exit(main())
