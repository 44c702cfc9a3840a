#include "verifiers/exec/crash_guard.h"

#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <sys/time.h>
#include <time.h>
#include <ucontext.h>

#include <array>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "absl/strings/str_cat.h"

namespace frameproof {
namespace {

constexpr std::array<int, 6> kGuardedSignals = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGALRM};
constexpr size_t kAltStackSize = 1 << 16;

// The guarded run in progress on this thread, if any. Only a signal that arrives on this thread
// while `t_jump` is set belongs to the guarded code, and a SIGALRM only once `t_deadline_micros`
// has passed: an earlier one is the caller's own alarm, noted in `t_caller_alarm_due`.
thread_local sigjmp_buf* t_jump = nullptr;
thread_local int64_t t_deadline_micros = 0;
thread_local bool t_caller_alarm_due = false;
thread_local Crash t_crash;

// The actions the process had before the guard installed its own. Handlers are process-wide, so
// a signal on another thread, or one outside the guarded call, is handed to these unchanged.
std::array<struct sigaction, kGuardedSignals.size()> g_previous_actions;
// Set while a guard's handlers are installed; g_previous_actions belongs to that guard.
std::atomic<bool> g_guard_installed{false};

size_t GuardedSignalIndex(int signal) {
  for (size_t i = 0; i < kGuardedSignals.size(); ++i) {
    if (kGuardedSignals[i] == signal) return i;
  }
  return 0;  // unreachable: only guarded signals reach our handler
}

int64_t MonotonicMicros() {
  timespec now{};
  clock_gettime(CLOCK_MONOTONIC, &now);
  return int64_t{now.tv_sec} * 1000000 + now.tv_nsec / 1000;
}

uint64_t PcOf(void* context) {
  const auto* uc = static_cast<const ucontext_t*>(context);
#if defined(__x86_64__)
  return static_cast<uint64_t>(uc->uc_mcontext.gregs[REG_RIP]);
#elif defined(__aarch64__)
  return uc->uc_mcontext.pc;
#else
  (void)uc;
  return 0;
#endif
}

// Delivers a signal that is not the guarded code's as if the guard were not installed.
void ForwardToPreviousAction(int signal, siginfo_t* info, void* context) {
  const struct sigaction& previous = g_previous_actions[GuardedSignalIndex(signal)];
  if ((previous.sa_flags & SA_SIGINFO) != 0) {
    previous.sa_sigaction(signal, info, context);
  } else if (previous.sa_handler == SIG_DFL) {
    // Put the default action back: a fault then recurs on return and takes it; a signal that
    // was sent (not raised by an instruction) is sent again, and arrives once this handler ends.
    sigaction(signal, &previous, nullptr);
    if (info == nullptr || info->si_code <= 0 || signal == SIGALRM) raise(signal);
  } else if (previous.sa_handler != SIG_IGN) {
    previous.sa_handler(signal);
  }
}

void OnSignal(int signal, siginfo_t* info, void* context) {
  if (t_jump == nullptr) {
    ForwardToPreviousAction(signal, info, context);
    return;
  }
  if (signal == SIGALRM && MonotonicMicros() < t_deadline_micros) {
    t_caller_alarm_due = true;
    return;
  }
  t_crash.signal = signal;
  t_crash.pc = PcOf(context);
  t_crash.fault_address = reinterpret_cast<uint64_t>(info->si_addr);
  siglongjmp(*t_jump, 1);
}

sigset_t AlarmSet() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGALRM);
  return set;
}

// Takes a pending SIGALRM off this thread (and the process), if there is one; true if it did.
bool ConsumePendingAlarm() {
  sigset_t pending;
  sigpending(&pending);
  if (sigismember(&pending, SIGALRM) != 1) return false;
  const sigset_t alarm = AlarmSet();
  const timespec now{};
  return sigtimedwait(&alarm, nullptr, &now) == SIGALRM;
}

int64_t Micros(const timeval& value) { return int64_t{value.tv_sec} * 1000000 + value.tv_usec; }
timeval FromMicros(int64_t micros) {
  return timeval{static_cast<time_t>(micros / 1000000), static_cast<suseconds_t>(micros % 1000000)};
}

