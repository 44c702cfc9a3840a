#ifndef FRAMEPROOF_VERIFIERS_EXEC_EXEC_CASE_H_
#define FRAMEPROOF_VERIFIERS_EXEC_EXEC_CASE_H_

// One execution-verifier case, end to end (DESIGN.md): lower the plan, load it W^X, run the
// compiled method twice under a crash guard, and compare what the runtime decoded, the GOT, the
// callee's arguments and the preserved values with what the plan says. The halves are apart:
// case_execution.h lowers, loads and runs; case_judge.h judges each run; case_report.h writes
// what a failure shows.

#include <string>
#include <vector>

#include "arch/metainfo.h"
#include "arch/method_plan.h"
#include "core/base/instruction_set.h"
#include "verifiers/exec/exec_workspace.h"
#include "verifiers/exec/frame_state.h"
#include "verifiers/model/mismatch.h"

namespace frameproof {

struct CaseResult {
  bool passed = false;
  std::vector<Mismatch> failures;  // one per broken post-condition, classed for deduplication
  // The state the runtime decoded at one call site (method_plan.h) and the one it should have:
  // the first site whose states differ, or else the plan's call.
  size_t site = 0;
  FrameState expected;
  FrameState decoded;
  std::string details;  // side-by-side state, disassembly around the call
};

// Runs `plan` on `isa`, which must be the ISA this process executes, its safepoints described
// and walked in `metainfo`'s dialect, in `workspace`'s pages (one workspace serves any number of
// cases, one at a time).
CaseResult RunExecCase(const MethodPlan& plan, InstructionSet isa, Metainfo metainfo,
                       ExecWorkspace& workspace);
// The same in a workspace of its own, for a case that runs alone.
CaseResult RunExecCase(const MethodPlan& plan, InstructionSet isa, Metainfo metainfo);
// The same, each walk compared with the state given for its call site (a golden snapshot's, one
// per CallSiteCount(plan)) instead of the one computed from the plan.
CaseResult RunExecCaseAgainst(const MethodPlan& plan, InstructionSet isa, Metainfo metainfo,
                              std::vector<FrameState> expected_by_site);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_EXEC_EXEC_CASE_H_
