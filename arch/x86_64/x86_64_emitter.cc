// The x86_64 image: compiled method, callee stub, resolvers and shared slow paths (System V,
// with the runtime ABI of arch/runtime_abi.h and the frames of arch/frame_layout.h).

#include <asmjit/x86.h>

#include "arch/frame_layout.h"
#include "arch/isa_emitter.h"
#include "arch/plt_got.h"
#include "arch/resolver_faults.h"
#include "arch/runtime_abi.h"

namespace frameproof::arch_internal {
namespace {

namespace x86 = asmjit::x86;
namespace abi = runtime_abi;
using abi::Entrypoint;

constexpr InstructionSet kIsa = InstructionSet::kX86_64;
constexpr int32_t kWord = static_cast<int32_t>(abi::kWordSize);

x86::Gp Gp64(Register reg) { return x86::gpq(reg.number); }
x86::Xmm Xmm(Register reg) { return x86::xmm(reg.number); }

const RegisterFile& File() { return RegisterFileOf(kIsa); }
x86::Gp Temp0() { return Gp64(File().temp0); }
x86::Gp Temp1() { return Gp64(File().temp1); }
x86::Gp Thread() { return Gp64(File().thread); }
x86::Gp Arg(size_t i) { return Gp64(File().arguments[i]); }

// Stores or loads `reg` (either bank, 64 bits) at `mem`.
void Store(x86::Assembler& a, const x86::Mem& mem, Register reg) {
  if (reg.bank == RegisterBank::kFloat) {
    a.movq(mem, Xmm(reg));
  } else {
    a.mov(mem, Gp64(reg));
  }
}
void Load(x86::Assembler& a, Register reg, const x86::Mem& mem) {
  if (reg.bank == RegisterBank::kFloat) {
    a.movq(Xmm(reg), mem);
  } else {
    a.mov(Gp64(reg), mem);
  }
}

// ---- Resolvers -------------------------------------------------------------------------------

// Bytes below bp for the callee-save area, padded so the runtime call sees a 16-byte aligned
// stack (entry: rsp = 8 mod 16; two pushes keep it so).
int32_t BoundaryAreaSize() {
  int32_t size = abi::BoundaryCalleeAreaBytes(File().callee_saved.size());
  if (size % 16 != 8) size += 8;
  return size;
}


void SaveCallerSaved(x86::Assembler& a) {
  ForEachResolverCallerSave(
      kIsa, PlantedResolverFaults(kIsa), /*with_temp0=*/false,
      [&](Register reg, int32_t fp_offset) { Store(a, x86::qword_ptr(x86::rbp, fp_offset), reg); });
}

void RestoreCallerSaved(x86::Assembler& a, Register live_out) {
  for (const Register& reg : File().caller_saved) {
    if (File().IsTemp(reg) || reg == live_out) continue;
    Load(a, reg, x86::qword_ptr(x86::rbp, CallerSaveFpOffset(kIsa, reg)));
  }
}


// push marker; push rbp; thread->frame = bp; save registers.
void EmitBoundaryPrologue(x86::Assembler& a) {
  a.push(asmjit::imm(static_cast<int64_t>(abi::kBoundaryMarker)));
  a.push(x86::rbp);
  a.mov(x86::qword_ptr(Thread(), abi::kThreadFrameOffset), x86::rsp);
  a.sub(x86::rsp, BoundaryAreaSize());
  const int32_t bp = BoundaryAreaSize();  // rsp-relative
  for (size_t rank = 0; rank < File().callee_saved.size(); ++rank) {
    const Register reg = File().callee_saved[rank];
    if (!File().IsSavedByBoundary(reg)) continue;
    Store(a, x86::qword_ptr(x86::rsp, bp + abi::BoundaryCalleeSaveOffset(static_cast<int>(rank))),
          reg);
  }
  SaveCallerSaved(a);
}

// Restores registers (all but `live_out`) and removes the boundary frame.
void EmitBoundaryEpilogue(x86::Assembler& a, Register live_out) {
  if (PlantedResolverFaults(kIsa).restores_thread_frame) {
    a.mov(x86::qword_ptr(Thread(), abi::kThreadFrameOffset), x86::rbp);  // the caller's frame again
  }
  RestoreCallerSaved(a, live_out);
  const int32_t bp = BoundaryAreaSize();
  for (size_t rank = 0; rank < File().callee_saved.size(); ++rank) {
    const Register reg = File().callee_saved[rank];
    if (!File().IsSavedByBoundary(reg)) continue;
    Load(a, reg, x86::qword_ptr(x86::rsp, bp + abi::BoundaryCalleeSaveOffset(static_cast<int>(rank))));
  }
  a.add(x86::rsp, BoundaryAreaSize());
  a.pop(x86::rbp);
  a.add(x86::rsp, kWord);  // the marker
}

// The resolvers' main scratch register: r14, Ark's third encoder temp (seed 004).
x86::Gp MainTemp() { return Gp64(File().main_temp); }

// rax = entrypoint(caller Method*, the id already in the second argument register), through
// the thread's entrypoint table.
void CallEntrypoint(x86::Assembler& a, Entrypoint entrypoint) {
  a.mov(Arg(0), x86::qword_ptr(x86::rbp, FrameLayout::kMethodSlotFpOffset));
  a.mov(MainTemp(), x86::qword_ptr(Thread(), abi::kThreadEntrypointsOffset));
  a.call(x86::qword_ptr(MainTemp(), abi::EntrypointOffset(entrypoint)));
}

// rax = entrypoint(caller Method*, id at [slot + id_offset]). The id is read first, since `slot`
// may be rdi itself (CallStatic).
void CallRuntime(x86::Assembler& a, Entrypoint entrypoint, const x86::Gp& slot, int32_t id_offset) {
  a.mov(Arg(1), x86::qword_ptr(slot, id_offset));
  CallEntrypoint(a, entrypoint);
}

// The resolved value to store in a GOT slot: rax, or rax plus a planted bias.
x86::Gp ResolvedForSlot(x86::Assembler& a) {
  const int32_t bias = PlantedResolverFaults(kIsa).got_value_bias;
  if (bias == 0) return x86::rax;
  a.lea(x86::rcx, x86::ptr(x86::rax, bias));
  return x86::rcx;
}

// If [rax].state == initialized, store rax at `slot`.
void StoreIfInitialized(x86::Assembler& a, const x86::Mem& slot, bool always) {
  asmjit::Label skip = a.newLabel();
  if (!always) {
    a.cmp(x86::dword_ptr(x86::rax, abi::kClassStateOffset), abi::kClassStateInitialized);
    a.jne(skip);
  }
  a.mov(slot, x86::rax);
  a.bind(skip);
}

// CallStatic takes &SecondSlot - EPoff in rdi and tail-calls the callee; the other three take
// their GOT slot in r12 and return the result there. r12 is callee-saved in System V, so it
// still holds the slot after the runtime call (seed 004: "r12 appears to be callee-saved").
void EmitResolver(x86::Assembler& a, ResolverKind kind) {
  const int32_t ep = ResolverEntryPointOffset();
  EmitBoundaryPrologue(a);
  switch (kind) {
    case ResolverKind::kCallStatic:
      // FirstSlot (the id) is at rdi + ep - 8, ThirdSlot at rdi + ep + 8.
      a.mov(Temp0(), Arg(0));
      CallRuntime(a, Entrypoint::kGetCalleeMethod, Temp0(), ep - kWord);
      a.mov(x86::qword_ptr(Temp0(), ep + kWord), ResolvedForSlot(a));
      a.mov(Temp0(), x86::qword_ptr(x86::rax, ep));
      a.mov(Arg(0), x86::rax);
      EmitBoundaryEpilogue(a, File().arguments[0]);
      a.jmp(Temp0());
      return;
    case ResolverKind::kCallVirtual:
      // r12 = &SecondSlot; the method id is in FirstSlot.
      CallRuntime(a, Entrypoint::kResolveVirtualMethod, Temp0(), -kWord);
      a.movzx(x86::eax, x86::word_ptr(x86::rax, abi::kMethodVTableIndexOffset));
      a.add(x86::eax, 1 + PlantedResolverFaults(kIsa).got_value_bias);
      a.mov(x86::dword_ptr(Temp0()), x86::eax);  // a u32, as Ark's resolver stores it
      a.mov(Temp0(), x86::rax);
      break;
    case ResolverKind::kClass:
      // r12 = &ThirdSlot; the class id is in FirstSlot, two words down.
      CallRuntime(a, Entrypoint::kResolveClass, Temp0(), -2 * kWord);
      a.mov(x86::qword_ptr(Temp0()), ResolvedForSlot(a));
      StoreIfInitialized(a, x86::qword_ptr(Temp0(), -kWord), false);
      a.mov(Temp0(), x86::rax);
      break;
    case ResolverKind::kInitClass:
      // r12 = &SecondSlot; ThirdSlot always gets the class, SecondSlot once initialized.
      CallRuntime(a, Entrypoint::kInitializeClassById, Temp0(), -kWord);
      a.mov(x86::qword_ptr(Temp0(), kWord), ResolvedForSlot(a));
      StoreIfInitialized(a, x86::qword_ptr(Temp0()),
                         /*always=*/!PlantedResolverFaults(kIsa).init_class_checks_state);
      a.mov(Temp0(), x86::rax);
      break;
  }
  EmitBoundaryEpilogue(a, File().temp0);
  a.ret();
}

// Ark's CALL_RUNTIME bridge around the safepoint entrypoint: the same boundary frame as a
// resolver's, kSafepoint(caller Method*, the safepoint's index from temp0), every register back.
void EmitSafepointBridge(x86::Assembler& a) {
  EmitBoundaryPrologue(a);
  a.mov(Arg(1), Temp0());
  CallEntrypoint(a, Entrypoint::kSafepoint);
  EmitBoundaryEpilogue(a, File().temp0);
  a.ret();
}

// Tail-jumps through the thread's entrypoint table, so the resolver returns straight to the
// call site (whose stack map it needs). temp0 carries the slot; temp1 is free until after.
void EmitSharedSlowPath(x86::Assembler& a, Entrypoint resolver) {
  a.mov(Temp1(), x86::qword_ptr(Thread(), abi::kThreadEntrypointsOffset));
  a.jmp(x86::qword_ptr(Temp1(), abi::EntrypointOffset(resolver)));
}

// ---- The compiled method ---------------------------------------------------------------------

class MethodEmitter : public MethodEmitterBase<MethodEmitter, x86::Assembler> {
 public:
  using MethodEmitterBase::MethodEmitterBase;

