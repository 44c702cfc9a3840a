#include "core/base/instruction_set.h"

#include "core/base/enum_names.h"

namespace frameproof {
namespace {

constexpr EnumNameTable<InstructionSet, 5> kNames = {{
    {InstructionSet::kArm, "arm"},
    {InstructionSet::kArm64, "arm64"},
    {InstructionSet::kRiscv64, "riscv64"},
    {InstructionSet::kX86, "x86"},
    {InstructionSet::kX86_64, "x86_64"},
}};
static_assert(NamesEachOnce(kNames));

}  // namespace

absl::string_view InstructionSetName(InstructionSet isa) { return NameOf(kNames, isa); }

std::optional<InstructionSet> ParseInstructionSet(absl::string_view name) {
  return EnumNamed(kNames, name);
}

}  // namespace frameproof
