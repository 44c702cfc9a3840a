#include <fstream>
#include <iostream>

#include "absl/strings/numbers.h"
#include "core/art/art_format.h"
#include "core/art/code_info_relay.h"
#include "verifiers/cli/commands.h"
#include "verifiers/util/file_bytes.h"

namespace frameproof {
namespace {

constexpr char kRelayUsage[] =
    R"(usage: frameproof relay FILE --to current|android11 [--from current|android11]
                        [--code-size N] --out OUT

Lays the ART CodeInfo in FILE (raw bytes, read in the --from release's layout, default current)
out again in the --to release's: the same rows and data bits in every table, under that
release's header, flags at its bits and a MethodInfo of its columns. Android 11 has no code size
in the CodeInfo: --code-size gives the one to record when laying an Android 11 CodeInfo out as
today's (default 0). Refused, naming what, when FILE is not a valid CodeInfo, has deduplicated
tables, or says what the target release cannot (a flag, a MethodInfo dex file).
Exit status: 0 written, 1 refused, 2 usage error.
)";

}  // namespace

int RunRelayCommand(const std::vector<std::string>& args) {
  std::string path, out_path;
  std::optional<ArtFormat> from = ArtFormat::kCurrent, to;
  uint32_t code_size = 0;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    const bool has_value = i + 1 < args.size();
    if (arg == "--help" || arg == "-h") {
      std::cout << kRelayUsage;
      return kExitOk;
    } else if (arg == "--to" && has_value) {
      to = ParseArtFormat(args[++i]);
      if (!to) break;
    } else if (arg == "--from" && has_value) {
      from = ParseArtFormat(args[++i]);
      if (!from) break;
    } else if (arg == "--code-size" && has_value) {
      if (!absl::SimpleAtoi(args[++i], &code_size)) {
        std::cerr << "frameproof relay: --code-size takes a byte count, not '" << args[i] << "'\n";
        return kExitUsage;
      }
    } else if (arg == "--out" && has_value) {
      out_path = args[++i];
    } else if (!arg.empty() && arg[0] != '-' && path.empty()) {
      path = arg;
    } else {
      std::cerr << "frameproof relay: unexpected argument '" << arg << "'\n\n" << kRelayUsage;
      return kExitUsage;
    }
  }
  if (!from || !to || path.empty() || out_path.empty()) {
    std::cerr << kRelayUsage;
    return kExitUsage;
  }
  const std::optional<std::vector<uint8_t>> bytes = ReadFileBytes(path);
  if (!bytes.has_value()) {
    std::cerr << "frameproof relay: cannot open " << path << "\n";
    return kExitFailure;
  }
  const absl::StatusOr<std::vector<uint8_t>> relaid = RelayCodeInfo(*bytes, *from, *to, code_size);
  if (!relaid.ok()) {
    std::cerr << "frameproof relay: " << path << ": " << relaid.status().message() << "\n";
    return kExitFailure;
  }
  std::ofstream out(out_path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(relaid->data()),
            static_cast<std::streamsize>(relaid->size()));
  if (!out) {
    std::cerr << "frameproof relay: cannot write " << out_path << "\n";
    return kExitFailure;
  }
  return kExitOk;
}

}  // namespace frameproof
