#include "verifiers/exec/case_judge.h"

#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"
#include "arch/plt_got.h"
#include "arch/register_file.h"
#include "arch/runtime_abi.h"
#include "arch/value_model.h"
#include "verifiers/exec/moving_collector.h"

namespace frameproof {

namespace abi = runtime_abi;

CaseJudge::CaseJudge(const MethodPlan& plan, InstructionSet isa,
                     std::vector<FrameState> expected_by_site)
    : plan_(plan),
      isa_(isa),
      expected_by_site_(std::move(expected_by_site)),
      shown_site_(plan.safepoints.size()) {}

void CaseJudge::Report(MismatchClass kind, std::string detail) {
  failures_.push_back(Mismatch{kind, std::move(detail)});
}

void CaseJudge::Entries(const CaseExecution& run, const char* which, size_t first,
                        bool resolver_enters, bool complete) {
  const std::vector<RuntimeEntry>& entries = run.runtime().entries();
  const size_t safepoints = plan_.safepoints.size();
  const size_t want = safepoints + (resolver_enters ? 1 : 0);
  const size_t got = entries.size() - first;
  if (got > want || (complete && got != want)) {
    Report(MismatchClass::kExecRuntimeEntry,
           absl::StrCat(which, " entered the runtime ", got, " times; expected ", want, " (",
                        safepoints, " safepoints, then ",
                        resolver_enters ? "the resolver" : "none: the fast path", ")"));
  }
  for (size_t site = 0; site < std::min(got, want); ++site) {
    const RuntimeEntry& entry = entries[first + site];
    const bool safepoint = site < safepoints;
    const std::string at =
        safepoint ? absl::StrCat(which, ", safepoint ", site) : std::string(which);
    if (entry.caller != run.runtime().compiled_method()) {
      Report(MismatchClass::kExecRuntimeEntry,
             absl::StrCat(at, safepoint ? ": the safepoint" : ": the resolver",
                          " passed the runtime the wrong caller Method*"));
    }
    if (safepoint != (entry.entrypoint == abi::Entrypoint::kSafepoint)) {
      Report(MismatchClass::kExecRuntimeEntry,
             absl::StrCat(at, ": entrypoint ", static_cast<uint32_t>(entry.entrypoint),
                          " ran; expected ", safepoint ? "the safepoint's" : "the resolver's"));
    }
    const uint64_t want_id = safepoint ? site : plan_.target_id;
    if (entry.id != want_id) {
      Report(MismatchClass::kExecRuntimeEntry,
             absl::StrCat(at, safepoint ? ": the safepoint" : ": the resolver", " asked for id ",
                          entry.id, safepoint ? "; its index is " : "; the GOT says ", want_id));
    }
    if (!entry.walk.ok()) {
      Report(MismatchClass::kExecStackWalkFailed,
             absl::StrCat(at, ": stack walk: ", entry.walk.status().message()));
      continue;
    }
    const bool differs = !(entry.walk->state == expected_by_site_[site]);
    // The verdict shows the first state that differs, or else the resolver's call.
    if ((differs && !shown_state_differs_) || (!shown_state_differs_ && !safepoint)) {
      shown_site_ = site;
      shown_entry_ = first + site;
      shown_state_differs_ = differs;
    }
    if (differs) {
      Report(MismatchClass::kExecDecodedStateDiffers,
             absl::StrCat(at, ": the decoded frame state differs from the snapshot"));
    }
  }
}

void CaseJudge::Got(const CaseExecution& run) {
  const ExecImage& image = run.image();
  const bool initialized = run.runtime().klass()->state == abi::kClassStateInitialized;
  const std::vector<uint64_t> want =
      ResolvedGotWords(plan_.resolver, plan_.target_id, image.got_group_address,
                       image.resolvers[static_cast<size_t>(ResolverKind::kCallStatic)],
                       run.runtime().ResolvedValue(), initialized);
  const absl::Span<const uint64_t> got = run.got_words();
  for (size_t i = 0; i < want.size(); ++i) {
    if (got[i] != want[i]) {
      Report(MismatchClass::kExecGotWrong,
             absl::StrCat("GOT ", GotSlotName(plan_.resolver, i), " holds 0x", absl::Hex(got[i]),
                          "; expected 0x", absl::Hex(want[i])));
    }
  }
}

uint32_t CaseJudge::MovedBy(const CaseExecution& run, uint32_t reference, size_t first,
                            size_t last) const {
  const std::vector<RuntimeEntry>& entries = run.runtime().entries();
  for (size_t i = first; i < last && i < entries.size(); ++i) {
    if (entries[i].collected) reference = MovedReference(reference, entries[i].collection);
  }
  return reference;
}

// The values `at` (one call site's plan) dumped from word `base` on survived their call: each as
// it was, a reference as the collections of the entries `moves(frame index)` names left it. `at`
// is a MethodPlan or one method's frames (ForEachPlannedVReg takes either).
template <typename Values, typename Moves>
void CaseJudge::DumpedValues(const CaseExecution& run, const std::string& which, const Values& at,
                             uint32_t base, Moves&& moves) {
  ForEachPlannedVReg(at, [&](uint32_t flat, size_t f, size_t v, const PlannedVReg& vreg) {
    if (!IsMaterialized(vreg.location)) return;
    const uint64_t held = HeldBits(vreg.type, run.dump()[base + flat]);
    const uint64_t planted = HeldBits(vreg);
    uint64_t want = planted;
    if (IsGcRoot(vreg)) {
      const auto [first, last] = moves(f);
      want = MovedBy(run, static_cast<uint32_t>(want), first, last);
    }
    if (held == want) return;
    const std::string value = absl::StrCat(which, ": frame ", f, " v", v, " (",
                                           NameOf(kLocationClassNames, vreg.location), ") reads 0x",
                                           absl::Hex(held), " after the call; ");
    if (want != planted) {
      Report(MismatchClass::kExecStaleReference,
             absl::StrCat(value, "the collector moved 0x", absl::Hex(planted), " to 0x",
                          absl::Hex(want), held == planted ? " (a root the metainfo missed)" : ""));
    } else {
      Report(MismatchClass::kExecValueNotPreserved,
             absl::StrCat(value, "it held 0x", absl::Hex(want)));
    }
  });
}

void CaseJudge::SafepointDumps(const CaseExecution& run, const char* which, size_t first) {
  for (size_t site = 0; site < plan_.safepoints.size(); ++site) {
    const std::string at = absl::StrCat(which, ", safepoint ", site);
    const uint32_t base = SafepointDumpIndex(plan_, site);
    DumpedValues(run, at, SiteFrames(plan_, site), base, [&](size_t) {
      return std::pair{first + site, first + site + 1};
    });
    const uint64_t frame =
        run.dump()[SafepointDumpWordAt(plan_, site, abi::SafepointDumpWord::kThreadFrameAfterCall)];
    ThreadFrameIs(at.c_str(), frame, run.dumped_word(abi::DumpWord::kFramePointer),
                  " (the method's frame pointer, restored by the safepoint's bridge)");
  }
}

void CaseJudge::Preserved(const CaseExecution& run, const char* which, size_t first) {
  const size_t own_frames = plan_.frames.size();
  const size_t call_entry = first + plan_.safepoints.size();
  const size_t last = run.runtime().entries().size();
  DumpedValues(run, which, plan_, 0, [&](size_t f) {
    return std::pair{f < own_frames ? call_entry : first, last};
  });
  const uint64_t result = run.dumped_word(abi::DumpWord::kResult);
  uint64_t want_result = 0;
  if (plan_.resolver == ResolverKind::kCallVirtual) {
    want_result = reinterpret_cast<uint64_t>(run.runtime().callee());
  } else if (plan_.resolver != ResolverKind::kCallStatic) {
    want_result = reinterpret_cast<uint64_t>(run.runtime().klass());
  }
  if (result != want_result) {
    Report(MismatchClass::kExecWrongResult,
           absl::StrCat(which, ": the operation produced 0x", absl::Hex(result), "; expected 0x",
                        absl::Hex(want_result)));
  }
}

void CaseJudge::ThreadFrame(const CaseExecution& run, const char* which, bool resolver_ran) {
  // Without safepoints nothing before the call touched thread->frame; after one, its bridge left
  // it at the method's frame.
  const uint64_t untouched =
      plan_.safepoints.empty() ? abi::kPoison : run.dumped_word(abi::DumpWord::kFramePointer);
  ThreadFrameIs(which, run.dumped_word(abi::DumpWord::kThreadFrameAfterCall),
                resolver_ran ? run.dumped_word(abi::DumpWord::kFramePointer) : untouched,
                resolver_ran ? " (the caller's frame pointer, restored by the resolver)"
                : plan_.safepoints.empty()
                    ? " (untouched: no resolver ran)"
                    : " (as the last safepoint's bridge left it: no resolver ran)");
}

void CaseJudge::ThreadFrameIs(const char* which, uint64_t frame, uint64_t want, const char* why) {
  if (frame != want) {
    Report(MismatchClass::kExecThreadFrameWrong,
           absl::StrCat(which, ": thread->frame is 0x", absl::Hex(frame),
                        " after the call; expected 0x", absl::Hex(want), why));
  }
}

void CaseJudge::Mailbox(const CaseExecution& run, uint64_t calls) {
  if (plan_.resolver != ResolverKind::kCallStatic && plan_.resolver != ResolverKind::kCallVirtual) {
    return;
  }
  const absl::Span<const uint64_t> mailbox = run.mailbox();
  if (mailbox[0] != calls) {
    Report(MismatchClass::kExecCalleeWrong,
           absl::StrCat("the callee ran ", mailbox[0], " times; expected ", calls));
    return;
  }
  // The Method*, then the planned arguments in every argument register left; a virtual call's
  // first argument is its receiver.
  std::vector<uint64_t> want = {reinterpret_cast<uint64_t>(run.runtime().callee())};
  ForEachCallArgument(
      plan_, RegisterFileOf(isa_).arguments.size(), [&](size_t, std::optional<uint64_t> argument) {
        want.push_back(argument.value_or(reinterpret_cast<uint64_t>(run.runtime().receiver())));
      });
  for (size_t i = 0; i < want.size(); ++i) {
    if (mailbox[i + 1] != want[i]) {
      Report(MismatchClass::kExecCalleeWrong,
             absl::StrCat("the callee got argument ", i, " = 0x", absl::Hex(mailbox[i + 1]),
                          "; expected 0x", absl::Hex(want[i])));
    }
  }
}

CaseResult CaseJudge::Verdict(const CaseExecution* run) {
  CaseResult result;
  result.site = shown_site_;
  result.expected = std::move(expected_by_site_[shown_site_]);  // the judging is over
  if (run != nullptr && shown_entry_.has_value()) {
    result.decoded = run->runtime().entries()[*shown_entry_].walk->state;
  }
  result.failures = std::move(failures_);
  result.passed = result.failures.empty();
  return result;
}

}  // namespace frameproof
