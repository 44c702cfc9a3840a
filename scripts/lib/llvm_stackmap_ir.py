#!/usr/bin/env python3
"""Random LLVM 14 IR modules whose .llvm_stackmaps sections exercise every part of the format.

    python3 scripts/lib/llvm_stackmap_ir.py --seed S [--case I]

prints one module (the module for case I of seed S, if --case is given; scripts/llvm-stackmaps-corpus
uses that form). generate_module(rng) is the library entry point; it draws only from the
random.Random it is given, so a seed always gives the same module.

A module has 1-4 functions, each with 1-3 sites:

  stackmap    llvm.experimental.stackmap, shadow 0/4/8/16
  patchpoint  C-convention llvm.experimental.patchpoint.i64/.void; only the live values after the
              numArgs call arguments are recorded
  anyreg      anyregcc patchpoint: the return value (.i64) and the call arguments are recorded too,
              always as Register
  deopt       a call to an external function with a "deopt" operand bundle, lowered by llc as a
              statepoint (ID from "statepoint-id", or 0xABCDEF0F without it)
  statepoint  llvm.experimental.gc.statepoint.p0f_isVoidf with "deopt" and "gc-live" bundles and
              gc.relocate calls, in functions with gc "statepoint-example"

Live values are i32, i64, i8* and double SSA values (parameters, arithmetic, results of external
calls), i8 addrspace(1)* in gc functions, small and large integer constants, double constants,
i8* null, and static allocas (bitcast to i8*). Sometimes 13-20 values are made live across an
external call first, so that they end up in callee-saved registers or spill slots.

Things llc 14 cannot take, which the generator therefore avoids:
  - i1/i8/i16 SSA values as live values (llc crashes);
  - statepoint IDs of 2^32 and up (LLVM 14 keeps only their low 32 bits; IDs stay below 2^32);
  - on x86_64, an ordinary call or SSE floating-point arithmetic after a patchpoint in the same
    function: $ssp or $mxcsr becomes a live-out register, neither has a DWARF number, and
    StackMaps::createLiveOutReg crashes. After the first patchpoint a function only loads new
    values from globals, and its clobbering calls are deopt calls (statepoints).
"""

import sys

import generator_cli

GC_PTR = "i8 addrspace(1)*"
LIVE_TYPES = ("i64", "i32", "i8*", "double")

SMALL_CONSTANTS = (0, 1, -1, 2, 7, 42, 100, 255, 4096, 65535, -42, 2147483647, -2147483648)
LARGE_CONSTANTS = (
    4294967296,
    -2147483649,
    2147483648,
    4294967295,
    12345678901234,
    9223372036854775807,
    -9223372036854775808,
    -4294967296,
    0x123456789ABCDEF0,
)
# Decimal forms that are exact doubles, and a few bit patterns (hex doubles).
DOUBLE_CONSTANTS = ("0.0", "1.0", "1.5", "-2.5", "0.25", "1024.0", "0x7FF8000000000000",
                    "0x7FF0000000000000", "0x8000000000000000")

SITE_KINDS = ("stackmap", "patchpoint", "anyreg", "deopt", "statepoint")
SITE_WEIGHTS = (30, 20, 20, 15, 15)

DECLARATIONS = """\
declare void @llvm.experimental.stackmap(i64, i32, ...)
declare void @llvm.experimental.patchpoint.void(i64, i32, i8*, i32, ...)
declare i64 @llvm.experimental.patchpoint.i64(i64, i32, i8*, i32, ...)
declare token @llvm.experimental.gc.statepoint.p0f_isVoidf(i64, i32, void ()*, i32, i32, ...)
declare i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token, i32, i32)

@fp_g_i64 = external global i64
@fp_g_i32 = external global i32
@fp_g_f64 = external global double
@fp_g_ptr = external global i8*
@fp_g_gc = external global i8 addrspace(1)*

declare void @fp_clobber()
declare i64 @fp_src_i64(i64)
declare i32 @fp_src_i32(i32)
declare double @fp_src_f64(i64)
declare i8* @fp_src_ptr(i64)
declare i8 addrspace(1)* @fp_src_gc(i64)
declare void @fp_deopt_v()
declare i64 @fp_deopt_i64(i64)
declare double @fp_deopt_f64(double, i32)
"""


