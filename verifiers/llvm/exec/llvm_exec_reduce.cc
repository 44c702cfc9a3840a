#include "verifiers/llvm/exec/llvm_exec_reduce.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "absl/time/time.h"
#include "core/base/status_macros.h"
#include "verifiers/llvm/exec/llvm_exec_toolchain.h"
#include "verifiers/util/file_bytes.h"
#include "verifiers/util/subprocess.h"

namespace frameproof {
namespace {

constexpr absl::Duration kReduceTimeout = absl::Minutes(10);

size_t LineCount(const std::filesystem::path& path) {
  const std::optional<std::vector<uint8_t>> bytes = ReadFileBytes(path.string());
  return bytes.has_value() ? static_cast<size_t>(std::count(bytes->begin(), bytes->end(), '\n'))
                           : 0;
}

}  // namespace

absl::StatusOr<ReducedLlvmModule> ReduceLlvmModule(const LlvmTools& tools,
                                                   const std::filesystem::path& module,
                                                   const std::vector<std::string>& judge) {
  if (!IsExecutable(tools.reducer)) {
    return absl::FailedPreconditionError(
        absl::StrCat(tools.reducer, " is not installed (it goes with ", tools.llc, ")"));
  }
  const std::filesystem::path stem = module.parent_path() / module.stem();
  const std::filesystem::path test = stem.string() + "-interesting.sh";
  ReducedLlvmModule reduced;
  reduced.path = stem.string() + "-reduced.ll";
  FP_RETURN_IF_ERROR(WriteTextFile(
      test, absl::StrCat("#!/bin/sh\n# llvm-reduce's interestingness test: frameproof's verdict\n",
                         "exec ", ShellLine(judge), " --program \"$1\" >/dev/null 2>&1\n")));
  std::filesystem::permissions(test, std::filesystem::perms::owner_all,
                               std::filesystem::perm_options::add);
  std::ostringstream log;
  const std::vector<std::string> argv = {tools.reducer, absl::StrCat("--test=", test.string()),
                                         module.string(), "-o", reduced.path.string()};
  const CommandOutcome outcome = RunCommand({.argv = argv, .timeout = kReduceTimeout}, log);
  if (!outcome.ok() || !std::filesystem::exists(reduced.path)) {
    const std::string text = log.str();
    return absl::InternalError(absl::StrCat(ShellLine(argv), ": ", outcome.Describe(), "\n",
                                            text.substr(text.size() > 600 ? text.size() - 600 : 0)));
  }
  reduced.lines_before = LineCount(module);
  reduced.lines_after = LineCount(reduced.path);
  return reduced;
}

}  // namespace frameproof
