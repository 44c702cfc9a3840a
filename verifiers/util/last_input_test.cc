// The last-input file survives the death of the process that wrote it, and reads back exactly.

#include "verifiers/util/last_input.h"

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "verifiers/util/last_input_testing.h"
#include "verifiers/util/scratch_dir_testing.h"

namespace frameproof {
namespace {

using ::testing::HasSubstr;

TEST(LastInput, ARunningInputReadsBackAsRunning) {
  const ScratchDir scratch;
  const std::string path = (scratch.path() / "running").string();
  const std::vector<uint8_t> input = {1, 2, 3, 0xFF};
  {
    LastInputRecorder recorder(path);
    recorder.Begin(input);
  }
  const absl::StatusOr<LastInput> last = ReadLastInput(path);
  ASSERT_TRUE(last.ok()) << last.status();
  EXPECT_TRUE(last->running);
  EXPECT_EQ(last->bytes, input);
}

TEST(LastInput, AFinishedInputReadsBackAsBetweenInputs) {
  const ScratchDir scratch;
  const std::string path = (scratch.path() / "finished").string();
  LastInputRecorder recorder(path);
  recorder.Begin(std::vector<uint8_t>{7, 7});
  recorder.End();
  const absl::StatusOr<LastInput> last = ReadLastInput(path);
  ASSERT_TRUE(last.ok()) << last.status();
  EXPECT_FALSE(last->running);
  EXPECT_EQ(last->bytes, (std::vector<uint8_t>{7, 7}));
}

TEST(LastInput, InputsLargerThanTheMappingGrowIt) {
  const ScratchDir scratch;
  const std::string path = (scratch.path() / "large").string();
  const std::vector<uint8_t> large(200 * 1024, 0xA5);
  LastInputRecorder recorder(path);
  recorder.Begin(std::vector<uint8_t>{1});
  recorder.Begin(large);
  const absl::StatusOr<LastInput> last = ReadLastInput(path);
  ASSERT_TRUE(last.ok()) << last.status();
  EXPECT_EQ(last->bytes, large);
}

// The point of the file: a process killed with no handler running still leaves its input.
TEST(LastInput, SurvivesAProcessKilledWithoutAnyHandler) {
  const ScratchDir scratch;
  const std::string path = (scratch.path() / "killed").string();
  ASSERT_NO_FATAL_FAILURE(RecordInChildThatDies(path, {'b', 'o', 'o', 'm'}, /*finished=*/false));
  const absl::StatusOr<LastInput> last = ReadLastInput(path);
  ASSERT_TRUE(last.ok()) << last.status();
  EXPECT_TRUE(last->running);
  EXPECT_EQ(last->bytes, (std::vector<uint8_t>{'b', 'o', 'o', 'm'}));
}

TEST(LastInput, AnEmptyPathRecordsNothing) {
  LastInputRecorder recorder("");
  recorder.Begin(std::vector<uint8_t>{1});
  recorder.End();
}

TEST(ReadLastInput, AMissingFileIsNotFound) {
  const ScratchDir scratch;
  const absl::StatusOr<LastInput> last = ReadLastInput((scratch.path() / "never-written").string());
  EXPECT_EQ(last.status().code(), absl::StatusCode::kNotFound);
}

TEST(ReadLastInput, AFileWithoutTheMagicIsRejected) {
  const ScratchDir scratch;
  const std::string path = (scratch.path() / "not-a-record").string();
  std::ofstream(path) << "this is not a last-input file at all";
  EXPECT_THAT(std::string(ReadLastInput(path).status().message()), HasSubstr("no FPLASTIN magic"));
}

TEST(ReadLastInput, ASizePastTheEndOfTheFileIsRejected) {
  const ScratchDir scratch;
  const std::string path = (scratch.path() / "short").string();
  std::string bytes = "FPLASTIN";
  bytes += std::string("\x01\0\0\0\0\0\0\0", 8);
  bytes += std::string("\xFF\0\0\0\0\0\0\0", 8);
  bytes += "abc";
  std::ofstream(path, std::ios::binary) << bytes;
  EXPECT_THAT(std::string(ReadLastInput(path).status().message()),
              HasSubstr("byte 16: input size 255 runs past the end of the 27-byte file"));
}

}  // namespace
}  // namespace frameproof
