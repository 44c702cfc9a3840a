// A fault in guarded code is a verdict the caller gets back, and the process carries on.

#include "verifiers/exec/crash_guard.h"

#include <pthread.h>
#include <signal.h>
#include <sys/time.h>
#include <time.h>

#include <atomic>
#include <thread>

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

// The caller's own handlers, as a fuzzing engine installs them: they count what reaches them.
std::atomic<int> g_caller_alarms{0};
std::atomic<int> g_caller_faults{0};
void CountCallerAlarm(int) { g_caller_alarms.fetch_add(1, std::memory_order_relaxed); }
void CountCallerFault(int) { g_caller_faults.fetch_add(1, std::memory_order_relaxed); }

// Installs `handler` for `signal` for the test's lifetime and restores the old action after.
class ScopedHandler {
 public:
  ScopedHandler(int signal, void (*handler)(int)) : signal_(signal) {
    struct sigaction action {};
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    sigaction(signal_, &action, &old_);
  }
  ~ScopedHandler() { sigaction(signal_, &old_, nullptr); }

 private:
  int signal_;
  struct sigaction old_ {};
};

// libFuzzer times inputs with a periodic ITIMER_REAL whose SIGALRM may fire at any instant,
// including while a guard is being set up or torn down. Such an alarm belongs to the caller: it
// must reach the caller's handler and never be mistaken for a fault of the guarded code.
TEST(CrashGuard, CallersPeriodicAlarmAlwaysReachesTheCallersHandler) {
  ScopedHandler caller(SIGALRM, &CountCallerAlarm);
  g_caller_alarms = 0;
  itimerval every_100us{};
  every_100us.it_interval.tv_usec = 100;
  every_100us.it_value.tv_usec = 100;
  ASSERT_EQ(setitimer(ITIMER_REAL, &every_100us, nullptr), 0);
  int crashes = 0;
  for (int i = 0; i < 20000 || g_caller_alarms.load() < 50; ++i) {
    if (RunGuarded([] {}).has_value()) ++crashes;
  }
  const itimerval off{};
  setitimer(ITIMER_REAL, &off, nullptr);
  EXPECT_EQ(crashes, 0);
  EXPECT_GE(g_caller_alarms.load(), 50);
}

// Signal handlers are process-wide. A signal another thread takes while this thread runs guarded
// code is that thread's: it goes to the handler the process had before, not to the guard.
TEST(CrashGuard, SignalsOnAnotherThreadGoToThePreviousHandler) {
  ScopedHandler alarms(SIGALRM, &CountCallerAlarm);
  ScopedHandler faults(SIGSEGV, &CountCallerFault);
  g_caller_alarms = 0;
  g_caller_faults = 0;
  std::atomic<bool> stop{false};
  std::thread other([&] {
    while (!stop.load()) std::this_thread::yield();
  });
  const std::optional<Crash> crash = RunGuarded([&] {
    pthread_kill(other.native_handle(), SIGALRM);
    pthread_kill(other.native_handle(), SIGSEGV);
    while (g_caller_alarms.load() < 1 || g_caller_faults.load() < 1) std::this_thread::yield();
  });
  stop = true;
  other.join();
  EXPECT_FALSE(crash.has_value()) << crash->Describe();
  EXPECT_EQ(g_caller_alarms.load(), 1);
  EXPECT_EQ(g_caller_faults.load(), 1);
}

// An alarm the caller set to fire while the guarded code runs is the caller's, not a timeout of the
// guarded code: the run completes, and the alarm reaches the caller's handler after it.
TEST(CrashGuard, CallersAlarmDueDuringTheRunArrivesAfterIt) {
  ScopedHandler caller(SIGALRM, &CountCallerAlarm);
  g_caller_alarms = 0;
  itimerval in_1ms{};
  in_1ms.it_value.tv_usec = 1000;
  ASSERT_EQ(setitimer(ITIMER_REAL, &in_1ms, nullptr), 0);
  bool finished = false;
  const std::optional<Crash> crash = RunGuarded([&] {
    timespec twenty_ms{0, 20 * 1000 * 1000};
    while (nanosleep(&twenty_ms, &twenty_ms) != 0) {
    }
    finished = true;
  });
  EXPECT_FALSE(crash.has_value()) << crash->Describe();
  EXPECT_TRUE(finished);
  EXPECT_EQ(g_caller_alarms.load(), 1);
}

// The caller's alarm keeps its period: the guard pauses it and gives it back, never disarms it.
TEST(CrashGuard, CallersTimerKeepsItsIntervalAfterAGuardedRun) {
  ScopedHandler caller(SIGALRM, &CountCallerAlarm);
  itimerval periodic{};
  periodic.it_interval.tv_sec = 5;
  periodic.it_value.tv_sec = 5;
  ASSERT_EQ(setitimer(ITIMER_REAL, &periodic, nullptr), 0);
  EXPECT_FALSE(RunGuarded([] {}).has_value());
  itimerval after{};
  getitimer(ITIMER_REAL, &after);
  const itimerval off{};
  setitimer(ITIMER_REAL, &off, nullptr);
  EXPECT_EQ(after.it_interval.tv_sec, 5);
  EXPECT_GT(after.it_value.tv_sec + after.it_value.tv_usec, 0);
}

}  // namespace
}  // namespace frameproof
