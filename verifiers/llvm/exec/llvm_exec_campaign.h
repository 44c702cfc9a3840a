#ifndef FRAMEPROOF_VERIFIERS_LLVM_EXEC_LLVM_EXEC_CAMPAIGN_H_
#define FRAMEPROOF_VERIFIERS_LLVM_EXEC_LLVM_EXEC_CAMPAIGN_H_

// `frameproof verify llvm-exec`: seeded llvm-exec programs, or fixed ones from files, built,
// run and checked one after another (llvm_exec_check.h says what is checked). A file without
// `; fp-exec` lines is any module: its truth comes from a reference build (module_builds.h,
// module_check.h). Each program gets a verdict: pass, compiler-finding (llc crashed, rejected
// valid IR, or a record, the code at a site or a result is wrong) or unsupported (a construct
// frameproof cannot judge yet, named).

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/base/instruction_set.h"
#include "verifiers/llvm/exec/llvm_exec_check.h"
#include "verifiers/llvm/exec/module_generator.h"

namespace frameproof {

struct LlvmExecOptions {
  InstructionSet isa = InstructionSet::kX86_64;
  uint64_t seed = 1;
  uint64_t cases = 100;
  std::optional<uint64_t> only_case;  // run just this case (a reproduction)
  std::vector<std::string> programs;  // .ll files to replay instead of generated programs
  std::string work_dir;               // default: a fresh directory under the system temp dir
  uint32_t max_detailed_failures = 5;
  std::string llc;        // the compiler under test (default: llc on PATH)
  std::string llc_flags;  // its flags, as one string (default: -O2)
  std::string entry;      // a module's function to call (default: every defined function)
  bool reduce = true;     // reduce each module with a compiler finding (llvm_exec_reduce.h)
  LlvmExecGenerate generate = LlvmExecGenerate::kPrograms;  // what generated cases are
  // Known findings (corpora/llvm_modules/known_findings.tsv): a finding listed there for llc's
  // release is reported as known-finding, with its public report, and fails nothing.
  std::string known_findings;
  // A reduction's candidates (set by its interestingness test): a module naming more undefined
  // values than the one being reduced is unsupported. llvm-reduce replaces what it removes with
  // undef, and the two builds may compute different values from it: no finding of llc's.
  std::optional<size_t> max_undefined_values;
};

enum class LlvmExecVerdict { kPass, kKnownFinding, kCompilerFinding, kUnsupported };

// "pass", "known-finding", "compiler-finding", "unsupported".
absl::string_view LlvmExecVerdictName(LlvmExecVerdict verdict);

struct LlvmExecSummary {
  uint64_t passed = 0;       // passes and known findings
  uint64_t known = 0;        // of `passed`
  uint64_t failed = 0;       // compiler findings and unsupported programs
  uint64_t unsupported = 0;  // of `failed`
  double seconds = 0;
  LlvmExecCounts counts;
  std::string setup_error;  // the toolchain could not be prepared: nothing ran
  // Per program with a compiler finding, new or known: its signature (llvm_findings.h), which a
  // reduction keeps.
  std::vector<std::string> finding_signatures;
  double cases_per_second() const { return seconds > 0 ? (passed + failed) / seconds : 0; }
};

// Runs the campaign. Failures (with the one-line reproduction, and where the failing program's
// files were kept) go to `out`, progress to `progress`; `out` ends with what the locations
// covered, the verdicts and "N passed, M failed".
LlvmExecSummary RunLlvmExecCampaign(const LlvmExecOptions& options, std::ostream& out,
                                    std::ostream& progress);

struct LlvmExecJudgeSetup;

// One module at a time, judged against its reference build as `verify llvm-exec --program`
// judges a module without expectations (a fuzzer's mutant no longer meets any), with the
// toolchain prepared once: the llvm_exec fuzz target's oracle (fuzzers/llvm_exec.cc).
class LlvmExecModuleJudge {
 public:
  // Resolves llc and its tools, builds the runtime and reads the known findings of `options`
  // (its programs, cases and reduction are not used); an error says what is missing. Without
  // a work_dir, the judge makes <temp>/frameproof-llvm-exec-judge-<pid>-<n> (the process's n-th)
  // and owns it.
  static absl::StatusOr<LlvmExecModuleJudge> Create(LlvmExecOptions options);

  LlvmExecModuleJudge(LlvmExecModuleJudge&&) noexcept;
  // Not assignable: the judge assigned to would drop its directory without removing it.
  LlvmExecModuleJudge& operator=(LlvmExecModuleJudge&&) = delete;
  // Removes the work directory the judge made, unless it holds the program of a finding that
  // NewFinding reported; a work_dir the options named is left as it is.
  ~LlvmExecModuleJudge();

  // The report of `ir`'s compiler finding when no known finding explains it; empty when it
  // passed, llc met a known bug, or it is not a module frameproof can judge (IR llvm-as
  // rejects included).
  std::string NewFinding(absl::string_view ir) const;

 private:
  LlvmExecModuleJudge(LlvmExecOptions options, std::unique_ptr<const LlvmExecJudgeSetup> setup,
                      bool owns_work_dir);
  LlvmExecOptions options_;
  std::unique_ptr<const LlvmExecJudgeSetup> setup_;  // null once moved from
  bool owns_work_dir_ = false;
  mutable bool reported_finding_ = false;  // its program is in the work directory
};

// The command line that reruns generated case `index` alone.
std::string LlvmExecReproduction(const LlvmExecOptions& options, uint64_t index);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_LLVM_EXEC_LLVM_EXEC_CAMPAIGN_H_
