#ifndef FRAMEPROOF_VERIFIERS_LLVM_EXEC_LLVM_EXEC_TOOLCHAIN_H_
#define FRAMEPROOF_VERIFIERS_LLVM_EXEC_LLVM_EXEC_TOOLCHAIN_H_

// Turns an llvm-exec module into a running program, with real tools: llc compiles it for the
// ISA, clang builds the freestanding harness and the ISA's runtime (once per toolchain), GNU ld
// links a static executable, frameproof writes the stackmap patch table into it from the
// executable's own .llvm_stackmaps, and the program runs natively or under qemu-aarch64.

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "absl/types/span.h"
#include "core/base/instruction_set.h"
#include "core/llvm/stack_map_section.h"
#include "verifiers/llvm/exec/hook_output.h"
#include "verifiers/llvm/exec/llvm_tools.h"

namespace frameproof {

struct LlvmExecToolchain {
  InstructionSet isa = InstructionSet::kX86_64;
  LlvmTools tools;
  std::filesystem::path work_dir;
  std::filesystem::path harness_object;
  std::filesystem::path runtime_object;
};

// GNU ld for `isa`'s executables: `ld.bfd` natively, `aarch64-linux-gnu-ld.bfd` across. Not
// ld.lld: it starts up in about a quarter of ld.lld's time (which, like llc, loads all of
// libLLVM), a link per program is a quarter of llvm-exec's time, and the linker is not what
// llvm-exec judges: it resolves the same relocations into .llvm_stackmaps either way.
std::string LinkerFor(InstructionSet isa);

// Checks the tools are there and builds the harness and runtime objects into `work_dir`.
absl::StatusOr<LlvmExecToolchain> PrepareLlvmExecToolchain(InstructionSet isa,
                                                           const std::filesystem::path& work_dir,
                                                           LlvmTools tools);

// A tool's failure, by how it ended: kAborted when a signal killed it (llc crashed),
// kDeadlineExceeded when it timed out, kInternal for an error exit; the message has the command
// line and the end of its output.
absl::Status RunLlvmTool(std::vector<std::string> argv);

// Compiles `source` to `object` with the toolchain's llc, flags and the ISA's triple.
absl::Status CompileLlvmModule(const LlvmExecToolchain& toolchain,
                               const std::filesystem::path& source,
                               const std::filesystem::path& object);

// Writes `text` to `path`.
absl::Status WriteTextFile(const std::filesystem::path& path, absl::string_view text);

struct BuiltLlvmExecProgram {
  std::filesystem::path executable;
  LlvmStackMaps maps;  // the executable's .llvm_stackmaps, with linked function addresses
  size_t patched_stackmaps = 0;
};

// Compiles and links `ir` as `name` in the work directory, and patches every record whose ID
// is in `stackmap_ids` into the executable's patch table.
absl::StatusOr<BuiltLlvmExecProgram> BuildLlvmExecProgram(const LlvmExecToolchain& toolchain,
                                                          absl::string_view ir,
                                                          absl::Span<const uint64_t> stackmap_ids,
                                                          absl::string_view name);

// How long a program may run before it is stopped: long past any program llvm-exec writes.
inline constexpr absl::Duration kLlvmExecRunTimeout = absl::Seconds(30);

// How long a module's build under test may run when its reference build ran for `reference`.
// Both builds run the same code but for what the records report, so one that takes ten times
// as long, and at least five seconds, loops (llc 13's lost link register makes it) and fails
// there rather than at kLlvmExecRunTimeout.
absl::Duration BuildUnderTestRunTimeout(absl::Duration reference);

// Runs the program, stopping it after `timeout`, and parses what it wrote. A crash, a timeout or
// a harness exit status is an error that says which.
absl::StatusOr<LlvmExecRun> RunLlvmExecProgram(const LlvmExecToolchain& toolchain,
                                               const BuiltLlvmExecProgram& program,
                                               absl::Duration timeout = kLlvmExecRunTimeout);

// The command that runs `executable` for `isa` on this machine (qemu-aarch64 for arm64).
std::vector<std::string> LlvmExecRunCommand(InstructionSet isa,
                                            const std::filesystem::path& executable);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_LLVM_EXEC_LLVM_EXEC_TOOLCHAIN_H_
