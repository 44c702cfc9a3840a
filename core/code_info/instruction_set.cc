#include "absl/strings/string_view.h"
#include "core/code_info/instruction_set.h"

#include <array>
#include <utility>

namespace frameproof {
namespace {

constexpr std::array<std::pair<InstructionSet, absl::string_view>, 5> kNames = {{
    {InstructionSet::kArm, "arm"},
    {InstructionSet::kArm64, "arm64"},
    {InstructionSet::kRiscv64, "riscv64"},
    {InstructionSet::kX86, "x86"},
    {InstructionSet::kX86_64, "x86_64"},
}};

}  // namespace

absl::string_view InstructionSetName(InstructionSet isa) {
  for (const auto& [value, name] : kNames) {
    if (value == isa) return name;
  }
  return "unknown";
}

std::optional<InstructionSet> ParseInstructionSet(absl::string_view name) {
  for (const auto& [value, known] : kNames) {
    if (known == name) return value;
  }
  return std::nullopt;
}

}  // namespace frameproof
