#ifndef FRAMEPROOF_VERIFIERS_GATE_GATE_PLAN_H_
#define FRAMEPROOF_VERIFIERS_GATE_GATE_PLAN_H_

// Which steps a gate run has, in order, and how the budget is shared among the ones it scales.

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "verifiers/gate/gate_config.h"
#include "verifiers/gate/step.h"

namespace frameproof::gate {

// The budget's split. Case counts come from fixed calibration rates, never from a measured speed,
// so a seed and a budget name the same cases on every machine.
struct BudgetPlan {
  absl::Duration fuzz_per_target;
  absl::Duration afl_per_target;
  uint64_t exec_cases_native = 0;    // per resolver
  uint64_t exec_cases_emulated = 0;  // per resolver, under QEMU
  uint64_t llvm_modules = 0;
  uint64_t llvm_exec_programs = 0;  // per ISA
  uint64_t moar_units = 0;
  uint64_t moar_flips = 0;  // single-bit flips through moar --dump and frameproof
};

// Shares of the budget and the calibration rates behind the case counts, a little under what
// one core measured (scripts/throughput, seed 1): the x86_64 dev (ASan) build ran ~2,980-3,200
// exec cases/s, the arm64 build under QEMU ~690-710, llvm-exec ~20.7 programs/s natively and
// ~17.0 under QEMU; the LLVM differential ~0.57 modules/s (4 llc/lld/llvm-readobj/frameproof runs
// a module), the MoarVM differential ~3.2 units/s (nqp, moar twice and frameproof twice a unit).
inline constexpr double kFuzzShare = 0.35;
inline constexpr double kAflShare = 0.15;
inline constexpr double kExecShare = 0.25;
inline constexpr double kLlvmShare = 0.15;
inline constexpr double kLlvmExecShare = 0.05;
inline constexpr double kMoarCorpusShare = 0.04;
inline constexpr double kMoarHostileShare = 0.01;
// Measured over both metainfo dialects with chains, safepoints and large plans (dev preset, 2,000
// cases per resolver each; one workspace per campaign, exec_workspace.h).
inline constexpr double kNativeExecCasesPerSecond = 3000;
inline constexpr double kEmulatedExecCasesPerSecond = 640;
inline constexpr double kLlvmModulesPerSecond = 0.5;
// Half NQP (about 0.5 s a case), half Raku (about 2 s: rakudo compiles the program, then compiles
// it again to run it), measured on 2 cores.
inline constexpr double kMoarUnitsPerSecond = 1.0;
// A flip runs moar --dump and the dev build's moar-validate --write-back on a seed of 5-25 KB.
inline constexpr double kMoarFlipsPerSecond = 10;
// llc, GNU ld and a run a program, each started with posix_spawn (subprocess.cc): 28 programs/s
// on x86_64 and 20 on arm64 (qemu-aarch64), one core of the dev build.
inline constexpr double kLlvmExecProgramsPerSecond = 20;

// Splits `budget` over `fuzz_targets` libFuzzer smokes, `native_exec_steps` +
// `emulated_exec_steps` campaigns, `arches` llvm-exec steps and `afl_targets` AFL++ smokes. Every
// share has a floor, so even a tiny budget runs something.
BudgetPlan SplitBudget(absl::Duration budget, size_t fuzz_targets, size_t native_exec_steps,
                       size_t emulated_exec_steps, size_t arches = 1, size_t afl_targets = 1);

// The fuzz targets listed in repo/fuzzers/targets.txt, in order.
absl::StatusOr<std::vector<std::string>> ReadFuzzTargets(const std::filesystem::path& repo);

// The steps of a run with `config`, in the order they run, after --only and --exclude.
absl::StatusOr<std::vector<Step>> PlanGate(const GateConfig& config);

}  // namespace frameproof::gate

#endif  // FRAMEPROOF_VERIFIERS_GATE_GATE_PLAN_H_
