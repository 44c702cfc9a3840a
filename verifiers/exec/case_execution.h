#ifndef FRAMEPROOF_VERIFIERS_EXEC_CASE_EXECUTION_H_
#define FRAMEPROOF_VERIFIERS_EXEC_CASE_EXECUTION_H_

// The lowering and running half of an exec case, with no judging (case_judge.h judges): the plan
// lowered into a workspace's image pages, loaded W^X with the mock runtime installed over it, and
// each run of the compiled method from the entry stub under the crash guard. What a run leaves
// (the runtime's entries, the dump, the GOT, the callee's mailbox) is read through the accessors.

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "absl/status/status.h"
#include "absl/types/span.h"
#include "arch/exec_image.h"
#include "arch/metainfo.h"
#include "arch/method_plan.h"
#include "arch/runtime_abi.h"
#include "core/base/instruction_set.h"
#include "verifiers/exec/crash_guard.h"
#include "verifiers/exec/exec_workspace.h"
#include "verifiers/exec/mock_runtime.h"

namespace frameproof {

class CaseExecution {
 public:
  // `isa` must be the ISA this process executes; `workspace` serves one case at a time.
  CaseExecution(const MethodPlan& plan, InstructionSet isa, Metainfo metainfo,
                ExecWorkspace& workspace);
  // The image holds the addresses of this object's dump and mailbox.
  CaseExecution(const CaseExecution&) = delete;
  CaseExecution& operator=(const CaseExecution&) = delete;

  // Lowers the plan, loads the image, initializes its GOT as Ark's loader does (InitializeGot)
  // and creates the runtime over it. The error says which of these failed.
  absl::Status Load();
  // Runs the compiled method once, the dump back to poison and thread->frame poisoned first: the
  // entry stub calls the outermost compiled method, which calls the next, down to the plan's own.
  // nullopt, or the crash that ended the run.
  std::optional<Crash> Run();

  MockRuntime& runtime() const { return *runtime_; }
  const ExecImage& image() const { return *image_; }
  bool loaded() const { return image_ != nullptr; }
  absl::Span<const uint64_t> got_words() const;
  absl::Span<const uint64_t> dump() const { return dump_; }
  uint64_t dumped_word(runtime_abi::DumpWord word) const;
  absl::Span<const uint64_t> mailbox() const { return mailbox_; }

 private:
  const MethodPlan& plan_;
  const InstructionSet isa_;
  const Metainfo metainfo_;
  const uint32_t vreg_count_;  // PlannedVRegCount: where the dump's named words start
  ExecWorkspace& workspace_;
  std::unique_ptr<MockRuntime> runtime_;
  std::vector<uint64_t> dump_;
  std::array<uint64_t, runtime_abi::kMailboxWords> mailbox_{};
  const ExecImage* image_ = nullptr;
};

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_EXEC_CASE_EXECUTION_H_
