// Cases per second of the execution verifier on the ISA this binary runs (x86_64 natively; the
// aarch64 build under qemu-aarch64 measures the QEMU runner).

#include <algorithm>
#include <optional>
#include <vector>

#include "absl/functional/function_ref.h"
#include "benchmark/benchmark.h"
#include "verifiers/exec/crash_guard.h"
#include "verifiers/exec/exec_case.h"
#include "verifiers/generators/plan_generator.h"
#include "verifiers/util/heap_counter.h"

namespace frameproof {
namespace {

constexpr uint64_t kSeed = 1;
constexpr uint64_t kPlans = 256;

// The plans of seed kSeed, plan i for resolver `resolver_of(i)`, and one workspace for every
// case, as a campaign has; nullopt (the run skipped) if the workspace cannot be mapped.
struct BenchCases {
  std::vector<MethodPlan> plans;
  ExecWorkspace workspace;
};
std::optional<BenchCases> PrepareCases(benchmark::State& state,
                                       absl::FunctionRef<ResolverKind(uint64_t)> resolver_of) {
  absl::StatusOr<ExecWorkspace> workspace = ExecWorkspace::Create();
  if (!workspace.ok()) {
    state.SkipWithError("no exec workspace");
    return std::nullopt;
  }
  BenchCases cases{.plans = {}, .workspace = *std::move(workspace)};
  for (uint64_t i = 0; i < kPlans; ++i) {
    cases.plans.push_back(GeneratePlan(CaseSeed(kSeed, i), resolver_of(i)));
  }
  return cases;
}

void BM_ExecCase(benchmark::State& state) {
  const ResolverKind resolver = kAllResolverKinds[state.range(0)];
  std::optional<BenchCases> cases = PrepareCases(state, [&](uint64_t) { return resolver; });
  if (!cases.has_value()) return;
  size_t next = 0;
  for (auto _ : state) {
    const CaseResult result = RunExecCase(cases->plans[next++ % kPlans], NativeInstructionSet(),
                                          kDefaultMetainfo, cases->workspace);
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
  std::optional<BenchCases> cases = PrepareCases(
      state, [](uint64_t i) { return kAllResolverKinds[i % kAllResolverKinds.size()]; });
  if (!cases.has_value()) return;
  uint64_t allocations = 0;
  size_t next = 0;
  for (auto _ : state) {
    const MethodPlan& plan = cases->plans[next++ % kPlans];
    HeapCount count;
    const CaseResult result = RunExecCase(plan, NativeInstructionSet(), metainfo, cases->workspace);
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
