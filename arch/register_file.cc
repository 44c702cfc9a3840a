#include "arch/register_file.h"

#include <cassert>
#include <string>

#include "absl/strings/str_cat.h"

namespace frameproof {
namespace {

constexpr Register Gp(uint32_t number) { return {RegisterBank::kGeneral, number}; }
constexpr Register Fp(uint32_t number) { return {RegisterBank::kFloat, number}; }

// System V x86_64 hardware numbers.
enum X86Gp : uint32_t { kRax, kRcx, kRdx, kRbx, kRsp, kRbp, kRsi, kRdi, kR8, kR9, kR10, kR11,
                        kR12, kR13, kR14, kR15 };
constexpr uint32_t kX86FloatRegisters = 16;
constexpr uint32_t kX86FloatTempsStart = 13;  // xmm13..xmm15 stay scratch, as in Ark

// AAPCS64 numbers of the registers with a fixed role.
constexpr uint32_t kArm64Ip0 = 16;
constexpr uint32_t kArm64Ip1 = 17;
constexpr uint32_t kArm64PlatformRegister = 18;
constexpr uint32_t kArm64Thread = 28;
constexpr uint32_t kArm64FramePointer = 29;
constexpr uint32_t kArm64FirstCalleeSaved = 19;
constexpr uint32_t kArm64FirstCalleeSavedFloat = 8;
constexpr uint32_t kArm64LastCalleeSavedFloat = 15;
constexpr uint32_t kArm64FloatRegisters = 32;
constexpr uint32_t kArm64FloatTempsStart = 30;  // v30, v31 stay scratch, as in Ark
constexpr uint32_t kArm64CallArguments = 3;      // x0 (Method*), x1, x2

RegisterFile MakeX86_64() {
  RegisterFile file;
  file.isa = InstructionSet::kX86_64;
  file.callee_saved = {Gp(kRbx), Gp(kR12), Gp(kR13), Gp(kR14), Gp(kR15)};
  file.caller_saved = {Gp(kRax), Gp(kRcx), Gp(kRdx), Gp(kRsi), Gp(kRdi),
                       Gp(kR8),  Gp(kR9),  Gp(kR10), Gp(kR11)};
  for (uint32_t i = 0; i < kX86FloatRegisters; ++i) file.caller_saved.push_back(Fp(i));
  file.temp0 = Gp(kR12);
  file.temp1 = Gp(kR13);
  file.thread = Gp(kR15);
  file.frame_pointer = Gp(kRbp);
  file.arguments = {Gp(kRdi), Gp(kRsi), Gp(kRdx)};
  file.allocatable_callee_saved = {Gp(kRbx), Gp(kR14)};
  file.allocatable_caller_saved = {Gp(kRax), Gp(kRcx), Gp(kR8), Gp(kR9), Gp(kR10), Gp(kR11)};
  for (uint32_t i = 0; i < kX86FloatTempsStart; ++i) file.allocatable_caller_saved.push_back(Fp(i));
  file.IndexRanks();
  return file;
}

RegisterFile MakeArm64() {
  RegisterFile file;
  file.isa = InstructionSet::kArm64;
  for (uint32_t i = kArm64FirstCalleeSaved; i <= kArm64Thread; ++i) file.callee_saved.push_back(Gp(i));
  for (uint32_t i = kArm64FirstCalleeSavedFloat; i <= kArm64LastCalleeSavedFloat; ++i) {
    file.callee_saved.push_back(Fp(i));
  }
  for (uint32_t i = 0; i < kArm64Ip0; ++i) file.caller_saved.push_back(Gp(i));
  for (uint32_t i = 0; i < kArm64FloatRegisters; ++i) {
    if (i < kArm64FirstCalleeSavedFloat || i > kArm64LastCalleeSavedFloat) {
      file.caller_saved.push_back(Fp(i));
    }
  }
  file.temp0 = Gp(kArm64Ip0);
  file.temp1 = Gp(kArm64Ip1);
  file.thread = Gp(kArm64Thread);
  file.frame_pointer = Gp(kArm64FramePointer);
  file.arguments = {Gp(0), Gp(1), Gp(2)};
  for (uint32_t i = kArm64FirstCalleeSaved; i < kArm64Thread; ++i) {
    file.allocatable_callee_saved.push_back(Gp(i));
  }
  for (uint32_t i = kArm64FirstCalleeSavedFloat; i <= kArm64LastCalleeSavedFloat; ++i) {
    file.allocatable_callee_saved.push_back(Fp(i));
  }
  for (uint32_t i = kArm64CallArguments; i < kArm64Ip0; ++i) {
    file.allocatable_caller_saved.push_back(Gp(i));
  }
  for (uint32_t i = 0; i < kArm64FloatTempsStart; ++i) {
    if (i < kArm64FirstCalleeSavedFloat || i > kArm64LastCalleeSavedFloat) {
      file.allocatable_caller_saved.push_back(Fp(i));
    }
  }
  static_assert(kArm64PlatformRegister == kArm64Ip1 + 1, "x18 is neither saved nor allocated");
  file.IndexRanks();
  return file;
}

// Where `reg` sits in a RankTable, or the table's size when it has no slot there.
size_t RankSlot(Register reg) {
  if (reg.number >= RegisterFile::kRegistersPerBank) return 2 * RegisterFile::kRegistersPerBank;
  return (reg.bank == RegisterBank::kFloat ? RegisterFile::kRegistersPerBank : 0) + reg.number;
}

RegisterFile::RankTable RanksOf(const std::vector<Register>& list) {
  RegisterFile::RankTable table;
  table.fill(-1);
  for (size_t rank = 0; rank < list.size(); ++rank) {
    const size_t slot = RankSlot(list[rank]);
    assert(slot < table.size() && "a saved register numbered past kRegistersPerBank");
    table[slot] = static_cast<int8_t>(rank);
  }
  return table;
}

int RankIn(const RegisterFile::RankTable& table, Register reg) {
  const size_t slot = RankSlot(reg);
  return slot < table.size() ? table[slot] : -1;
}

}  // namespace

void RegisterFile::IndexRanks() {
  callee_saved_rank = RanksOf(callee_saved);
  caller_saved_rank = RanksOf(caller_saved);
}

bool RegisterFile::IsCalleeSaved(Register reg) const { return CalleeSavedRank(reg) >= 0; }
int RegisterFile::CalleeSavedRank(Register reg) const { return RankIn(callee_saved_rank, reg); }
int RegisterFile::CallerSavedRank(Register reg) const { return RankIn(caller_saved_rank, reg); }

bool HasCodeGenerator(InstructionSet isa) {
  return isa == InstructionSet::kX86_64 || isa == InstructionSet::kArm64;
}

const RegisterFile& RegisterFileOf(InstructionSet isa) {
  static const RegisterFile* const kX86_64 = new RegisterFile(MakeX86_64());
  static const RegisterFile* const kArm64 = new RegisterFile(MakeArm64());
  return isa == InstructionSet::kArm64 ? *kArm64 : *kX86_64;
}

std::string RegisterName(InstructionSet isa, Register reg) {
  static constexpr absl::string_view kX86Names[] = {"rax", "rcx", "rdx", "rbx", "rsp", "rbp",
                                                    "rsi", "rdi", "r8",  "r9",  "r10", "r11",
                                                    "r12", "r13", "r14", "r15"};
  if (isa == InstructionSet::kX86_64) {
    if (reg.bank == RegisterBank::kFloat) return absl::StrCat("xmm", reg.number);
    return reg.number < std::size(kX86Names) ? std::string(kX86Names[reg.number])
                                              : absl::StrCat("r?", reg.number);
  }
  return absl::StrCat(reg.bank == RegisterBank::kFloat ? "d" : "x", reg.number);
}

}  // namespace frameproof
