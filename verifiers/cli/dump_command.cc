#include <iostream>

#include "absl/strings/numbers.h"
#include "core/ark/code_info.h"
#include "core/ark/code_prefix.h"
#include "core/art/code_info.h"
#include "verifiers/cli/commands.h"
#include "verifiers/util/file_bytes.h"
#include "verifiers/dump/ark_code_info_json.h"
#include "verifiers/dump/ark_code_info_text.h"
#include "verifiers/dump/code_info_json.h"
#include "verifiers/dump/art_dump_text.h"
#include "verifiers/dump/code_info_text.h"

namespace frameproof {
namespace {

constexpr char kDumpUsage[] =
    R"(usage: frameproof dump FILE [--dialect art|ark] [--art-format current|android11] [--offset N]
                       [--isa ISA] [--json | --oatdump]

Validates the CodeInfo at byte N (default 0) of FILE and prints it.
  --dialect art  (default) ART's CodeInfo. FILE holds raw bytes, e.g. a CodeInfo from
                 StackMapStream or an oat file's CodeInfo section (deduplicated tables may refer
                 to earlier bytes of the file).
  --dialect ark  Ark's CodeInfo: raw bytes from CodeInfoBuilder, or a compiled-method blob that
                 starts with a CodePrefix (magic 0xaccadeca), whose four fields are checked
                 against the blob before its CodeInfo is decoded.
  --art-format current (default) or android11: which release's CodeInfo layout FILE holds;
                 android11 is Android 11's (six header fields without code_size, a one-column
                 MethodInfo), the release Debian's android-libart ships
  --oatdump      android11 only: what that release's CodeInfo::Dump prints, character for
                 character (verbose: tables, rows, stack maps, registers, inline levels)
  --isa ISA      arm64 (default), x86_64, arm, riscv64 or x86 (Ark: arm64, x86_64, arm): how
                 packed native pcs are scaled, and for Ark the CFrame arithmetic of the roots
  --json         the decode as JSON, in the shape of the conformance vectors' "decoded" field,
                 plus "warnings" when a map's native pc lies past the code at ISA (the text
                 dump marks such a map: past the code)
Exit status: 0 valid, 1 invalid input (the error names the table, row, column or field and the
bit offset), 2 usage error.
)";

// The Ark dump: the CodeInfo of a blob or of raw bytes, opened and validated.
int DumpArk(const std::string& path, const std::vector<uint8_t>& bytes, size_t offset,
            InstructionSet isa_name, bool json) {
  const absl::StatusOr<ark::IsaLayout> isa = ark::LayoutFor(isa_name);
  if (!isa.ok()) {
    std::cerr << "frameproof dump: " << isa.status().message() << "\n";
    return kExitUsage;
  }
  if (offset > bytes.size()) {
    std::cerr << "frameproof dump: " << path << ": offset " << offset << " is past the "
              << bytes.size() << "-byte file\n";
    return kExitFailure;
  }
  absl::Span<const uint8_t> code_info = absl::MakeConstSpan(bytes).subspan(offset);
  std::optional<ark::CompiledMethod> blob;
  if (ark::StartsWithCodePrefix(code_info)) {
    absl::StatusOr<ark::CompiledMethod> method = ark::ReadCompiledMethod(code_info, *isa);
    if (!method.ok()) {
      std::cerr << "frameproof dump: " << path
                << ": invalid compiled method: " << method.status().message() << "\n";
      return kExitFailure;
    }
    blob = *method;
    code_info = method->code_info;
  }
  absl::StatusOr<ark::CodeInfo> info = ark::CodeInfo::Decode(code_info, *isa);
  absl::Status valid = info.ok() ? info->Validate() : info.status();
  if (!valid.ok()) {
    std::cerr << "frameproof dump: " << path << ": invalid Ark CodeInfo: " << valid.message()
              << "\n";
    return kExitFailure;
  }
  if (json) {
    absl::StatusOr<nlohmann::json> decoded = ark::CodeInfoToJson(*info);
    if (!decoded.ok()) {
      std::cerr << "frameproof dump: " << path << ": " << decoded.status().message() << "\n";
      return kExitFailure;
    }
    if (blob.has_value()) {
      (*decoded)["code_prefix"] = {{"code_size", blob->prefix.code_size},
                                   {"code_info_offset", blob->prefix.code_info_offset},
                                   {"code_info_size", blob->prefix.code_info_size}};
    }
    std::cout << decoded->dump(2) << "\n";
    return kExitOk;
  }
  absl::StatusOr<std::string> text = ark::CodeInfoToText(*info);
  if (!text.ok()) {
    std::cerr << "frameproof dump: " << path << ": " << text.status().message() << "\n";
    return kExitFailure;
  }
  if (blob.has_value()) {
    std::cout << "CodePrefix: " << blob->prefix.code_size << " bytes of code at byte "
              << ark::CodePrefix::CodeOffset(*isa) << ", CodeInfo " << blob->prefix.code_info_size
              << " bytes at byte " << blob->prefix.code_info_offset << "\n";
  }
  std::cout << *text;
  return kExitOk;
}

}  // namespace