class FunctionBuilder:
    """Builds one function: parameters, entry allocas, a straight-line body with 1-3 sites."""

    def __init__(self, rng, name, kinds, ids):
        self.rng = rng
        self.name = name
        self.kinds = kinds
        self.ids = ids  # module-wide list of stackmap/patchpoint IDs used so far (for duplicates)
        self.gc = "statepoint" in kinds
        self.counter = 0
        self.params = []
        self.entry = []  # allocas and their bitcasts, at the top of the entry block
        self.body = []
        self.pool = {t: [] for t in LIVE_TYPES + (GC_PTR,)}
        self.allocas = []  # i8* names of static allocas
        self.gc_base = {}  # gc pointer -> the gc pointer it was derived from (itself for bases)
        # Set after the first patchpoint. From then on the function has no ordinary calls and no
        # SSE floating-point arithmetic: llc 14 on x86_64 crashes (StackMaps::createLiveOutReg)
        # when $ssp (used by calls) or $mxcsr (used by fadd/fmul/sitofp...) is live after a
        # patchpoint, because neither has a DWARF register number.
        self.after_patchpoint = False

    # -- names and values -------------------------------------------------------------------

    def fresh(self, prefix="v"):
        self.counter += 1
        return "%%%s%d" % (prefix, self.counter)

    def emit(self, line):
        self.body.append("  " + line)

    def add_params(self):
        rng = self.rng
        count = rng.choice((0, 1, 2, 3, 4, 5, 6)) if rng.random() < 0.8 else rng.randint(7, 14)
        for _ in range(count):
            t = rng.choice(LIVE_TYPES)
            name = self.fresh("a")
            self.params.append("%s %s" % (t, name))
            self.pool[t].append(name)
        if self.gc:
            for _ in range(rng.randint(1, 3)):
                name = self.fresh("g")
                self.params.append("%s %s" % (GC_PTR, name))
                self.pool[GC_PTR].append(name)
                self.gc_base[name] = name

    def source_value(self, t):
        """A new opaque value of type t: the result of an external call or of a volatile load."""
        name = self.fresh()
        if self.after_patchpoint or self.rng.random() < 0.3:
            glob = {"i64": "i64", "i32": "i32", "double": "f64", "i8*": "ptr"}.get(t, "gc")
            self.emit("%s = load volatile %s, %s* @fp_g_%s" % (name, t, t, glob))
        else:
            arg = self.rng.randint(0, 99)
            if t == "i64":
                self.emit("%s = call i64 @fp_src_i64(i64 %d)" % (name, arg))
            elif t == "i32":
                self.emit("%s = call i32 @fp_src_i32(i32 %d)" % (name, arg))
            elif t == "double":
                self.emit("%s = call double @fp_src_f64(i64 %d)" % (name, arg))
            elif t == "i8*":
                self.emit("%s = call i8* @fp_src_ptr(i64 %d)" % (name, arg))
            else:
                self.emit("%s = call %s @fp_src_gc(i64 %d)" % (name, GC_PTR, arg))
        if t == GC_PTR:
            self.gc_base[name] = name
        return name

    def clobber(self):
        """A call that clobbers the caller-saved registers; after a patchpoint, a deopt call
        (lowered as a statepoint, which does not use $ssp)."""
        if self.after_patchpoint:
            self.emit('call void @fp_deopt_v() "statepoint-id"="%d" [ "deopt"() ]' % self.statepoint_id())
        else:
            self.emit("call void @fp_clobber()")

    def value(self, t):
        """An SSA value of type t: one from the pool, or a new one."""
        if self.pool[t] and self.rng.random() < 0.85:
            return self.rng.choice(self.pool[t])
        name = self.source_value(t)
        self.pool[t].append(name)
        return name

    def computed(self, t):
        """Emit one arithmetic instruction producing type t and add its result to the pool."""
        rng = self.rng
        name = self.fresh()
        if t in ("i64", "i32"):
            form = rng.random()
            if t == "i64" and form < 0.15 and self.pool["i32"]:
                self.emit("%s = %s i32 %s to i64" % (name, rng.choice(("sext", "zext")),
                                                     rng.choice(self.pool["i32"])))
            elif t == "i32" and form < 0.15 and self.pool["i64"]:
                self.emit("%s = trunc i64 %s to i32" % (name, rng.choice(self.pool["i64"])))
            elif t == "i64" and form < 0.25 and self.pool["i8*"]:
                self.emit("%s = ptrtoint i8* %s to i64" % (name, rng.choice(self.pool["i8*"])))
            else:
                op = rng.choice(("add", "sub", "mul", "xor", "or"))
                lhs = self.value(t)
                rhs = self.value(t) if rng.random() < 0.6 else str(rng.randint(1, 1000))
                self.emit("%s = %s %s %s, %s" % (name, op, t, lhs, rhs))
        elif t == "double" and self.after_patchpoint:
            self.emit("%s = load volatile double, double* @fp_g_f64" % name)
        elif t == "double":
            if rng.random() < 0.2 and self.pool["i64"]:
                self.emit("%s = sitofp i64 %s to double" % (name, rng.choice(self.pool["i64"])))
            else:
                op = rng.choice(("fadd", "fsub", "fmul"))
                rhs = self.value("double") if rng.random() < 0.6 else rng.choice(("1.5", "3.0", "0.5"))
                self.emit("%s = %s double %s, %s" % (name, op, self.value("double"), rhs))
        elif t == "i8*":
            if rng.random() < 0.2 and self.pool["i64"]:
                self.emit("%s = inttoptr i64 %s to i8*" % (name, rng.choice(self.pool["i64"])))
            else:
                self.emit("%s = getelementptr i8, i8* %s, i64 %d"
                          % (name, self.value("i8*"), rng.randint(-64, 4096)))
        else:
            base = self.value(GC_PTR)
            self.emit("%s = getelementptr i8, %s %s, i64 %d"
                      % (name, GC_PTR, base, rng.choice((8, 16, 24, 64))))
            self.gc_base[name] = self.gc_base[base]
        self.pool[t].append(name)
        return name

    def alloca(self):
        """A static alloca in the entry block, as an i8* (llc records it as Direct)."""
        rng = self.rng
        if self.allocas and rng.random() < 0.4:
            return rng.choice(self.allocas)
        ty = rng.choice(("i64", "i32", "double", "[4 x i32]", "[16 x i8]", "[3 x i64]", "[40 x i8]"))
        slot = self.fresh("s")
        align = ""
        if rng.random() < 0.05:
            align = ", align %d" % rng.choice((32, 64))  # dynamic realignment: stack size UINT64_MAX
        self.entry.append("  %s = alloca %s%s" % (slot, ty, align))
        ptr = self.fresh("p")
        self.entry.append("  %s = bitcast %s* %s to i8*" % (ptr, ty, slot))
        self.allocas.append(ptr)
        return ptr

    def small_constant(self):
        if self.rng.random() < 0.7:
            return self.rng.choice(SMALL_CONSTANTS)
        return self.rng.randint(-(2 ** 31), 2 ** 31 - 1)

    def large_constant(self):
        if self.rng.random() < 0.7:
            return self.rng.choice(LARGE_CONSTANTS)
        magnitude = self.rng.randint(2 ** 31 + 1, 2 ** 63 - 1)
        return magnitude if self.rng.random() < 0.5 else -magnitude

    def operand(self, allow_gc=False):
        """One typed operand ("T V") for a live-value list."""
        rng = self.rng
        choices = ["value", "computed", "small", "large", "null", "alloca", "double"]
        weights = [30, 12, 14, 10, 5, 10, 5]
        if allow_gc and self.gc:
            choices.append("gc")
            weights.append(12)
        kind = rng.choices(choices, weights)[0]
        if kind == "value":
            t = rng.choice(LIVE_TYPES)
            return "%s %s" % (t, self.value(t))
        if kind == "computed":
            t = rng.choice(LIVE_TYPES)
            return "%s %s" % (t, self.computed(t))
        if kind == "small":
            return "%s %d" % (rng.choice(("i32", "i64")), self.small_constant())
        if kind == "large":
            return "i64 %d" % self.large_constant()
        if kind == "null":
            return "i8* null"
        if kind == "alloca":
            return "i8* %s" % self.alloca()
        if kind == "double":
            return "double %s" % rng.choice(DOUBLE_CONSTANTS)
        return "%s %s" % (GC_PTR, self.value(GC_PTR))

    def live_values(self, allow_gc=False, pressure_ok=True):
        """A list of operands; sometimes many values made live across an external call first."""
        rng = self.rng
        ops = []
        if pressure_ok and rng.random() < 0.25:
            for _ in range(rng.randint(13, 20)):
                t = rng.choice(LIVE_TYPES)
                name = self.source_value(t)
                self.pool[t].append(name)
                ops.append("%s %s" % (t, name))
            self.clobber()
        count = rng.choice((0, 1, 2, 3, 4, 5, 6, 8)) if rng.random() < 0.85 else rng.randint(9, 24)
        ops.extend(self.operand(allow_gc) for _ in range(count))
        rng.shuffle(ops)
        return ops

    def record_id(self):
        """A stackmap/patchpoint ID: all 64 bits are kept; duplicates are allowed."""
        rng = self.rng
        r = rng.random()
        if self.ids and r < 0.1:
            value = rng.choice(self.ids)
        elif r < 0.2:
            value = rng.randint(2 ** 32, 2 ** 64 - 1)
        else:
            value = rng.randint(0, 5000)
        self.ids.append(value)
        return value

    def statepoint_id(self):
        """A statepoint ID below 2^32 (LLVM 14 truncates larger ones)."""
        r = self.rng.random()
        if r < 0.15:
            return self.rng.choice((0, 0xABCDEF00, 0xFFFFFFFF, 0xABCDEF0F))
        return self.rng.randint(0, 2 ** 32 - 1)

    def call_args(self, count):
        """C call arguments: values, constants and allocas of any live type."""
        return [self.operand() for _ in range(count)]

    # -- sites --------------------------------------------------------------------------------

    def site_stackmap(self):
        ops = self.live_values(allow_gc=True)
        shadow = self.rng.choice((0, 4, 8, 16))
        self.emit("call void (i64, i32, ...) @llvm.experimental.stackmap(%s)"
                  % ", ".join(["i64 %d" % self.record_id(), "i32 %d" % shadow] + ops))

    def patchpoint_header(self, ret, num_args):
        rng = self.rng
        if rng.random() < 0.5:
            target = "i8* null"
            num_bytes = rng.choice((0, 4, 8, 12, 16, 24, 32))
        else:
            target = "i8* inttoptr (i64 12345 to i8*)"
            num_bytes = rng.choice((16, 20, 24, 32))
        return ["i64 %d" % self.record_id(), "i32 %d" % num_bytes, target, "i32 %d" % num_args]

    def site_patchpoint(self, anyreg):
        rng = self.rng
        ret = rng.choice(("i64", "void"))
        num_args = rng.randint(0, 4 if anyreg else 3)
        args = self.call_args(num_args)
        ops = self.live_values(allow_gc=True)
        operands = ", ".join(self.patchpoint_header(ret, num_args) + args + ops)
        cc = "anyregcc " if anyreg else ""
        callee = "%s (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.%s" % (ret, ret)
        if ret == "i64":
            name = self.fresh("r")
            self.emit("%s = call %s%s(%s)" % (name, cc, callee, operands))
            self.pool["i64"].append(name)
        else:
            self.emit("call %s%s(%s)" % (cc, callee, operands))
        self.after_patchpoint = True

    def site_deopt(self):
        rng = self.rng
        ops = self.live_values()
        attrs = ""
        if rng.random() < 0.85:
            attrs = ' "statepoint-id"="%d"' % self.statepoint_id()
        bundle = '[ "deopt"(%s) ]' % ", ".join(ops)
        form = rng.randint(0, 2)
        if form == 0:
            self.emit("call void @fp_deopt_v()%s %s" % (attrs, bundle))
        elif form == 1:
            name = self.fresh("d")
            self.emit("%s = call i64 @fp_deopt_i64(i64 %s)%s %s" % (name, self.value("i64"), attrs, bundle))
            self.pool["i64"].append(name)
        else:
            name = self.fresh("d")
            self.emit("%s = call double @fp_deopt_f64(double %s, i32 %s)%s %s"
                      % (name, self.value("double"), self.value("i32"), attrs, bundle))
            self.pool["double"].append(name)

    def site_statepoint(self):
        rng = self.rng
        # Derived pointers to relocate along with their bases.
        for _ in range(rng.choice((0, 0, 1, 2))):
            self.computed(GC_PTR)
        gc_live = list(self.pool[GC_PTR])
        for p in list(gc_live):
            if self.gc_base[p] not in gc_live:
                gc_live.append(self.gc_base[p])
        rng.shuffle(gc_live)
        deopt = self.live_values(pressure_ok=False)
        if gc_live and rng.random() < 0.2:
            deopt.append("%s %s" % (GC_PTR, rng.choice(gc_live)))
        patch_bytes = rng.choice((0, 0, 0, 0, 8, 16))
        token = self.fresh("t")
        bundles = ['"deopt"(%s)' % ", ".join(deopt),
                   '"gc-live"(%s)' % ", ".join("%s %s" % (GC_PTR, p) for p in gc_live)]
        self.emit("%s = call token (i64, i32, void ()*, i32, i32, ...) "
                  "@llvm.experimental.gc.statepoint.p0f_isVoidf(i64 %d, i32 %d, "
                  "void ()* elementtype(void ()) @fp_clobber, i32 0, i32 0, i32 0, i32 0) [ %s ]"
                  % (token, self.statepoint_id(), patch_bytes, ", ".join(bundles)))
        # Relocate the gc pointers that stay in use (a few are dropped, as if dead); each
        # relocation names its base's position in gc-live. The unrelocated originals leave the pool.
        relocated = []
        new_bases = {}
        for index, p in enumerate(gc_live):
            if rng.random() < 0.15 and len(gc_live) > 1:
                continue
            name = self.fresh("rel")
            self.emit("%s = call %s @llvm.experimental.gc.relocate.p1i8(token %s, i32 %d, i32 %d)"
                      % (name, GC_PTR, token, gc_live.index(self.gc_base[p]), index))
            relocated.append(name)
            new_bases[p] = name
        for p, name in new_bases.items():
            self.gc_base[name] = new_bases.get(self.gc_base[p], name)
        self.pool[GC_PTR] = relocated

    # -- the whole function ------------------------------------------------------------------

    def build(self):
        rng = self.rng
        self.add_params()
        for kind in self.kinds:
            for _ in range(rng.choice((0, 0, 1, 2, 3))):
                self.computed(rng.choice(LIVE_TYPES))
            if rng.random() < 0.2:
                self.clobber()
            if kind == "stackmap":
                self.site_stackmap()
            elif kind == "patchpoint":
                self.site_patchpoint(anyreg=False)
            elif kind == "anyreg":
                self.site_patchpoint(anyreg=True)
            elif kind == "deopt":
                self.site_deopt()
            else:
                self.site_statepoint()
        if self.pool["i64"] and rng.random() < 0.5:
            ret_type = "i64"
            self.emit("ret i64 %s" % rng.choice(self.pool["i64"]))
        else:
            ret_type = "void"
            self.emit("ret void")
        gc = ' gc "statepoint-example"' if self.gc else ""
        lines = ["define %s @%s(%s)%s {" % (ret_type, self.name, ", ".join(self.params), gc), "entry:"]
        return "\n".join(lines + self.entry + self.body + ["}"])


def generate_module(rng):
    """One module as LLVM 14 IR text, drawn from rng (a random.Random)."""
    functions = []
    ids = []
    for index in range(rng.randint(1, 4)):
        kinds = rng.choices(SITE_KINDS, SITE_WEIGHTS, k=rng.randint(1, 3))
        functions.append(FunctionBuilder(rng, "f%d" % index, kinds, ids).build())
    return DECLARATIONS + "\n" + "\n\n".join(functions) + "\n"


def main(argv=None):
    return generator_cli.run(generate_module, program="llvm_stackmap_ir.py",
                             description="Print one random LLVM 14 module with stack map sites.",
                             corpus_script="scripts/llvm-stackmaps-corpus", comment=";", argv=argv)


if __name__ == "__main__":
    sys.exit(main())
