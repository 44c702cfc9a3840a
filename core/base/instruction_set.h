#ifndef FRAMEPROOF_CORE_BASE_INSTRUCTION_SET_H_
#define FRAMEPROOF_CORE_BASE_INSTRUCTION_SET_H_

#include <cstdint>
#include <optional>

#include "absl/strings/string_view.h"

namespace frameproof {

// The ISAs whose metadata frameproof reads and writes, shared by every dialect. kArm is ART's
// kThumb2 and Ark's AARCH32; each dialect says how it lays out pcs for each (core/art/stack_map.h,
// core/ark/isa_layout.h).
enum class InstructionSet : uint8_t { kArm, kArm64, kRiscv64, kX86, kX86_64 };

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

#endif  // FRAMEPROOF_CORE_BASE_INSTRUCTION_SET_H_
