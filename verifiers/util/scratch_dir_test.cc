// A scratch directory belongs to one test in one process, starts empty and is gone afterwards.

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "verifiers/util/scratch_dir_testing.h"

namespace frameproof {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

TEST(ScratchDir, IsAnEmptyDirectoryNamedAfterTheTestAndTheProcess) {
  const ScratchDir scratch;
  EXPECT_TRUE(std::filesystem::is_directory(scratch.path()));
  EXPECT_TRUE(std::filesystem::is_empty(scratch.path()));
  EXPECT_THAT(scratch.path().filename().string(),
              StartsWith(absl::StrCat("frameproof-ScratchDir.IsAnEmptyDirectoryNamedAfterTheTest"
                                      "AndTheProcess-",
                                      getpid(), "-")));
}

TEST(ScratchDir, TwoInOneTestAreDifferentDirectories) {
  const ScratchDir first;
  std::ofstream(first.path() / "kept") << "first";
  const ScratchDir second;
  EXPECT_NE(first.path(), second.path());
  EXPECT_TRUE(std::filesystem::exists(first.path() / "kept"));
}

TEST(ScratchDir, IsRemovedWithItsFilesWhenThePassingTestIsDone) {
  std::filesystem::path path;
  {
    const ScratchDir scratch;
    path = scratch.path();
    std::filesystem::create_directories(path / "inner");
    std::ofstream(path / "inner" / "file") << "bytes";
  }
  EXPECT_FALSE(std::filesystem::exists(path));
}

class ParameterizedScratchDir : public ::testing::TestWithParam<int> {};

TEST_P(ParameterizedScratchDir, NameHasNoSlashSoTheDirectoryIsNotNested) {
  const ScratchDir scratch;
  EXPECT_TRUE(std::filesystem::equivalent(scratch.path().parent_path(), ::testing::TempDir()));
  EXPECT_THAT(scratch.path().filename().string(), HasSubstr("Case_ParameterizedScratchDir."));
}

INSTANTIATE_TEST_SUITE_P(Case, ParameterizedScratchDir, ::testing::Values(0));

}  // namespace
}  // namespace frameproof
