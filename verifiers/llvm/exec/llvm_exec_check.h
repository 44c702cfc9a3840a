#ifndef FRAMEPROOF_VERIFIERS_LLVM_EXEC_LLVM_EXEC_CHECK_H_
#define FRAMEPROOF_VERIFIERS_LLVM_EXEC_LLVM_EXEC_CHECK_H_

// The llvm-exec oracle: what the program computed is the outside truth, and frameproof must
// recover it from the machine state at every stack map point, reading the executable's
// .llvm_stackmaps the way a runtime does:
//   - each hook is matched to its site (program order) and to the one record with the site's ID,
//     whose pc must be where the hook was reached from (a stackmap's patched address, the return
//     address after a patchpoint's call sequence, a statepoint's return address);
//   - the function's stack size must be the frame the hook sees (entry sp - site sp);
//   - every location must hold the expected value (a Direct location the address of a slot that
//     holds the expected word); a statepoint's GC pairs must be pairs the program has, with
//     every base among them (llc may recompute a derived pointer instead of recording it);
//   - every live-out register must hold a value the function computed or a frame address;
//   - the record's CodeInfo conversion, decoded at that pc, must read the same values;
//   - every function must return its expected checksum, and the program must finish.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/base/instruction_set.h"
#include "core/llvm/stack_map_section.h"
#include "verifiers/llvm/exec/hook_output.h"
#include "verifiers/llvm/exec/llvm_exec_expectations.h"

namespace frameproof {

struct LlvmExecCounts {
  uint64_t sites = 0;
  uint64_t locations = 0;
  std::array<uint64_t, 6> by_location_kind = {};  // indexed by LlvmLocationKind
  uint64_t vector_register_values = 0;
  uint64_t gc_pairs = 0;
  uint64_t live_outs = 0;
  uint64_t code_info_records = 0;          // read again through the CodeInfo conversion
  uint64_t code_info_unrepresentable = 0;  // records whose function the conversion refuses

  LlvmExecCounts& operator+=(const LlvmExecCounts& other);
};

struct LlvmExecCheck {
  std::vector<std::string> failures;  // each names the case, site, record and location
  LlvmExecCounts counts;
};

// The hook a site of `kind` reaches.
HookKind HookKindOf(LlvmExecSiteKind kind);

// How far a patchpoint's hook return address lies past its record's pc: llc's call sequence.
uint64_t PatchPointCallBytes(InstructionSet isa);

// "Register R#3", "Indirect [R#7 + -16]", "Constant 5", "ConstantIndex #0".
std::string DescribeLlvmLocation(const LlvmLocation& location);

// Checks one run of a program against its expectations and the executable's stack maps.
LlvmExecCheck CheckLlvmExecRun(const LlvmExecExpectations& expectations, const LlvmStackMaps& maps,
                               const LlvmExecRun& run, InstructionSet isa);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_LLVM_EXEC_LLVM_EXEC_CHECK_H_
