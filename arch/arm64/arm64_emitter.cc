// The arm64 image: compiled method, callee stub, resolvers and shared slow paths (AAPCS64, with
// the runtime ABI of arch/runtime_abi.h and the frames of arch/frame_layout.h).

#include <asmjit/arm.h>
#include <asmjit/arm/a64assembler.h>

#include "arch/frame_layout.h"
#include "arch/isa_emitter.h"
#include "arch/plt_got.h"
#include "arch/runtime_abi.h"
#include "core/base/planted_bug.h"

namespace frameproof::arch_internal {
namespace {

namespace a64 = asmjit::a64;
namespace abi = runtime_abi;
using abi::Entrypoint;

constexpr InstructionSet kIsa = InstructionSet::kArm64;
constexpr int32_t kWord = static_cast<int32_t>(abi::kWordSize);
constexpr uint32_t kImm16Bits = 16;
constexpr uint32_t kImm16Chunks = 4;
constexpr uint32_t kVTableIndexShift = 3;  // log2(kWord)

a64::Gp X(Register reg) { return a64::x(reg.number); }
a64::Vec D(Register reg) { return a64::d(reg.number); }

const RegisterFile& File() { return RegisterFileOf(kIsa); }
a64::Gp Temp0() { return X(File().temp0); }
a64::Gp Temp1() { return X(File().temp1); }
a64::Gp Thread() { return X(File().thread); }
a64::Gp Arg(size_t i) { return X(File().arguments[i]); }
const a64::Gp kFp = a64::x29;
const a64::Gp kLr = a64::x30;
// Callee-saved, and saved by every boundary frame: holds the GOT slot across the runtime call.
const a64::Gp kSlotKeeper = a64::x19;

// Loads any 64-bit value: movz, then movk for each further non-zero 16-bit chunk.
void MoveImmediate(a64::Assembler& a, const a64::Gp& reg, uint64_t value) {
  a.movz(reg, asmjit::imm(value & 0xffff), asmjit::imm(0));
  for (uint32_t chunk = 1; chunk < kImm16Chunks; ++chunk) {
    const uint64_t bits = (value >> (chunk * kImm16Bits)) & 0xffff;
    if (bits != 0) a.movk(reg, asmjit::imm(bits), asmjit::imm(chunk * kImm16Bits));
  }
}

void Store(a64::Assembler& a, Register reg, const a64::Mem& mem) {
  if (reg.bank == RegisterBank::kFloat) {
    a.str(D(reg), mem);
  } else {
    a.str(X(reg), mem);
  }
}
void Load(a64::Assembler& a, Register reg, const a64::Mem& mem) {
  if (reg.bank == RegisterBank::kFloat) {
    a.ldr(D(reg), mem);
  } else {
    a.ldr(X(reg), mem);
  }
}

// ---- Resolvers -------------------------------------------------------------------------------

// The boundary frame: 3 header words above bp, the callee-save area below, 16-byte aligned.
int32_t BoundaryFrameSize() {
  const int32_t size = abi::kBoundaryCallerSpOffset +
                       kWord * static_cast<int32_t>(File().callee_saved.size());
  return (size + 15) / 16 * 16;
}
// sp-relative position of bp inside the boundary frame.
int32_t BoundaryBp() { return BoundaryFrameSize() - abi::kBoundaryCallerSpOffset; }

// Caller-save slots are reached through temp1 = fp - kCallerSaveBase, so offsets are positive.
int32_t CallerSaveBase() {
  return -FrameLayout(kIsa, 0).caller_save_bottom_fp_offset();
}
a64::Mem CallerSaveSlot(Register reg, int32_t extra = 0) {
  return a64::ptr(Temp1(), CallerSaveFpOffset(kIsa, reg) + CallerSaveBase() + extra);
}


void SaveCallerSaved(a64::Assembler& a) {
  a.sub(Temp1(), kFp, CallerSaveBase());
  for (const Register& reg : File().caller_saved) {
    if (File().IsTemp(reg)) continue;
    const bool victim = reg == PlantedBugVictim(File());
    if (victim && FP_PLANTED_BUG(kResolverSkipsCallerSaved)) continue;
    Store(a, reg, CallerSaveSlot(reg, victim && FP_PLANTED_BUG(kResolverWrongSaveSlot) ? -kWord : 0));
  }
}

void RestoreCallerSaved(a64::Assembler& a, Register live_out) {
  a.sub(Temp1(), kFp, CallerSaveBase());
  for (const Register& reg : File().caller_saved) {
    if (File().IsTemp(reg) || reg == live_out) continue;
    Load(a, reg, CallerSaveSlot(reg));
  }
}


a64::Mem BoundaryCalleeSlot(size_t rank) {
  return a64::ptr(a64::sp, BoundaryBp() + abi::BoundaryCalleeSaveOffset(static_cast<int>(rank)));
}

// Builds the boundary frame: bp[2] = lr, bp[1] = marker, bp[0] = fp; thread->frame = bp.
void EmitBoundaryPrologue(a64::Assembler& a) {
  a.sub(a64::sp, a64::sp, BoundaryFrameSize());
  a.mov(Temp1(), asmjit::imm(abi::kBoundaryMarker));
  a.stp(Temp1(), kLr, a64::ptr(a64::sp, BoundaryBp() + abi::kBoundaryMarkerSlot * kWord));
  a.str(kFp, a64::ptr(a64::sp, BoundaryBp() + abi::kBoundaryCallerFpSlot * kWord));
  a.add(Temp1(), a64::sp, BoundaryBp());
  a.str(Temp1(), a64::ptr(Thread(), abi::kThreadFrameOffset));
  for (size_t rank = 0; rank < File().callee_saved.size(); ++rank) {
    if (BoundarySaves(File(), File().callee_saved[rank])) {
      Store(a, File().callee_saved[rank], BoundaryCalleeSlot(rank));
    }
  }
  SaveCallerSaved(a);
}

void EmitBoundaryEpilogue(a64::Assembler& a, Register live_out) {
  RestoreCallerSaved(a, live_out);
  for (size_t rank = 0; rank < File().callee_saved.size(); ++rank) {
    if (BoundarySaves(File(), File().callee_saved[rank])) {
      Load(a, File().callee_saved[rank], BoundaryCalleeSlot(rank));
    }
  }
  a.ldr(kLr, a64::ptr(a64::sp, BoundaryBp() + abi::kBoundaryReturnPcSlot * kWord));
  a.add(a64::sp, a64::sp, BoundaryFrameSize());
}

// x0 = entrypoint(caller Method*, id at [slot keeper + id_offset]).
void CallRuntime(a64::Assembler& a, Entrypoint entrypoint, int32_t id_offset) {
  a.ldur(Arg(0), a64::ptr(kFp, FrameLayout::kMethodSlotFpOffset));
  a.ldur(Arg(1), a64::ptr(kSlotKeeper, id_offset));
  a.ldr(Temp1(), a64::ptr(Thread(), abi::kThreadEntrypointsOffset));
  a.ldr(Temp1(), a64::ptr(Temp1(), abi::EntrypointOffset(entrypoint)));
  a.blr(Temp1());
}

// The resolved value (x0) to store in a GOT slot (planted: off by a word).
a64::Gp ResolvedForSlot(a64::Assembler& a) {
  if (!FP_PLANTED_BUG(kGotSlotWrongValue)) return a64::x0;
  a.add(Temp1(), a64::x0, kWord);
  return Temp1();
}

// If x0's class is initialized, store x0 at `slot`.
void StoreIfInitialized(a64::Assembler& a, const a64::Mem& slot, bool always) {
  asmjit::Label skip = a.newLabel();
  if (!always) {
    a.ldr(Temp1().w(), a64::ptr(a64::x0, abi::kClassStateOffset));
    a.cmp(Temp1().w(), abi::kClassStateInitialized);
    a.b_ne(skip);
  }
  a.stur(a64::x0, slot);
  a.bind(skip);
}

void EmitResolver(a64::Assembler& a, ResolverKind kind) {
  constexpr int32_t ep = abi::kMethodEntryPointOffset;
  EmitBoundaryPrologue(a);
  switch (kind) {
    case ResolverKind::kCallStatic:
      a.mov(kSlotKeeper, Arg(0));  // &SecondSlot - EPoff
      CallRuntime(a, Entrypoint::kGetCalleeMethod, ep - kWord);
      a.str(ResolvedForSlot(a), a64::ptr(kSlotKeeper, ep + kWord));
      a.ldr(Temp0(), a64::ptr(a64::x0, ep));
      EmitBoundaryEpilogue(a, File().arguments[0]);
      a.br(Temp0());
      return;
    case ResolverKind::kCallVirtual:
      a.mov(kSlotKeeper, Temp0());  // &SecondSlot
      CallRuntime(a, Entrypoint::kResolveVirtualMethod, -kWord);
      a.ldrh(a64::w0, a64::ptr(a64::x0, abi::kMethodVTableIndexOffset));
      a.add(a64::x0, a64::x0, FP_PLANTED_BUG(kGotSlotWrongValue) ? 1 + kWord : 1);
      a.str(a64::x0, a64::ptr(kSlotKeeper));
      a.mov(Temp0(), a64::x0);
      break;
    case ResolverKind::kClass:
      a.mov(kSlotKeeper, Temp0());  // &ThirdSlot
      CallRuntime(a, Entrypoint::kResolveClass, -2 * kWord);
      a.str(ResolvedForSlot(a), a64::ptr(kSlotKeeper));
      StoreIfInitialized(a, a64::ptr(kSlotKeeper, -kWord), false);
      a.mov(Temp0(), a64::x0);
      break;
    case ResolverKind::kInitClass:
      a.mov(kSlotKeeper, Temp0());  // &SecondSlot
      CallRuntime(a, Entrypoint::kInitializeClassById, -kWord);
      a.str(ResolvedForSlot(a), a64::ptr(kSlotKeeper, kWord));
      StoreIfInitialized(a, a64::ptr(kSlotKeeper), FP_PLANTED_BUG(kInitClassFillsSecondSlotEarly));
      a.mov(Temp0(), a64::x0);
      break;
  }
  EmitBoundaryEpilogue(a, File().temp0);
  a.ret(kLr);
}


// Tail-jumps through the thread's entrypoint table; lr still points at the call site.
void EmitSharedSlowPath(a64::Assembler& a, Entrypoint resolver) {
  a.ldr(Temp1(), a64::ptr(Thread(), abi::kThreadEntrypointsOffset));
  a.ldr(Temp1(), a64::ptr(Temp1(), abi::EntrypointOffset(resolver)));
  a.br(Temp1());
}

// ---- The compiled method ---------------------------------------------------------------------

class MethodEmitter : public MethodEmitterBase<MethodEmitter, a64::Assembler> {
 public:
  using MethodEmitterBase::MethodEmitterBase;

