#include "verifiers/libart/libart_oracle.h"

#include <unistd.h>

#include <climits>
#include <cstdlib>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "core/base/hex.h"
#include "verifiers/util/subprocess.h"

namespace frameproof {

std::string LibartOracle::DefaultPath() {
  if (const char* path = std::getenv("FRAMEPROOF_LIBART_ORACLE"); path != nullptr && *path) {
    return path;
  }
#ifdef FRAMEPROOF_LIBART_ORACLE_PATH
  return FRAMEPROOF_LIBART_ORACLE_PATH;
#else
  return "libart_oracle";
#endif
}

absl::StatusOr<std::unique_ptr<LibartOracle>> LibartOracle::Start(const std::string& oracle_path) {
  std::ostringstream log;
  std::string last_line;
  const CommandOutcome outcome =
      RunCommand(Command{.argv = {oracle_path, "--self-check"}, .timeout = absl::Seconds(60)}, log,
                 [&last_line](double, absl::string_view line) { last_line = std::string(line); });
  if (!outcome.ok()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "libart oracle unavailable: ",
        last_line.empty() ? outcome.Describe()
                          : std::string(absl::StripPrefix(last_line, "libart_oracle: "))));
  }
  return std::unique_ptr<LibartOracle>(new LibartOracle(oracle_path));
}

std::string LibartOracle::DecodeRequest(absl::Span<const uint8_t> code_info, InstructionSet isa) {
  return nlohmann::ordered_json{
      {"op", "decode"}, {"isa", std::string(InstructionSetName(isa))}, {"bytes", ToHex(code_info)}}
      .dump();
}

absl::StatusOr<nlohmann::ordered_json> LibartOracle::Decode(absl::Span<const uint8_t> code_info,
                                                            InstructionSet isa) {
  return Ask(DecodeRequest(code_info, isa));
}

absl::StatusOr<nlohmann::ordered_json> LibartOracle::Open(absl::Span<const uint8_t> bytes,
                                                          InstructionSet isa, Placement placement) {
  return Ask(nlohmann::ordered_json{{"op", "open"},
                                    {"isa", std::string(InstructionSetName(isa))},
                                    {"bytes", ToHex(bytes)},
                                    {"placement", placement == Placement::kEnd ? "end" : "start"}}
                 .dump());
}

absl::StatusOr<nlohmann::ordered_json> LibartOracle::Dedupe(
    absl::Span<const std::vector<uint8_t>> code_infos) {
  nlohmann::ordered_json request = {{"op", "dedupe"}, {"code_infos", nlohmann::json::array()}};
  for (const std::vector<uint8_t>& code_info : code_infos) {
    request["code_infos"].push_back(ToHex(code_info));
  }
  return Ask(request.dump());
}

absl::StatusOr<nlohmann::ordered_json> LibartOracle::Ask(const std::string& request) {
  absl::StatusOr<std::string> line = child_.Ask(request);
  if (!line.ok()) return line.status();
  nlohmann::ordered_json answer =
      nlohmann::ordered_json::parse(*line, nullptr, /*allow_exceptions=*/false);
  if (answer.is_discarded() || !answer.is_object()) {
    return absl::InternalError(
        absl::StrCat("libart_oracle answered something not JSON: ", line->substr(0, 200)));
  }
  if (answer.contains("error")) {
    return absl::InvalidArgumentError(
        absl::StrCat("libart_oracle: ", answer["error"].get<std::string>()));
  }
  return answer;
}

}  // namespace frameproof
