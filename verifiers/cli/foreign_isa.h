#ifndef FRAMEPROOF_VERIFIERS_CLI_FOREIGN_ISA_H_
#define FRAMEPROOF_VERIFIERS_CLI_FOREIGN_ISA_H_

#include <string>
#include <vector>

#include "core/base/instruction_set.h"

namespace frameproof {

// Runs `frameproof ARGS...` for `isa` when this process cannot execute that ISA's code: the arm64
// build of frameproof under qemu-aarch64 user-mode, one process for the whole batch, so QEMU's
// start-up is paid once. The binary is $FRAMEPROOF_ARM64_FRAMEPROOF, or build/aarch64's beside
// this build. Returns the child's exit code, or 2 with a message naming what is missing.
int RunForeignFrameproof(InstructionSet isa, const std::vector<std::string>& args);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_CLI_FOREIGN_ISA_H_
