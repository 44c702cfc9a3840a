#ifndef FRAMEPROOF_ARCH_REGISTER_FILE_H_
#define FRAMEPROOF_ARCH_REGISTER_FILE_H_

// The registers of each ISA as frameproof's generated code uses them: the hardware numbering
// (the numbers CodeInfo's kInRegister / kInFpuRegister carry), the calling convention (System V
// x86_64, AAPCS64) and the roles the runtime ABI gives some registers.

#include <array>
#include <cstdint>
#include <vector>

#include "absl/strings/string_view.h"
#include "core/base/instruction_set.h"

namespace frameproof {

// General-purpose or floating-point (SIMD) bank.
enum class RegisterBank : uint8_t { kGeneral, kFloat };

// One register: its bank and hardware number (x86_64: rax=0 .. r15=15, xmm0..15;
// arm64: x0..x30, v0..v31).
struct Register {
  RegisterBank bank = RegisterBank::kGeneral;
  uint32_t number = 0;
  friend bool operator==(const Register&, const Register&) = default;
};

// Everything the generators, the lowering and the stack walker need to know about one ISA.
struct RegisterFile {
  InstructionSet isa;
  // Preserved across calls by the native ABI. A boundary frame saves them, highest rank first,
  // in this order; a compiled frame's callee-save area uses the same order.
  std::vector<Register> callee_saved;
  // Clobbered by calls. Resolvers save them into the caller's compiled frame, in this order.
  std::vector<Register> caller_saved;
  // Scratch registers no value lives in: temp0 carries a resolver's parameter and result
  // (x16 / r12), temp1 is the second scratch (x17 / r13).
  Register temp0;
  Register temp1;
  // Holds the MockThread* in compiled code and resolvers (x28 / r15); callee-saved.
  Register thread;
  // The frame pointer (x29 / rbp); arm64 also has the link register x30.
  Register frame_pointer;
  // Call arguments in order; arg0 carries the Method* of the callee.
  std::vector<Register> arguments;
  // Registers the lowering may place virtual registers in, in allocation order.
  std::vector<Register> allocatable_callee_saved;
  std::vector<Register> allocatable_caller_saved;

  // True for the resolver scratch registers (never saved, never hold a value).
  bool IsTemp(Register reg) const { return reg == temp0 || reg == temp1; }
  bool IsCalleeSaved(Register reg) const;
  // Rank of `reg` in callee_saved / caller_saved, or -1. Read from the rank tables below, since
  // the emitters ask for the slot of every saved register of every stub.
  int CalleeSavedRank(Register reg) const;
  int CallerSavedRank(Register reg) const;

  // Derives the rank tables from callee_saved and caller_saved; RegisterFileOf's files call it
  // once their lists are final, and nothing changes the lists after that.
  void IndexRanks();

  // Register numbers below this fit the rank tables (both ISAs number each bank from 0 to 31).
  static constexpr uint32_t kRegistersPerBank = 32;
  using RankTable = std::array<int8_t, 2 * kRegistersPerBank>;
  RankTable callee_saved_rank;
  RankTable caller_saved_rank;
};

// The register file of `isa`; only kX86_64 and kArm64 have one.
const RegisterFile& RegisterFileOf(InstructionSet isa);

// Whether frameproof can generate code for `isa`.
bool HasCodeGenerator(InstructionSet isa);

// "rbx", "xmm3", "x19", "d8": the name a disassembler would print.
std::string RegisterName(InstructionSet isa, Register reg);

}  // namespace frameproof

#endif  // FRAMEPROOF_ARCH_REGISTER_FILE_H_
