#ifndef FRAMEPROOF_ARCH_REGISTER_FILE_H_
#define FRAMEPROOF_ARCH_REGISTER_FILE_H_

// The registers of each ISA as frameproof's generated code uses them: the hardware numbering
// (the numbers CodeInfo's kInRegister / kInFpuRegister carry), the calling convention (System V
// x86_64, AAPCS64) and the roles the runtime ABI gives some registers.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
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
  // Preserved across calls by the native ABI: Ark's callee mask, highest register first (in
  // Ark's numbering), general before floating point. A register's rank here is its position in
  // the mask, which fixes its slot in a boundary frame and in a compiled frame (frame_layout.h).
  std::vector<Register> callee_saved;
  // Clobbered by calls: Ark's caller mask in the same order, temps included, since positions are
  // fixed by the whole mask. Resolvers save all but the temps into the caller's compiled frame.
  std::vector<Register> caller_saved;
  // Scratch registers no value lives in: temp0 carries a resolver's parameter and result
  // (x16 / r12), temp1 is the second scratch (x17 / r13).
  Register temp0;
  Register temp1;
  // The resolvers' main scratch (seed 004): LR, x30, on arm64 once the boundary frame holds the
  // return address; r14, Ark's third encoder temp, on x86_64.
  Register main_temp;
  // Where LoadClass leaves the class (x7 as in seed 004's listing; rdx on x86_64, where neither
  // the seed nor Ark's register allocator fixes one): caller-saved, never allocated to a value.
  Register class_result;
  // Holds the MockThread* in compiled code and resolvers (x28 / r15); callee-saved.
  Register thread;
  // The frame pointer (x29 / rbp); arm64 also has the link register x30.
  Register frame_pointer;
  // The ABI's argument registers in order; arg0 carries the Method* of the callee. No value lives
  // in one across a call: a CallStatic resolver saves every caller-saved register into its
  // caller's frame (Ark's boundary), so a slot the caller filled for a value that shared a register
  // with an argument would be overwritten by the argument.
  std::vector<Register> arguments;
  // Registers the lowering may place virtual registers in, in allocation order.
  std::vector<Register> allocatable_callee_saved;
  std::vector<Register> allocatable_caller_saved;

  // Ark's scratch vector registers (v30, v31; xmm13-xmm15): never allocated, never saved.
  std::vector<Register> float_temps;

  // True for the scratch registers (never saved by a boundary, never hold a value).
  bool IsTemp(Register reg) const {
    if (reg.bank == RegisterBank::kFloat) {
      for (const Register& temp : float_temps) {
        if (reg == temp) return true;
      }
      return false;
    }
    return reg == temp0 || reg == temp1 || reg == main_temp;
  }
  // Whether a resolver's boundary saves `reg`, into the caller's frame or its own: every saved
  // register but the temps and the thread register (Ark's CodegenBoundary masks).
  bool IsSavedByBoundary(Register reg) const {
    return (CalleeSavedRank(reg) >= 0 || CallerSavedRank(reg) >= 0) && !IsTemp(reg) &&
           !(reg == thread);
  }
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

// `reg`'s number in Ark's numbering, which Ark's register masks and its CodeInfo's REGISTER and
// FP_REGISTER locations use: the hardware number on arm64; on x86_64 (amd64/target.h) rax, rcx,
// rdx, r11, r10, r9, rsi, rdi, r8, rbp, rsp, rbx, r12..r15 are 0..15. Vector registers keep theirs.
uint32_t ArkRegisterNumber(InstructionSet isa, Register reg);

// The register Ark numbers `number` in `bank` (the inverse of ArkRegisterNumber), if any.
std::optional<Register> RegisterFromArkNumber(InstructionSet isa, RegisterBank bank,
                                              uint32_t number);

// "rbx", "xmm3", "x19", "d8": the name a disassembler would print.
std::string RegisterName(InstructionSet isa, Register reg);

}  // namespace frameproof

#endif  // FRAMEPROOF_ARCH_REGISTER_FILE_H_
