#include "arch/register_file.h"

#include <array>
#include <cassert>
#include <string>

#include "absl/base/attributes.h"
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
constexpr uint32_t kArm64LinkRegister = 30;
constexpr uint32_t kArm64ClassResult = 7;  // w7 in seed 004's LoadAndInitClass listing
constexpr uint32_t kArm64FirstCalleeSaved = 19;
constexpr uint32_t kArm64FirstCalleeSavedFloat = 8;
constexpr uint32_t kArm64LastCalleeSavedFloat = 15;
constexpr uint32_t kArm64FloatRegisters = 32;
constexpr uint32_t kArm64FloatTempsStart = 30;  // v30, v31 stay scratch, as in Ark
constexpr uint32_t kArm64ArgumentRegisters = 8;  // x0-x7

RegisterFile MakeX86_64() {
  RegisterFile file;
  file.isa = InstructionSet::kX86_64;
  // Ark numbers the general registers rax, rcx, rdx, r11, r10, r9, rsi, rdi, r8, rbp, rsp, rbx,
  // r12..r15 (amd64/target.h); its masks run over those numbers, highest first in a frame.
  file.callee_saved = {Gp(kR15), Gp(kR14), Gp(kR13), Gp(kR12), Gp(kRbx)};
  file.caller_saved = {Gp(kR8),  Gp(kRdi), Gp(kRsi), Gp(kR9), Gp(kR10),
                       Gp(kR11), Gp(kRdx), Gp(kRcx), Gp(kRax)};
  for (uint32_t i = kX86FloatRegisters; i-- > 0;) file.caller_saved.push_back(Fp(i));
  file.temp0 = Gp(kR12);
  file.temp1 = Gp(kR13);
  file.main_temp = Gp(kR14);
  file.class_result = Gp(kRdx);
  file.thread = Gp(kR15);
  file.frame_pointer = Gp(kRbp);
  file.arguments = {Gp(kRdi), Gp(kRsi), Gp(kRdx), Gp(kRcx), Gp(kR8), Gp(kR9)};
  // Ark's callee mask less its temps (r12-r14) and the thread register leaves rbx alone.
  file.allocatable_callee_saved = {Gp(kRbx)};
  file.allocatable_caller_saved = {Gp(kRax), Gp(kR10), Gp(kR11)};
  for (uint32_t i = 0; i < kX86FloatTempsStart; ++i) file.allocatable_caller_saved.push_back(Fp(i));
  for (uint32_t i = kX86FloatTempsStart; i < kX86FloatRegisters; ++i) {
    file.float_temps.push_back(Fp(i));
  }
  file.IndexRanks();
  return file;
}

