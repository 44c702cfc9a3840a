// The arm64 image: compiled method, callee stub, resolvers and shared slow paths (AAPCS64, with
// the runtime ABI of arch/runtime_abi.h and the frames of arch/frame_layout.h).

#include <utility>

#include <asmjit/arm.h>
#include <asmjit/arm/a64assembler.h>

#include "arch/frame_layout.h"
#include "arch/isa_emitter.h"
#include "arch/plt_got.h"
#include "arch/resolver_faults.h"
#include "arch/runtime_abi.h"

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

// Loads any 64-bit value: movz, then movk for each further non-zero 16-bit chunk.
void MoveImmediate(a64::Assembler& a, const a64::Gp& reg, uint64_t value) {
  a.movz(reg, asmjit::imm(value & 0xffff), asmjit::imm(0));
  for (uint32_t chunk = 1; chunk < kImm16Chunks; ++chunk) {
    const uint64_t bits = (value >> (chunk * kImm16Bits)) & 0xffff;
    if (bits != 0) a.movk(reg, asmjit::imm(bits), asmjit::imm(chunk * kImm16Bits));
  }
}

// sp -= bytes or sp += bytes: an add/sub immediate holds 12 bits, optionally shifted by 12, so a
// large frame takes one instruction per half.
constexpr uint32_t kAddImmediateBits = 12;
void AdjustSp(a64::Assembler& a, int32_t bytes, bool grow) {
  const uint32_t size = static_cast<uint32_t>(bytes);
  const uint32_t low = size & ((1u << kAddImmediateBits) - 1);
  const uint32_t high = size >> kAddImmediateBits;
  for (const auto& [part, shift] : {std::pair{high, kAddImmediateBits}, std::pair{low, 0u}}) {
    if (part == 0) continue;
    if (grow) {
      a.sub(a64::sp, a64::sp, asmjit::imm(part), a64::lsl(shift));
    } else {
      a.add(a64::sp, a64::sp, asmjit::imm(part), a64::lsl(shift));
    }
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
  const int32_t size =
      abi::kBoundaryCallerSpOffset + abi::BoundaryCalleeAreaBytes(File().callee_saved.size());
  return (size + 15) / 16 * 16;
}
// sp-relative position of bp inside the boundary frame.
int32_t BoundaryBp() { return BoundaryFrameSize() - abi::kBoundaryCallerSpOffset; }

// The resolvers' main scratch register: LR (seed 004, and Ark's boundary prologue), free once the
// boundary frame holds the return address.
a64::Gp MainTemp() { return X(File().main_temp); }

// Caller-save slots are reached through the main temp = fp - CallerSaveBase(), so every offset
// is positive.
int32_t CallerSaveBase() {
  return -FrameLayout(kIsa, 0).caller_save_bottom_fp_offset();
}
void PointAtCallerSaveArea(a64::Assembler& a) { a.sub(MainTemp(), kFp, CallerSaveBase()); }
a64::Mem CallerSaveSlotAt(int32_t fp_offset) {
  return a64::ptr(MainTemp(), fp_offset + CallerSaveBase());
}
a64::Mem CallerSaveSlot(Register reg) { return CallerSaveSlotAt(CallerSaveFpOffset(kIsa, reg)); }

// Saves every caller-saved register but the temps into the caller's frame, and temp0 too when it
// carries the resolver's GOT slot: seed 004's "for arm64 we manually add x16 to live registers".
void SaveCallerSaved(a64::Assembler& a, bool with_temp0) {
  PointAtCallerSaveArea(a);
  ForEachResolverCallerSave(
      kIsa, PlantedResolverFaults(kIsa), with_temp0,
      [&](Register reg, int32_t fp_offset) { Store(a, reg, CallerSaveSlotAt(fp_offset)); });
}

void RestoreCallerSaved(a64::Assembler& a, Register live_out) {
  PointAtCallerSaveArea(a);
  for (const Register& reg : File().caller_saved) {
    if (File().IsTemp(reg) || reg == live_out) continue;
    Load(a, reg, CallerSaveSlot(reg));
  }
}

// temp0 = what `reg` held on entry, from its caller-save slot: the runtime call clobbered it.
void ReloadIntoTemp0(a64::Assembler& a, Register reg) {
  PointAtCallerSaveArea(a);
  a.ldr(Temp0(), CallerSaveSlot(reg));
}

a64::Mem BoundaryCalleeSlot(size_t rank) {
  return a64::ptr(a64::sp, BoundaryBp() + abi::BoundaryCalleeSaveOffset(static_cast<int>(rank)));
}

// Builds the boundary frame: bp[2] = lr, bp[1] = marker, bp[0] = fp; thread->frame = bp.
void EmitBoundaryPrologue(a64::Assembler& a, bool slot_in_temp0) {
  a.sub(a64::sp, a64::sp, BoundaryFrameSize());
  a.mov(Temp1(), asmjit::imm(abi::kBoundaryMarker));
  a.stp(Temp1(), kLr, a64::ptr(a64::sp, BoundaryBp() + abi::kBoundaryMarkerSlot * kWord));
  a.str(kFp, a64::ptr(a64::sp, BoundaryBp() + abi::kBoundaryCallerFpSlot * kWord));
  a.add(MainTemp(), a64::sp, BoundaryBp());
  a.str(MainTemp(), a64::ptr(Thread(), abi::kThreadFrameOffset));
  for (size_t rank = 0; rank < File().callee_saved.size(); ++rank) {
    if (File().IsSavedByBoundary(File().callee_saved[rank])) {
      Store(a, File().callee_saved[rank], BoundaryCalleeSlot(rank));
    }
  }
  SaveCallerSaved(a, slot_in_temp0);
}

void EmitBoundaryEpilogue(a64::Assembler& a, Register live_out) {
  if (PlantedResolverFaults(kIsa).restores_thread_frame) {
    a.str(kFp, a64::ptr(Thread(), abi::kThreadFrameOffset));  // the caller's frame again
  }
  RestoreCallerSaved(a, live_out);
  for (size_t rank = 0; rank < File().callee_saved.size(); ++rank) {
    if (File().IsSavedByBoundary(File().callee_saved[rank])) {
      Load(a, File().callee_saved[rank], BoundaryCalleeSlot(rank));
    }
  }
  a.ldr(kLr, a64::ptr(a64::sp, BoundaryBp() + abi::kBoundaryReturnPcSlot * kWord));
  a.add(a64::sp, a64::sp, BoundaryFrameSize());
}

// x0 = entrypoint(caller Method*, the id already in x1), through the thread's entrypoint table.
void CallEntrypoint(a64::Assembler& a, Entrypoint entrypoint) {
  a.ldur(Arg(0), a64::ptr(kFp, FrameLayout::kMethodSlotFpOffset));
  a.ldr(MainTemp(), a64::ptr(Thread(), abi::kThreadEntrypointsOffset));
  a.ldr(MainTemp(), a64::ptr(MainTemp(), abi::EntrypointOffset(entrypoint)));
  a.blr(MainTemp());
}

// x0 = entrypoint(caller Method*, id at [slot + id_offset]). The id is read first, since `slot`
// may be x0 itself (CallStatic).
void CallRuntime(a64::Assembler& a, Entrypoint entrypoint, const a64::Gp& slot, int32_t id_offset) {
  a.ldur(Arg(1), a64::ptr(slot, id_offset));
  CallEntrypoint(a, entrypoint);
}

// The resolved value to store in a GOT slot: x0, or x0 plus a planted bias.
a64::Gp ResolvedForSlot(a64::Assembler& a) {
  const int32_t bias = PlantedResolverFaults(kIsa).got_value_bias;
  if (bias == 0) return a64::x0;
  a.add(Temp1(), a64::x0, bias);
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

// CallStatic takes &SecondSlot - EPoff in x0 and tail-calls the callee; the other three take
// their GOT slot in x16 and return the result there (seed 004; Ark's resolvers.irt).
void EmitResolver(a64::Assembler& a, ResolverKind kind) {
  const int32_t ep = ResolverEntryPointOffset();
  const bool slot_in_temp0 = kind != ResolverKind::kCallStatic;
  EmitBoundaryPrologue(a, slot_in_temp0);
  switch (kind) {
    case ResolverKind::kCallStatic:
      CallRuntime(a, Entrypoint::kGetCalleeMethod, Arg(0), ep - kWord);
      ReloadIntoTemp0(a, File().arguments[0]);
      a.str(ResolvedForSlot(a), a64::ptr(Temp0(), ep + kWord));
      a.ldr(Temp0(), a64::ptr(a64::x0, ep));
      EmitBoundaryEpilogue(a, File().arguments[0]);
      a.br(Temp0());
      return;
    case ResolverKind::kCallVirtual:
      CallRuntime(a, Entrypoint::kResolveVirtualMethod, Temp0(), -kWord);
      ReloadIntoTemp0(a, File().temp0);  // &SecondSlot
      a.ldrh(a64::w0, a64::ptr(a64::x0, abi::kMethodVTableIndexOffset));
      a.add(a64::w0, a64::w0, 1 + PlantedResolverFaults(kIsa).got_value_bias);
      a.str(a64::w0, a64::ptr(Temp0()));  // a u32, as Ark's resolver stores it
      a.mov(Temp0(), a64::x0);
      break;
    case ResolverKind::kClass:
      CallRuntime(a, Entrypoint::kResolveClass, Temp0(), -2 * kWord);
      ReloadIntoTemp0(a, File().temp0);  // &ThirdSlot
      a.str(ResolvedForSlot(a), a64::ptr(Temp0()));
      StoreIfInitialized(a, a64::ptr(Temp0(), -kWord), false);
      a.mov(Temp0(), a64::x0);
      break;
    case ResolverKind::kInitClass:
      CallRuntime(a, Entrypoint::kInitializeClassById, Temp0(), -kWord);
      ReloadIntoTemp0(a, File().temp0);  // &SecondSlot
      a.str(ResolvedForSlot(a), a64::ptr(Temp0(), kWord));
      StoreIfInitialized(a, a64::ptr(Temp0()),
                         /*always=*/!PlantedResolverFaults(kIsa).init_class_checks_state);
      a.mov(Temp0(), a64::x0);
      break;
  }
  EmitBoundaryEpilogue(a, File().temp0);
  a.ret(kLr);
}

// Ark's CALL_RUNTIME bridge around the safepoint entrypoint: the same boundary frame as a
// resolver's, kSafepoint(caller Method*, the safepoint's index from x16), every register back.
void EmitSafepointBridge(a64::Assembler& a) {
  EmitBoundaryPrologue(a, /*slot_in_temp0=*/false);
  a.mov(Arg(1), Temp0());
  CallEntrypoint(a, Entrypoint::kSafepoint);
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
    AdjustSp(a_, BelowFp(), /*grow=*/true);
    for (const Register& reg : File().callee_saved) Store(a_, reg, Slot(layout().CalleeSaveFpOffset(reg)));
    a_.str(Arg(0), Slot(FrameLayout::kMethodSlotFpOffset));
    a_.mov(Thread(), Arg(1));
    MoveImmediate(a_, Temp1(), abi::kPoison);
    for (const Register& reg : File().caller_saved) {
      a_.str(Temp1(), Slot(layout().CallerSaveFpOffset(reg)));
    }
  }

  void MoveToRegister(Register reg, uint64_t bits) {
    if (reg.bank == RegisterBank::kFloat) {
      MoveImmediate(a_, Temp1(), bits);
      a_.fmov(D(reg), Temp1());
    } else {
      MoveImmediate(a_, X(reg), bits);
    }
  }

  void MoveToSlot(int32_t sp_offset, uint64_t bits, bool wide) {
    MoveImmediate(a_, Temp1(), bits);
    if (wide) {
      a_.str(Temp1(), a64::ptr(a64::sp, sp_offset));
    } else {
      a_.str(Temp1().w(), a64::ptr(a64::sp, sp_offset));
    }
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
    ForEachPlannedArgument([&](size_t i, uint64_t value) { MoveImmediate(a_, Arg(i), value); });
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
    switch (whole_plan_.resolver) {
      case ResolverKind::kCallStatic:
        // adr x0, ThirdSlot; ldr x0, [x0]; ldr x30, [x0, #EPoff]; blr x30.
        a_.adr(Arg(0), GotSlot(GotCallSiteSlot(whole_plan_.resolver)));
        a_.ldr(Arg(0), a64::ptr(Arg(0)));
        CallMethodInArg0();
        a_.mov(Temp0(), a64::xzr);
        return;
      case ResolverKind::kCallVirtual:
        // Ark's EmitResolveVirtualAot: adr x17, SecondSlot; ldr x16, [x17]; cbnz x16; mov x16,
        // x17; the resolver from the thread's table through LR.
        MoveImmediate(a_, Arg(1), env_.receiver_address);
        a_.adr(Temp1(), GotSlot(GotCallSiteSlot(whole_plan_.resolver)));
        a_.ldr(Temp0(), a64::ptr(Temp1()));
        a_.cbnz(Temp0(), resolved);
        a_.mov(Temp0(), Temp1());
        a_.ldr(kLr, a64::ptr(Thread(), abi::kThreadEntrypointsOffset));
        a_.ldr(kLr, a64::ptr(kLr, abi::EntrypointOffset(Entrypoint::kCallVirtualResolver)));
        a_.blr(kLr);
        BindReturnPc();
        a_.bind(resolved);
        // x16 = receiver's class->vtable[index]: the 32-bit class word, then the slot's index + 1.
        a_.ldr(Temp1().w(), a64::ptr(Arg(1), abi::kObjectClassOffset));
        a_.add(Temp0(), Temp1(), Temp0(), a64::lsl(kVTableIndexShift));
        a_.ldr(Temp0(), a64::ptr(Temp0(), abi::kClassVTableOffset - kWord));
        a_.mov(Arg(0), Temp0());
        StoreResult();  // the callee may clobber temp0
        CallMethodInArg0();
        return;
      case ResolverKind::kClass:
      case ResolverKind::kInitClass: {
        // Ark's CreateLoadClassFromPLT, with seed 004's w7: adr x16, slot; ldr w7, [x16];
        // cbnz w7; bl SharedSlowPath; mov w7, w16.
        const a64::Gp result = X(File().class_result).w();
        a_.adr(Temp0(), GotSlot(GotCallSiteSlot(whole_plan_.resolver)));
        a_.ldr(result, a64::ptr(Temp0()));
        a_.cbnz(result, resolved);
        a_.bl(slow_paths_[SlowPathIndex(whole_plan_.resolver)]);
        BindReturnPc();
        a_.mov(result, Temp0().w());
        a_.bind(resolved);
        a_.mov(Temp0(), X(File().class_result));
        return;
      }
    }
  }

  // dump[vreg count] = temp0, the operation's result.
  void StoreResult() {
    MoveImmediate(a_, Temp1(), env_.dump_address);
    a_.str(Temp0(), a64::ptr(Temp1(), DumpOffset(abi::DumpWord::kResult)));
    result_stored_ = true;
  }

  // A caller: x0 = the next method's Method*, x1 = the thread, and a direct call, whose stack map
  // the walker reads on its way out.
  void EmitCallNext() {
    SaveLiveCallerSaved(true);
    MoveImmediate(a_, Arg(0), next_method_address());
    a_.mov(Arg(1), Thread());
    a_.bl(next_method());
    BindReturnPc();
    SaveLiveCallerSaved(false);
  }

  // A safepoint: its index in x16, then a call of the bridge, which the runtime walks through.
  void EmitSafepoint(uint32_t index) {
    MoveImmediate(a_, Temp0(), index);
    a_.bl(labels_.safepoint_bridge);
    BindReturnPc();
  }

  void EmitSafepointDump() {
    MoveImmediate(a_, Temp1(), env_.dump_address);
    a_.ldr(Temp0(), a64::ptr(Thread(), abi::kThreadFrameOffset));
    a_.str(Temp0(),
           a64::ptr(Temp1(), SafepointDumpOffset(abi::SafepointDumpWord::kThreadFrameAfterCall)));
    EmitValueDump();
  }

  void EmitDump() {
    if (is_plans_own() && !result_stored_) StoreResult();
    MoveImmediate(a_, Temp1(), env_.dump_address);
    if (is_plans_own()) {
      a_.ldr(Temp0(), a64::ptr(Thread(), abi::kThreadFrameOffset));
      a_.str(Temp0(), a64::ptr(Temp1(), DumpOffset(abi::DumpWord::kThreadFrameAfterCall)));
      a_.str(kFp, a64::ptr(Temp1(), DumpOffset(abi::DumpWord::kFramePointer)));
    }
    EmitValueDump();
  }

  a64::Mem DumpWordAt(size_t word) const {
    return a64::ptr(Temp1(), static_cast<int32_t>(word) * kWord);
  }

  void DumpRegister(size_t word, Register reg) { Store(a_, reg, DumpWordAt(word)); }

  void DumpSlot(size_t word, int32_t sp_offset, bool wide) {
    if (wide) {
      a_.ldr(Temp0(), a64::ptr(a64::sp, sp_offset));
    } else {
      a_.ldr(Temp0().w(), a64::ptr(a64::sp, sp_offset));
    }
    a_.str(Temp0(), DumpWordAt(word));
  }

  void EmitEpilogue() {
    for (const Register& reg : File().callee_saved) Load(a_, reg, Slot(layout().CalleeSaveFpOffset(reg)));
    a_.mov(a64::x0, a64::xzr);
    AdjustSp(a_, BelowFp(), /*grow=*/false);
    a_.ldp(kFp, kLr, a64::ptr_post(a64::sp, FrameLayout::kFpAboveSp));
    a_.ret(kLr);
  }
};

// Counts the call and records every argument register in the mailbox.
void EmitCalleeBody(a64::Assembler& a, const ImageEnvironment& env) {
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

// The runtime's entry frame (runtime_abi.h), then a call to the outermost compiled method with
// the Method* and thread it was given: bp[0] = the caller's fp, bp[1] = the marker, bp[2] = lr.
void EmitEntryBody(a64::Assembler& a, const asmjit::Label& outermost) {
  constexpr int32_t kEntryFrameSize = 4 * kWord;  // bp one word above sp keeps sp 16-aligned
  a.sub(a64::sp, a64::sp, kEntryFrameSize);
  a.mov(Temp1(), asmjit::imm(abi::kEntryFrameMarker));
  a.stp(Temp1(), kLr, a64::ptr(a64::sp, kWord + abi::kBoundaryMarkerSlot * kWord));
  a.str(kFp, a64::ptr(a64::sp, kWord + abi::kBoundaryCallerFpSlot * kWord));
  a.add(kFp, a64::sp, kWord);
  a.bl(outermost);
  a.ldr(kFp, a64::ptr(a64::sp, kWord + abi::kBoundaryCallerFpSlot * kWord));
  a.ldr(kLr, a64::ptr(a64::sp, kWord + abi::kBoundaryReturnPcSlot * kWord));
  a.add(a64::sp, a64::sp, kEntryFrameSize);
  a.ret(kLr);
}

}  // namespace

void EmitArm64(asmjit::CodeHolder& code, const EmitRequest& request, ImageLabels& labels) {
  EmitImage<MethodEmitter>(
      code, request, labels,
      StubBodies<a64::Assembler>{EmitEntryBody, EmitCalleeBody, EmitSafepointBridge, EmitResolver,
                                 EmitSharedSlowPath});
}

}  // namespace frameproof::arch_internal
