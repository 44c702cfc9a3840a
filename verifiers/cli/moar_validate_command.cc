// `frameproof moar-validate`: read a MoarVM bytecode file, check all of it, and summarize it.

#include <fstream>
#include <iostream>
#include <iterator>

#include "core/moar/bytecode_reader.h"
#include "verifiers/cli/commands.h"
#include "verifiers/dump/moar_unit_summary.h"

namespace frameproof {
namespace {

constexpr char kUsage[] = R"(usage: frameproof moar-validate FILE [--json]

Reads the MoarVM 2022.12 bytecode file FILE (a .moarvm compilation unit, version 7) and checks
all of it: the header, every segment's place, every offset, count and index, each frame's locals,
lexicals, handlers, static lexicals and debug names, the callsites, the strings, and every
instruction of every frame (opcodes, operand registers and their types, string, callsite, frame
and extension op indexes, branch targets). Prints a summary and every error in the frames' code;
an error in the file's structure stops the reading, and names the field and its byte offset.
  --json   print the summary and the errors as JSON
Exit status: 0 valid, 1 invalid or unreadable, 2 usage error.
)";

}  // namespace

int RunMoarValidateCommand(const std::vector<std::string>& args) {
  std::string path;
  bool json = false;
  for (const std::string& arg : args) {
    if (arg == "--help" || arg == "-h") {
      std::cout << kUsage;
      return kExitOk;
    } else if (arg == "--json") {
      json = true;
    } else if (!arg.empty() && arg[0] != '-' && path.empty()) {
      path = arg;
    } else {
      std::cerr << "frameproof moar-validate: unexpected argument '" << arg << "'\n\n" << kUsage;
      return kExitUsage;
    }
  }
  if (path.empty()) {
    std::cerr << kUsage;
    return kExitUsage;
  }
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    std::cerr << "frameproof moar-validate: cannot open " << path << "\n";
    return kExitFailure;
  }
  const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(file)),
                                   std::istreambuf_iterator<char>());
  const absl::StatusOr<moar::CompilationUnit> unit = moar::ReadCompilationUnitStructure(bytes);
  if (!unit.ok()) {
    if (json) {
      std::cout << nlohmann::json{{"errors", {std::string(unit.status().message())}}}.dump(2)
                << "\n";
    } else {
      std::cerr << "frameproof moar-validate: " << path << ": " << unit.status().message() << "\n";
    }
    return kExitFailure;
  }
  const std::vector<moar::FrameCheck> frames = moar::CheckEveryFrame(*unit);
  if (json) {
    std::cout << moar::UnitSummaryJson(*unit, frames).dump(2) << "\n";
  } else {
    std::cout << moar::UnitSummaryText(*unit, frames);
  }
  for (const moar::FrameCheck& frame : frames) {
    if (!frame.status.ok()) return kExitFailure;
  }
  return kExitOk;
}

}  // namespace frameproof
