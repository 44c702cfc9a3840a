#include "verifiers/exec/exec_case.h"

#include <signal.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>

#include "absl/strings/str_cat.h"
#include "arch/exec_image.h"
#include "arch/plt_got.h"
#include "arch/runtime_abi.h"
#include "arch/value_model.h"
#include "core/base/planted_bug.h"
#include "verifiers/exec/crash_guard.h"
#include "verifiers/exec/disassembler.h"
#include "verifiers/exec/exec_workspace.h"
#include "verifiers/exec/executable_memory.h"
#include "verifiers/exec/mock_runtime.h"

namespace frameproof {
namespace {

namespace abi = runtime_abi;

// The planted harness death: the way the process ends when a fault hits with the engine's
// handlers out of the way, so no crash report and no artifact are written.
[[noreturn]] void DieBypassingEveryHandler() {
  signal(SIGSEGV, SIG_DFL);
  raise(SIGSEGV);
  _Exit(139);
}
constexpr uint32_t kDisassemblyWindow = 48;  // bytes either side of the return pc

using MethodEntry = uint64_t (*)(const MockMethod* self, MockThread* thread);

// A case that could not be set up to run.
CaseResult CaseFailure(std::string why) {
  CaseResult result;
  result.failures.push_back(Mismatch{MismatchClass::kExecLoweringFailed, std::move(why)});
  return result;
}

class CaseRunner {
 public:
  // `expected_by_site`: what a walk at each call site must decode, the same in both executions.
  CaseRunner(const MethodPlan& plan, InstructionSet isa, Metainfo metainfo,
             ExecWorkspace& workspace, std::vector<FrameState> expected_by_site)
      : plan_(plan),
        isa_(isa),
        metainfo_(metainfo),
        workspace_(workspace),
        expected_by_site_(std::move(expected_by_site)) {
    result_.site = plan.safepoints.size();
  }

  CaseResult Run() {
    absl::StatusOr<std::unique_ptr<MockRuntime>> runtime =
        MockRuntime::Create(isa_, metainfo_, plan_, workspace_.heap_pages());
    if (!runtime.ok()) {
      return Fail(MismatchClass::kExecLoweringFailed, std::string(runtime.status().message()));
    }
    runtime_ = *std::move(runtime);
    ExecutableMemory* memory = &workspace_.image_pages();
    dump_.assign(SafepointDumpIndex(plan_, plan_.safepoints.size()), abi::kPoison);
    ImageEnvironment env;
    env.base = memory->base();
    env.page_size = ExecutableMemory::PageSize();
    env.dump_address = reinterpret_cast<uint64_t>(dump_.data());
    env.mailbox_address = reinterpret_cast<uint64_t>(mailbox_.data());
    env.receiver_address = reinterpret_cast<uint64_t>(runtime_->receiver());
    env.method_addresses = runtime_->CompiledMethodAddresses();
    absl::StatusOr<const ExecImage*> image =
        workspace_.image_builder().Build(plan_, isa_, metainfo_, env);
    if (!image.ok()) {
      return Fail(MismatchClass::kExecLoweringFailed,
                  absl::StrCat("lowering: ", image.status().message()));
    }
    image_ = *image;
    if (absl::Status loaded = memory->Load(*image_); !loaded.ok()) {
      return Fail(MismatchClass::kExecLoweringFailed, std::string(loaded.message()));
    }
    InitializeGot();
    runtime_->Install(*image_);

    // First execution: each safepoint, then through the resolver. After a crash, what the
    // runtime saw and the GOT still tell how far it got.
    const bool first_ok = Execute("first execution");
    CheckEntries("first execution", 0, /*resolver_enters=*/true, /*complete=*/first_ok);
    CheckGot();
    if (!first_ok) return Finish();
    CheckSafepointDumps("first execution", 0);
    CheckPreserved("first execution", 0);
    CheckThreadFrame("first execution", /*resolver_ran=*/true);
    CheckMailbox(1);
    // Second execution: the safepoints again, then the fast path, unless the class is still
    // initializing.
    const size_t entries_before = runtime_->entries().size();
    if (!Execute("second execution")) return Finish();
    const bool reenters = plan_.resolver == ResolverKind::kInitClass && !plan_.class_initialized;
    CheckEntries("second execution", entries_before, reenters, /*complete=*/true);
    CheckSafepointDumps("second execution", entries_before);
    CheckPreserved("second execution", entries_before);
    CheckThreadFrame("second execution", reenters);
    CheckMailbox(2);
    return Finish();
  }