 private:
  friend MethodEmitterBase;
  x86::Mem Fp(int32_t offset) const { return x86::qword_ptr(x86::rbp, offset); }

  void EmitPrologue() {
    a_.push(x86::rbp);
    a_.mov(x86::rbp, x86::rsp);
    a_.sub(x86::rsp, static_cast<int32_t>(layout().frame_size()) - FrameLayout::kFpAboveSp);
    for (const Register& reg : File().callee_saved) Store(a_, Fp(layout().CalleeSaveFpOffset(reg)), reg);
    a_.mov(Fp(FrameLayout::kMethodSlotFpOffset), Arg(0));
    a_.mov(Thread(), Arg(1));
    // Poison the caller-save area, so a slot nobody wrote reads as kPoison.
    a_.mov(Temp1(), asmjit::imm(static_cast<int64_t>(abi::kPoison)));
    for (const Register& reg : File().caller_saved) {
      a_.mov(Fp(layout().CallerSaveFpOffset(reg)), Temp1());
    }
  }

  void MoveToRegister(Register reg, uint64_t bits) {
    if (reg.bank == RegisterBank::kFloat) {
      a_.mov(Temp1(), asmjit::imm(static_cast<int64_t>(bits)));
      a_.movq(Xmm(reg), Temp1());
    } else {
      a_.mov(Gp64(reg), asmjit::imm(static_cast<int64_t>(bits)));
    }
  }

