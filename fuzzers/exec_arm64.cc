// Fuzz target "exec_arm64": the bytes become a method plan that is lowered, run and checked by
// the execution verifier (CheckExecCase in verifiers/exec/exec_oracle.h). Built where arm64 code
// runs: on arm64 hosts natively, and on x86_64 hosts by the aarch64 preset, whose replay binary
// ctest and scripts/reproduce --arch arm64 run under qemu-aarch64.

#include <cstddef>
#include <cstdint>

#include "verifiers/exec/exec_oracle.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  frameproof::AbortOnMismatch(
      frameproof::CheckExecCase({data, size}, frameproof::InstructionSet::kArm64));
  return 0;
}
