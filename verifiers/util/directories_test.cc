// Folders made and found: a folder that cannot be made, or a temporary directory that is missing,
// is an error naming the folder or the variable, never the exception std::filesystem throws.

#include "verifiers/util/directories.h"

#include <filesystem>
#include <fstream>
#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "verifiers/util/scoped_env_testing.h"
#include "verifiers/util/scratch_dir_testing.h"

namespace frameproof {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

TEST(TempDirectory, IsTmpdirWhenItIsADirectory) {
  const ScratchDir scratch;
  const ScopedEnv tmpdir("TMPDIR", scratch.path().c_str());
  const absl::StatusOr<std::filesystem::path> dir = TempDirectory();
  ASSERT_TRUE(dir.ok()) << dir.status();
  EXPECT_EQ(*dir, scratch.path());
}

TEST(TempDirectory, IsTmpWhenNoVariableIsSet) {
  const ScopedEnv tmpdir("TMPDIR", nullptr), tmp("TMP", nullptr), temp("TEMP", nullptr),
      tempdir("TEMPDIR", nullptr);
  const absl::StatusOr<std::filesystem::path> dir = TempDirectory();
  ASSERT_TRUE(dir.ok()) << dir.status();
  EXPECT_EQ(*dir, std::filesystem::path("/tmp"));
}

TEST(TempDirectory, MissingTmpdirIsAnErrorNamingItsValue) {
  const ScopedEnv tmpdir("TMPDIR", "/nonexistent-frameproof-tmpdir");
  const absl::StatusOr<std::filesystem::path> dir = TempDirectory();
  ASSERT_FALSE(dir.ok());
  EXPECT_EQ(dir.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(dir.status().message(),
              AllOf(HasSubstr("no directory for temporary files"),
                    HasSubstr("TMPDIR is '/nonexistent-frameproof-tmpdir'")));
}

TEST(TempDirectory, TmpdirThatIsAFileIsAnError) {
  const ScratchDir scratch;
  const std::string file = (scratch.path() / "a-file").string();
  std::ofstream(file) << "not a directory";
  const ScopedEnv tmpdir("TMPDIR", file.c_str());
  const absl::StatusOr<std::filesystem::path> dir = TempDirectory();
  ASSERT_FALSE(dir.ok());
  EXPECT_THAT(dir.status().message(), HasSubstr(absl::StrCat("TMPDIR is '", file, "'")));
}

TEST(MakeDirectories, MakesTheFolderAndItsParents) {
  const ScratchDir scratch;
  EXPECT_TRUE(MakeDirectories(scratch.path() / "a" / "b").ok());
  EXPECT_TRUE(std::filesystem::is_directory(scratch.path() / "a" / "b"));
  EXPECT_TRUE(MakeDirectories(scratch.path() / "a" / "b").ok());  // already there
}

TEST(MakeDirectories, WhereAFileStandsIsAnErrorNamingTheFolder) {
  const ScratchDir scratch;
  std::ofstream(scratch.path() / "logs") << "a file, not a folder";
  const std::filesystem::path inner = scratch.path() / "logs" / "inner";
  const absl::Status made = MakeDirectories(inner);
  EXPECT_EQ(made.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(made.message(), absl::StrCat("cannot create ", inner.string(), ": Not a directory"));
}

}  // namespace
}  // namespace frameproof
