#include "verifiers/exec/crash_guard.h"

#include <setjmp.h>
#include <signal.h>
#include <sys/time.h>
#include <ucontext.h>

#include <array>
#include <cstring>
#include <vector>

#include "absl/strings/str_cat.h"

namespace frameproof {
namespace {

constexpr std::array<int, 6> kGuardedSignals = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGALRM};
constexpr size_t kAltStackSize = 1 << 16;

thread_local sigjmp_buf* g_jump = nullptr;
thread_local Crash g_crash;

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

void OnSignal(int signal, siginfo_t* info, void* context) {
  g_crash.signal = signal;
  g_crash.pc = PcOf(context);
  g_crash.fault_address = reinterpret_cast<uint64_t>(info->si_addr);
  siglongjmp(*g_jump, 1);
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
  static thread_local std::vector<char> alt_stack(kAltStackSize);
  stack_t stack{};
  stack.ss_sp = alt_stack.data();
  stack.ss_size = alt_stack.size();
  stack_t old_stack{};
  sigaltstack(&stack, &old_stack);

  struct sigaction action {};
  action.sa_sigaction = &OnSignal;
  action.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  std::array<struct sigaction, kGuardedSignals.size()> old_actions{};
  for (size_t i = 0; i < kGuardedSignals.size(); ++i) {
    sigaction(kGuardedSignals[i], &action, &old_actions[i]);
  }

  // Our timer replaces the caller's (libFuzzer times inputs with ITIMER_REAL too) and gives it
  // back afterwards.
  itimerval timer{};
  timer.it_value.tv_sec = timeout_seconds;
  itimerval old_timer{};
  setitimer(ITIMER_REAL, &timer, &old_timer);
  sigjmp_buf jump;
  std::optional<Crash> crash;
  g_jump = &jump;
  if (sigsetjmp(jump, /*savemask=*/1) == 0) {
    fn();
  } else {
    crash = g_crash;
  }
  g_jump = nullptr;
  setitimer(ITIMER_REAL, &old_timer, nullptr);
  for (size_t i = 0; i < kGuardedSignals.size(); ++i) {
    sigaction(kGuardedSignals[i], &old_actions[i], nullptr);
  }
  sigaltstack(&old_stack, nullptr);
  return crash;
}

}  // namespace frameproof
