#include <fstream>
#include <iostream>
#include <iterator>

#include "absl/strings/numbers.h"
#include "core/art/code_info.h"
#include "verifiers/cli/commands.h"
#include "verifiers/dump/code_info_json.h"
#include "verifiers/dump/code_info_text.h"

namespace frameproof {
namespace {

constexpr char kDumpUsage[] = R"(usage: frameproof dump FILE [--offset N] [--isa ISA] [--json]

Validates the CodeInfo at byte N (default 0) of FILE and prints it. FILE holds raw bytes, e.g. a
CodeInfo from StackMapStream or an oat file's CodeInfo section (deduplicated tables may refer to
earlier bytes of the file). ISA (default arm64) sets how packed native pcs are scaled.
  --json   print the decode as JSON (the shape of the conformance vectors' "decoded" field)
Exit status: 0 valid, 1 invalid input (the error names the table, row, column or field and the
bit offset), 2 usage error.
)";

}  // namespace

int RunDumpCommand(const std::vector<std::string>& args) {
  std::string path;
  size_t offset = 0;
  InstructionSet isa = InstructionSet::kArm64;
  bool json = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--help" || arg == "-h") {
      std::cout << kDumpUsage;
      return kExitOk;
    } else if (arg == "--json") {
      json = true;
    } else if (arg == "--isa" && i + 1 < args.size()) {
      const std::optional<InstructionSet> parsed = ParseInstructionSet(args[++i]);
      if (!parsed.has_value()) {
        std::cerr << "frameproof dump: unknown ISA '" << args[i]
                  << "' (arm64, x86_64, arm, riscv64 or x86)\n";
        return kExitUsage;
      }
      isa = *parsed;
    } else if (arg == "--offset" && i + 1 < args.size()) {
      if (!absl::SimpleAtoi(args[++i], &offset)) {
        std::cerr << "frameproof dump: --offset takes a byte count, not '" << args[i] << "'\n";
        return kExitUsage;
      }
    } else if (!arg.empty() && arg[0] != '-' && path.empty()) {
      path = arg;
    } else {
      std::cerr << "frameproof dump: unexpected argument '" << arg << "'\n\n" << kDumpUsage;
      return kExitUsage;
    }
  }
  if (path.empty()) {
    std::cerr << kDumpUsage;
    return kExitUsage;
  }
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    std::cerr << "frameproof dump: cannot open " << path << "\n";
    return kExitFailure;
  }
  const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(file)),
                                   std::istreambuf_iterator<char>());
  absl::StatusOr<CodeInfo> info = CodeInfo::Decode(bytes, offset);
  if (!info.ok()) {
    std::cerr << "frameproof dump: " << path << ": invalid CodeInfo: " << info.status().message()
              << "\n";
    return kExitFailure;
  }
  if (json) {
    std::cout << CodeInfoToJson(*info, isa, DefaultLookupKeys(*info, isa), bytes, offset).dump(2)
              << "\n";
  } else {
    std::cout << CodeInfoToText(*info, isa);
  }
  return kExitOk;
}

}  // namespace frameproof
