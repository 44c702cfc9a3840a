#ifndef FRAMEPROOF_VERIFIERS_LLVM_EXEC_MODULE_GENERATOR_H_
#define FRAMEPROOF_VERIFIERS_LLVM_EXEC_MODULE_GENERATOR_H_

// Random LLVM IR modules for judging the compiler, with no expectation lines: module mode
// (module_builds.h) derives their truth from a reference build. Unlike llvm_exec_generator.h,
// which writes only what it can compute itself and avoids what llc 14 gets wrong, these reach
// for what runtimes hand llc: `{i64, i64}` and mixed aggregates, i128, x86_fp80 (fp128 on
// arm64), small vectors, operands fed by phis, invokes with landing pads (statepoints and
// patchpoints too, with relocations on both edges), statepoint callees taken out of an
// aggregate, symbolic patchpoint targets, ordinary calls and floating-point work after a
// patchpoint, realigned and large frames, and register pressure that spills past them.
//
// Every value is defined (no undef, no poison, no division, shifts below the width), loads stay
// inside the driver's buffers, and no pointer's address reaches a result, so the two builds must
// agree wherever llc is right.

#include <cstdint>
#include <optional>
#include <string>

#include "absl/strings/string_view.h"
#include "core/base/instruction_set.h"

namespace frameproof {

// Module `index` of `seed` for `isa` (the ISA picks the extended floating type): the same triple
// gives the same text on every machine.
std::string GenerateLlvmExecModule(uint64_t seed, uint64_t index, InstructionSet isa);

// What `verify llvm-exec` and `gen llvm-exec` generate: programs with expectations
// (GenerateLlvmExecProgram), which check frameproof's reading; modules
// (GenerateLlvmExecModule), which check the compiler; or both, odd cases being modules.
enum class LlvmExecGenerate { kPrograms, kModules, kBoth };

// "programs", "modules", "both"; and back (nullopt for another word).
absl::string_view LlvmExecGenerateName(LlvmExecGenerate generate);
std::optional<LlvmExecGenerate> ParseLlvmExecGenerate(absl::string_view name);

// Whether generated case `index` is a module.
bool IsLlvmExecModuleCase(LlvmExecGenerate generate, uint64_t index);

// Generated case `index` of `seed`: the same arguments give the same text on every machine.
std::string GenerateLlvmExecCase(LlvmExecGenerate generate, uint64_t seed, uint64_t index,
                                 InstructionSet isa);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_LLVM_EXEC_MODULE_GENERATOR_H_
