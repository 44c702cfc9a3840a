#ifndef FRAMEPROOF_VERIFIERS_LLVM_EXEC_LLVM_FINDINGS_H_
#define FRAMEPROOF_VERIFIERS_LLVM_EXEC_LLVM_FINDINGS_H_

// Compiler findings of `verify llvm-exec` by signature, and the known ones
// (corpora/llvm_modules/known_findings.tsv): the one place that says when two findings are the
// same bug, and which bugs a public report already describes. scripts/llvm-matrix groups what
// frameproof prints.

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/base/instruction_set.h"

namespace frameproof {

// What stays the same when another program, seed or work directory meets the same bug, given
// the finding's kind ("llc-crash", "llc-error", "run-failed", "expectations", or a module
// finding's kind such as "uncovered") and its full text:
//   - llc crashed: "llc-crash: " and the innermost named LLVM function of its backtrace; an
//     unsymbolized crash gives its pass ("in X86 DAG->DAG Instruction Selection"), or without
//     one where in which library it died ("at libLLVM-14.so.1+0x58239b2"), and without a stack
//     dump the signal that killed it ("killed by SIGBUS");
//   - llc refused valid IR: "llc-error: " and its last error message, numbers left out;
//   - a build that crashed or hung where the truth ran: "run-failed <isa>";
//   - a wrong record, code or result: "<kind> <site kind>" ("missing-live-out patchpoint"); an
//     uncovered operand adds the shape its WideOperandTag names ("uncovered stackmap aggregate",
//     "uncovered stackmap x86_fp80"): llc folds aggregates, i128 and x87 values by different bugs;
//   - a generated program's mismatch: "expectations: " and its first problem, names and numbers
//     left out.
std::string LlvmFindingSignature(absl::string_view kind, absl::string_view text,
                                 InstructionSet isa);

// What a finding says about the operand an uncovered record is short for: the first one wider
// than a register, "[wide operand #N: SHAPE]", where SHAPE is "aggregate", "vector" or the
// scalar's type ("i128", "x86_fp80"). LlvmFindingSignature reads it back.
std::string WideOperandTag(size_t operand_number, absl::string_view shape);

// One line of the known-findings file: a signature, the LLVM major versions it is known in, and
// the public report that describes it.
struct KnownLlvmFinding {
  std::string signature;
  int first_version = 0;
  int last_version = 0;
  std::string report;
};

class KnownLlvmFindings {
 public:
  // Lines "SIGNATURE<tab>VERSIONS<tab>REPORT" (VERSIONS "13-16" or "14"); '#' starts a comment.
  // A malformed line is an error naming its line number and what is wrong.
  static absl::StatusOr<KnownLlvmFindings> Parse(absl::string_view text);
  static absl::StatusOr<KnownLlvmFindings> Load(const std::string& path);

  // The entry for `signature` in LLVM `major_version`, or nullptr: the finding is new.
  const KnownLlvmFinding* Find(absl::string_view signature, int major_version) const;

 private:
  std::vector<KnownLlvmFinding> entries_;
};

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_LLVM_EXEC_LLVM_FINDINGS_H_
