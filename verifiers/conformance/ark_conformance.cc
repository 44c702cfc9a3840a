#include "verifiers/conformance/ark_conformance.h"

#include <fstream>
#include <ostream>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/match.h"
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
static_assert(NamesEachOnce(kVectorIsaNames));

}  // namespace

std::optional<InstructionSet> ParseVectorIsa(absl::string_view name) {
  return EnumNamed(kVectorIsaNames, name);
}

absl::string_view VectorIsaName(InstructionSet isa) { return NameOf(kVectorIsaNames, isa); }

absl::StatusOr<std::vector<ArkCodeInfoVector>> ReadArkVectorsNamed(
    absl::string_view path, absl::Span<const std::string> names) {
  std::ifstream in{std::string(path)};
  if (!in) return absl::NotFoundError(absl::StrCat("cannot read Ark vectors from ", path));
  // Each wanted name, as its "name" member is spelled in a line, to the slot it fills.
  absl::flat_hash_map<std::string, size_t> slot_of_member;
  for (size_t i = 0; i < names.size(); ++i) {
    slot_of_member[absl::StrCat("\"name\":\"", names[i], "\"")] = i;
  }
  std::vector<std::optional<ArkCodeInfoVector>> found(names.size());
  std::string line;
  for (int line_number = 1; std::getline(in, line); ++line_number) {
    for (const auto& [member, slot] : slot_of_member) {
      if (found[slot].has_value() || !absl::StrContains(line, member)) continue;
      absl::StatusOr<ArkCodeInfoVector> vector =
          ParseArkCodeInfoVector(nlohmann::json::parse(line, nullptr, false));
      if (!vector.ok()) {
        return absl::InvalidArgumentError(
            absl::StrCat(path, ":", line_number, ": ", vector.status().message()));
      }
      // A line may mention a name elsewhere than in its own "name" member.
      if (vector->name == names[slot]) found[slot] = *std::move(vector);
    }
  }
  std::vector<ArkCodeInfoVector> vectors;
  vectors.reserve(names.size());
  for (size_t i = 0; i < names.size(); ++i) {
    if (!found[i].has_value()) {
      return absl::NotFoundError(absl::StrCat(path, " holds no vector named ", names[i]));
    }
    vectors.push_back(*std::move(found[i]));
  }
  return vectors;
}

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
