#include "verifiers/exec/exec_oracle.h"

#include "absl/strings/str_cat.h"
#include "core/base/internal/fnv_hash.h"
#include "verifiers/exec/exec_case.h"
#include "verifiers/generators/plan_generator.h"

namespace frameproof {

Metainfo MetainfoForInput(absl::Span<const uint8_t> data) {
  // The high bit: FNV-1a's low bits depend only on the low bits of each byte.
  return (Fnv1a(data) >> 31 & 1) == 0 ? Metainfo::kArk : Metainfo::kArt;
}

OracleResult CheckExecCase(absl::Span<const uint8_t> data, InstructionSet isa) {
  const Metainfo metainfo = MetainfoForInput(data);
  // Fuzzers run one input at a time: one workspace serves them all.
  static absl::StatusOr<ExecWorkspace>* const workspace =
      new absl::StatusOr<ExecWorkspace>(ExecWorkspace::Create());
  if (!workspace->ok()) {
    return Mismatch{MismatchClass::kExecLoweringFailed,
                    absl::StrCat("no exec workspace: ", workspace->status().message())};
  }
  const CaseResult result = RunExecCase(PlanFromBytes(data), isa, metainfo, **workspace);
  if (result.failures.empty()) return std::nullopt;
  Mismatch first = result.failures.front();
  first.detail = absl::StrCat("metainfo ", NameOf(kMetainfoNames, metainfo), ": ", first.detail);
  return first;
}

}  // namespace frameproof
