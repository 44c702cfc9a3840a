#include "verifiers/mutate/step_order.h"

#include <algorithm>
#include <array>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

namespace frameproof::mutate {
namespace {

int StepTier(absl::string_view name) {
  static constexpr std::array<absl::string_view, 13> kTiers = {
      "snapshots/",  "replay/",     "conformance/", "folder-tests/", "llvm-exec/",
      "llvm-corpus", "moar-corpus", "moar-hostile", "exec/",         "unit-tests/",
      "fuzz/",       "afl/",        "coverage/"};
  for (size_t tier = 0; tier < kTiers.size(); ++tier) {
    if (absl::StartsWith(name, kTiers[tier])) return static_cast<int>(tier);
  }
  return static_cast<int>(kTiers.size());
}

bool IsEmulated(const gate::Step& step) { return absl::StrContains(step.description, "qemu"); }

}  // namespace

void OrderCheapestFirst(std::vector<gate::Step>& steps) {
  std::stable_sort(steps.begin(), steps.end(), [](const gate::Step& a, const gate::Step& b) {
    return std::make_pair(IsEmulated(a), StepTier(a.name)) <
           std::make_pair(IsEmulated(b), StepTier(b.name));
  });
}

std::optional<InstructionSet> IsaOfFile(absl::string_view file) {
  for (InstructionSet isa : {InstructionSet::kX86_64, InstructionSet::kArm64}) {
    if (absl::StartsWith(file, absl::StrCat("arch/", InstructionSetName(isa), "/"))) return isa;
  }
  return std::nullopt;
}

std::vector<gate::Step> StepsForMutant(const Mutant& mutant, absl::Span<const gate::Step> usable,
                                       absl::Span<const gate::Step> folder_tests) {
  std::vector<gate::Step> steps(usable.begin(), usable.end());
  steps.insert(steps.end(), folder_tests.begin(), folder_tests.end());
  OrderCheapestFirst(steps);
  if (const std::optional<InstructionSet> isa = IsaOfFile(mutant.file); isa.has_value()) {
    std::stable_partition(steps.begin(), steps.end(), [&](const gate::Step& step) {
      return absl::StrContains(step.name, InstructionSetName(*isa));
    });
  }
  return steps;
}

}  // namespace frameproof::mutate
