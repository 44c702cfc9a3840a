#include "verifiers/llvm/exec/llvm_exec_toolchain.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "absl/base/internal/endian.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/base/status_macros.h"
#include "core/llvm/elf_reader.h"
#include "verifiers/llvm/exec_runtime/hook_record.h"
#include "verifiers/util/directories.h"
#include "verifiers/util/file_bytes.h"
#include "verifiers/util/qemu_user.h"
#include "verifiers/util/subprocess.h"

namespace frameproof {
namespace {

constexpr char kClang[] = "clang";
constexpr absl::Duration kToolTimeout = absl::Seconds(120);
// A build under test may run this many times as long as its reference build, and this long at
// least: a loaded machine (ctest -j beside a compile) stretches a 0.2 s run, but not to 5 s.
constexpr int64_t kBuildUnderTestSlowdown = 10;
constexpr absl::Duration kMinBuildUnderTestRunTimeout = absl::Seconds(5);
// A tool's log is kept whole up to this many bytes, else its head (where llc names its error, its
// pass and the crashing frames) and its tail.
constexpr size_t kLogHead = 3000;
constexpr size_t kLogTail = 1000;
constexpr char kRuntimeDir[] = FRAMEPROOF_SOURCE_DIR "/verifiers/llvm/exec_runtime";

absl::string_view Triple(InstructionSet isa) {
  return isa == InstructionSet::kX86_64 ? "x86_64-linux-gnu" : "aarch64-linux-gnu";
}

std::string Excerpt(const std::string& log) {
  if (log.size() <= kLogHead + kLogTail) return log;
  return absl::StrCat(log.substr(0, kLogHead), "\n...\n", log.substr(log.size() - kLogTail));
}

std::string ExitStatusMeaning(int status) {
  switch (status) {
    case FP_EXIT_WRITE_FAILED:
      return " (the harness could not write its output)";
    case FP_EXIT_UNKNOWN_STACKMAP_HOOK:
      return " (a patched call reached the stackmap hook from an address no patch made)";
    case FP_EXIT_TOO_MANY_PATCHES:
      return " (more stackmaps than the patch table holds)";
    case FP_EXIT_MPROTECT_FAILED:
      return " (mprotect refused to make code writable)";
    case FP_EXIT_BAD_LEAF:
      return " (the reference build reported an operand leaf outside its scratch buffer)";
    default:
      return "";
  }
}

}  // namespace

absl::Status RunLlvmTool(std::vector<std::string> argv) {
  std::ostringstream log;
  const CommandOutcome outcome = RunCommand({.argv = argv, .timeout = kToolTimeout}, log);
  if (outcome.ok()) return absl::OkStatus();
  const std::string text =
      absl::StrCat(ShellLine(argv), ": ", outcome.Describe(), "\n", Excerpt(log.str()));
  if (outcome.signal != 0) return absl::AbortedError(text);
  if (outcome.timed_out) return absl::DeadlineExceededError(text);
  return absl::InternalError(text);
}

absl::Status WriteTextFile(const std::filesystem::path& path, absl::string_view text) {
  std::ofstream out(path, std::ios::binary);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  if (!out) return absl::InternalError(absl::StrCat("cannot write ", path.string()));
  return absl::OkStatus();
}

absl::Status CompileLlvmModule(const LlvmExecToolchain& toolchain,
                               const std::filesystem::path& source,
                               const std::filesystem::path& object) {
  std::vector<std::string> argv = {toolchain.tools.llc};
  argv.insert(argv.end(), toolchain.tools.llc_flags.begin(), toolchain.tools.llc_flags.end());
  argv.insert(argv.end(), {absl::StrCat("-mtriple=", Triple(toolchain.isa)), "-filetype=obj",
                           source.string(), "-o", object.string()});
  return RunLlvmTool(std::move(argv));
}

std::string LinkerFor(InstructionSet isa) {
  if (isa == NativeInstructionSet()) return "ld.bfd";
  return absl::StrCat(Triple(isa), "-ld.bfd");
}

std::vector<std::string> LlvmExecRunCommand(InstructionSet isa,
                                            const std::filesystem::path& executable) {
  if (isa == NativeInstructionSet()) return {executable.string()};
  return {kQemuAarch64, executable.string()};
}

absl::StatusOr<LlvmExecToolchain> PrepareLlvmExecToolchain(InstructionSet isa,
                                                           const std::filesystem::path& work_dir,
                                                           LlvmTools tools) {
  if (isa != InstructionSet::kX86_64 && isa != InstructionSet::kArm64) {
    return absl::InvalidArgumentError("llvm-exec runs x86_64 and arm64 programs");
  }
  if (!IsExecutable(kClang)) {
    return absl::FailedPreconditionError(
        absl::StrCat(kClang, " is not on PATH (scripts/setup installs clang)"));
  }
  const std::string linker = LinkerFor(isa);
  if (!IsExecutable(linker)) {
    return absl::FailedPreconditionError(
        absl::StrCat(linker, " is not on PATH (scripts/setup installs binutils",
                     isa == NativeInstructionSet() ? "" : absl::StrCat(" for ", Triple(isa)), ")"));
  }
  if (isa != NativeInstructionSet() && !IsExecutable(kQemuAarch64)) {
    return absl::FailedPreconditionError(
        absl::StrCat(kQemuAarch64, " is not on PATH (scripts/setup installs qemu-user)"));
  }
  FP_RETURN_IF_ERROR(MakeDirectories(work_dir));
  LlvmExecToolchain toolchain;
  toolchain.isa = isa;
  toolchain.tools = std::move(tools);
  toolchain.work_dir = work_dir;
  const std::string isa_name(InstructionSetName(isa));
  toolchain.harness_object = work_dir / absl::StrCat("harness-", isa_name, ".o");
  toolchain.runtime_object = work_dir / absl::StrCat("runtime-", isa_name, ".o");
  const std::string target = absl::StrCat("--target=", Triple(isa));
  FP_RETURN_IF_ERROR(RunLlvmTool({kClang, target, "-O2", "-ffreestanding", "-fno-builtin",
                                  "-nostdlib", "-fno-stack-protector", "-fno-pic", "-c",
                                  absl::StrCat(kRuntimeDir, "/harness.c"), "-o",
                                  toolchain.harness_object.string()}));
  FP_RETURN_IF_ERROR(
      RunLlvmTool({kClang, target, "-c", absl::StrCat(kRuntimeDir, "/runtime_", isa_name, ".S"),
                   "-o", toolchain.runtime_object.string()}));
  return toolchain;
}

absl::StatusOr<BuiltLlvmExecProgram> BuildLlvmExecProgram(const LlvmExecToolchain& toolchain,
                                                          absl::string_view ir,
                                                          absl::Span<const uint64_t> stackmap_ids,
                                                          absl::string_view name) {
  const std::filesystem::path source = toolchain.work_dir / absl::StrCat(name, ".ll");
  const std::filesystem::path object = toolchain.work_dir / absl::StrCat(name, ".o");
  BuiltLlvmExecProgram program;
  program.executable = toolchain.work_dir / std::string(name);
  FP_RETURN_IF_ERROR(WriteTextFile(source, ir));
  FP_RETURN_IF_ERROR(CompileLlvmModule(toolchain, source, object));
  FP_RETURN_IF_ERROR(
      RunLlvmTool({LinkerFor(toolchain.isa), "-static", "-e", "_start",
                   absl::StrCat("--section-start=", FP_HOOK_SECTION, "=0x",
                                absl::Hex(FP_HOOK_PATCHPOINT_ADDRESS)),
                   "-o", program.executable.string(), object.string(),
                   toolchain.harness_object.string(), toolchain.runtime_object.string()}));

  std::optional<std::vector<uint8_t>> file = ReadFileBytes(program.executable.string());
  if (!file.has_value()) {
    return absl::InternalError(absl::StrCat("cannot read ", program.executable.string()));
  }
  std::vector<uint8_t> bytes = *std::move(file);
  // A module without stack map points (a reference build) has no section, and nothing to patch.
  const absl::StatusOr<ElfSection> stack_maps = FindElfSection(bytes, ".llvm_stackmaps");
  if (stack_maps.ok()) {
    FP_ASSIGN_OR_RETURN(program.maps, ParseLlvmStackMaps(stack_maps->bytes, stack_maps->order));
  } else if (stack_maps.status().code() != absl::StatusCode::kNotFound || !stackmap_ids.empty()) {
    return stack_maps.status();
  }
  FP_ASSIGN_OR_RETURN(const ElfSection patches, FindElfSection(bytes, FP_PATCH_SECTION));
  const absl::flat_hash_set<uint64_t> patched(stackmap_ids.begin(), stackmap_ids.end());
  std::vector<uint64_t> sites;
  for (size_t f = 0; f < program.maps.functions.size(); ++f) {
    const size_t first = program.maps.FirstRecordOf(f);
    for (size_t r = 0; r < program.maps.functions[f].record_count; ++r) {
      const LlvmStackMapRecord& record = program.maps.records[first + r];
      if (patched.contains(record.id)) {
        sites.push_back(program.maps.functions[f].address + record.instruction_offset);
      }
    }
  }
  if (sites.size() > FP_PATCH_CAPACITY ||
      patches.bytes.size() < (FP_PATCH_WORD_FIRST_SITE + sites.size()) * 8) {
    return absl::ResourceExhaustedError(
        absl::StrCat(sites.size(), " stackmaps do not fit the runtime's patch table"));
  }
  uint8_t* table = bytes.data() + patches.file_offset;
  absl::little_endian::Store64(table + FP_PATCH_WORD_COUNT * 8, sites.size());
  for (size_t i = 0; i < sites.size(); ++i) {
    absl::little_endian::Store64(table + (FP_PATCH_WORD_FIRST_SITE + i) * 8, sites[i]);
  }
  program.patched_stackmaps = sites.size();
  FP_RETURN_IF_ERROR(
      WriteTextFile(program.executable,
                    absl::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size())));
  // The maps must outlive the file bytes they were parsed from: they own their vectors.
  return program;
}

