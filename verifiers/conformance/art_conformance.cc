#include "verifiers/conformance/art_conformance.h"

#include <ostream>

#include "absl/strings/str_cat.h"
#include "core/art/code_info.h"
#include "core/art/code_info_table_deduper.h"
#include "verifiers/codec/method_call_log.h"
#include "verifiers/dump/code_info_json.h"
#include "verifiers/util/json_diff.h"

namespace frameproof {
namespace {

absl::StatusOr<std::vector<uint32_t>> KeyColumn(const nlohmann::json& pairs) {
  std::vector<uint32_t> keys;
  for (const nlohmann::json& pair : pairs) {
    if (!pair.is_array() || pair.empty() || !pair[0].is_number_unsigned()) {
      return absl::InvalidArgumentError(absl::StrCat("bad lookup entry ", pair.dump()));
    }
    keys.push_back(pair[0].get<uint32_t>());
  }
  return keys;
}

// The lookup keys the reference evaluated, taken from its "decoded" object.
absl::StatusOr<LookupKeys> KeysOf(const nlohmann::json& decoded) {
  LookupKeys keys;
  for (const char* field : {"native_pc_lookups", "dex_pc_lookups", "catch_lookups"}) {
    if (!decoded.contains(field) || !decoded[field].is_array()) {
      return absl::InvalidArgumentError(absl::StrCat("decoded.", field, ": missing"));
    }
  }
  absl::StatusOr<std::vector<uint32_t>> native = KeyColumn(decoded["native_pc_lookups"]);
  if (!native.ok()) return native.status();
  keys.native_pcs = *native;
  absl::StatusOr<std::vector<uint32_t>> dex = KeyColumn(decoded["dex_pc_lookups"]);
  if (!dex.ok()) return dex.status();
  keys.dex_pcs = *dex;
  for (const nlohmann::json& pair : decoded["catch_lookups"]) {
    if (!pair.is_array() || pair.empty() || !pair[0].is_array()) {
      return absl::InvalidArgumentError(absl::StrCat("bad catch lookup ", pair.dump()));
    }
    keys.catch_dex_pcs.push_back(pair[0].get<std::vector<uint32_t>>());
  }
  return keys;
}

}  // namespace

std::optional<std::string> CheckArtCodeInfoVector(const ArtCodeInfoVector& vector) {
  absl::StatusOr<std::vector<uint8_t>> encoded = Replay(vector.log, VerifyMode::kOn);
  if (!encoded.ok()) return absl::StrCat("encode failed: ", encoded.status().ToString());
  if (auto difference = FirstByteDifference(vector.encoded, *encoded)) {
    return absl::StrCat("encoded ", *difference);
  }
  absl::StatusOr<CodeInfo> info = CodeInfo::Decode(vector.encoded);
  if (!info.ok()) return absl::StrCat("decode failed: ", info.status().ToString());
  absl::StatusOr<LookupKeys> keys = KeysOf(vector.decoded);
  if (!keys.ok()) return std::string(keys.status().message());
  const nlohmann::json decoded = CodeInfoToJson(*info, vector.log.isa, *keys, vector.encoded, 0);
  if (auto difference = FirstJsonDifference(vector.decoded, decoded, "decoded")) {
    return difference;
  }
  return std::nullopt;
}

std::optional<std::string> CheckArtDedupVector(const ArtDedupVector& vector) {
  std::vector<uint8_t> out;
  CodeInfoTableDeduper deduper(&out);
  std::vector<uint64_t> offsets;
  for (size_t i = 0; i < vector.inputs.size(); ++i) {
    absl::StatusOr<size_t> offset = deduper.Dedupe(vector.inputs[i]);
    if (!offset.ok()) return absl::StrCat("input ", i, ": ", offset.status().ToString());
    offsets.push_back(*offset);
  }
  if (offsets != vector.offsets) {
    for (size_t i = 0; i < std::min(offsets.size(), vector.offsets.size()); ++i) {
      if (offsets[i] != vector.offsets[i]) {
        return absl::StrCat("offsets[", i, "]: expected ", vector.offsets[i], ", got ", offsets[i]);
      }
    }
    return absl::StrCat("offsets: expected ", vector.offsets.size(), ", got ", offsets.size());
  }
  if (auto difference = FirstByteDifference(vector.output, out)) {
    return absl::StrCat("output ", *difference);
  }
  // Every CodeInfo must read back the same from the shared buffer.
  for (size_t i = 0; i < vector.inputs.size(); ++i) {
    absl::StatusOr<CodeInfo> alone = CodeInfo::Decode(vector.inputs[i]);
    absl::StatusOr<CodeInfo> shared = CodeInfo::Decode(out, offsets[i]);
    if (!alone.ok() || !shared.ok()) {
      return absl::StrCat("input ", i, " does not decode: ",
                          (alone.ok() ? shared.status() : alone.status()).ToString());
    }
    const LookupKeys keys = DefaultLookupKeys(*alone, InstructionSet::kArm64);
    nlohmann::json alone_json =
        CodeInfoToJson(*alone, InstructionSet::kArm64, keys, vector.inputs[i], 0);
    nlohmann::json shared_json =
        CodeInfoToJson(*shared, InstructionSet::kArm64, keys, out, offsets[i]);
    // Only where the tables sit and which are back-references may differ.
    for (nlohmann::json* json : {&alone_json, &shared_json}) {
      (*json)["header"].erase("bit_table_flags");
      for (nlohmann::json& table : (*json)["tables"]) {
        for (const char* key : {"deduplicated", "bit_offset", "bit_size"}) table.erase(key);
      }
    }
    if (auto difference =
            FirstJsonDifference(alone_json, shared_json, absl::StrCat("input ", i, " decoded"))) {
      return difference;
    }
  }
  return std::nullopt;
}

absl::StatusOr<ConformanceCounts> RunArtVectorFile(absl::string_view path, ArtVectorFile kind,
                                                   const ConformanceOptions& options,
                                                   std::ostream& out) {
  return RunVectorFile(path, options, out,
                       [kind](const nlohmann::json& line) -> std::optional<std::string> {
                         if (kind == ArtVectorFile::kCodeInfo) {
                           absl::StatusOr<ArtCodeInfoVector> vector = ParseArtCodeInfoVector(line);
                           if (!vector.ok())
                             return absl::StrCat("malformed vector: ", vector.status().message());
                           return CheckArtCodeInfoVector(*vector);
                         }
                         absl::StatusOr<ArtDedupVector> vector = ParseArtDedupVector(line);
                         if (!vector.ok())
                           return absl::StrCat("malformed vector: ", vector.status().message());
                         return CheckArtDedupVector(*vector);
                       });
}

}  // namespace frameproof
