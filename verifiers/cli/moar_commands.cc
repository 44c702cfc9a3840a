// `frameproof moar-validate` and `frameproof moar-dump`: MoarVM bytecode files.

#include <algorithm>
#include <iostream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/moar/bytecode_reader.h"
#include "core/moar/bytecode_writer.h"
#include "verifiers/cli/commands.h"
#include "verifiers/util/file_bytes.h"
#include "verifiers/conformance/vector_file.h"
#include "verifiers/dump/moar_dump_text.h"
#include "verifiers/dump/moar_unit_summary.h"

namespace frameproof {
namespace {

constexpr char kValidateUsage[] = R"(usage: frameproof moar-validate FILE [--json] [--write-back]

Reads the MoarVM 2022.12 bytecode file FILE (a .moarvm compilation unit, version 7, or a module
Rakudo precompiled: its text header of checksums and dependencies, then the unit) and checks all
of it: the precompilation header line by line, the unit's header, every segment's place, every
offset, count and index, each frame's locals, lexicals, handlers, static lexicals and debug names,
the callsites, the strings, and every instruction of every frame (opcodes, operand registers and
their types, string, callsite, frame and extension op indexes, branch targets). Prints a summary
(the precompilation header's lines first) and every error in the frames' code; an error in the
file's structure stops the reading, and names the field and its byte offset in FILE.
  --json        print the summary and the errors as JSON
  --write-back  also write the file back (header included) and check that the bytes are FILE's
                (the first byte that differs is an error)
Exit status: 0 valid, 1 invalid or unreadable, 2 usage error.
)";

constexpr char kDumpUsage[] = R"(usage: frameproof moar-dump FILE

Prints the MoarVM 2022.12 bytecode file FILE exactly as `moar --dump FILE` does: SC
dependencies, callsites, and every frame with its locals, lexicals and disassembly. FILE is a
compilation unit or a Rakudo precompiled module (moar's dump leaves its header out, and so does
this). FILE is read and checked as `moar-validate` checks it first; on any error nothing goes to
stdout, the error
goes to stderr, and the exit status is 1 (as moar's is).
Exit status: 0 dumped, 1 invalid or unreadable, 2 usage error.
)";

// The one FILE argument of a moar command, and the flags it takes among `flags` (each set to
// true when given). Returns the exit status to end with, or nullopt to go on.
std::optional<int> ParseArgs(const std::vector<std::string>& args, const char* command,
                             const char* usage, std::string& path,
                             const std::vector<std::pair<std::string, bool*>>& flags) {
  for (const std::string& arg : args) {
    const auto flag = std::find_if(flags.begin(), flags.end(),
                                   [&](const auto& known) { return known.first == arg; });
    if (arg == "--help" || arg == "-h") {
      std::cout << usage;
      return kExitOk;
    } else if (flag != flags.end()) {
      *flag->second = true;
    } else if (!arg.empty() && arg[0] != '-' && path.empty()) {
      path = arg;
    } else {
      std::cerr << "frameproof " << command << ": unexpected argument '" << arg << "'\n\n"
                << usage;
      return kExitUsage;
    }
  }
  if (path.empty()) {
    std::cerr << usage;
    return kExitUsage;
  }
  return std::nullopt;
}

}  // namespace

int RunMoarValidateCommand(const std::vector<std::string>& args) {
  std::string path;
  bool json = false;
  bool write_back = false;
  if (const std::optional<int> done =
          ParseArgs(args, "moar-validate", kValidateUsage, path,
                    {{"--json", &json}, {"--write-back", &write_back}})) {
    return *done;
  }
  const std::optional<std::vector<uint8_t>> bytes = ReadFileBytes(path);
  if (!bytes.has_value()) {
    std::cerr << "frameproof moar-validate: cannot open " << path << "\n";
    return kExitFailure;
  }
  const absl::StatusOr<moar::MoarFile> file = moar::ReadMoarFileStructure(*bytes);
  if (!file.ok()) {
    if (json) {
      std::cout << nlohmann::json{{"errors", {std::string(file.status().message())}}}.dump(2)
                << "\n";
    } else {
      std::cerr << "frameproof moar-validate: " << path << ": " << file.status().message() << "\n";
    }
    return kExitFailure;
  }
  const std::vector<moar::FrameCheck> frames = moar::CheckEveryFrame(file->unit);
  if (json) {
    std::cout << moar::UnitSummaryJson(*file, frames).dump(2) << "\n";
  } else {
    std::cout << moar::UnitSummaryText(*file, frames);
  }
  for (const moar::FrameCheck& frame : frames) {
    if (!frame.status.ok()) return kExitFailure;
  }
  if (write_back) {
    if (const std::optional<std::string> difference =
            FirstByteDifference(*bytes, moar::WriteMoarFile(*file))) {
      std::cerr << "frameproof moar-validate: " << path
                << ": writing the file back gives other bytes: " << *difference << "\n";
      return kExitFailure;
    }
    std::cerr << "writes back byte for byte\n";
  }
  return kExitOk;
}

int RunMoarDumpCommand(const std::vector<std::string>& args) {
  std::string path;
  if (const std::optional<int> done = ParseArgs(args, "moar-dump", kDumpUsage, path, {})) {
    return *done;
  }
  const std::optional<std::vector<uint8_t>> bytes = ReadFileBytes(path);
  if (!bytes.has_value()) {
    std::cerr << "frameproof moar-dump: cannot open " << path << "\n";
    return kExitFailure;
  }
  absl::StatusOr<moar::MoarFile> file = moar::ReadMoarFile(*bytes);
  absl::StatusOr<std::string> dump =
      file.ok() ? moar::MoarDumpText(file->unit) : absl::StatusOr<std::string>(file.status());
  if (!dump.ok()) {
    std::cerr << "frameproof moar-dump: " << path << ": " << dump.status().message() << "\n";
    return kExitFailure;
  }
  std::cout << *dump;
  return kExitOk;
}

}  // namespace frameproof