  void MoveToSlot(int32_t sp_offset, uint64_t bits, bool wide) {
    a_.mov(x86::dword_ptr(x86::rsp, sp_offset), static_cast<int32_t>(bits));
    if (wide) a_.mov(x86::dword_ptr(x86::rsp, sp_offset + 4), static_cast<int32_t>(bits >> 32));
  }

  // Around a real call the method itself keeps its caller-saved values in their save slots.
  void SaveLiveCallerSaved(bool save) {
    ForEachVReg([&](size_t, const PlannedVReg&, const VRegHome& home) {
      if (home.where != LocationClass::kCallerSavedRegister) return;
      const x86::Mem slot = Fp(layout().CallerSaveFpOffset(home.reg));
      if (save) {
        Store(a_, slot, home.reg);
      } else {
        Load(a_, home.reg, slot);
      }
    });
  }

  void SetArguments() {
    ForEachPlannedArgument([&](size_t i, uint64_t value) {
      a_.mov(Arg(i), asmjit::imm(static_cast<int64_t>(value)));
    });
  }

  void CallWithArguments(const x86::Mem& target) {
    SaveLiveCallerSaved(true);
    SetArguments();
    a_.call(target);
    BindReturnPc();
    SaveLiveCallerSaved(false);
  }

  x86::Mem GotSlot(uint32_t index) const {
    return x86::qword_ptr(labels_.got_slots[index]);
  }

