"""Random NQP programs that compile with nqp 2022.12 and run with moar, for scripts/moar-corpus.

    python3 scripts/lib/moar_nqp_program.py --seed S [--case I]

prints one program (the program for case I of seed S, if --case is given). generate_program(rng)
is the library entry point; it draws only from the random.Random it is given, so a seed always
gives the same program.

A program has 0-3 classes with attributes and methods, 1-4 subs with native int, num and str
parameters, named parameters with defaults, and slurpy positional and named parameters, and a
mainline of 4-14 statements: native int, num and str variables and arithmetic, arrays and
hashes, while loops with next and last, for loops, try/CATCH, closures, method calls and sub
calls with named and slurpy arguments, conditionals, and say. Strings mix ASCII, latin-1,
other BMP and astral code points, tabs and escaped quotes. (nqp normalises source text, so its
units hold NFC strings only; corpora/moar/nfc-ModuleLoader.moarvm covers the other kind.) The program ends by saying "done",
which scripts/moar-corpus checks after running it.
"""

import sys

import generator_cli

INTS = (0, 1, -1, 2, 7, 42, 127, 128, 255, 256, 32767, 32768, 65535, 65536, -32768, -32769,
        2147483647, -2147483648, 4294967296, 1099511627776, 9223372036854775807)
NUMS = ("0e0", "1e0", "1.5e0", "-2.25e0", "3.14159e0", "1e10", "6.02e23", "1e-5", "0.1e0")
WORDS = ("alpha", "beta", "gamma", "héllo", "wörld", "naïve", "Straße", "日本語", "∑∫", "😀",
         "tab\\there", "quote\\\"d", "back\\\\slash", "ünïcödé", "Ωmega", "x", "")


