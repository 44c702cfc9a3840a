#include "verifiers/exec/exec_case.h"

#include <optional>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "verifiers/exec/case_execution.h"
#include "verifiers/exec/case_judge.h"
#include "verifiers/exec/case_report.h"

namespace frameproof {
namespace {

constexpr const char* kFirstRun = "first execution";
constexpr const char* kSecondRun = "second execution";

// A case that could not be set up to run.
CaseResult CaseFailure(std::string why) {
  CaseResult result;
  result.failures.push_back(Mismatch{MismatchClass::kExecLoweringFailed, std::move(why)});
  return result;
}

// The case's verdict, with the report when it failed.
CaseResult Conclude(const MethodPlan& plan, InstructionSet isa, Metainfo metainfo, CaseJudge& judge,
                    const CaseExecution& run, uint64_t crash_pc = 0) {
  CaseResult result = judge.Verdict(&run);
  if (!result.passed) {
    result.details =
        CaseDetails(plan, isa, metainfo, result, run.loaded() ? &run.image() : nullptr, crash_pc);
  }
  return result;
}

// Runs `plan` twice, each run judged against `expected_by_site`, one state per call site.
CaseResult RunAgainst(const MethodPlan& plan, InstructionSet isa, Metainfo metainfo,
                      ExecWorkspace& workspace, std::vector<FrameState> expected_by_site) {
  if (isa != NativeInstructionSet()) {
    return CaseFailure(absl::StrCat("this process runs ",
                                    InstructionSetName(NativeInstructionSet()), " code, not ",
                                    InstructionSetName(isa)));
  }
  if (expected_by_site.size() != CallSiteCount(plan)) {
    return CaseFailure(absl::StrCat(expected_by_site.size(), " expected states for ",
                                    CallSiteCount(plan), " call sites"));
  }
  CaseJudge judge(plan, isa, std::move(expected_by_site));
  CaseExecution run(plan, isa, metainfo, workspace);
  if (absl::Status loaded = run.Load(); !loaded.ok()) {
    judge.Report(MismatchClass::kExecLoweringFailed, std::string(loaded.message()));
    return Conclude(plan, isa, metainfo, judge, run);
  }

  // First run: each safepoint, then through the resolver. After a crash, what the runtime saw
  // and the GOT still tell how far it got.
  if (const std::optional<Crash> crash = run.Run(); crash.has_value()) {
    judge.Report(MismatchClass::kExecCrashed,
                 absl::StrCat(kFirstRun, " crashed: ", crash->Describe()));
    judge.Entries(run, kFirstRun, 0, /*resolver_enters=*/true, /*complete=*/false);
    judge.Got(run);
    return Conclude(plan, isa, metainfo, judge, run, crash->pc);
  }
  judge.Entries(run, kFirstRun, 0, /*resolver_enters=*/true, /*complete=*/true);
  judge.Got(run);
  judge.SafepointDumps(run, kFirstRun, 0);
  judge.Preserved(run, kFirstRun, 0);
  judge.ThreadFrame(run, kFirstRun, /*resolver_ran=*/true);
  judge.Mailbox(run, 1);

  // Second run: the safepoints again, then the fast path, unless the class is still
  // initializing.
  const size_t first = run.runtime().entries().size();
  if (const std::optional<Crash> crash = run.Run(); crash.has_value()) {
    judge.Report(MismatchClass::kExecCrashed,
                 absl::StrCat(kSecondRun, " crashed: ", crash->Describe()));
    return Conclude(plan, isa, metainfo, judge, run, crash->pc);
  }
  const bool reenters = plan.resolver == ResolverKind::kInitClass && !plan.class_initialized;
  judge.Entries(run, kSecondRun, first, reenters, /*complete=*/true);
  judge.SafepointDumps(run, kSecondRun, first);
  judge.Preserved(run, kSecondRun, first);
  judge.ThreadFrame(run, kSecondRun, reenters);
  judge.Mailbox(run, 2);
  return Conclude(plan, isa, metainfo, judge, run);
}

}  // namespace

CaseResult RunExecCase(const MethodPlan& plan, InstructionSet isa, Metainfo metainfo,
                       ExecWorkspace& workspace) {
  return RunAgainst(plan, isa, metainfo, workspace, ExpectedFrameStatesBySite(plan, metainfo));
}

CaseResult RunExecCase(const MethodPlan& plan, InstructionSet isa, Metainfo metainfo) {
  return RunExecCaseAgainst(plan, isa, metainfo, ExpectedFrameStatesBySite(plan, metainfo));
}

CaseResult RunExecCaseAgainst(const MethodPlan& plan, InstructionSet isa, Metainfo metainfo,
                              std::vector<FrameState> expected_by_site) {
  absl::StatusOr<ExecWorkspace> workspace = ExecWorkspace::Create();
  if (!workspace.ok()) return CaseFailure(std::string(workspace.status().message()));
  return RunAgainst(plan, isa, metainfo, *workspace, std::move(expected_by_site));
}

}  // namespace frameproof