 private:
  void Report(MismatchClass kind, std::string detail) {
    result_.failures.push_back(Mismatch{kind, std::move(detail)});
  }
  CaseResult Fail(MismatchClass kind, std::string detail) {
    Report(kind, std::move(detail));
    return Finish();
  }

  CaseResult Finish() {
    result_.expected = std::move(expected_by_site_[result_.site]);  // the case is over
    if (shown_entry_.has_value()) result_.decoded = runtime_->entries()[*shown_entry_].walk->state;
    result_.passed = result_.failures.empty();
    if (!result_.passed) result_.details = Details();
    return std::move(result_);
  }

  uint64_t* GotWords() const { return reinterpret_cast<uint64_t*>(image_->got_group_address); }
  uint64_t CallStaticResolver() const {
    return image_->resolvers[static_cast<size_t>(ResolverKind::kCallStatic)];
  }

  // The loader's part (Ark's InitializeGot).
  void InitializeGot() {
    const std::vector<uint64_t> words = InitialGotWords(
        plan_.resolver, plan_.target_id, image_->got_group_address, CallStaticResolver());
    std::copy(words.begin(), words.end(), GotWords());
  }

  uint64_t DumpedWord(abi::DumpWord word) const {
    return dump_[abi::DumpWordIndex(PlannedVRegCount(plan_), word)];
  }

  bool Execute(const char* which) {
    std::fill(dump_.begin(), dump_.end(), abi::kPoison);
    runtime_->thread()->frame = abi::kPoison;
    // The entry stub calls the outermost compiled method, which calls the next, down to the
    // plan's own.
    const auto entry = reinterpret_cast<MethodEntry>(image_->entry);
    const MockMethod* outermost = runtime_->compiled_method(image_->methods.size() - 1);
    MockRuntime::Activation activation(runtime_.get());
    const std::optional<Crash> crash = RunGuarded([&] { entry(outermost, runtime_->thread()); });
    if (FP_PLANTED_BUG(kExecHarnessDiesOutsideGuard) && plan_.target_id % 16 == 0) {
      DieBypassingEveryHandler();
    }
    if (crash.has_value()) {
      crash_pc_ = crash->pc;
      Report(MismatchClass::kExecCrashed, absl::StrCat(which, " crashed: ", crash->Describe()));
      return false;
    }
    return true;
  }

  // The runtime entries of one execution, from entry `first` on: one per safepoint, each from
  // the compiled method with the safepoint's index, then (if `resolver_enters`) the resolver's
  // with the GOT's id; each walk decodes the state of its call site. An execution that crashed
  // (not `complete`) may have stopped short.
  void CheckEntries(const char* which, size_t first, bool resolver_enters, bool complete) {
    const std::vector<RuntimeEntry>& entries = runtime_->entries();
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
      if (entry.caller != runtime_->compiled_method()) {
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
      const FrameState& expected = expected_by_site_[site];
      const bool differs = !(entry.walk->state == expected);
      // The details show the first state that differs, or else the resolver's call.
      if ((differs && !shown_state_differs_) || (!shown_state_differs_ && !safepoint)) {
        result_.site = site;
        shown_entry_ = first + site;
        shown_state_differs_ = differs;
      }
      if (differs) {
        Report(MismatchClass::kExecDecodedStateDiffers,
               absl::StrCat(at, ": the decoded frame state differs from the snapshot"));
      }
    }
  }

  void CheckGot() {
    const bool initialized = runtime_->klass()->state == abi::kClassStateInitialized;
    const std::vector<uint64_t> want =
        ResolvedGotWords(plan_.resolver, plan_.target_id, image_->got_group_address,
                         CallStaticResolver(), runtime_->ResolvedValue(), initialized);
    for (size_t i = 0; i < want.size(); ++i) {
      if (GotWords()[i] != want[i]) {
        Report(MismatchClass::kExecGotWrong,
               absl::StrCat("GOT ", GotSlotName(plan_.resolver, i), " holds 0x",
                            absl::Hex(GotWords()[i]), "; expected 0x", absl::Hex(want[i])));
      }
    }
  }

