#include "verifiers/conformance/art_conformance.h"

#include <ostream>

#include "absl/strings/str_cat.h"
#include "core/art/code_info.h"
#include "core/art/code_info_table_deduper.h"
#include "core/art/untrusted_code_info.h"
#include "verifiers/dump/code_info_json.h"
#include "verifiers/model/method_call_log.h"
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

// The reads a runtime makes on code it trusts, on the same vector: the trusted decode must read
// what ART read (and exactly what the validating decode read, table extents included), and the
// header-only reads the header ART read.
std::optional<std::string> CheckFastDecodes(const ArtCodeInfoVector& vector, const LookupKeys& keys,
                                            const nlohmann::json& validated) {
  const CodeInfo trusted = CodeInfo::DecodeTrusted(vector.encoded);
  const nlohmann::json fast = CodeInfoToJson(trusted, vector.log.isa, keys, vector.encoded, 0);
  if (auto difference = FirstJsonDifference(vector.decoded, fast, "DecodeTrusted")) {
    return difference;
  }
  if (auto difference = FirstJsonDifference(validated, fast, "DecodeTrusted vs Decode")) {
    return difference;
  }
  if (!vector.decoded.contains("header")) return "decoded.header: missing";
  const absl::StatusOr<CodeInfoHeader> header = CodeInfo::DecodeHeaderOnly(vector.encoded);
  if (!header.ok()) return absl::StrCat("DecodeHeaderOnly: ", header.status().message());
  if (auto difference = FirstJsonDifference(vector.decoded["header"], HeaderToJson(*header),
                                            "DecodeHeaderOnly")) {
    return difference;
  }
  if (auto difference = FirstJsonDifference(
          vector.decoded["header"], HeaderToJson(CodeInfo::DecodeHeaderOnlyTrusted(vector.encoded)),
          "DecodeHeaderOnlyTrusted")) {
    return difference;
  }
  // The narrower reads, checked and trusted, against the header just held to ART's.
  const auto frame_differs = [&header](const FrameInfo& frame) {
    return frame.frame_size_in_bytes != header->packed_frame_size * kStackAlignment ||
           frame.core_spill_mask != header->core_spill_mask ||
           frame.fp_spill_mask != header->fp_spill_mask;
  };
  const absl::StatusOr<uint32_t> code_size = CodeInfo::DecodeCodeSize(vector.encoded);
  if (!code_size.ok()) return absl::StrCat("DecodeCodeSize: ", code_size.status().message());
  for (const auto& [name, read] :
       {std::pair{"DecodeCodeSize", *code_size},
        {"DecodeCodeSizeTrusted", CodeInfo::DecodeCodeSizeTrusted(vector.encoded)}}) {
    if (read != header->code_size) {
      return absl::StrCat(name, " reads ", read, "; the header says ", header->code_size);
    }
  }
  const absl::StatusOr<FrameInfo> frame = CodeInfo::DecodeFrameInfo(vector.encoded);
  if (!frame.ok()) return absl::StrCat("DecodeFrameInfo: ", frame.status().message());
  if (frame_differs(*frame)) {
    return "DecodeFrameInfo differs from the header's frame size and spill masks";
  }
  if (frame_differs(CodeInfo::DecodeFrameInfoTrusted(vector.encoded))) {
    return "DecodeFrameInfoTrusted differs from the header's frame size and spill masks";
  }
  return std::nullopt;
}

// What a runtime asks of bytes it does not trust, opened with UntrustedCodeInfo: every query on
// every map must answer, and answer what the validating decode (already held to ART's reading)
// answers.
std::optional<std::string> CheckUntrustedQueries(const ArtCodeInfoVector& vector,
                                                 const CodeInfo& validated) {
  const absl::StatusOr<UntrustedCodeInfo> opened = UntrustedCodeInfo::Open(vector.encoded);
  if (!opened.ok()) return absl::StrCat("UntrustedCodeInfo::Open: ", opened.status().message());
  const auto differs = [](uint32_t row, absl::string_view query) {
    return absl::StrCat("UntrustedCodeInfo: stack map ", row, ": ", query,
                        " differs from the validated decode's");
  };
  for (uint32_t row = 0; row < validated.GetNumberOfStackMaps(); ++row) {
    const absl::StatusOr<StackMap> map = opened->GetStackMapAt(row);
    if (!map.ok()) return std::string(map.status().message());
    const StackMap same = validated.GetStackMapAt(row);
    const absl::StatusOr<uint32_t> register_mask = opened->GetRegisterMaskOf(*map);
    if (!register_mask.ok() || *register_mask != validated.GetRegisterMaskOf(same)) {
      return differs(row, "GetRegisterMaskOf");
    }
    const absl::StatusOr<BitMemoryRegion> stack_mask = opened->GetStackMaskOf(*map);
    if (!stack_mask.ok() || !(*stack_mask == validated.GetStackMaskOf(same))) {
      return differs(row, "GetStackMaskOf");
    }
    const absl::StatusOr<DexRegisterMap> registers = opened->GetDexRegisterMapOf(*map);
    if (!registers.ok() || *registers != validated.GetDexRegisterMapOf(same)) {
      return differs(row, "GetDexRegisterMapOf");
    }
    const absl::StatusOr<InlineInfoRange> chain = opened->GetInlineInfosOf(*map);
    const InlineInfoRange same_chain = validated.GetInlineInfosOf(same);
    if (!chain.ok() || chain->size() != same_chain.size()) return differs(row, "GetInlineInfosOf");
    for (uint32_t depth = 0; depth < chain->size(); ++depth) {
      const absl::StatusOr<DexRegisterMap> level =
          opened->GetInlineDexRegisterMapOf(*map, (*chain)[depth]);
      if (!level.ok() || *level != validated.GetInlineDexRegisterMapOf(same, same_chain[depth])) {
        return differs(row, absl::StrCat("GetInlineDexRegisterMapOf at depth ", depth));
      }
    }
  }
  return std::nullopt;
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
  if (auto difference = CheckFastDecodes(vector, *keys, decoded)) return difference;
  return CheckUntrustedQueries(vector, *info);
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