 private:
  friend MethodEmitterBase;
  // Frame slots are addressed from sp, where every offset is positive.
  a64::Mem Slot(int32_t fp_offset) const { return a64::ptr(a64::sp, layout().SpFromFp(fp_offset)); }
  int32_t BelowFp() const {
    return static_cast<int32_t>(layout().frame_size()) - FrameLayout::kFpAboveSp;
  }

  void EmitPrologue() {
    a_.stp(kFp, kLr, a64::ptr_pre(a64::sp, -FrameLayout::kFpAboveSp));
    a_.mov(kFp, a64::sp);
    a_.sub(a64::sp, a64::sp, BelowFp());
    for (const Register& reg : File().callee_saved) Store(a_, reg, Slot(layout().CalleeSaveFpOffset(reg)));
    a_.str(Arg(0), Slot(FrameLayout::kMethodSlotFpOffset));
    a_.mov(Thread(), Arg(1));
    MoveImmediate(a_, Temp1(), abi::kPoison);
    for (const Register& reg : File().caller_saved) {
      a_.str(Temp1(), Slot(layout().CallerSaveFpOffset(reg)));
    }
  }

  void EmitValues() {
    ForEachVReg([&](size_t, const PlannedVReg& vreg, const VRegHome& home) {
      const uint64_t value = IsWide(vreg.type) ? vreg.value : (vreg.value & 0xffffffffu);
      switch (home.where) {
        case LocationClass::kCalleeSavedRegister:
        case LocationClass::kCallerSavedRegister:
          if (home.reg.bank == RegisterBank::kFloat) {
            MoveImmediate(a_, Temp1(), value);
            a_.fmov(D(home.reg), Temp1());
          } else {
            MoveImmediate(a_, X(home.reg), value);
          }
          break;
        case LocationClass::kStackSlot:
          MoveImmediate(a_, Temp1(), value);
          if (IsWide(vreg.type)) {
            a_.str(Temp1(), a64::ptr(a64::sp, home.sp_offset));
          } else {
            a_.str(Temp1().w(), a64::ptr(a64::sp, home.sp_offset));
          }
          break;
        case LocationClass::kConstant:
        case LocationClass::kNone:
          break;
      }
    });
  }