  // Where the collections of runtime entries [first, last) left the object at `reference`.
  uint32_t MovedBy(uint32_t reference, size_t first, size_t last) const {
    const std::vector<RuntimeEntry>& entries = runtime_->entries();
    for (size_t i = first; i < last && i < entries.size(); ++i) {
      if (entries[i].collected) reference = MovedReference(reference, entries[i].collection);
    }
    return reference;
  }

  // The values `at` (one call site's plan) dumped from word `base` on survived their call: each
  // as it was, a reference as the collections of the entries `moves(frame index)` names left it.
  // `at` is a MethodPlan or one method's frames (ForEachPlannedVReg takes either).
  template <typename Values, typename Moves>
  void CheckDumpedValues(const std::string& which, const Values& at, uint32_t base, Moves&& moves) {
    ForEachPlannedVReg(at, [&](uint32_t flat, size_t f, size_t v, const PlannedVReg& vreg) {
      if (!IsMaterialized(vreg.location)) return;
      const uint64_t held = HeldBits(vreg.type, dump_[base + flat]);
      const uint64_t planted = HeldBits(vreg);
      uint64_t want = planted;
      if (IsGcRoot(vreg)) {
        const auto [first, last] = moves(f);
        want = MovedBy(static_cast<uint32_t>(want), first, last);
      }
      if (held == want) return;
      const std::string value = absl::StrCat(which, ": frame ", f, " v", v, " (",
                                             NameOf(kLocationClassNames, vreg.location),
                                             ") reads 0x", absl::Hex(held), " after the call; ");
      if (want != planted) {
        Report(
            MismatchClass::kExecStaleReference,
            absl::StrCat(value, "the collector moved 0x", absl::Hex(planted), " to 0x",
                         absl::Hex(want), held == planted ? " (a root the metainfo missed)" : ""));
      } else {
        Report(MismatchClass::kExecValueNotPreserved,
               absl::StrCat(value, "it held 0x", absl::Hex(want)));
      }
    });
  }

  // After each safepoint of the execution whose entries start at `first`, the plan's own method's
  // values at that site survived, its references moved by that safepoint's collection, and
  // thread->frame was back at the method's frame.
  void CheckSafepointDumps(const char* which, size_t first) {
    for (size_t site = 0; site < plan_.safepoints.size(); ++site) {
      const std::string at = absl::StrCat(which, ", safepoint ", site);
      const uint32_t base = SafepointDumpIndex(plan_, site);
      CheckDumpedValues(at, SiteFrames(plan_, site), base, [&](size_t) {
        return std::pair{first + site, first + site + 1};
      });
      const uint64_t frame =
          dump_[SafepointDumpWordAt(plan_, site, abi::SafepointDumpWord::kThreadFrameAfterCall)];
      CheckThreadFrameIs(at.c_str(), frame, DumpedWord(abi::DumpWord::kFramePointer),
                         " (the method's frame pointer, restored by the safepoint's bridge)");
    }
  }

  // Every value in a register or stack slot survived the call, every reference as the
  // collections moved it (the plan's own method's at its call, the callers' at every entry of
  // the execution whose entries start at `first`), and the result is right.
  void CheckPreserved(const char* which, size_t first) {
    const size_t own_frames = plan_.frames.size();
    const size_t call_entry = first + plan_.safepoints.size();
    const size_t last = runtime_->entries().size();
    CheckDumpedValues(which, plan_, 0, [&](size_t f) {
      return std::pair{f < own_frames ? call_entry : first, last};
    });
    const uint64_t result = DumpedWord(abi::DumpWord::kResult);
    uint64_t want_result = 0;
    if (plan_.resolver == ResolverKind::kCallVirtual) {
      want_result = reinterpret_cast<uint64_t>(runtime_->callee());
    } else if (plan_.resolver != ResolverKind::kCallStatic) {
      want_result = reinterpret_cast<uint64_t>(runtime_->klass());
    }
    if (result != want_result) {
      Report(MismatchClass::kExecWrongResult,
             absl::StrCat(which, ": the operation produced 0x", absl::Hex(result), "; expected 0x",
                          absl::Hex(want_result)));
    }
  }