// The caller's timer as it stands `elapsed_micros` after it was taken down. True if it expired
// meanwhile: its alarm is then due, and a periodic timer starts its next period.
bool AdvanceTimer(itimerval& timer, int64_t elapsed_micros) {
  int64_t remaining = Micros(timer.it_value);
  // A periodic timer read at the instant it fires shows 0 left; that expiry raised its own
  // SIGALRM, and the timer runs on with its interval. Restoring the 0 would disarm it for good.
  if (remaining == 0) remaining = Micros(timer.it_interval);
  if (remaining == 0) return false;  // disarmed
  if (remaining > elapsed_micros) {
    timer.it_value = FromMicros(remaining - elapsed_micros);
    return false;
  }
  timer.it_value = timer.it_interval;
  return true;
}

}  // namespace

std::string Crash::Describe() const {
  const char* abbrev = sigabbrev_np(signal);
  const std::string name = signal == SIGALRM ? "timeout (SIGALRM)"
                           : abbrev != nullptr ? absl::StrCat("SIG", abbrev)
                                               : absl::StrCat("signal ", signal);
  const bool memory = signal == SIGSEGV || signal == SIGBUS;
  return absl::StrCat(name, " at pc 0x", absl::Hex(pc),
                      memory ? absl::StrCat(" (address 0x", absl::Hex(fault_address), ")") : "");
}

std::optional<Crash> RunGuarded(absl::FunctionRef<void()> fn, unsigned timeout_seconds) {
  if (g_guard_installed.exchange(true)) {
    std::fprintf(stderr, "RunGuarded: a guarded run is already in progress in this process\n");
    std::abort();
  }
  // SIGALRM stays blocked on this thread except while `fn` runs. The caller's own timer
  // (libFuzzer times inputs with ITIMER_REAL) can then never fire into our handler while it is
  // being installed or removed; an alarm that comes in those windows waits for the caller's
  // handler.
  const sigset_t alarm = AlarmSet();
  sigset_t caller_mask;
  pthread_sigmask(SIG_BLOCK, &alarm, &caller_mask);
  t_caller_alarm_due = false;

  static thread_local std::vector<char> alt_stack(kAltStackSize);
  stack_t stack{};
  stack.ss_sp = alt_stack.data();
  stack.ss_size = alt_stack.size();
  stack_t caller_stack{};
  sigaltstack(&stack, &caller_stack);

  struct sigaction action {};
  action.sa_sigaction = &OnSignal;
  action.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  for (size_t i = 0; i < kGuardedSignals.size(); ++i) {
    sigaction(kGuardedSignals[i], &action, &g_previous_actions[i]);
  }

  // Our timer stands in for the caller's, which comes back afterwards as if it had run on.
  itimerval timer{};
  timer.it_value.tv_sec = timeout_seconds;
  itimerval caller_timer{};
  const int64_t start_micros = MonotonicMicros();
  t_deadline_micros = start_micros + int64_t{timeout_seconds} * 1000000;
  setitimer(ITIMER_REAL, &timer, &caller_timer);

  sigjmp_buf jump;
  std::optional<Crash> crash;
  // savemask: a crash comes back with the mask of this point, SIGALRM blocked.
  if (sigsetjmp(jump, /*savemask=*/1) == 0) {
    t_jump = &jump;
    pthread_sigmask(SIG_UNBLOCK, &alarm, nullptr);
    fn();
    pthread_sigmask(SIG_BLOCK, &alarm, nullptr);
  } else {
    crash = t_crash;
  }
  t_jump = nullptr;

  // Disarm our timer. An alarm still pending is ours if it came after the deadline (`fn` ended
  // just as it ran out), else the caller's.
  const itimerval disarmed{};
  setitimer(ITIMER_REAL, &disarmed, nullptr);
  if (ConsumePendingAlarm() && MonotonicMicros() < t_deadline_micros) t_caller_alarm_due = true;
  if (AdvanceTimer(caller_timer, MonotonicMicros() - start_micros)) t_caller_alarm_due = true;
  setitimer(ITIMER_REAL, &caller_timer, nullptr);
  for (size_t i = 0; i < kGuardedSignals.size(); ++i) {
    sigaction(kGuardedSignals[i], &g_previous_actions[i], nullptr);
  }
  sigaltstack(&caller_stack, nullptr);
  g_guard_installed.store(false);
  // Blocked here, so it reaches the caller's handler when the caller's mask comes back.
  if (t_caller_alarm_due) raise(SIGALRM);
  pthread_sigmask(SIG_SETMASK, &caller_mask, nullptr);
  return crash;
}

}  // namespace frameproof
