// The replay step gives each input of a fuzz target its own verdict, except in a mutation run,
// where the first failed input is the verdict and the step ends there.

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "verifiers/gate/gate_runner.h"
#include "verifiers/gate/steps/steps.h"
#include "verifiers/util/scratch_dir_testing.h"

namespace frameproof::gate {
namespace {

using ::testing::ElementsAre;

constexpr char kTarget[] = "fake";
constexpr InstructionSet kIsa = NativeInstructionSet();

// A replay binary that names the first input it is given and then fails on it, as an input
// that crashes or outlives the time limit does.
constexpr char kFailingReplay[] =
    "#!/bin/sh\n"
    "echo \"replay: $1 (1 bytes)\"\n"
    "echo \"==1==ERROR: planted failure on $1\"\n"
    "exit 1\n";

// A repository holding a fuzz target with three inputs and the replay binary above; the
// process works from it, as `frameproof gate` does, until the fixture ends.
class ReplayStepTest : public ::testing::Test {
 protected:
  void SetUp() override {
    // Taken first, so TearDown has a directory to return to whichever assertion ends SetUp.
    previous_dir_ = std::filesystem::current_path();
    repo_ = scratch_.path();
    config_.repo = repo_;
    config_.report_dir = repo_ / "report";
    config_.arches = {kIsa};
    std::filesystem::create_directories(config_.report_dir / "logs");
    const std::filesystem::path corpus = repo_ / "corpora" / kTarget;
    std::filesystem::create_directories(corpus);
    for (const char* input : {"a", "b", "c"}) std::ofstream(corpus / input) << input;
    const std::filesystem::path fuzzers = config_.BuildDir(GateConfig::PresetFor(kIsa)) / "fuzzers";
    std::filesystem::create_directories(fuzzers);
    const std::filesystem::path replay = fuzzers / (std::string(kTarget) + "_replay");
    std::ofstream(replay) << kFailingReplay;
    ASSERT_EQ(chmod(replay.c_str(), 0755), 0);
    std::filesystem::current_path(repo_);
  }
  void TearDown() override { std::filesystem::current_path(previous_dir_); }

  // The names of the failed cases, in the order the step recorded them.
  std::vector<std::string> FailedInputs() {
    std::ostringstream progress;
    const StepResult result = RunStep(config_, ReplayStep(config_, kTarget, kIsa), progress);
    EXPECT_EQ(result.status, StepStatus::kFail);
    std::vector<std::string> failed;
    for (const GateCase& gate_case : result.cases) {
      if (gate_case.status == StepStatus::kFail) failed.push_back(gate_case.name);
    }
    return failed;
  }

  const ScratchDir scratch_;
  std::filesystem::path repo_;
  std::filesystem::path previous_dir_;
  GateConfig config_;
};

TEST_F(ReplayStepTest, GivesEveryInputItsOwnVerdict) {
  EXPECT_THAT(FailedInputs(), ElementsAre("corpora/fake/a", "corpora/fake/b", "corpora/fake/c"));
}

TEST_F(ReplayStepTest, InAMutationRunTheFirstFailedInputEndsTheStep) {
  config_.first_failure_ends_step = true;
  EXPECT_THAT(FailedInputs(), ElementsAre("corpora/fake/a"));
}

}  // namespace
}  // namespace frameproof::gate
