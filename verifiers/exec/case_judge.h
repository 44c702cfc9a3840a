#ifndef FRAMEPROOF_VERIFIERS_EXEC_CASE_JUDGE_H_
#define FRAMEPROOF_VERIFIERS_EXEC_CASE_JUDGE_H_

// The judging half of an exec case: what a run of CaseExecution left, held to the plan and to
// the state each call site must decode. Every broken post-condition is one Mismatch, classed for
// deduplication; Verdict() gathers them with the state the report shows.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "arch/method_plan.h"
#include "core/base/instruction_set.h"
#include "verifiers/exec/case_execution.h"
#include "verifiers/exec/exec_case.h"
#include "verifiers/exec/frame_state.h"
#include "verifiers/model/mismatch.h"

namespace frameproof {

class CaseJudge {
 public:
  // `expected_by_site`: what a walk at each call site must decode (CallSiteCount(plan) states),
  // the same in every run.
  CaseJudge(const MethodPlan& plan, InstructionSet isa, std::vector<FrameState> expected_by_site);

  void Report(MismatchClass kind, std::string detail);

  // The runtime entries of one run, from entry `first` on: one per safepoint, each from the
  // compiled method with the safepoint's index, then (if `resolver_enters`) the resolver's with
  // the GOT's id; each walk decodes the state of its call site. A run that crashed (not
  // `complete`) may have stopped short.
  void Entries(const CaseExecution& run, const char* which, size_t first, bool resolver_enters,
               bool complete);
  // The GOT holds what the resolver's kind leaves in it once the runtime resolved the id.
  void Got(const CaseExecution& run);
  // After each safepoint of the run whose entries start at `first`, the plan's own method's values
  // at that site survived, its references moved by that safepoint's collection, and
  // thread->frame was back at the method's frame.
  void SafepointDumps(const CaseExecution& run, const char* which, size_t first);
  // Every value in a register or stack slot survived the call, every reference as the collections
  // moved it (the plan's own method's at its call, the callers' at every entry of the run whose
  // entries start at `first`), and the result is right.
  void Preserved(const CaseExecution& run, const char* which, size_t first);
  // A resolver that ran left thread->frame at its caller's frame (runtime_abi.h); without one,
  // the harness's poison, or the last safepoint bridge's frame, is still there.
  void ThreadFrame(const CaseExecution& run, const char* which, bool resolver_ran);
  // A call's callee ran `calls` times so far and got the Method* and the planned arguments.
  void Mailbox(const CaseExecution& run, uint64_t calls);

  // The verdict so far: the mismatches, and the state of the first site whose walk differs, or
  // else of the plan's call (as `run`, if it loaded, decoded it).
  CaseResult Verdict(const CaseExecution* run);

 private:
  uint32_t MovedBy(const CaseExecution& run, uint32_t reference, size_t first, size_t last) const;
  template <typename Values, typename Moves>
  void DumpedValues(const CaseExecution& run, const std::string& which, const Values& at,
                    uint32_t base, Moves&& moves);
  void ThreadFrameIs(const char* which, uint64_t frame, uint64_t want, const char* why);

  const MethodPlan& plan_;
  const InstructionSet isa_;
  std::vector<FrameState> expected_by_site_;
  std::vector<Mismatch> failures_;
  size_t shown_site_;
  // The runtime entry whose decoded state the verdict shows: the first that differs, or else the
  // resolver's; shown_state_differs_ says which.
  std::optional<size_t> shown_entry_;
  bool shown_state_differs_ = false;
};

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_EXEC_CASE_JUDGE_H_
