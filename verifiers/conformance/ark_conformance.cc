#include "verifiers/conformance/ark_conformance.h"

#include <ostream>

#include "absl/strings/str_cat.h"
#include "core/ark/code_info.h"
#include "core/base/enum_names.h"
#include "core/base/hex.h"
#include "core/base/status_macros.h"
#include "verifiers/dump/ark_code_info_json.h"
#include "verifiers/util/json_diff.h"
#include "verifiers/util/json_fields.h"

namespace frameproof::ark {
namespace {

constexpr EnumNameTable<InstructionSet, 3> kVectorIsaNames = {{
    {InstructionSet::kArm64, "arm64"},
    {InstructionSet::kX86_64, "x86_64"},
    {InstructionSet::kArm, "arm32"},
}};

}  // namespace

std::optional<InstructionSet> ParseVectorIsa(absl::string_view name) {
  return EnumNamed(kVectorIsaNames, name);
}

absl::string_view VectorIsaName(InstructionSet isa) { return NameOf(kVectorIsaNames, isa); }

absl::StatusOr<ArkCodeInfoVector> ParseArkCodeInfoVector(const nlohmann::json& line) {
  const JsonFields fields(line, "");
  ArkCodeInfoVector vector;
  FP_ASSIGN_OR_RETURN(vector.name, fields.GetString("name"));
  FP_ASSIGN_OR_RETURN(vector.producer, fields.GetString("producer"));
  FP_ASSIGN_OR_RETURN(const std::string isa, fields.GetString("isa"));
  const std::optional<InstructionSet> parsed_isa = ParseVectorIsa(isa);
  if (!parsed_isa.has_value()) {
    return fields.Error("isa", absl::StrCat("unknown ISA \"", isa, "\" (arm64, x86_64, arm32)"));
  }
  vector.log.isa = *parsed_isa;
  FP_ASSIGN_OR_RETURN(const nlohmann::json* calls, fields.GetArray("calls"));
  FP_ASSIGN_OR_RETURN(vector.log.calls, CallsFromJson(*calls));
  FP_ASSIGN_OR_RETURN(const std::string encoded, fields.GetString("encoded"));
  FP_ASSIGN_OR_RETURN(vector.encoded, FromHex(encoded));
  FP_ASSIGN_OR_RETURN(const nlohmann::json* decoded, fields.GetObject("decoded"));
  vector.decoded = *decoded;
  return vector;
}

std::optional<std::string> CheckArkCodeInfoVector(const ArkCodeInfoVector& vector) {
  absl::StatusOr<std::vector<uint8_t>> encoded = ReplayCallLog(vector.log);
  if (!encoded.ok())
    return absl::StrCat("the builder refused the calls: ", encoded.status().message());
  if (auto difference = FirstByteDifference(vector.encoded, *encoded)) {
    return absl::StrCat("encoded ", *difference);
  }
  const absl::StatusOr<IsaLayout> isa = LayoutFor(vector.log.isa);
  if (!isa.ok()) return std::string(isa.status().message());
  absl::StatusOr<CodeInfo> info = CodeInfo::Decode(vector.encoded, *isa);
  if (!info.ok()) return absl::StrCat("Ark's bytes do not open: ", info.status().message());
  if (absl::Status valid = info->Validate(); !valid.ok()) {
    return absl::StrCat("Ark's bytes do not validate: ", valid.message());
  }
  absl::StatusOr<nlohmann::json> decoded = CodeInfoToJson(*info);
  if (!decoded.ok()) return absl::StrCat("a query failed: ", decoded.status().message());
  return FirstJsonDifference(vector.decoded, *decoded, "decoded");
}

absl::StatusOr<ConformanceCounts> RunArkVectorFile(absl::string_view path,
                                                   const ConformanceOptions& options,
                                                   std::ostream& out) {
  return RunVectorFile(path, options, out,
                       [](const nlohmann::json& line) -> std::optional<std::string> {
                         absl::StatusOr<ArkCodeInfoVector> vector = ParseArkCodeInfoVector(line);
                         if (!vector.ok()) {
                           return absl::StrCat("malformed vector: ", vector.status().message());
                         }
                         return CheckArkCodeInfoVector(*vector);
                       });
}

}  // namespace frameproof::ark
