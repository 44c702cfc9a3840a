// The gate's plan: how the budget is shared, and which steps a configuration runs.

#include "verifiers/gate/steps/gate_plan.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace frameproof::gate {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

// What planning reads: the repository (its fuzzers/targets.txt) and the seed. The steps use the
// report directory only when they run.
GateConfig PlanConfig() {
  GateConfig config;
  config.repo = FRAMEPROOF_SOURCE_DIR;
  config.seed = 7;
  return config;
}

TEST(SplitBudget, SharesTheBudgetAndIsAPureFunctionOfIt) {
  const BudgetPlan plan = SplitBudget(absl::Minutes(10), /*fuzz_targets=*/8,
                                      /*native_exec_steps=*/4, /*emulated_exec_steps=*/4,
                                      /*arches=*/2, /*afl_targets=*/6);
  EXPECT_EQ(plan.fuzz_per_target, absl::Seconds(26));  // 35% of 600s over 8 targets
  EXPECT_EQ(plan.afl_per_target, absl::Seconds(15));   // 15% of 600s over 6 targets
  EXPECT_EQ(plan.exec_cases_native, 56250u);           // 25% of 600s over 8 steps, x3000/s
  EXPECT_EQ(plan.exec_cases_emulated, 12000u);         // ... x640/s
  EXPECT_EQ(plan.llvm_modules, 45u);                   // 15% of 600s, x0.5/s
  EXPECT_EQ(plan.moar_units, 24u);                     // 4% of 600s, x1/s
  EXPECT_EQ(plan.moar_flips, 60u);                     // 1% of 600s, x10/s
  EXPECT_EQ(plan.llvm_exec_programs, 300u);            // 5% of 600s over 2 ISAs, x20/s
  const BudgetPlan tiny = SplitBudget(absl::Seconds(1), 8, 4, 4, 2, 6);
  EXPECT_EQ(tiny.fuzz_per_target, absl::Seconds(10));
  EXPECT_EQ(tiny.afl_per_target, absl::Seconds(10));
  EXPECT_EQ(tiny.exec_cases_emulated, 50u);
  EXPECT_EQ(tiny.llvm_modules, 5u);
  EXPECT_EQ(tiny.moar_units, 10u);
  EXPECT_EQ(tiny.moar_flips, 50u);
  EXPECT_EQ(tiny.llvm_exec_programs, 30u);
}

std::vector<std::string> Names(const std::vector<Step>& steps) {
  std::vector<std::string> names;
  for (const Step& step : steps) names.push_back(step.name);
  return names;
}

TEST(PlanGate, RunsEveryKindOfStepForEachSelectedIsa) {
  GateConfig config = PlanConfig();
  config.arches = {InstructionSet::kArm64};
  config.only = {"conformance/*", "snapshots/*", "exec/*", "fuzz/exec_*", "unit-tests/*"};
  absl::StatusOr<std::vector<Step>> steps = PlanGate(config);
  ASSERT_TRUE(steps.ok()) << steps.status();
  EXPECT_THAT(Names(*steps),
              ElementsAre("conformance/art/arm64", "conformance/art-dedup/arm64",
                          "conformance/ark/arm64", "snapshots/arm64", "exec/arm64/CallStatic",
                          "exec/arm64/CallVirtual", "exec/arm64/Class", "exec/arm64/InitClass",
                          "unit-tests/arm64", "fuzz/exec_arm64"));
}

TEST(PlanGate, PlantedBugsSelectThePlantedBinaries) {
  GateConfig config = PlanConfig();
  config.planted = "search-distance-31";
  const std::string native(InstructionSetName(NativeInstructionSet()));
  config.only = {absl::StrCat("replay/bits/", native), "fuzz/bits",
                 absl::StrCat("exec/", native, "/Class")};
  absl::StatusOr<std::vector<Step>> steps = PlanGate(config);
  ASSERT_TRUE(steps.ok()) << steps.status();
  std::vector<std::string> builds;
  for (const Step& step : *steps) {
    for (const BuildNeed& need : step.builds) {
      builds.push_back(absl::StrCat(need.preset, ":", need.targets.at(0)));
    }
  }
  EXPECT_THAT(builds, ElementsAre("dev:bits_planted_replay", "dev:frameproof_planted",
                                  "fuzz:bits_planted_fuzzer"));
}

TEST(PlanGate, SaysWhenNoStepMatches) {
  GateConfig config = PlanConfig();
  config.only = {"no-such-step"};
  const absl::StatusOr<std::vector<Step>> steps = PlanGate(config);
  ASSERT_FALSE(steps.ok());
  EXPECT_THAT(steps.status().message(), HasSubstr("no step matches --only no-such-step"));
}

}  // namespace
}  // namespace frameproof::gate
