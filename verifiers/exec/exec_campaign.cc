#include "verifiers/exec/exec_campaign.h"

#include <chrono>
#include <ostream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "verifiers/exec/exec_case.h"
#include "verifiers/generators/plan_generator.h"

namespace frameproof {
namespace {

constexpr uint64_t kProgressEvery = 1000;

double SecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

std::string ReproductionCommand(const CampaignOptions& options, ResolverKind resolver,
                                uint64_t index) {
  return absl::StrCat("frameproof verify exec --arch ", InstructionSetName(options.isa),
                      " --metainfo ", NameOf(kMetainfoNames, options.metainfo), " --seed ",
                      options.seed, " --resolver ", ResolverKindName(resolver), " --case ", index);
}

CampaignSummary RunCampaign(const CampaignOptions& options, std::ostream& out,
                            std::ostream& progress) {
  CampaignSummary summary;
  const auto start = std::chrono::steady_clock::now();
  uint32_t detailed = 0;
  // One workspace for the campaign: mapping pages per case cost more than most cases.
  absl::StatusOr<ExecWorkspace> workspace = ExecWorkspace::Create();
  if (!workspace.ok()) {
    out << "FAIL: no exec workspace: " << workspace.status().message() << "\n";
    ++summary.failed;
    return summary;
  }
  for (const ResolverKind resolver : options.resolvers) {
    const uint64_t first = options.only_case.value_or(0);
    const uint64_t end = options.only_case.has_value() ? first + 1 : options.cases;
    uint64_t resolver_failed = 0;
    for (uint64_t index = first; index < end; ++index) {
      const MethodPlan plan = GeneratePlan(CaseSeed(options.seed, index), resolver);
      const CaseResult result = RunExecCase(plan, options.isa, options.metainfo, *workspace);
      if (result.passed) {
        ++summary.passed;
      } else {
        ++summary.failed;
        ++resolver_failed;
        out << "FAIL " << ResolverKindName(resolver) << " case " << index << " (plan seed "
            << plan.seed << ")\n";
        for (const Mismatch& failure : result.failures) {
          out << "  [" << MismatchClassName(failure.kind) << "] " << failure.detail << "\n";
        }
        if (detailed++ < options.max_detailed_failures) out << result.details;
        out << "  reproduce: " << ReproductionCommand(options, resolver, index) << "\n";
      }
      const uint64_t done = index - first + 1;
      if (done % kProgressEvery == 0 || index + 1 == end) {
        progress << absl::StrFormat(
            "[%s %s %s] %d/%d cases, %d failed, %.0f cases/s\n", InstructionSetName(options.isa),
            NameOf(kMetainfoNames, options.metainfo), ResolverKindName(resolver), done, end - first,
            resolver_failed, (summary.passed + summary.failed) / SecondsSince(start));
      }
    }
  }
  summary.seconds = SecondsSince(start);
  out << summary.passed << " passed, " << summary.failed << " failed\n";
  return summary;
}

}  // namespace frameproof