  void SaveLiveCallerSaved(bool save) {
    ForEachVReg([&](size_t, const PlannedVReg&, const VRegHome& home) {
      if (home.where != LocationClass::kCallerSavedRegister) return;
      const a64::Mem slot = Slot(layout().CallerSaveFpOffset(home.reg));
      if (save) {
        Store(a_, home.reg, slot);
      } else {
        Load(a_, home.reg, slot);
      }
    });
  }

  void SetArguments() {
    MoveImmediate(a_, Arg(1), plan_.arguments[0]);
    MoveImmediate(a_, Arg(2), plan_.arguments[1]);
  }

  // x0 = Method*; calls its entry point.
  void CallMethodInArg0() {
    SaveLiveCallerSaved(true);
    SetArguments();
    a_.ldr(kLr, a64::ptr(Arg(0), abi::kMethodEntryPointOffset));
    a_.blr(kLr);
    BindReturnPc();
    SaveLiveCallerSaved(false);
  }

  asmjit::Label GotSlot(uint32_t index) const { return labels_.got_slots[index]; }

  void EmitOperation() {
    asmjit::Label resolved = a_.newLabel();
    switch (plan_.resolver) {
      case ResolverKind::kCallStatic:
        // adr x0, ThirdSlot; ldr x0, [x0]; ldr x30, [x0, #EPoff]; blr x30.
        a_.adr(Arg(0), GotSlot(GotCallSiteSlot(plan_.resolver)));
        a_.ldr(Arg(0), a64::ptr(Arg(0)));
        CallMethodInArg0();
        a_.mov(Temp0(), a64::xzr);
        return;
      case ResolverKind::kCallVirtual:
        a_.adr(Temp1(), GotSlot(GotCallSiteSlot(plan_.resolver)));
        a_.ldr(Temp0(), a64::ptr(Temp1()));
        a_.cbnz(Temp0(), resolved);
        a_.mov(Temp0(), Temp1());
        a_.ldr(kLr, a64::ptr(Thread(), abi::kThreadEntrypointsOffset));
        a_.ldr(kLr, a64::ptr(kLr, abi::EntrypointOffset(Entrypoint::kCallVirtualResolver)));
        a_.blr(kLr);
        BindReturnPc();
        a_.bind(resolved);
        // temp0 = receiver->klass->vtable[index] (the slot holds index + 1).
        MoveImmediate(a_, Temp1(), env_.receiver_address);
        a_.ldr(Temp1(), a64::ptr(Temp1(), abi::kObjectClassOffset));
        a_.add(Temp0(), Temp1(), Temp0(), a64::lsl(kVTableIndexShift));
        a_.ldr(Temp0(), a64::ptr(Temp0(), abi::kClassVTableOffset - kWord));
        a_.mov(Arg(0), Temp0());
        StoreResult();  // the callee may clobber temp0
        CallMethodInArg0();
        return;
      case ResolverKind::kClass:
      case ResolverKind::kInitClass:
        a_.adr(Temp0(), GotSlot(GotCallSiteSlot(plan_.resolver)));
        a_.ldr(Temp1(), a64::ptr(Temp0()));
        a_.cbnz(Temp1(), resolved);
        a_.bl(slow_paths_[SlowPathIndex(plan_.resolver)]);
        BindReturnPc();
        a_.mov(Temp1(), Temp0());
        a_.bind(resolved);
        a_.mov(Temp0(), Temp1());
        return;
    }
  }