absl::Duration BuildUnderTestRunTimeout(absl::Duration reference) {
  return std::clamp(reference * kBuildUnderTestSlowdown, kMinBuildUnderTestRunTimeout,
                    kLlvmExecRunTimeout);
}

absl::StatusOr<LlvmExecRun> RunLlvmExecProgram(const LlvmExecToolchain& toolchain,
                                               const BuiltLlvmExecProgram& program,
                                               absl::Duration timeout) {
  const std::filesystem::path output = program.executable.string() + ".out";
  const std::vector<std::string> argv = LlvmExecRunCommand(toolchain.isa, program.executable);
  std::ostringstream log;
  const CommandOutcome outcome =
      RunCommand({.argv = argv, .timeout = timeout, .stdout_file = output.string()}, log);
  if (!outcome.ok()) {
    return absl::AbortedError(
        absl::StrCat(ShellLine(argv), ": ", outcome.Describe(),
                     outcome.exit_code > 0 ? ExitStatusMeaning(outcome.exit_code) : std::string(),
                     log.str().empty() ? "" : "\n" + Excerpt(log.str())));
  }
  const std::optional<std::vector<uint8_t>> bytes = ReadFileBytes(output.string());
  if (!bytes.has_value()) return absl::InternalError(absl::StrCat("cannot read ", output.string()));
  return ParseHookOutput(*bytes, toolchain.isa);
}

}  // namespace frameproof
