// Cases per second of the execution verifier on the ISA this binary runs (x86_64 natively; the
// aarch64 build under qemu-aarch64 measures the QEMU runner).

#include <algorithm>

#include "benchmark/benchmark.h"
#include "verifiers/exec/crash_guard.h"
#include "verifiers/exec/exec_case.h"
#include "verifiers/generators/plan_generator.h"
#include "verifiers/util/heap_counter.h"

namespace frameproof {
namespace {

constexpr uint64_t kSeed = 1;
constexpr uint64_t kPlans = 256;

void BM_ExecCase(benchmark::State& state) {
  const ResolverKind resolver = kAllResolverKinds[state.range(0)];
  std::vector<MethodPlan> plans;
  for (uint64_t i = 0; i < kPlans; ++i) plans.push_back(GeneratePlan(CaseSeed(kSeed, i), resolver));
  // One workspace for every case, as a campaign has.
  absl::StatusOr<ExecWorkspace> workspace = ExecWorkspace::Create();
  if (!workspace.ok()) {
    state.SkipWithError("no exec workspace");
    return;
  }
  size_t next = 0;
  for (auto _ : state) {
    const CaseResult result = RunExecCase(plans[next++ % plans.size()], NativeInstructionSet(),
                                          kDefaultMetainfo, *workspace);
    if (!result.passed) state.SkipWithError("a case failed; run frameproof verify exec");
  }
  state.SetLabel(std::string(ResolverKindName(resolver)));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ExecCase)->DenseRange(0, 3);

// Heap allocations per case, in each dialect (counters only: the counting allocator makes these
// runs' times no speed figure). Under ASan every allocation costs a stack trace and a quarantined
// block, so this is the number the sanitized gate's case rate follows.
void BM_ExecCaseHeap(benchmark::State& state) {
  const Metainfo metainfo = kAllMetainfos[state.range(0)];
  std::vector<MethodPlan> plans;
  for (uint64_t i = 0; i < kPlans; ++i) {
    plans.push_back(
        GeneratePlan(CaseSeed(kSeed, i), kAllResolverKinds[i % kAllResolverKinds.size()]));
  }
  absl::StatusOr<ExecWorkspace> workspace = ExecWorkspace::Create();
  if (!workspace.ok()) {
    state.SkipWithError("no exec workspace");
    return;
  }
  uint64_t allocations = 0;
  size_t next = 0;
  for (auto _ : state) {
    const MethodPlan& plan = plans[next++ % plans.size()];
    HeapCount count;
    const CaseResult result = RunExecCase(plan, NativeInstructionSet(), metainfo, *workspace);
    allocations += count.usage().allocations;
    if (!result.passed) state.SkipWithError("a case failed; run frameproof verify exec");
  }
  state.SetLabel(std::string(NameOf(kMetainfoNames, metainfo)));
  state.counters["heap_allocations"] =
      static_cast<double>(allocations) /
      static_cast<double>(std::max<benchmark::IterationCount>(state.iterations(), 1));
}
BENCHMARK(BM_ExecCaseHeap)->DenseRange(0, kAllMetainfos.size() - 1);

// What guarding one execution costs beside the execution: a case runs two.
void BM_RunGuardedEmpty(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(RunGuarded([] {}));
}
BENCHMARK(BM_RunGuardedEmpty);

}  // namespace
}  // namespace frameproof