  // dump[vreg count] = temp0, the operation's result.
  void StoreResult() {
    MoveImmediate(a_, Temp1(), env_.dump_address);
    a_.str(Temp0(), a64::ptr(Temp1(), static_cast<int32_t>(VRegCount(plan_)) * kWord));
    result_stored_ = true;
  }

  void EmitDump() {
    if (!result_stored_) StoreResult();
    MoveImmediate(a_, Temp1(), env_.dump_address);
    ForEachVReg([&](size_t flat, const PlannedVReg& vreg, const VRegHome& home) {
      const a64::Mem word = a64::ptr(Temp1(), static_cast<int32_t>(flat) * kWord);
      switch (home.where) {
        case LocationClass::kCalleeSavedRegister:
        case LocationClass::kCallerSavedRegister:
          Store(a_, home.reg, word);
          break;
        case LocationClass::kStackSlot:
          if (IsWide(vreg.type)) {
            a_.ldr(Temp0(), a64::ptr(a64::sp, home.sp_offset));
          } else {
            a_.ldr(Temp0().w(), a64::ptr(a64::sp, home.sp_offset));
          }
          a_.str(Temp0(), word);
          break;
        case LocationClass::kConstant:
        case LocationClass::kNone:
          break;
      }
    });
  }

  void EmitEpilogue() {
    for (const Register& reg : File().callee_saved) Load(a_, reg, Slot(layout().CalleeSaveFpOffset(reg)));
    a_.mov(a64::x0, a64::xzr);
    a_.add(a64::sp, a64::sp, BelowFp());
    a_.ldp(kFp, kLr, a64::ptr_post(a64::sp, FrameLayout::kFpAboveSp));
    a_.ret(kLr);
  }
};

void EmitCallee(a64::Assembler& a, const ImageEnvironment& env, ImageLabels& labels) {
  a.align(asmjit::AlignMode::kCode, 16);
  labels.callee = a.newLabel();
  a.bind(labels.callee);
  labels.symbols.emplace_back("Callee", labels.callee);
  MoveImmediate(a, Temp1(), env.mailbox_address);
  a.ldr(Temp0(), a64::ptr(Temp1()));
  a.add(Temp0(), Temp0(), 1);
  a.str(Temp0(), a64::ptr(Temp1()));
  for (size_t i = 0; i < File().arguments.size(); ++i) {
    a.str(Arg(i), a64::ptr(Temp1(), static_cast<int32_t>(i + 1) * kWord));
  }
  a.mov(a64::x0, a64::xzr);
  a.ret(kLr);
}

}  // namespace

void EmitArm64(asmjit::CodeHolder& code, const EmitRequest& request, ImageLabels& labels) {
  a64::Assembler a(&code);
  SlowPathLabels slow_paths;
  for (asmjit::Label& label : slow_paths) label = a.newLabel();
  if (request.plan != nullptr) {
    EmitGotPage(a, request, labels);
    MethodEmitter(a, request, labels, slow_paths).Emit();
    EmitCallee(a, request.env, labels);
  }
  EmitStubs(a, labels, slow_paths, [&](ResolverKind kind) { EmitResolver(a, kind); },
            [&](Entrypoint resolver) { EmitSharedSlowPath(a, resolver); });
}

}  // namespace frameproof::arch_internal
