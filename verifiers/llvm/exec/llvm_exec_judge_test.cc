// LlvmExecModuleJudge's work directory: what stays on disk after the llvm_exec fuzz target's
// oracle has judged modules. Needs llc, clang and GNU ld, so the tree builds it natively only.

#include <unistd.h>

#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "verifiers/llvm/exec/llvm_exec_campaign.h"
#include "verifiers/util/file_bytes.h"
#include "verifiers/util/scoped_env_testing.h"
#include "verifiers/util/scratch_dir_testing.h"

namespace frameproof {
namespace {

using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::SizeIs;

constexpr char kPassingModule[] =
    FRAMEPROOF_SOURCE_DIR "/corpora/llvm_modules/pass/scalars_and_a_call.ll";
// llc 13-16 give a 24-byte struct operand one 8-byte location (LLVM issue 55649): a compiler
// finding, which the judge reports when no known findings are loaded.
constexpr char kFindingModule[] =
    FRAMEPROOF_SOURCE_DIR "/corpora/llvm_modules/findings/struct-wider-than-a-register.ll";

std::string Module(const char* path) {
  const std::optional<std::string> text = ReadFileText(path);
  EXPECT_TRUE(text.has_value()) << "cannot read " << path;
  return text.value_or("");
}

// The judge's default work directory lands in TMPDIR, which each test points at its own scratch.
class LlvmExecModuleJudgeTest : public ::testing::Test {
 protected:
  static LlvmExecModuleJudge MakeJudge(LlvmExecOptions options = {}) {
    options.isa = NativeInstructionSet();
    absl::StatusOr<LlvmExecModuleJudge> judge = LlvmExecModuleJudge::Create(std::move(options));
    EXPECT_TRUE(judge.ok()) << judge.status();
    return *std::move(judge);
  }

  // The directories judges of this process made in TMPDIR.
  std::vector<std::filesystem::path> JudgeDirs() const {
    const std::string prefix = absl::StrCat("frameproof-llvm-exec-judge-", getpid(), "-");
    std::vector<std::filesystem::path> dirs;
    for (const auto& entry : std::filesystem::directory_iterator(scratch_.path())) {
      if (absl::StartsWith(entry.path().filename().string(), prefix)) dirs.push_back(entry.path());
    }
    return dirs;
  }

  ScratchDir scratch_;
  ScopedEnv tmpdir_{"TMPDIR", scratch_.path().c_str()};
};

TEST_F(LlvmExecModuleJudgeTest, RemovesTheWorkDirectoryItMadeOnceItGoes) {
  {
    const LlvmExecModuleJudge judge = MakeJudge();
    EXPECT_THAT(JudgeDirs(), SizeIs(1));
    EXPECT_EQ(judge.NewFinding(Module(kPassingModule)), "");
  }
  EXPECT_THAT(JudgeDirs(), IsEmpty());
}

TEST_F(LlvmExecModuleJudgeTest, AMovedFromJudgeLeavesTheDirectoryToItsSuccessor) {
  std::optional<LlvmExecModuleJudge> successor;
  {
    LlvmExecModuleJudge judge = MakeJudge();
    successor.emplace(std::move(judge));
  }
  EXPECT_THAT(JudgeDirs(), SizeIs(1));
  EXPECT_EQ(successor->NewFinding(Module(kPassingModule)), "");
  successor.reset();
  EXPECT_THAT(JudgeDirs(), IsEmpty());
}

TEST_F(LlvmExecModuleJudgeTest, TwoJudgesOfOneProcessNeverShareADirectory) {
  std::optional<LlvmExecModuleJudge> first(MakeJudge());
  const LlvmExecModuleJudge second = MakeJudge();
  EXPECT_THAT(JudgeDirs(), SizeIs(2));
  first.reset();
  EXPECT_THAT(JudgeDirs(), SizeIs(1));
  EXPECT_EQ(second.NewFinding(Module(kPassingModule)), "");
}

TEST_F(LlvmExecModuleJudgeTest, KeepsTheProgramOfAReportedFinding) {
  std::string report;
  {
    const LlvmExecModuleJudge judge = MakeJudge();
    report = judge.NewFinding(Module(kFindingModule));
  }
  ASSERT_THAT(report, HasSubstr("compiler-finding ["));
  const std::vector<std::filesystem::path> dirs = JudgeDirs();
  ASSERT_THAT(dirs, SizeIs(1));
  const std::filesystem::path program = dirs[0] / "input-as-given.ll";
  EXPECT_THAT(report, HasSubstr(absl::StrCat("  program: ", program.string(), "\n")));
  EXPECT_TRUE(std::filesystem::is_regular_file(program));
}

TEST_F(LlvmExecModuleJudgeTest, LeavesAWorkDirectoryTheOptionsNamed) {
  const std::filesystem::path named = scratch_.path() / "named";
  {
    LlvmExecOptions options;
    options.work_dir = named.string();
    const LlvmExecModuleJudge judge = MakeJudge(std::move(options));
    EXPECT_EQ(judge.NewFinding(Module(kPassingModule)), "");
  }
  EXPECT_TRUE(std::filesystem::is_directory(named));
  EXPECT_THAT(JudgeDirs(), IsEmpty());
}

TEST_F(LlvmExecModuleJudgeTest, WithoutATemporaryDirectoryIsAnErrorNamingTmpdir) {
  const ScopedEnv missing("TMPDIR", "/nonexistent-frameproof-tmpdir");
  LlvmExecOptions options;
  options.isa = NativeInstructionSet();
  const absl::StatusOr<LlvmExecModuleJudge> judge = LlvmExecModuleJudge::Create(options);
  ASSERT_FALSE(judge.ok());
  EXPECT_THAT(judge.status().message(), HasSubstr("TMPDIR is '/nonexistent-frameproof-tmpdir'"));
}

}  // namespace
}  // namespace frameproof
