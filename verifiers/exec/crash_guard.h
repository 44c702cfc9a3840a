#ifndef FRAMEPROOF_VERIFIERS_EXEC_CRASH_GUARD_H_
#define FRAMEPROOF_VERIFIERS_EXEC_CRASH_GUARD_H_

#include <cstdint>
#include <optional>
#include <string>

#include "absl/functional/function_ref.h"

namespace frameproof {

// A fault inside guarded code: the signal, the pc and the faulting address.
struct Crash {
  int signal = 0;
  uint64_t pc = 0;
  uint64_t fault_address = 0;
  std::string Describe() const;  // "SIGSEGV at pc 0x... (address 0x...)"
};

// Runs `fn`. If it faults (SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE) or runs past
// `timeout_seconds` (SIGALRM), the fault comes back as a Crash and the caller carries on: a crash
// in generated code is a verdict for its case, never the end of the run.
//
// Only signals this thread takes while `fn` runs are the guarded code's. Any other (a signal on
// another thread, the caller's own periodic alarm) goes to the action the process had before, as
// if no guard were installed. The caller's ITIMER_REAL is replaced by the guard's timeout while
// `fn` runs and re-armed after with the time it has left; if it expired meanwhile, its SIGALRM
// reaches the caller's handler once the guard is gone. One guarded run at a time per process; a
// nested or concurrent call aborts.
std::optional<Crash> RunGuarded(absl::FunctionRef<void()> fn, unsigned timeout_seconds = 10);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_EXEC_CRASH_GUARD_H_
