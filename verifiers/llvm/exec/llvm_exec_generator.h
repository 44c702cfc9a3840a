#ifndef FRAMEPROOF_VERIFIERS_LLVM_EXEC_LLVM_EXEC_GENERATOR_H_
#define FRAMEPROOF_VERIFIERS_LLVM_EXEC_LLVM_EXEC_GENERATOR_H_

// Random LLVM 14 IR programs for the llvm-exec verifier. Each has 1-4 functions, fp_case_N, that
// compute integer, pointer and double values from their arguments (and store known words in
// allocas), reach 1-3 stack map points (stackmap, C and anyregcc patchpoints, gc.statepoint with
// deopt values and base and derived GC pointers), and return a checksum of everything they
// computed. fp_main calls each through the runtime's fp_enter with fixed arguments. The generator
// computes every value itself, and writes what each location must hold into the module's comment
// lines (llvm_exec_expectations.h).
//
// Shapes llc 14 cannot take are avoided: values are computed before the first site (an SSE
// operation or an ordinary call after a patchpoint makes llc crash on x86_64), patchpoint results
// are never used (the hook does not set them), and IDs stay below 2^31 (so statepoint IDs are
// not truncated and every record has a dex pc in the CodeInfo conversion).

#include <cstdint>
#include <string>

#include "verifiers/llvm/exec/llvm_exec_expectations.h"

namespace frameproof {

struct LlvmExecProgram {
  std::string ir;  // the module, expectation comments included
  LlvmExecExpectations expectations;
};

// Program `index` of seed `seed`: the same pair gives the same module on every machine.
LlvmExecProgram GenerateLlvmExecProgram(uint64_t seed, uint64_t index);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_LLVM_EXEC_LLVM_EXEC_GENERATOR_H_
