// Where a mutation run reads its sources: the checkout as it is, or one commit of it.

#include "verifiers/mutate/source_tree.h"

#include <filesystem>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "verifiers/mutate/mutation_run.h"
#include "verifiers/util/file_bytes.h"
#include "verifiers/util/scratch_dir_testing.h"
#include "verifiers/util/subprocess.h"

namespace frameproof::mutate {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;

class SourceTreeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    repo_ = base_.path() / "repo";
    scratch_ = base_.path() / "scratch";
    std::filesystem::create_directories(repo_ / "core");
    Git({"init", "-q"});
    Write("core/a.cc", "int a() { return 1 < 2; }\n");
    Write("README.md", "sources\n");
    Commit("first");
  }

  void Commit(const std::string& message) {
    Git({"add", "."});
    Git({"-c", "user.name=frameproof", "-c", "user.email=frameproof@example.com", "commit", "-q",
         "-m", message});
  }

  void Git(std::vector<std::string> args) {
    args.insert(args.begin(), {"git", "-C", repo_.string()});
    std::ostringstream log;
    const CommandOutcome outcome = RunCommand(Command{args}, log);
    ASSERT_TRUE(outcome.ok()) << ShellLine(args) << ": " << log.str();
  }

  void Write(const std::string& file, std::string_view text) {
    ASSERT_TRUE(WriteFileText((repo_ / file).string(), text));
  }

  const ScratchDir base_;
  std::filesystem::path repo_, scratch_;
};

TEST_F(SourceTreeTest, TheCheckoutIsReadAsItIsWithNewFilesGitDoesNotIgnore) {
  Write("core/a.cc", "int a() { return 1 <= 2; }\n");
  Write("core/b.cc", "int b();\n");
  absl::StatusOr<SourceTree> tree = OpenSourceTree(repo_, "", scratch_);
  ASSERT_TRUE(tree.ok()) << tree.status();
  EXPECT_EQ(tree->root, repo_);
  EXPECT_THAT(tree->files, ElementsAre("README.md", "core/a.cc", "core/b.cc"));
  EXPECT_THAT(tree->label, HasSubstr("-dirty"));
}

TEST_F(SourceTreeTest, ACommitIsReadFromItsExportWhateverTheCheckoutHoldsNow) {
  Write("core/a.cc", "int a() { return 1 <= 2; }\n");
  Write("core/b.cc", "int b();\n");
  absl::StatusOr<SourceTree> tree = OpenSourceTree(repo_, "HEAD", scratch_);
  ASSERT_TRUE(tree.ok()) << tree.status();
  EXPECT_NE(tree->root, repo_);
  EXPECT_THAT(tree->files, ElementsAre("README.md", "core/a.cc"));
  EXPECT_EQ(ReadFileText((tree->root / "core/a.cc").string()), "int a() { return 1 < 2; }\n");
  EXPECT_THAT(tree->label, Not(HasSubstr("dirty")));
}

TEST_F(SourceTreeTest, EqualSourcesHaveEqualFingerprintsAndAnEditChangesIt) {
  absl::StatusOr<SourceTree> commit = OpenSourceTree(repo_, "HEAD", scratch_);
  absl::StatusOr<SourceTree> clean = OpenSourceTree(repo_, "", scratch_);
  ASSERT_TRUE(commit.ok() && clean.ok());
  EXPECT_EQ(commit->fingerprint, clean->fingerprint);

  Write("core/a.cc", "int a() { return 1 > 2; }\n");  // same size, other bytes
  absl::StatusOr<SourceTree> edited = OpenSourceTree(repo_, "", scratch_);
  ASSERT_TRUE(edited.ok());
  EXPECT_NE(edited->fingerprint, clean->fingerprint);
}

// An equivalents key names a line of one tree: a run pinned to a commit must not read the
// checkout's list, whose keys have moved with the code since.
TEST_F(SourceTreeTest, ARunOverACommitReadsThatCommitsOwnEquivalentsList) {
  std::filesystem::create_directories(repo_ / "verifiers" / "mutate");
  Write(kEquivalentsListPath, "core/a.cc:1:23:relational:<  # as committed\n");
  Commit("list");
  Write(kEquivalentsListPath, "core/a.cc:2:23:relational:<  # as edited since\n");
  absl::StatusOr<SourceTree> commit = OpenSourceTree(repo_, "HEAD", scratch_);
  absl::StatusOr<SourceTree> checkout = OpenSourceTree(repo_, "", scratch_);
  ASSERT_TRUE(commit.ok() && checkout.ok());

  const MutateConfig defaults;
  EXPECT_EQ(ReadFileText(EquivalentsListFor(defaults, *commit).string()),
            "core/a.cc:1:23:relational:<  # as committed\n");
  EXPECT_EQ(ReadFileText(EquivalentsListFor(defaults, *checkout).string()),
            "core/a.cc:2:23:relational:<  # as edited since\n");
  MutateConfig named;
  named.equivalents = "/elsewhere/equivalents.txt";
  EXPECT_EQ(EquivalentsListFor(named, *commit), named.equivalents);
}

TEST_F(SourceTreeTest, ACommitThatDoesNotExistIsRefusedByName) {
  const absl::StatusOr<SourceTree> tree = OpenSourceTree(repo_, "no-such-branch", scratch_);
  ASSERT_FALSE(tree.ok());
  EXPECT_EQ(tree.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(tree.status().message(), HasSubstr("--commit no-such-branch names no commit"));
}

TEST_F(SourceTreeTest, AFolderThatIsNoCheckoutIsRefused) {
  const absl::StatusOr<SourceTree> tree = OpenSourceTree(base_.path() / "nowhere", "", scratch_);
  ASSERT_FALSE(tree.ok());
  EXPECT_THAT(tree.status().message(), HasSubstr("needs a git checkout"));
}

TEST_F(SourceTreeTest, AScratchFolderThatCannotBeMadeIsRefusedByName) {
  ASSERT_TRUE(WriteFileText((base_.path() / "a-file").string(), "not a folder\n"));
  const std::filesystem::path scratch = base_.path() / "a-file" / "scratch";
  for (const std::string commit : {"", "HEAD"}) {
    const absl::StatusOr<SourceTree> tree = OpenSourceTree(repo_, commit, scratch);
    ASSERT_FALSE(tree.ok());
    EXPECT_EQ(tree.status().message(),
              absl::StrCat("cannot create ", scratch.string(), ": Not a directory"));
  }
}

}  // namespace
}  // namespace frameproof::mutate
