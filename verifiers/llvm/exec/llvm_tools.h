#ifndef FRAMEPROOF_VERIFIERS_LLVM_EXEC_LLVM_TOOLS_H_
#define FRAMEPROOF_VERIFIERS_LLVM_EXEC_LLVM_TOOLS_H_

// The compiler under test and the tools of its own release that go with it: `llc-15` brings
// `llvm-as-15` and `llvm-reduce-15`; `/usr/lib/llvm-15/bin/llc` the tools beside it; plain `llc`
// the ones on PATH. Mixing releases would judge one LLVM with another's verifier. (The linker is
// not LLVM's to judge: llvm_exec_toolchain.h picks it by ISA.)

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace frameproof {

inline constexpr char kDefaultLlc[] = "llc";
inline constexpr char kDefaultLlcFlags[] = "-O2";

struct LlvmTools {
  std::string llc = kDefaultLlc;
  std::vector<std::string> llc_flags;  // the user's flags, or kDefaultLlcFlags
  std::string assembler;               // llvm-as: is the module valid IR for this release?
  std::string reducer;                 // llvm-reduce
  std::string version;                 // "15.0.6", from llc --version

  // "llc-15 (LLVM 15.0.6) -O0 -regalloc=fast": what a finding names as the compiler.
  std::string Describe() const;
};

// Finds the tools that belong to `llc` and reads its version; `flags` is split at blanks (empty:
// kDefaultLlcFlags). An error names the tool that is missing and where it was looked for.
absl::StatusOr<LlvmTools> ResolveLlvmTools(absl::string_view llc, absl::string_view flags);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_LLVM_EXEC_LLVM_TOOLS_H_