  void EmitOperation() {
    constexpr int32_t ep = abi::kMethodEntryPointOffset;
    asmjit::Label resolved = a_.newLabel();
    switch (whole_plan_.resolver) {
      case ResolverKind::kCallStatic:
        // mov rdi, [rip + ThirdSlot]; call [rdi + EPoff] (the resolver until resolved).
        SaveLiveCallerSaved(true);
        a_.mov(Arg(0), GotSlot(GotCallSiteSlot(whole_plan_.resolver)));
        SetArguments();
        a_.mov(Temp0(), x86::qword_ptr(Arg(0), ep));
        a_.call(Temp0());
        BindReturnPc();
        SaveLiveCallerSaved(false);
        a_.xor_(Temp0(), Temp0());
        return;
      case ResolverKind::kCallVirtual: {
        // temp0 = vtable index + 1, through the resolver the first time.
        a_.mov(Arg(1), asmjit::imm(static_cast<int64_t>(env_.receiver_address)));
        a_.lea(Temp1(), GotSlot(GotCallSiteSlot(whole_plan_.resolver)));
        a_.mov(Temp0(), x86::qword_ptr(Temp1()));
        a_.test(Temp0(), Temp0());
        a_.jnz(resolved);
        a_.mov(Temp0(), Temp1());
        a_.mov(Temp1(), x86::qword_ptr(Thread(), abi::kThreadEntrypointsOffset));
        a_.call(x86::qword_ptr(Temp1(), abi::EntrypointOffset(Entrypoint::kCallVirtualResolver)));
        BindReturnPc();
        a_.bind(resolved);
        // temp0 = receiver's class->vtable[index]: the 32-bit class word, then the slot's
        // index + 1.
        a_.mov(Temp1().r32(), x86::dword_ptr(Arg(1), abi::kObjectClassOffset));
        a_.mov(Temp0(), x86::qword_ptr(Temp1(), Temp0(), 3, abi::kClassVTableOffset - kWord));
        a_.mov(Arg(0), Temp0());
        StoreResult();  // the callee may clobber temp0
        CallWithArguments(x86::qword_ptr(Arg(0), ep));
        return;
      }
      case ResolverKind::kClass:
      case ResolverKind::kInitClass: {
        // The class's 32 bits in an allocated register, or the resolver's result in r12 the
        // first time (Ark's CreateLoadClassFromPLT).
        const x86::Gp result = Gp64(File().class_result);
        a_.lea(Temp0(), GotSlot(GotCallSiteSlot(whole_plan_.resolver)));
        a_.mov(result.r32(), x86::dword_ptr(Temp0()));
        a_.test(result.r32(), result.r32());
        a_.jnz(resolved);
        a_.call(slow_paths_[SlowPathIndex(whole_plan_.resolver)]);
        BindReturnPc();
        a_.mov(result.r32(), Temp0().r32());
        a_.bind(resolved);
        a_.mov(Temp0(), result);
        return;
      }
    }
  }

  // Writes every located value and the result (in temp0) to the dump.
  // dump[vreg count] = temp0, the operation's result.
  void StoreResult() {
    a_.mov(Temp1(), asmjit::imm(static_cast<int64_t>(env_.dump_address)));
    a_.mov(x86::qword_ptr(Temp1(), DumpOffset(abi::DumpWord::kResult)), Temp0());
    result_stored_ = true;
  }

  // A caller: rdi = the next method's Method*, rsi = the thread, and a direct call, whose stack
  // map the walker reads on its way out.
  void EmitCallNext() {
    SaveLiveCallerSaved(true);
    a_.mov(Arg(0), asmjit::imm(static_cast<int64_t>(next_method_address())));
    a_.mov(Arg(1), Thread());
    a_.call(next_method());
    BindReturnPc();
    SaveLiveCallerSaved(false);
  }

