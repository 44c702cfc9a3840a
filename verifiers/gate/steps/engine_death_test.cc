// A fuzz engine that dies without a crash artifact still gives the gate a case to act on: the
// input it was running, kept and rerunnable, or the engine's own rerun line.

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "verifiers/gate/steps/steps.h"
#include "verifiers/util/last_input_testing.h"
#include "verifiers/util/scratch_dir_testing.h"

namespace frameproof::gate {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

constexpr char kEngineLine[] = "build/fuzz/fuzzers/t_fuzzer -seed=7";

std::string ReplayLine(const std::string& kept) { return "scripts/reproduce " + kept; }

std::vector<uint8_t> FileBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(EngineDeathCase, DeathInsideAnInputKeepsThatInputAndRerunsIt) {
  const ScratchDir scratch;
  const std::filesystem::path& dir = scratch.path();
  const std::vector<uint8_t> input = {'k', 'i', 'l', 'l'};
  ASSERT_NO_FATAL_FAILURE(RecordInChildThatDies(dir / "last-input", input, /*finished=*/false));

  const GateCase found = EngineDeathCase("exec_x86_64", "killed by SIGSEGV", dir / "last-input",
                                         dir / "artifacts", ReplayLine, kEngineLine);
  EXPECT_EQ(found.status, StepStatus::kFail);
  EXPECT_THAT(found.name, StartsWith("exec_x86_64: engine-died-in-input-"));
  EXPECT_THAT(found.message,
              HasSubstr("libFuzzer killed by SIGSEGV without a crash report while running the "
                        "kept input "));
  const std::vector<std::string> kept = FilesIn(dir / "artifacts");
  ASSERT_EQ(kept.size(), 1u);
  EXPECT_EQ(FileBytes(kept[0]), input);
  EXPECT_EQ(found.reproduce, ReplayLine(kept[0]));
}

TEST(EngineDeathCase, DeathBetweenInputsKeepsTheLastAndRerunsTheEngine) {
  const ScratchDir scratch;
  const std::filesystem::path& dir = scratch.path();
  ASSERT_NO_FATAL_FAILURE(RecordInChildThatDies(dir / "last-input", {1, 2, 3}, /*finished=*/true));

  const GateCase found = EngineDeathCase("bits", "killed by SIGSEGV", dir / "last-input",
                                         dir / "artifacts", ReplayLine, kEngineLine);
  EXPECT_EQ(found.status, StepStatus::kFail);
  EXPECT_THAT(found.message, HasSubstr("between inputs, in the engine rather than the target"));
  EXPECT_EQ(FilesIn(dir / "artifacts").size(), 1u);
  EXPECT_EQ(found.reproduce, kEngineLine);
}

TEST(EngineDeathCase, NoRecordStillFailsWithTheEngineRerun) {
  const ScratchDir scratch;
  const std::filesystem::path& dir = scratch.path();
  const GateCase found = EngineDeathCase("bits", "killed by SIGKILL", dir / "last-input",
                                         dir / "artifacts", ReplayLine, kEngineLine);
  EXPECT_EQ(found.status, StepStatus::kFail);
  EXPECT_THAT(found.message, HasSubstr("libFuzzer killed by SIGKILL without a crash report; "
                                       "no record of its last input"));
  EXPECT_EQ(found.reproduce, kEngineLine);
}

}  // namespace
}  // namespace frameproof::gate
