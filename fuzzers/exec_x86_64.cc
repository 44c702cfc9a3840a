// Fuzz target "exec_x86_64": the bytes become a method plan that is lowered, run natively and
// checked by the execution verifier (CheckExecCase in verifiers/exec/exec_oracle.h). Built
// where x86_64 code runs.

#include <cstddef>
#include <cstdint>

#include "verifiers/exec/exec_oracle.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  frameproof::AbortOnMismatch(
      frameproof::CheckExecCase({data, size}, frameproof::InstructionSet::kX86_64));
  return 0;
}