int RunDumpCommand(const std::vector<std::string>& args) {
  std::string path;
  size_t offset = 0;
  InstructionSet isa = InstructionSet::kArm64;
  bool json = false;
  bool oatdump = false;
  bool ark_dialect = false;
  ArtFormat format = ArtFormat::kCurrent;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--help" || arg == "-h") {
      std::cout << kDumpUsage;
      return kExitOk;
    } else if (arg == "--json") {
      json = true;
    } else if (arg == "--oatdump") {
      oatdump = true;
    } else if (arg == "--art-format" && i + 1 < args.size()) {
      const std::optional<ArtFormat> parsed = ParseArtFormat(args[++i]);
      if (!parsed.has_value()) {
        std::cerr << "frameproof dump: unknown ART format '" << args[i]
                  << "' (current or android11)\n";
        return kExitUsage;
      }
      format = *parsed;
    } else if (arg == "--dialect" && i + 1 < args.size()) {
      const std::string& dialect = args[++i];
      if (dialect != "art" && dialect != "ark") {
        std::cerr << "frameproof dump: unknown dialect '" << dialect << "' (art or ark)\n";
        return kExitUsage;
      }
      ark_dialect = dialect == "ark";
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
  if (oatdump && (json || format != ArtFormat::kAndroid11 || ark_dialect)) {
    std::cerr << "frameproof dump: --oatdump prints Android 11's own dump: it goes with "
                 "--art-format android11, without --json\n";
    return kExitUsage;
  }
  const std::optional<std::vector<uint8_t>> file = ReadFileBytes(path);
  if (!file.has_value()) {
    std::cerr << "frameproof dump: cannot open " << path << "\n";
    return kExitFailure;
  }
  const std::vector<uint8_t>& bytes = *file;
  if (ark_dialect) return DumpArk(path, bytes, offset, isa, json);
  absl::StatusOr<CodeInfo> info = CodeInfo::Decode(bytes, offset, CodeInfo::Subset::kAll, format);
  if (!info.ok()) {
    std::cerr << "frameproof dump: " << path << ": invalid CodeInfo: " << info.status().message()
              << "\n";
    return kExitFailure;
  }
  if (json) {
    nlohmann::json decoded =
        CodeInfoToJson(*info, isa, DefaultLookupKeys(*info, isa), bytes, offset);
    if (nlohmann::json warnings = PcPastCodeWarnings(*info, isa); !warnings.empty()) {
      decoded["warnings"] = std::move(warnings);
    }
    std::cout << decoded.dump(2) << "\n";
  } else if (oatdump) {
    std::cout << Android11DumpText(*info, 0, /*verbose=*/true, isa);
  } else {
    std::cout << CodeInfoToText(*info, isa);
  }
  return kExitOk;
}

}  // namespace frameproof