  // A safepoint: its index in temp0, then a call of the bridge, which the runtime walks through.
  void EmitSafepoint(uint32_t index) {
    a_.mov(Temp0(), asmjit::imm(index));
    a_.call(labels_.safepoint_bridge);
    BindReturnPc();
  }

  void EmitSafepointDump() {
    a_.mov(Temp1(), asmjit::imm(static_cast<int64_t>(env_.dump_address)));
    a_.mov(Temp0(), x86::qword_ptr(Thread(), abi::kThreadFrameOffset));
    a_.mov(
        x86::qword_ptr(Temp1(), SafepointDumpOffset(abi::SafepointDumpWord::kThreadFrameAfterCall)),
        Temp0());
    EmitValueDump();
  }

  void EmitDump() {
    if (is_plans_own() && !result_stored_) StoreResult();
    a_.mov(Temp1(), asmjit::imm(static_cast<int64_t>(env_.dump_address)));
    if (is_plans_own()) {
      a_.mov(Temp0(), x86::qword_ptr(Thread(), abi::kThreadFrameOffset));
      a_.mov(x86::qword_ptr(Temp1(), DumpOffset(abi::DumpWord::kThreadFrameAfterCall)), Temp0());
      a_.mov(x86::qword_ptr(Temp1(), DumpOffset(abi::DumpWord::kFramePointer)), x86::rbp);
    }
    EmitValueDump();
  }

  x86::Mem DumpWordAt(size_t word) const {
    return x86::qword_ptr(Temp1(), static_cast<int32_t>(word) * kWord);
  }

  void DumpRegister(size_t word, Register reg) { Store(a_, DumpWordAt(word), reg); }

  void DumpSlot(size_t word, int32_t sp_offset, bool wide) {
    if (wide) {
      a_.mov(Temp0(), x86::qword_ptr(x86::rsp, sp_offset));
    } else {
      a_.mov(Temp0().r32(), x86::dword_ptr(x86::rsp, sp_offset));
    }
    a_.mov(DumpWordAt(word), Temp0());
  }

  void EmitEpilogue() {
    for (const Register& reg : File().callee_saved) Load(a_, reg, Fp(layout().CalleeSaveFpOffset(reg)));
    a_.xor_(x86::eax, x86::eax);
    a_.mov(x86::rsp, x86::rbp);
    a_.pop(x86::rbp);
    a_.ret();
  }
};

// Records its call: count, then its argument registers.
void EmitCalleeBody(x86::Assembler& a, const ImageEnvironment& env) {
  a.mov(x86::rax, asmjit::imm(static_cast<int64_t>(env.mailbox_address)));
  a.add(x86::qword_ptr(x86::rax), 1);
  for (size_t i = 0; i < File().arguments.size(); ++i) {
    a.mov(x86::qword_ptr(x86::rax, static_cast<int32_t>(i + 1) * kWord), Arg(i));
  }
  a.xor_(x86::eax, x86::eax);
  a.ret();
}

// The runtime's entry frame (runtime_abi.h), then a call to the outermost compiled method with
// the Method* and thread it was given: bp[0] = the caller's rbp, bp[1] = the marker, bp[2] = the
// return address.
void EmitEntryBody(x86::Assembler& a, const asmjit::Label& outermost) {
  a.push(asmjit::imm(static_cast<int64_t>(abi::kEntryFrameMarker)));
  a.push(x86::rbp);
  a.mov(x86::rbp, x86::rsp);
  a.sub(x86::rsp, kWord);  // rsp 16-aligned at the call
  a.call(outermost);
  a.add(x86::rsp, kWord);
  a.pop(x86::rbp);
  a.add(x86::rsp, kWord);  // the marker
  a.ret();
}

}  // namespace

void EmitX86_64(asmjit::CodeHolder& code, const EmitRequest& request, ImageLabels& labels) {
  EmitImage<MethodEmitter>(
      code, request, labels,
      StubBodies<x86::Assembler>{EmitEntryBody, EmitCalleeBody, EmitSafepointBridge, EmitResolver,
                                 EmitSharedSlowPath});
}

}  // namespace frameproof::arch_internal
