#include "core/llvm/dwarf_registers.h"

#include <iterator>

#include "absl/strings/str_cat.h"
#include "core/base/planted_bug.h"

namespace frameproof {
namespace {

// Hardware encodings of x86_64's DWARF registers 0-15 (rax rdx rcx rbx rsi rdi rbp rsp r8-r15).
constexpr int32_t kX86HardwareOfDwarf[] = {0, 2, 1, 3, 6, 7, 5, 4, 8, 9, 10, 11, 12, 13, 14, 15};

}  // namespace

bool IsDwarfStackPointer(InstructionSet isa, uint16_t dwarf) {
  return isa == InstructionSet::kX86_64 ? dwarf == kX86DwarfRsp : dwarf == kArm64DwarfSpOrZero;
}

absl::StatusOr<DexRegisterLocation> DwarfToMachineRegister(InstructionSet isa, uint16_t dwarf) {
  if (isa == InstructionSet::kX86_64) {
    if (dwarf < std::size(kX86HardwareOfDwarf) && dwarf != kX86DwarfRsp) {
      const size_t entry = FP_PLANTED_BUG(kLlvmDwarfRegisterOffByOne)
                               ? (dwarf + 1) % std::size(kX86HardwareOfDwarf)
                               : dwarf;
      return DexRegisterLocation{DexRegisterKind::kInRegister, kX86HardwareOfDwarf[entry]};
    }
    if (dwarf >= kX86DwarfFirstXmm && dwarf < kX86DwarfFirstXmm + kX86XmmCount) {
      return DexRegisterLocation{DexRegisterKind::kInFpuRegister, dwarf - kX86DwarfFirstXmm};
    }
  } else if (isa == InstructionSet::kArm64) {
    if (dwarf < kArm64DwarfSpOrZero) {
      const int32_t number = FP_PLANTED_BUG(kLlvmDwarfRegisterOffByOne) ? (dwarf + 1) % kArm64DwarfSpOrZero
                                                                         : dwarf;
      return DexRegisterLocation{DexRegisterKind::kInRegister, number};
    }
    if (dwarf >= kArm64DwarfFirstV && dwarf < kArm64DwarfFirstV + kArm64VCount) {
      return DexRegisterLocation{DexRegisterKind::kInFpuRegister, dwarf - kArm64DwarfFirstV};
    }
  }
  return absl::InvalidArgumentError(absl::StrCat("DWARF register ", dwarf, " names no ",
                                                 InstructionSetName(isa),
                                                 " register a value can live in"));
}

absl::StatusOr<DexRegisterLocation> DwarfValueRegister(InstructionSet isa, uint16_t dwarf) {
  if (isa == InstructionSet::kArm64 && dwarf == kArm64DwarfSpOrZero) {
    return DexRegisterLocation{DexRegisterKind::kConstant, 0};
  }
  return DwarfToMachineRegister(isa, dwarf);
}

}  // namespace frameproof
