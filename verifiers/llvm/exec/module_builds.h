#ifndef FRAMEPROOF_VERIFIERS_LLVM_EXEC_MODULE_BUILDS_H_
#define FRAMEPROOF_VERIFIERS_LLVM_EXEC_MODULE_BUILDS_H_

// The truth about a module llvm-exec did not write, derived from two builds of it by the same llc:
//
//   - the build under test is the module as given, with a driver that calls its entries with
//     seeded arguments. Only what the runtime needs to reach each site changes: a stackmap's
//     shadow grows to kPatchableShadowBytes so a call can be patched into it, and a
//     patchpoint's target becomes the runtime's hook (its shadow grown to hold the call).
//     A statepoint calls its callee through a runtime thunk, which enters the statepoint hook at
//     the statepoint's return address once the callee has returned.
//   - the reference build replaces each stackmap and patchpoint by calls that store every live
//     operand in memory and report it, scalar leaf by scalar leaf, at the operand's full width;
//     a statepoint becomes an ordinary call to its callee followed by that report (deopt values,
//     then gc-live values), and each gc.result and gc.relocate the value itself (no collector
//     moves anything).
//
// Both builds define each declared function as a stub that reports it ran and returns a seeded
// value, and report where the module's globals and the driver's buffers were placed, so pointers
// compare by what they point into. Constructs this cannot judge yet are an Unimplemented error
// naming them and their line.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "arch/register_file.h"
#include "core/base/instruction_set.h"
#include "verifiers/llvm/exec/ir_text.h"
#include "verifiers/llvm/exec/llvm_exec_expectations.h"

namespace frameproof {

inline constexpr uint32_t kPatchableShadowBytes = 8;
inline constexpr uint32_t kPatchPointCallShadowBytes = 16;
inline constexpr size_t kMaxLeavesPerOperand = 64;
// The driver hands each pointer parameter a buffer of its own, this many zeroed bytes.
inline constexpr uint32_t kModuleBufferBytes = 256;

struct ModuleOperand {
  std::string type;
  std::string value;
  bool undefined = false;  // undef or poison: any bytes will do
  std::vector<IrLeaf> leaves;
};

struct ModuleSite {
  uint64_t id = 0;
  LlvmExecSiteKind kind = LlvmExecSiteKind::kStackMap;
  size_t line = 0;                      // where the call starts in the module
  uint32_t shadow_bytes = 0;            // as the module asks
  bool result_location = false;         // an anyregcc patchpoint.i64: location 1 is its result
  std::vector<ModuleOperand> operands;  // in the record's location order
  // A statepoint: its flags, how many of `operands` are deopt values (the rest are its gc-live
  // values), and the (base, derived) gc-live indexes its gc.relocates name.
  uint64_t statepoint_flags = 0;
  size_t deopt_count = 0;
  std::vector<std::pair<uint64_t, uint64_t>> relocations;
};

// The registers each entry starts with a canary in (FP_CALLEE_SAVED_CANARY plus the hardware
// number; fp_enter_with_canaries in the runtime fills them): the ABI's callee-saved general
// registers, frame pointers excluded, as arch/register_file.h lists them.
std::vector<Register> CanaryRegisters(InstructionSet isa);

struct ModuleBuildOptions {
  InstructionSet isa = InstructionSet::kX86_64;
  uint64_t seed = 1;
  std::string entry;  // "@name" or "name"; empty: every defined function
};

struct ModuleBuilds {
  std::string test_ir;
  std::string reference_ir;
  std::vector<ModuleSite> sites;       // by the ordinal the reference build reports
  std::vector<std::string> entries;    // fp_main calls these, as cases 0, 1, ...
  std::vector<std::string> stubs;      // declared functions, by stub index
  std::vector<std::string> globals;    // by the index both builds report (functions too)
  std::vector<uint64_t> stackmap_ids;  // the records the runtime patches
};

// Both builds of `module`. InvalidArgument: the text is not a module this can read;
// Unimplemented: a construct it cannot judge yet; FailedPrecondition: its target triple names
// the other ISA.
absl::StatusOr<ModuleBuilds> DeriveModuleBuilds(absl::string_view module,
                                                const ModuleBuildOptions& options);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_LLVM_EXEC_MODULE_BUILDS_H_