  // A resolver that ran left thread->frame at its caller's frame (runtime_abi.h); without one,
  // the harness's poison is still there.
  void CheckThreadFrame(const char* which, bool resolver_ran) {
    // Without safepoints nothing before the call touched thread->frame; after one, its bridge
    // left it at the method's frame.
    const uint64_t untouched =
        plan_.safepoints.empty() ? abi::kPoison : DumpedWord(abi::DumpWord::kFramePointer);
    CheckThreadFrameIs(which, DumpedWord(abi::DumpWord::kThreadFrameAfterCall),
                       resolver_ran ? DumpedWord(abi::DumpWord::kFramePointer) : untouched,
                       resolver_ran ? " (the caller's frame pointer, restored by the resolver)"
                       : plan_.safepoints.empty()
                           ? " (untouched: no resolver ran)"
                           : " (as the last safepoint's bridge left it: no resolver ran)");
  }

  void CheckThreadFrameIs(const char* which, uint64_t frame, uint64_t want, const char* why) {
    if (frame != want) {
      Report(MismatchClass::kExecThreadFrameWrong,
             absl::StrCat(which, ": thread->frame is 0x", absl::Hex(frame),
                          " after the call; expected 0x", absl::Hex(want), why));
    }
  }

  void CheckMailbox(uint64_t calls) {
    if (plan_.resolver != ResolverKind::kCallStatic &&
        plan_.resolver != ResolverKind::kCallVirtual) {
      return;
    }
    if (mailbox_[0] != calls) {
      Report(MismatchClass::kExecCalleeWrong,
             absl::StrCat("the callee ran ", mailbox_[0], " times; expected ", calls));
      return;
    }
    // The Method*, then the planned arguments in every argument register left; a virtual call's
    // first argument is its receiver.
    std::vector<uint64_t> want = {reinterpret_cast<uint64_t>(runtime_->callee())};
    ForEachCallArgument(
        plan_, RegisterFileOf(isa_).arguments.size(),
        [&](size_t, std::optional<uint64_t> argument) {
          want.push_back(argument.value_or(reinterpret_cast<uint64_t>(runtime_->receiver())));
        });
    for (size_t i = 0; i < want.size(); ++i) {
      if (mailbox_[i + 1] != want[i]) {
        Report(MismatchClass::kExecCalleeWrong,
               absl::StrCat("the callee got argument ", i, " = 0x", absl::Hex(mailbox_[i + 1]),
                            "; expected 0x", absl::Hex(want[i])));
      }
    }
  }

  std::string Details() const {
    std::string out =
        SideBySide(AtCallSite(plan_, result_.site), metainfo_, result_.expected, result_.decoded);
    if (image_ == nullptr) return out;
    const CompiledMethodImage& method = image_->methods.front();
    const uint64_t mark = crash_pc_ != 0 ? crash_pc_
                          : method.stack_map_pcs.empty()
                              ? method.entry
                              : method.entry + method.stack_map_pcs.front();
    const size_t start = method.entry - image_->base;
    const size_t end = std::min(image_->bytes.size(), start + method.code_size);
    absl::StrAppend(
        &out, "compiled method around 0x", absl::Hex(mark), ":\n",
        Disassemble(isa_, absl::MakeConstSpan(image_->bytes).subspan(start, end - start),
                    method.entry, {}, mark, kDisassemblyWindow));
    return out;
  }

  const MethodPlan& plan_;
  const InstructionSet isa_;
  const Metainfo metainfo_;
  ExecWorkspace& workspace_;
  std::unique_ptr<MockRuntime> runtime_;
  std::vector<FrameState> expected_by_site_;  // by call site
  std::vector<uint64_t> dump_;
  std::array<uint64_t, abi::kMailboxWords> mailbox_{};
  const ExecImage* image_ = nullptr;
  uint64_t crash_pc_ = 0;
  // The runtime entry whose decoded state the result shows: the first that differs, or else the
  // resolver's; shown_state_differs_ says which.
  std::optional<size_t> shown_entry_;
  bool shown_state_differs_ = false;
  CaseResult result_;
};

// Runs `plan` against `expected_by_site`, one state per call site.
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
  return CaseRunner(plan, isa, metainfo, workspace, std::move(expected_by_site)).Run();
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
