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
// in generated code is a verdict for its case, never the end of the run. Not reentrant.
std::optional<Crash> RunGuarded(absl::FunctionRef<void()> fn, unsigned timeout_seconds = 10);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_EXEC_CRASH_GUARD_H_
