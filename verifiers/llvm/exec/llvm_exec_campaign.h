#ifndef FRAMEPROOF_VERIFIERS_LLVM_EXEC_LLVM_EXEC_CAMPAIGN_H_
#define FRAMEPROOF_VERIFIERS_LLVM_EXEC_LLVM_EXEC_CAMPAIGN_H_

// `frameproof verify llvm-exec`: seeded llvm-exec programs, or fixed ones from files, built,
// run and checked one after another (llvm_exec_check.h says what is checked).

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "core/base/instruction_set.h"
#include "verifiers/llvm/exec/llvm_exec_check.h"

namespace frameproof {

struct LlvmExecOptions {
  InstructionSet isa = InstructionSet::kX86_64;
  uint64_t seed = 1;
  uint64_t cases = 100;
  std::optional<uint64_t> only_case;  // run just this case (a reproduction)
  std::vector<std::string> programs;  // .ll files to replay instead of generated programs
  std::string work_dir;               // default: a fresh directory under the system temp dir
  uint32_t max_detailed_failures = 5;
};

struct LlvmExecSummary {
  uint64_t passed = 0;
  uint64_t failed = 0;
  double seconds = 0;
  LlvmExecCounts counts;
  std::string setup_error;  // the toolchain could not be prepared: nothing ran
  double cases_per_second() const { return seconds > 0 ? (passed + failed) / seconds : 0; }
};

// Runs the campaign. Failures (with the one-line reproduction, and where the failing program's
// files were kept) go to `out`, progress to `progress`; `out` ends with what the locations
// covered and "N passed, M failed".
LlvmExecSummary RunLlvmExecCampaign(const LlvmExecOptions& options, std::ostream& out,
                                    std::ostream& progress);

// The command line that reruns generated case `index` alone.
std::string LlvmExecReproduction(const LlvmExecOptions& options, uint64_t index);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_LLVM_EXEC_LLVM_EXEC_CAMPAIGN_H_
