#include "verifiers/exec/case_execution.h"

#include <signal.h>

#include <algorithm>
#include <cstdlib>
#include <string>

#include "absl/strings/str_cat.h"
#include "arch/plt_got.h"
#include "core/base/status_macros.h"
#include "verifiers/exec/executable_memory.h"
#include "verifiers/util/planted_verifier_bugs.h"

namespace frameproof {
namespace {

namespace abi = runtime_abi;

using MethodEntry = uint64_t (*)(const MockMethod* self, MockThread* thread);

// The planted harness death: the way the process ends when a fault hits with the engine's
// handlers out of the way, so no crash report and no artifact are written.
[[noreturn]] void DieBypassingEveryHandler() {
  signal(SIGSEGV, SIG_DFL);
  raise(SIGSEGV);
  _Exit(139);
}

}  // namespace

CaseExecution::CaseExecution(const MethodPlan& plan, InstructionSet isa, Metainfo metainfo,
                             ExecWorkspace& workspace)
    : plan_(plan),
      isa_(isa),
      metainfo_(metainfo),
      vreg_count_(PlannedVRegCount(plan)),
      workspace_(workspace) {}

absl::Status CaseExecution::Load() {
  ExecutableMemory& memory = workspace_.image_pages();
  dump_.assign(SafepointDumpIndex(plan_, plan_.safepoints.size()), abi::kPoison);
  ImageEnvironment env;
  env.base = memory.base();
  env.page_size = ExecutableMemory::PageSize();
  env.dump_address = reinterpret_cast<uint64_t>(dump_.data());
  env.mailbox_address = reinterpret_cast<uint64_t>(mailbox_.data());
  FP_RETURN_IF_ERROR(MockRuntime::AddressObjects(plan_, workspace_.heap_pages(), env));
  absl::StatusOr<const ExecImage*> image =
      workspace_.image_builder().Build(plan_, isa_, metainfo_, env);
  if (!image.ok()) {
    return absl::InvalidArgumentError(absl::StrCat("lowering: ", image.status().message()));
  }
  FP_RETURN_IF_ERROR(memory.Load(**image));
  image_ = *image;
  const uint64_t call_static_resolver =
      image_->resolvers[static_cast<size_t>(ResolverKind::kCallStatic)];
  const std::vector<uint64_t> words = InitialGotWords(
      plan_.resolver, plan_.target_id, image_->got_group_address, call_static_resolver);
  std::copy(words.begin(), words.end(), reinterpret_cast<uint64_t*>(image_->got_group_address));
  FP_ASSIGN_OR_RETURN(
      runtime_, MockRuntime::Create(isa_, metainfo_, plan_, workspace_.heap_pages(), *image_));
  return absl::OkStatus();
}

std::optional<Crash> CaseExecution::Run() {
  std::fill(dump_.begin(), dump_.end(), abi::kPoison);
  runtime_->thread()->frame = abi::kPoison;
  const auto entry = reinterpret_cast<MethodEntry>(image_->entry);
  const MockMethod* outermost = runtime_->compiled_method(image_->methods.size() - 1);
  MockRuntime::Activation activation(runtime_.get());
  std::optional<Crash> crash = RunGuarded([&] { entry(outermost, runtime_->thread()); });
  if (FP_PLANTED_BUG(kExecHarnessDiesOutsideGuard) && plan_.target_id % 16 == 0) {
    DieBypassingEveryHandler();
  }
  return crash;
}

absl::Span<const uint64_t> CaseExecution::got_words() const {
  return {reinterpret_cast<const uint64_t*>(image_->got_group_address),
          GotSlotCount(plan_.resolver)};
}

uint64_t CaseExecution::dumped_word(runtime_abi::DumpWord word) const {
  return dump_[abi::DumpWordIndex(vreg_count_, word)];
}

}  // namespace frameproof
