#ifndef FRAMEPROOF_CORE_CODE_INFO_INSTRUCTION_SET_H_
#define FRAMEPROOF_CORE_CODE_INFO_INSTRUCTION_SET_H_

#include <cstdint>
#include <optional>

#include "absl/strings/string_view.h"

namespace frameproof {

// The ISAs whose CodeInfo we read and write. kArm is ART's kThumb2.
enum class InstructionSet : uint8_t { kArm, kArm64, kRiscv64, kX86, kX86_64 };

// Native pcs are stored divided by this (ART's GetInstructionSetInstructionAlignment).
constexpr uint32_t InstructionAlignment(InstructionSet isa) {
  switch (isa) {
    case InstructionSet::kArm:
      return 2;
    case InstructionSet::kArm64:
      return 4;
    case InstructionSet::kRiscv64:
      return 2;  // compressed instructions are mandatory
    case InstructionSet::kX86:
      return 1;
    case InstructionSet::kX86_64:
      return 1;
  }
  return 1;
}

// The ISA this process runs natively (ART's kRuntimeISA): the one whose generated code it can
// execute without an emulator.
constexpr InstructionSet NativeInstructionSet() {
#if defined(__aarch64__)
  return InstructionSet::kArm64;
#else
  return InstructionSet::kX86_64;
#endif
}

// "arm", "arm64", "riscv64", "x86", "x86_64".
absl::string_view InstructionSetName(InstructionSet isa);
std::optional<InstructionSet> ParseInstructionSet(absl::string_view name);

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_CODE_INFO_INSTRUCTION_SET_H_
