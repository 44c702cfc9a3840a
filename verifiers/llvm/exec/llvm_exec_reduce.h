#ifndef FRAMEPROOF_VERIFIERS_LLVM_EXEC_LLVM_EXEC_REDUCE_H_
#define FRAMEPROOF_VERIFIERS_LLVM_EXEC_LLVM_EXEC_REDUCE_H_

// A compiler finding's module, reduced by llvm-reduce of the compiler's own release, with
// frameproof's verdict as the interestingness test: a candidate is kept when `verify llvm-exec`
// gives it a compiler finding of the same signature, at the same flags.

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "verifiers/llvm/exec/llvm_tools.h"

namespace frameproof {

struct ReducedLlvmModule {
  std::filesystem::path path;
  size_t lines_before = 0;
  size_t lines_after = 0;
};

// Reduces `module` into `<stem>-reduced.ll` beside it. `judge` is the frameproof command line
// that judges one candidate (everything but `--program FILE`); it must exit 0 exactly when the
// candidate is interesting. An error says why llvm-reduce gave nothing.
absl::StatusOr<ReducedLlvmModule> ReduceLlvmModule(const LlvmTools& tools,
                                                   const std::filesystem::path& module,
                                                   const std::vector<std::string>& judge);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_LLVM_EXEC_LLVM_EXEC_REDUCE_H_