class ProgramBuilder:
    def __init__(self, rng):
        self.rng = rng
        self.names = 0
        self.subs = []  # (name, [param kinds]) for calls
        self.classes = []  # (name, [method names])

    def fresh(self, prefix):
        self.names += 1
        return "%s%d" % (prefix, self.names)

    def int_literal(self):
        return str(self.rng.choice(INTS))

    def num_literal(self):
        return self.rng.choice(NUMS)

    def str_literal(self):
        words = self.rng.sample(WORDS, self.rng.randint(1, 3))
        return '"%s"' % " ".join(words)

    def literal(self, kind):
        return {"int": self.int_literal, "num": self.num_literal, "str": self.str_literal}[kind]()

    def build_class(self):
        name = self.fresh("C")
        methods = []
        lines = ["class %s {" % name, "    has $!value;"]
        for _ in range(self.rng.randint(1, 3)):
            method = self.fresh("m")
            methods.append(method)
            body = self.rng.choice((
                "$!value := ($!value // 0) + $x; self",
                "$!value := ~$x; $!value",
                "nqp::elems([$x, $!value])",
            ))
            lines.append("    method %s($x) { %s }" % (method, body))
        lines.append("    method value() { $!value }")
        lines.append("}")
        self.classes.append((name, methods))
        return "\n".join(lines)

    def build_sub(self):
        name = self.fresh("s")
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
        body = ["    my $count := %d;" % len(kinds)]
        for index, kind in enumerate(kinds):
            if kind == "int":
                body.append("    $count := $count + ($p%d > 0 ?? 1 !! 2);" % index)
            elif kind == "num":
                body.append("    $count := $count + ($p%d < 1e0 ?? 3 !! 4);" % index)
            elif kind == "str":
                body.append("    $count := $count + nqp::chars($p%d);" % index)
        if named:
            body.append("    $count := $count + ($flag ?? 1 !! 0);")
        if slurpy:
            body.append("    $count := $count + nqp::elems(@rest) + nqp::elems(%opts);")
        body.append("    $count")
        self.subs.append((name, kinds, named, slurpy))
        return "sub %s(%s) {\n%s\n}" % (name, ", ".join(params), "\n".join(body))

    def call_sub(self):
        name, kinds, named, slurpy = self.rng.choice(self.subs)
        args = [self.int_literal() if k == "obj" else self.literal(k) for k in kinds]
        if named and self.rng.random() < 0.6:
            args.append(":flag(%s)" % self.int_literal())
        if slurpy:
            args.extend(self.literal(self.rng.choice(("int", "str"))) for _ in range(self.rng.randint(0, 2)))
            if self.rng.random() < 0.5:
                args.append(":extra(%s)" % self.str_literal())
        return "say(%s(%s));" % (name, ", ".join(args))

    def statement(self, depth):
        kinds = ["int", "num", "str", "array", "hash", "say", "if", "closure"]
        if depth < 2:
            kinds += ["while", "for", "try"]
        if self.subs:
            kinds += ["call", "call"]
        if self.classes:
            kinds += ["method"]
        kind = self.rng.choice(kinds)
        v = self.fresh("$v")
        if kind == "int":
            return "my int %s := %s; %s := %s + %s; say(%s);" % (
                v, self.int_literal(), v, v, self.int_literal(), v)
        if kind == "num":
            return "my num %s := %s; %s := %s * %s; say(%s);" % (
                v, self.num_literal(), v, v, self.num_literal(), v)
        if kind == "str":
            return "my str %s := %s; %s := %s ~ %s; say(nqp::chars(%s));" % (
                v, self.str_literal(), v, v, self.str_literal(), v)
        if kind == "array":
            a = "@" + v[1:]
            return "my %s := [%s, %s, %s]; nqp::push(%s, %s); say(nqp::elems(%s));" % (
                a, self.int_literal(), self.str_literal(), self.num_literal(), a, self.int_literal(), a)
        if kind == "hash":
            h = "%" + v[1:]
            return "my %s := nqp::hash('k', %s); %s<j> := %s; say(nqp::elems(%s));" % (
                h, self.int_literal(), h, self.str_literal(), h)
        if kind == "say":
            return "say(%s);" % self.literal(self.rng.choice(("int", "str")))
        if kind == "if":
            return "if %s > %s { say(%s) } else { say(%s) }" % (
                self.int_literal(), self.int_literal(), self.str_literal(), self.str_literal())
        if kind == "closure":
            return "my %s := -> $y { $y + %s }; say(%s(%s));" % (
                v, self.int_literal(), v, self.int_literal())
        if kind == "while":
            limit = self.rng.randint(2, 12)
            skip = self.rng.randint(1, limit)
            stop = self.rng.randint(1, limit + 2)
            inner = self.statement(depth + 1)
            return ("my int %s := 0;\nwhile %s < %d {\n    %s := %s + 1;\n    next if %s == %d;\n"
                    "    last if %s == %d;\n    %s\n}" % (v, v, limit, v, v, v, skip, v, stop, inner))
        if kind == "for":
            inner = self.statement(depth + 1)
            return "for [%s, %s, %s] -> $e {\n    say($e);\n    %s\n}" % (
                self.int_literal(), self.str_literal(), self.int_literal(), inner)
        if kind == "try":
            inner = self.statement(depth + 1)
            return ("try {\n    %s\n    nqp::die(%s);\n    CATCH { say(\"caught\") }\n}"
                    % (inner, self.str_literal()))
        if kind == "call":
            return self.call_sub()
        name, methods = self.rng.choice(self.classes)
        return "my %s := %s.new(); %s.%s(%s); say(%s.value());" % (
            v, name, v, self.rng.choice(methods), self.int_literal(), v)

    def build(self):
        parts = [self.build_class() for _ in range(self.rng.randint(0, 3))]
        parts += [self.build_sub() for _ in range(self.rng.randint(1, 4))]
        parts += [self.statement(0) for _ in range(self.rng.randint(4, 14))]
        parts.append('say("done");')
        return "\n".join(parts) + "\n"


def generate_program(rng):
    """One NQP program, drawn from rng (a random.Random)."""
    return ProgramBuilder(rng).build()


def main(argv=None):
    return generator_cli.run(generate_program, program="moar_nqp_program.py",
                             description="Print one random NQP program.",
                             corpus_script="scripts/moar-corpus", comment="#", argv=argv)


if __name__ == "__main__":
    sys.exit(main())
