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
//   - the function's stack size must be the frame the hook sees (the entry's own frame);
//   - a patchpoint's live-outs must list every callee-saved register that still holds the
//     caller's value (a canary fp_enter_with_canaries put there): patched code must keep it;
//   - both builds must call the same declared functions in the same order and return the same
//     results, and the build under test must finish.

#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "core/base/instruction_set.h"
#include "core/llvm/stack_map_section.h"
#include "verifiers/llvm/exec/hook_output.h"
#include "verifiers/llvm/exec/llvm_exec_check.h"
#include "verifiers/llvm/exec/module_builds.h"

namespace frameproof {

// What a finding is about; its name is the finding's signature (a reduction keeps it).
enum class ModuleFindingKind : uint8_t {
  kControlFlow,     // the builds reached different sites, or the build under test stopped
  kWrongCall,       // they called different declared functions
  kWrongResult,     // an entry returned something else
  kMissingRecord,   // no record with the IR's ID at the hook's pc
  kStackSize,       // the function's stack size is not the frame the hook sees
  kUncovered,       // no location covers some bytes of an operand
  kExtraLocation,   // the record has locations no operand needs
  kWrongValue,      // a location holds something else than the operand's value
  kUnrecoverable,   // a location names a register or memory no runtime can read
  kMissingLiveOut,  // a patchpoint's live-outs leave out a register that holds a live value
  kShadowOverlap,   // another site starts inside the bytes a stackmap or patchpoint asked for
};

// "control-flow", "wrong-call", "wrong-result", "missing-record", "stack-size", "uncovered",
// "extra-location", "wrong-value", "unrecoverable", "missing-live-out", "shadow-overlap".
absl::string_view ModuleFindingKindName(ModuleFindingKind kind);

struct ModuleFinding {
  ModuleFindingKind kind;
  std::string text;
};

struct ModuleCheck {
  std::vector<ModuleFinding> findings;   // wrong records, code or results: llc's fault
  std::vector<std::string> unsupported;  // what this cannot read (an x87 register, say)
  LlvmExecCounts counts;
};

// The module as given, compiled: the shadow a stackmap or patchpoint asks for (numBytes) is
// patched at run time, so no other site of its function may start inside it.
std::vector<ModuleFinding> CheckModuleShadows(const ModuleBuilds& builds,
                                              const LlvmStackMaps& as_given);

ModuleCheck CheckModuleRuns(const ModuleBuilds& builds, const LlvmStackMaps& maps,
                            const LlvmExecRun& test, const LlvmExecRun& reference,
                            InstructionSet isa);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_LLVM_EXEC_MODULE_CHECK_H_
