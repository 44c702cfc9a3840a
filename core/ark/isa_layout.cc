#include "core/ark/isa_layout.h"

#include "absl/strings/str_cat.h"

namespace frameproof::ark {

absl::StatusOr<IsaLayout> LayoutFor(InstructionSet isa) {
  switch (isa) {
    case InstructionSet::kArm:
      return IsaLayout{.isa = isa,
                       .instruction_alignment = 4,
                       .pointer_size = 4,
                       .register_count = 43,
                       .code_alignment = 8};
    case InstructionSet::kArm64:
      return IsaLayout{.isa = isa,
                       .instruction_alignment = 4,
                       .pointer_size = 8,
                       .register_count = 61,
                       .code_alignment = 16};
    case InstructionSet::kX86_64:
      return IsaLayout{.isa = isa,
                       .instruction_alignment = 1,
                       .pointer_size = 8,
                       .register_count = 30,
                       .code_alignment = 16};
    case InstructionSet::kRiscv64:
    case InstructionSet::kX86:
      break;
  }
  return absl::InvalidArgumentError(absl::StrCat("Ark's CodeInfo has no ", InstructionSetName(isa),
                                                 " layout; it exists for arm, arm64 and x86_64"));
}

}  // namespace frameproof::ark
