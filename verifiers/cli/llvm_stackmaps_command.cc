// `frameproof llvm-stackmaps`: read, validate and print an LLVM stack map section.

#include <iostream>

#include "core/llvm/code_info_conversion.h"
#include "core/llvm/elf_reader.h"
#include "core/llvm/stack_map_section.h"
#include "verifiers/cli/commands.h"
#include "verifiers/util/file_bytes.h"
#include "verifiers/dump/llvm_stackmaps_text.h"
#include "verifiers/llvm/llvm_round_trip.h"

namespace frameproof {
namespace {

constexpr char kUsage[] = R"(usage: frameproof llvm-stackmaps FILE [--json] [--raw] [--codeinfo]

Finds .llvm_stackmaps in the ELF64 object or executable FILE (x86_64 or aarch64, either byte
order), validates it and prints it as `llvm-readobj --stackmap` does, from "LLVM StackMap
Version: 3" on, so the two can be diffed.
  --json      print functions, constants and records (locations, live-outs) as JSON instead
  --raw       FILE holds the raw little-endian section bytes, not an ELF file
  --codeinfo  also re-encode each function as a CodeInfo and check it decodes to its records
              (for FILE's ISA); unrepresentable functions are listed with the reason
Exit status: 0 valid, 1 invalid input (the error names the field and its byte offset) or a
failed round trip, 2 usage error.
)";

}  // namespace

int RunLlvmStackMapsCommand(const std::vector<std::string>& args) {
  std::string path;
  bool json = false;
  bool raw = false;
  bool codeinfo = false;
  for (const std::string& arg : args) {
    if (arg == "--help" || arg == "-h") {
      std::cout << kUsage;
      return kExitOk;
    } else if (arg == "--json") {
      json = true;
    } else if (arg == "--raw") {
      raw = true;
    } else if (arg == "--codeinfo") {
      codeinfo = true;
    } else if (!arg.empty() && arg[0] != '-' && path.empty()) {
      path = arg;
    } else {
      std::cerr << "frameproof llvm-stackmaps: unexpected argument '" << arg << "'\n\n" << kUsage;
      return kExitUsage;
    }
  }
  if (path.empty()) {
    std::cerr << kUsage;
    return kExitUsage;
  }
  const std::optional<std::vector<uint8_t>> file = ReadFileBytes(path);
  if (!file.has_value()) {
    std::cerr << "frameproof llvm-stackmaps: cannot open " << path << "\n";
    return kExitFailure;
  }
  const std::vector<uint8_t>& bytes = *file;
  ElfSection section;
  section.bytes = bytes;
  if (!raw) {
    absl::StatusOr<ElfSection> found = FindElfSection(bytes, ".llvm_stackmaps");
    if (!found.ok()) {
      std::cerr << "frameproof llvm-stackmaps: " << path << ": " << found.status().message() << "\n";
      return kExitFailure;
    }
    section = *found;
  }
  const absl::StatusOr<LlvmStackMaps> maps = ParseLlvmStackMaps(section.bytes, section.order);
  if (!maps.ok()) {
    std::cerr << "frameproof llvm-stackmaps: " << path << ": " << maps.status().message() << "\n";
    return kExitFailure;
  }
  if (json) {
    std::cout << LlvmStackMapsToJson(*maps).dump(2) << "\n";
  } else {
    std::cout << LlvmStackMapsToText(*maps);
  }
  if (!codeinfo) return kExitOk;
  const InstructionSet isa =
      section.machine == kElfMachineAArch64 ? InstructionSet::kArm64 : InstructionSet::kX86_64;
  int status = kExitOk;
  for (size_t f = 0; f < maps->functions.size(); ++f) {
    const absl::StatusOr<std::vector<uint8_t>> info = ConvertLlvmFunctionToCodeInfo(*maps, f, isa);
    std::cerr << "function " << f << " (" << InstructionSetName(isa) << "): ";
    if (!info.ok()) {
      std::cerr << info.status().message() << "\n";
      continue;
    }
    if (const OracleResult mismatch = CheckLlvmFunctionRoundTrip(*maps, f, isa)) {
      std::cerr << FormatMismatch(*mismatch) << "\n";
      status = kExitFailure;
      continue;
    }
    std::cerr << "CodeInfo of " << info->size() << " bytes decodes to its records\n";
  }
  return status;
}

}  // namespace frameproof
