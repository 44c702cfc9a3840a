// A fault in guarded code is a verdict the caller gets back, and the process carries on.

#include "verifiers/exec/crash_guard.h"

#include <signal.h>

#include "gtest/gtest.h"

namespace frameproof {
namespace {

TEST(CrashGuard, CleanRunReturnsNoCrash) {
  int ran = 0;
  EXPECT_FALSE(RunGuarded([&] { ++ran; }).has_value());
  EXPECT_EQ(ran, 1);
}

TEST(CrashGuard, SegmentationFaultComesBackAsACrash) {
  const std::optional<Crash> crash = RunGuarded([] { raise(SIGSEGV); });
  ASSERT_TRUE(crash.has_value());
  EXPECT_EQ(crash->signal, SIGSEGV);
  EXPECT_NE(crash->Describe().find("SIGSEGV at pc 0x"), std::string::npos) << crash->Describe();
}

TEST(CrashGuard, IllegalInstructionComesBackAsACrash) {
  const std::optional<Crash> crash = RunGuarded([] { raise(SIGILL); });
  ASSERT_TRUE(crash.has_value());
  EXPECT_EQ(crash->signal, SIGILL);
}

TEST(CrashGuard, RunPastTheTimeoutComesBackAsATimeout) {
  volatile bool forever = true;
  const std::optional<Crash> crash = RunGuarded(
      [&] {
        while (forever) {
        }
      },
      /*timeout_seconds=*/1);
  ASSERT_TRUE(crash.has_value());
  EXPECT_EQ(crash->signal, SIGALRM);
  EXPECT_NE(crash->Describe().find("timeout"), std::string::npos);
}

TEST(CrashGuard, GuardsAgainAfterACrash) {
  ASSERT_TRUE(RunGuarded([] { raise(SIGBUS); }).has_value());
  EXPECT_TRUE(RunGuarded([] { raise(SIGSEGV); }).has_value());
  EXPECT_FALSE(RunGuarded([] {}).has_value());
}

}  // namespace
}  // namespace frameproof