RegisterFile MakeArm64() {
  RegisterFile file;
  file.isa = InstructionSet::kArm64;
  // Ark's masks: callee x19..x28 and d8..d15, caller x0..x18 and the other vector registers,
  // each highest first in a frame.
  for (uint32_t i = kArm64Thread + 1; i-- > kArm64FirstCalleeSaved;) {
    file.callee_saved.push_back(Gp(i));
  }
  for (uint32_t i = kArm64LastCalleeSavedFloat + 1; i-- > kArm64FirstCalleeSavedFloat;) {
    file.callee_saved.push_back(Fp(i));
  }
  for (uint32_t i = kArm64PlatformRegister + 1; i-- > 0;) file.caller_saved.push_back(Gp(i));
  for (uint32_t i = kArm64FloatRegisters; i-- > 0;) {
    if (i < kArm64FirstCalleeSavedFloat || i > kArm64LastCalleeSavedFloat) {
      file.caller_saved.push_back(Fp(i));
    }
  }
  file.temp0 = Gp(kArm64Ip0);
  file.temp1 = Gp(kArm64Ip1);
  file.main_temp = Gp(kArm64LinkRegister);
  file.class_result = Gp(kArm64ClassResult);
  file.thread = Gp(kArm64Thread);
  file.frame_pointer = Gp(kArm64FramePointer);
  for (uint32_t i = 0; i < kArm64ArgumentRegisters; ++i) file.arguments.push_back(Gp(i));
  for (uint32_t i = kArm64FirstCalleeSaved; i < kArm64Thread; ++i) {
    file.allocatable_callee_saved.push_back(Gp(i));
  }
  for (uint32_t i = kArm64FirstCalleeSavedFloat; i <= kArm64LastCalleeSavedFloat; ++i) {
    file.allocatable_callee_saved.push_back(Fp(i));
  }
  for (uint32_t i = kArm64ArgumentRegisters; i < kArm64Ip0; ++i) {
    file.allocatable_caller_saved.push_back(Gp(i));
  }
  static_assert(kArm64ClassResult < kArm64ArgumentRegisters, "x7 is never allocated");
  for (uint32_t i = kArm64FloatTempsStart; i < kArm64FloatRegisters; ++i) {
    file.float_temps.push_back(Fp(i));
  }
  for (uint32_t i = 0; i < kArm64FloatTempsStart; ++i) {
    if (i < kArm64FirstCalleeSavedFloat || i > kArm64LastCalleeSavedFloat) {
      file.allocatable_caller_saved.push_back(Fp(i));
    }
  }
  static_assert(kArm64PlatformRegister == kArm64Ip1 + 1, "x18 is saved but never allocated");
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

// Ark's x86_64 number of each hardware general register (amd64/target.h), indexed by hardware
// number, and the reverse.
constexpr std::array<uint32_t, 16> kX86ArkNumberOfHardware = {0, 1, 2, 11, 10, 9,  6,  7,
                                                              8, 5, 4, 3,  12, 13, 14, 15};
constexpr std::array<uint32_t, 16> kX86HardwareOfArkNumber = {
    kRax, kRcx, kRdx, kR11, kR10, kR9, kRsi, kRdi, kR8, kRbp, kRsp, kRbx, kR12, kR13, kR14, kR15};
static_assert(kX86ArkNumberOfHardware[kRbx] == 11 && kX86HardwareOfArkNumber[11] == kRbx);

// Built out of line: inlined into RegisterFileOf, the builders' large frame was set up (and, under
// ASan, poisoned) on every call, and the emitters call it for almost every instruction.
ABSL_ATTRIBUTE_NOINLINE const RegisterFile* NewRegisterFile(InstructionSet isa) {
  return new RegisterFile(isa == InstructionSet::kArm64 ? MakeArm64() : MakeX86_64());
}

}  // namespace

void RegisterFile::IndexRanks() {
  callee_saved_rank = RanksOf(callee_saved);
  caller_saved_rank = RanksOf(caller_saved);
}

int RegisterFile::CalleeSavedRank(Register reg) const { return RankIn(callee_saved_rank, reg); }
int RegisterFile::CallerSavedRank(Register reg) const { return RankIn(caller_saved_rank, reg); }

bool HasCodeGenerator(InstructionSet isa) {
  return isa == InstructionSet::kX86_64 || isa == InstructionSet::kArm64;
}

const RegisterFile& RegisterFileOf(InstructionSet isa) {
  static const RegisterFile* const kX86_64 = NewRegisterFile(InstructionSet::kX86_64);
  static const RegisterFile* const kArm64 = NewRegisterFile(InstructionSet::kArm64);
  return isa == InstructionSet::kArm64 ? *kArm64 : *kX86_64;
}

uint32_t ArkRegisterNumber(InstructionSet isa, Register reg) {
  if (isa != InstructionSet::kX86_64 || reg.bank == RegisterBank::kFloat ||
      reg.number >= kX86ArkNumberOfHardware.size()) {
    return reg.number;
  }
  return kX86ArkNumberOfHardware[reg.number];
}

std::optional<Register> RegisterFromArkNumber(InstructionSet isa, RegisterBank bank,
                                              uint32_t number) {
  if (number >= RegisterFile::kRegistersPerBank) return std::nullopt;
  if (isa != InstructionSet::kX86_64 || bank == RegisterBank::kFloat) return Register{bank, number};
  if (number >= kX86HardwareOfArkNumber.size()) return std::nullopt;
  return Register{bank, kX86HardwareOfArkNumber[number]};
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
