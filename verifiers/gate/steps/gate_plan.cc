#include "verifiers/gate/steps/gate_plan.h"

#include <algorithm>
#include <fstream>
#include <optional>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/strip.h"
#include "core/base/instruction_set.h"
#include "verifiers/gate/steps/steps.h"

namespace frameproof::gate {
namespace {

constexpr absl::Duration kMinFuzzPerTarget = absl::Seconds(10);
constexpr uint64_t kMinExecCases = 50;
constexpr uint64_t kMinLlvmModules = 5;
constexpr uint64_t kMinMoarUnits = 10;
constexpr uint64_t kMinMoarFlips = 50;
constexpr uint64_t kMinLlvmExecPrograms = 30;
// Generated methods of conformance/art11-libart: about 10 s with the vectors, whatever the budget.
constexpr uint64_t kLibartMethods = 200;

uint64_t AtLeast(double value, uint64_t floor) {
  return std::max(floor, static_cast<uint64_t>(value));
}

// The ISA whose code exec_<isa> (or llvm_exec, this host's) runs; nothing for the targets that
// run anywhere.
std::optional<InstructionSet> ExecTargetIsa(absl::string_view target) {
  // llvm_exec runs llc and the code it makes for this host (fuzzers/targets.txt).
  if (target == "llvm_exec") return NativeInstructionSet();
  if (!absl::ConsumePrefix(&target, "exec_")) return std::nullopt;
  return ParseInstructionSet(target);
}

// The ISA a fuzz target's smoke runs on: its own for exec_<isa>, this host's for the rest.
InstructionSet FuzzTargetIsa(absl::string_view target) {
  return ExecTargetIsa(target).value_or(NativeInstructionSet());
}

}  // namespace

BudgetPlan SplitBudget(absl::Duration budget, size_t fuzz_targets, size_t native_exec_steps,
                       size_t emulated_exec_steps, size_t arches, size_t afl_targets) {
  const double seconds = absl::ToDoubleSeconds(budget);
  BudgetPlan plan;
  plan.fuzz_per_target =
      std::max(kMinFuzzPerTarget,
               absl::Seconds(static_cast<int64_t>(
                   seconds * kFuzzShare / static_cast<double>(std::max<size_t>(1, fuzz_targets)))));
  plan.afl_per_target =
      std::max(kMinFuzzPerTarget,
               absl::Seconds(static_cast<int64_t>(
                   seconds * kAflShare / static_cast<double>(std::max<size_t>(1, afl_targets)))));
  const double per_exec_step =
      seconds * kExecShare /
      static_cast<double>(std::max<size_t>(1, native_exec_steps + emulated_exec_steps));
  plan.exec_cases_native = AtLeast(per_exec_step * kNativeExecCasesPerSecond, kMinExecCases);
  plan.exec_cases_emulated = AtLeast(per_exec_step * kEmulatedExecCasesPerSecond, kMinExecCases);
  plan.llvm_modules = AtLeast(seconds * kLlvmShare * kLlvmModulesPerSecond, kMinLlvmModules);
  plan.moar_units = AtLeast(seconds * kMoarCorpusShare * kMoarUnitsPerSecond, kMinMoarUnits);
  plan.moar_flips = AtLeast(seconds * kMoarHostileShare * kMoarFlipsPerSecond, kMinMoarFlips);
  plan.llvm_exec_programs =
      AtLeast(seconds * kLlvmExecShare * kLlvmExecProgramsPerSecond /
                  static_cast<double>(std::max<size_t>(1, arches)),
              kMinLlvmExecPrograms);
  return plan;
}

absl::StatusOr<std::vector<std::string>> ReadFuzzTargets(const std::filesystem::path& repo) {
  const std::filesystem::path list = repo / "fuzzers" / "targets.txt";
  std::ifstream in(list);
  if (!in) return absl::NotFoundError(absl::StrCat("cannot read ", list.string()));
  std::vector<std::string> targets;
  std::string line;
  while (std::getline(in, line)) {
    const absl::string_view text = absl::StripAsciiWhitespace(line);
    if (text.empty() || text[0] == '#') continue;
    targets.emplace_back(text.substr(0, text.find_first_of(" \t")));
  }
  if (targets.empty()) return absl::NotFoundError(absl::StrCat(list.string(), " lists no targets"));
  return targets;
}

absl::StatusOr<std::vector<Step>> PlanGate(const GateConfig& config) {
  absl::StatusOr<std::vector<std::string>> all_targets = ReadFuzzTargets(config.repo);
  if (!all_targets.ok()) return all_targets.status();
  // Targets whose code runs on a selected ISA.
  std::vector<std::string> targets;
  for (const std::string& target : *all_targets) {
    const std::optional<InstructionSet> exec_isa = ExecTargetIsa(target);
    if (!exec_isa.has_value() || config.HasArch(*exec_isa)) targets.push_back(target);
  }
  // AFL++ runs the codec targets on this host; the exec targets stay with libFuzzer.
  std::vector<std::string> afl_targets;
  for (const std::string& target : targets) {
    if (!ExecTargetIsa(target).has_value()) afl_targets.push_back(target);
  }
  const InstructionSet native = NativeInstructionSet();
  const size_t exec_steps_per_isa = kAllResolverKinds.size();
  const BudgetPlan budget =
      SplitBudget(config.budget, targets.size(), config.HasArch(native) ? exec_steps_per_isa : 0,
                  (config.arches.size() - (config.HasArch(native) ? 1 : 0)) * exec_steps_per_isa,
                  config.arches.size(), afl_targets.size());

  std::vector<Step> steps;
  for (InstructionSet isa : config.arches) {
    steps.push_back(ConformanceStep(config, ConformanceSuite::kArtCodeInfo, isa));
    steps.push_back(ConformanceStep(config, ConformanceSuite::kArtDedup, isa));
    steps.push_back(ConformanceStep(config, ConformanceSuite::kArkCodeInfo, isa));
  }
  // libart runs natively, and the oracle's layout declarations are x86_64's (libart_abi.h); it
  // checks CodeInfos of every ISA.
  if (native == InstructionSet::kX86_64 && config.HasArch(native)) {
    steps.push_back(LibartStep(config, kLibartMethods));
  }
  for (InstructionSet isa : config.arches) steps.push_back(SnapshotsStep(config, isa));
  for (InstructionSet isa : config.arches) {
    for (const std::string& target : targets) {
      if (ExecTargetIsa(target).value_or(isa) == isa) {
        steps.push_back(ReplayStep(config, target, isa));
      }
    }
  }
  for (InstructionSet isa : config.arches) {
    const uint64_t cases = isa == native ? budget.exec_cases_native : budget.exec_cases_emulated;
    for (ResolverKind resolver : kAllResolverKinds) {
      steps.push_back(ExecCampaignStep(config, isa, resolver, cases));
    }
  }
  steps.push_back(LlvmCorpusStep(config, budget.llvm_modules));
  for (InstructionSet isa : config.arches) {
    steps.push_back(LlvmExecStep(config, isa, budget.llvm_exec_programs));
  }
  steps.push_back(MoarCorpusStep(config, budget.moar_units));
  steps.push_back(MoarHostileStep(config, budget.moar_flips));
  for (InstructionSet isa : config.arches) steps.push_back(UnitTestsStep(config, isa));
  for (const std::string& target : targets) {
    steps.push_back(FuzzSmokeStep(config, target, FuzzTargetIsa(target), budget.fuzz_per_target));
  }
  for (const std::string& target : afl_targets) {
    steps.push_back(AflSmokeStep(config, target, budget.afl_per_target));
  }
  steps.push_back(CoverageStep(config));

  const auto matches_any = [](const std::vector<std::string>& patterns, const Step& step) {
    return std::any_of(patterns.begin(), patterns.end(), [&](const std::string& pattern) {
      return StepNameMatches(pattern, step.name);
    });
  };
  std::vector<Step> selected;
  for (Step& step : steps) {
    if (!config.only.empty() && !matches_any(config.only, step)) continue;
    if (matches_any(config.exclude, step)) continue;
    selected.push_back(std::move(step));
  }
  if (selected.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat("no step matches --only ", absl::StrJoin(config.only, ","),
                     config.exclude.empty()
                         ? ""
                         : absl::StrCat(" minus --exclude ", absl::StrJoin(config.exclude, ",")),
                     " (frameproof gate --list shows the steps)"));
  }
  return selected;
}

}  // namespace frameproof::gate
