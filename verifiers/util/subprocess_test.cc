#include "verifiers/util/subprocess.h"

#include <sstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace frameproof {
namespace {

TEST(RunCommand, HandsOverEveryLineAndKeepsThemInTheLog) {
  std::ostringstream log;
  std::vector<std::string> lines;
  const CommandOutcome outcome =
      RunCommand({.argv = {"sh", "-c", "echo one; echo two >&2; printf three"}}, log,
                 [&](double, absl::string_view line) { lines.emplace_back(line); });
  EXPECT_TRUE(outcome.ok()) << outcome.Describe();
  EXPECT_EQ(lines, (std::vector<std::string>{"one", "two", "three"}));
  EXPECT_NE(log.str().find("+ sh -c 'echo one; echo two >&2; printf three'\n"), std::string::npos);
  EXPECT_NE(log.str().find("one\ntwo\nthree\n"), std::string::npos);
}

TEST(RunCommand, ReportsTheExitStatus) {
  std::ostringstream log;
  const CommandOutcome outcome = RunCommand({.argv = {"sh", "-c", "exit 3"}}, log);
  EXPECT_FALSE(outcome.ok());
  EXPECT_EQ(outcome.exit_code, 3);
  EXPECT_EQ(outcome.Describe(), "exit status 3");
}

TEST(RunCommand, ReportsTheSignalThatEndedTheChild) {
  std::ostringstream log;
  const CommandOutcome outcome = RunCommand({.argv = {"sh", "-c", "kill -SEGV $$"}}, log);
  EXPECT_FALSE(outcome.ok());
  EXPECT_EQ(outcome.Describe(), "killed by SIGSEGV");
}

TEST(RunCommand, KillsTheProcessGroupAtTheTimeout) {
  std::ostringstream log;
  // The grandchild `sleep` holds the output pipe open: the timeout must still end the run.
  const CommandOutcome outcome = RunCommand(
      {.argv = {"sh", "-c", "sleep 30 & sleep 30"}, .timeout = absl::Milliseconds(300)}, log);
  EXPECT_TRUE(outcome.timed_out);
  EXPECT_LT(outcome.seconds, 10);
  EXPECT_EQ(outcome.Describe().rfind("timed out after", 0), 0u) << outcome.Describe();
}

TEST(RunCommand, PassesTheExtraEnvironment) {
  std::ostringstream log;
  std::string seen;
  const CommandOutcome outcome =
      RunCommand({.argv = {"sh", "-c", "echo $FRAMEPROOF_GATE_TEST"},
                  .env = {{"FRAMEPROOF_GATE_TEST", "planted"}}},
                 log, [&](double, absl::string_view line) { seen = std::string(line); });
  EXPECT_TRUE(outcome.ok());
  EXPECT_EQ(seen, "planted");
}

TEST(RunCommand, SaysWhenTheProgramDoesNotExist) {
  std::ostringstream log;
  const CommandOutcome outcome = RunCommand({.argv = {"/nonexistent/frameproof"}}, log);
  EXPECT_FALSE(outcome.started);
  EXPECT_EQ(outcome.Describe(),
            "could not start: /nonexistent/frameproof is not an executable file or on PATH");
}

TEST(ShellLine, QuotesOnlyWhatNeedsIt) {
  EXPECT_EQ(ShellLine({"ctest", "-R", "^BitVector\\.Empty$", "--test-dir", "build/dev"}),
            "ctest -R '^BitVector\\.Empty$' --test-dir build/dev");
  EXPECT_EQ(ShellLine({"echo", "it's"}), "echo 'it'\\''s'");
  EXPECT_EQ(ShellLine({"echo", ""}), "echo ''");
}

}  // namespace
}  // namespace frameproof
