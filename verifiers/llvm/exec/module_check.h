#ifndef FRAMEPROOF_VERIFIERS_LLVM_EXEC_MODULE_CHECK_H_
#define FRAMEPROOF_VERIFIERS_LLVM_EXEC_MODULE_CHECK_H_

// The judgement of a module llvm-exec did not write (module_builds.h): the build under test's
// stack maps, read at each hook the way a runtime does, against the reference build's values.
//   - the n-th hook of the build under test and the n-th site of the reference build are the
//     same site (both builds run the same code); its record is the one at the hook's pc, and its
//     ID must be the IR's;
//   - each operand's scalar leaves, in order, take the locations that cover their width: a leaf
//     no location covers, a location left over, or bytes that differ from the reference's are
//     findings (pointers compare by what they point into; undef operands take any bytes);
//   - the function's stack size must be the frame the hook sees;
//   - both builds must call the same declared functions in the same order and return the same
//     results, and the build under test must finish.

#include <string>
#include <vector>

#include "core/base/instruction_set.h"
#include "core/llvm/stack_map_section.h"
#include "verifiers/llvm/exec/hook_output.h"
#include "verifiers/llvm/exec/llvm_exec_check.h"
#include "verifiers/llvm/exec/module_builds.h"

namespace frameproof {

struct ModuleCheck {
  std::vector<std::string> findings;     // wrong records, code or results: llc's fault
  std::vector<std::string> unsupported;  // what this cannot read (an x87 register, say)
  LlvmExecCounts counts;
};

ModuleCheck CheckModuleRuns(const ModuleBuilds& builds, const LlvmStackMaps& maps,
                            const LlvmExecRun& test, const LlvmExecRun& reference,
                            InstructionSet isa);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_LLVM_EXEC_MODULE_CHECK_H_
