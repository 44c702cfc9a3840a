// The gate's verdict policy, fail-fast, build records and planning, with steps that only record.

#include "verifiers/gate/gate_runner.h"

#include <fstream>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "verifiers/gate/gate_plan.h"

namespace frameproof::gate {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

GateConfig TestConfig() {
  GateConfig config;
  config.repo = FRAMEPROOF_SOURCE_DIR;
  config.report_dir = std::filesystem::path(::testing::TempDir()) / "gate_runner_test";
  config.seed = 7;
  return config;
}

Step Passing(std::string name) {
  return {name, "passes", {}, [](StepContext&, StepResult& result) {
            AddCase(result, PassedCase("the one case"));
          }};
}
Step Failing(std::string name) {
  return {name, "fails", {{"dev", {"frameproof"}}}, [](StepContext&, StepResult& result) {
            AddCase(result, PassedCase("fine"));
            AddCase(result, FailedCase("broken", "expected 1, decoded 2", "frameproof verify x"));
          }};
}
Step Skipping(std::string name) {
  return {name, "skips", {{"aarch64", {}}}, [](StepContext&, StepResult& result) {
            Skip(result, "qemu-aarch64 is not installed");
          }};
}

std::vector<std::string> Verdicts(const GateReport& report) {
  std::vector<std::string> verdicts;
  for (const StepResult& step : report.steps) {
    verdicts.push_back(absl::StrCat(step.name, " ", StepStatusName(step.status)));
  }
  return verdicts;
}

TEST(RunGate, PassesWhenEveryStepPasses) {
  std::ostringstream progress;
  const GateReport report = RunGate(TestConfig(), {Passing("a/x"), Passing("b/y")}, {}, progress);
  EXPECT_TRUE(report.passed);
  EXPECT_THAT(Verdicts(report), ElementsAre("a/x PASS", "b/y PASS"));
  EXPECT_EQ(report.steps[0].log, "logs/a-x.log");
  EXPECT_THAT(progress.str(), HasSubstr("[ 1/2] a/x: passes"));
}

TEST(RunGate, AFailingCaseFailsItsStepAndTheGateWithItsReproduction) {
  std::ostringstream progress;
  const GateReport report =
      RunGate(TestConfig(), {Failing("exec/x86_64/Class"), Passing("b/y")}, {}, progress);
  EXPECT_FALSE(report.passed);
  EXPECT_THAT(Verdicts(report), ElementsAre("exec/x86_64/Class FAIL", "b/y PASS"));
  EXPECT_EQ(report.steps[0].reproduce, "frameproof verify x");
  EXPECT_THAT(progress.str(), HasSubstr("first failure: broken: expected 1, decoded 2"));
  EXPECT_THAT(progress.str(), HasSubstr("reproduce: frameproof verify x"));
}

TEST(RunGate, ASkipFailsTheGateUnlessAllowSkipNamesIt) {
  std::ostringstream progress;
  GateConfig config = TestConfig();
  EXPECT_FALSE(RunGate(config, {Skipping("fuzz/exec_arm64")}, {}, progress).passed);

  config.allow_skip = {"fuzz/*"};
  const GateReport allowed = RunGate(config, {Skipping("fuzz/exec_arm64")}, {}, progress);
  EXPECT_TRUE(allowed.passed);
  EXPECT_TRUE(allowed.steps[0].skip_allowed);
  EXPECT_EQ(allowed.steps[0].note, "qemu-aarch64 is not installed");
}

TEST(RunGate, FailFastSkipsEverythingAfterTheFirstFailure) {
  std::ostringstream progress;
  GateConfig config = TestConfig();
  config.fail_fast = true;
  const GateReport report =
      RunGate(config, {Passing("a/x"), Failing("b/y"), Passing("c/z")}, {}, progress);
  EXPECT_THAT(Verdicts(report), ElementsAre("a/x PASS", "b/y FAIL", "c/z SKIP"));
  EXPECT_EQ(report.steps[2].note, "not run: b/y failed and --fail-fast is set");
}

TEST(RunGate, BuildsBecomeStepsAndAFailedBuildSkipsItsDependents) {
  std::ostringstream progress;
  const std::vector<BuildRecord> builds = {{"dev", false, 12.5, "logs/build-dev.log"},
                                           {"aarch64", true, 3.0, "logs/build-aarch64.log"}};
  const GateReport report =
      RunGate(TestConfig(), {Failing("needs-dev"), Skipping("needs-aarch64")}, builds, progress);
  EXPECT_THAT(Verdicts(report), ElementsAre("build/dev FAIL", "build/aarch64 PASS",
                                            "needs-dev SKIP", "needs-aarch64 SKIP"));
  EXPECT_EQ(report.steps[2].note, "not run: build/dev failed");
  EXPECT_EQ(report.steps[0].log, "logs/build-dev.log");
  EXPECT_FALSE(report.passed);
}

TEST(ReadBuildRecords, ReadsScriptsGateRecordAndRejectsAnythingElse) {
  const std::filesystem::path file =
      std::filesystem::path(::testing::TempDir()) / "gate_runner_test_builds.tsv";
  std::ofstream(file) << "dev\tPASS\t12.250\tlogs/build-dev.log\n";
  absl::StatusOr<std::vector<BuildRecord>> records = ReadBuildRecords(file);
  ASSERT_TRUE(records.ok()) << records.status();
  ASSERT_EQ(records->size(), 1u);
  EXPECT_EQ((*records)[0].preset, "dev");
  EXPECT_TRUE((*records)[0].ok);
  EXPECT_DOUBLE_EQ((*records)[0].seconds, 12.25);

  std::ofstream(file) << "dev PASS 12\n";
  records = ReadBuildRecords(file);
  ASSERT_FALSE(records.ok());
  EXPECT_THAT(records.status().message(), HasSubstr("gate_runner_test_builds.tsv:1: expected"));
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
  EXPECT_EQ(plan.llvm_exec_programs, 225u);            // 5% of 600s over 2 ISAs, x15/s
  const BudgetPlan tiny = SplitBudget(absl::Seconds(1), 8, 4, 4, 2, 6);
  EXPECT_EQ(tiny.fuzz_per_target, absl::Seconds(10));
  EXPECT_EQ(tiny.afl_per_target, absl::Seconds(10));
  EXPECT_EQ(tiny.exec_cases_emulated, 50u);
  EXPECT_EQ(tiny.llvm_modules, 5u);
  EXPECT_EQ(tiny.moar_units, 10u);
  EXPECT_EQ(tiny.moar_flips, 50u);
  EXPECT_EQ(tiny.llvm_exec_programs, 30u);
}

TEST(StepNameMatches, IsAShellGlobWhoseStarCrossesSlashes) {
  EXPECT_TRUE(StepNameMatches("exec/*", "exec/arm64/Class"));
  EXPECT_TRUE(StepNameMatches("*/arm64", "snapshots/arm64"));
  EXPECT_TRUE(StepNameMatches("fuzz/exec_?????", "fuzz/exec_arm64"));
  EXPECT_FALSE(StepNameMatches("exec/x86_64/*", "exec/arm64/Class"));
}

std::vector<std::string> Names(const std::vector<Step>& steps) {
  std::vector<std::string> names;
  for (const Step& step : steps) names.push_back(step.name);
  return names;
}

TEST(PlanGate, RunsEveryKindOfStepForEachSelectedIsa) {
  GateConfig config = TestConfig();
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
  GateConfig config = TestConfig();
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
  GateConfig config = TestConfig();
  config.only = {"no-such-step"};
  const absl::StatusOr<std::vector<Step>> steps = PlanGate(config);
  ASSERT_FALSE(steps.ok());
  EXPECT_THAT(steps.status().message(), HasSubstr("no step matches --only no-such-step"));
}

}  // namespace
}  // namespace frameproof::gate
