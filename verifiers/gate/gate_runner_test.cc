// The gate's verdict policy, fail-fast and build records, with steps that only record.

#include "verifiers/gate/gate_runner.h"

#include <fstream>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "verifiers/gate/gate_plots.h"
#include "verifiers/util/scratch_dir_testing.h"

namespace frameproof::gate {
namespace {

using ::testing::AllOf;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

// A gate over this repository that writes its report into `report_dir`.
GateConfig TestConfig(const std::filesystem::path& report_dir) {
  GateConfig config;
  config.repo = FRAMEPROOF_SOURCE_DIR;
  config.report_dir = report_dir;
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
  const ScratchDir scratch;
  std::ostringstream progress;
  const GateReport report =
      RunGate(TestConfig(scratch.path()), {Passing("a/x"), Passing("b/y")}, {}, progress);
  EXPECT_TRUE(report.passed);
  EXPECT_THAT(Verdicts(report), ElementsAre("a/x PASS", "b/y PASS"));
  EXPECT_EQ(report.steps[0].log, "logs/a-x.log");
  EXPECT_THAT(progress.str(), HasSubstr("[ 1/2] a/x: passes"));
}

TEST(RunGate, AFailingCaseFailsItsStepAndTheGateWithItsReproduction) {
  const ScratchDir scratch;
  std::ostringstream progress;
  const GateReport report = RunGate(TestConfig(scratch.path()),
                                    {Failing("exec/x86_64/Class"), Passing("b/y")}, {}, progress);
  EXPECT_FALSE(report.passed);
  EXPECT_THAT(Verdicts(report), ElementsAre("exec/x86_64/Class FAIL", "b/y PASS"));
  EXPECT_EQ(report.steps[0].reproduce, "frameproof verify x");
  EXPECT_THAT(progress.str(), HasSubstr("first failure: broken: expected 1, decoded 2"));
  EXPECT_THAT(progress.str(), HasSubstr("reproduce: frameproof verify x"));
}

TEST(RunGate, ASkipFailsTheGateUnlessAllowSkipNamesIt) {
  const ScratchDir scratch;
  std::ostringstream progress;
  GateConfig config = TestConfig(scratch.path());
  EXPECT_FALSE(RunGate(config, {Skipping("fuzz/exec_arm64")}, {}, progress).passed);

  config.allow_skip = {"fuzz/*"};
  const GateReport allowed = RunGate(config, {Skipping("fuzz/exec_arm64")}, {}, progress);
  EXPECT_TRUE(allowed.passed);
  EXPECT_TRUE(allowed.steps[0].skip_allowed);
  EXPECT_EQ(allowed.steps[0].note, "qemu-aarch64 is not installed");
}

TEST(RunGate, FailFastSkipsEverythingAfterTheFirstFailure) {
  const ScratchDir scratch;
  std::ostringstream progress;
  GateConfig config = TestConfig(scratch.path());
  config.fail_fast = true;
  const GateReport report =
      RunGate(config, {Passing("a/x"), Failing("b/y"), Passing("c/z")}, {}, progress);
  EXPECT_THAT(Verdicts(report), ElementsAre("a/x PASS", "b/y FAIL", "c/z SKIP"));
  EXPECT_EQ(report.steps[2].note, "not run: b/y failed and --fail-fast is set");
}

TEST(RunGate, BuildsBecomeStepsAndAFailedBuildSkipsItsDependents) {
  const ScratchDir scratch;
  std::ostringstream progress;
  const std::vector<BuildRecord> builds = {{"dev", false, 12.5, "logs/build-dev.log"},
                                           {"aarch64", true, 3.0, "logs/build-aarch64.log"}};
  const GateReport report =
      RunGate(TestConfig(scratch.path()), {Failing("needs-dev"), Skipping("needs-aarch64")}, builds,
              progress);
  EXPECT_THAT(Verdicts(report), ElementsAre("build/dev FAIL", "build/aarch64 PASS",
                                            "needs-dev SKIP", "needs-aarch64 SKIP"));
  EXPECT_EQ(report.steps[2].note, "not run: build/dev failed");
  EXPECT_EQ(report.steps[0].log, "logs/build-dev.log");
  EXPECT_FALSE(report.passed);
}

TEST(ReadBuildRecords, ReadsScriptsGateRecordAndRejectsAnythingElse) {
  const ScratchDir scratch;
  const std::filesystem::path file = scratch.path() / "builds.tsv";
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
  EXPECT_THAT(records.status().message(), HasSubstr("builds.tsv:1: expected"));
}

TEST(StepNameMatches, IsAShellGlobWhoseStarCrossesSlashes) {
  EXPECT_TRUE(StepNameMatches("exec/*", "exec/arm64/Class"));
  EXPECT_TRUE(StepNameMatches("*/arm64", "snapshots/arm64"));
  EXPECT_TRUE(StepNameMatches("fuzz/exec_?????", "fuzz/exec_arm64"));
  EXPECT_FALSE(StepNameMatches("exec/x86_64/*", "exec/arm64/Class"));
}

// A step's scratch files: <report>/work/<step name>, emptied for each run of the step.
TEST(FreshWorkDir, IsTheStepsFolderUnderTheReportEmptiedForEachRun) {
  const ScratchDir scratch;
  const GateConfig config = TestConfig(scratch.path());
  const std::filesystem::path work = FreshWorkDir(config, "llvm-exec/x86_64");
  EXPECT_EQ(work, scratch.path() / "work" / "llvm-exec" / "x86_64");
  EXPECT_TRUE(std::filesystem::is_directory(work));
  std::ofstream(work / "case-3.ll") << "; the last run's program\n";
  EXPECT_EQ(FreshWorkDir(config, "llvm-exec/x86_64"), work);
  EXPECT_TRUE(std::filesystem::is_empty(work));
}

// Where a report folder cannot hold a directory, the gate still runs and says why, never throwing
// std::filesystem's exception out of the process.
TEST(RunGate, RunsItsStepsAndSaysSoWhenTheLogsFolderCannotBeMade) {
  const ScratchDir scratch;
  std::ofstream(scratch.path() / "logs") << "a file, not a folder\n";
  std::ostringstream progress;
  const GateReport report =
      RunGate(TestConfig(scratch.path()), {Passing("one")}, /*builds=*/{}, progress);
  EXPECT_THAT(Verdicts(report), ElementsAre("one PASS"));
  EXPECT_THAT(progress.str(),
              AllOf(HasSubstr(absl::StrCat("gate: cannot create ",
                                           (scratch.path() / "logs").string(), ": ")),
                    HasSubstr("; the steps run without their logs\n")));
}

TEST(RenderPlots, APlotsFolderThatCannotBeMadeIsTheProblemItNames) {
  const ScratchDir scratch;
  std::ofstream(scratch.path() / "plots") << "a file, not a folder\n";
  GateReport report;
  report.config = TestConfig(scratch.path());
  const Plots plots = RenderPlots(report);
  EXPECT_THAT(plots.problem,
              HasSubstr(absl::StrCat("cannot create ", (scratch.path() / "plots").string())));
  EXPECT_TRUE(plots.fuzz.empty());
}

}  // namespace
}  // namespace frameproof::gate
