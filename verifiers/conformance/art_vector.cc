#include "verifiers/conformance/art_vector.h"

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "core/base/hex.h"
#include "core/base/status_macros.h"
#include "verifiers/util/json_fields.h"

namespace frameproof {
namespace {

enum class MethodEncoding { kArtMethod, kMethodInfo };

absl::StatusOr<std::vector<DexRegisterLocation>> ParseRegisters(const nlohmann::json& list,
                                                                const std::string& path) {
  std::vector<DexRegisterLocation> registers;
  for (size_t i = 0; i < list.size(); ++i) {
    const std::string item_path = absl::StrCat(path, "[", i, "]");
    const nlohmann::json& pair = list[i];
    if (!pair.is_array() || pair.size() != 2 || !pair[0].is_string()) {
      return absl::InvalidArgumentError(absl::StrCat(item_path, ": expected [kind, value]"));
    }
    const std::optional<DexRegisterKind> kind = ParseDexRegisterKind(pair[0].get<std::string>());
    if (!kind.has_value()) {
      return absl::InvalidArgumentError(
          absl::StrCat(item_path, ": unknown location kind ", pair[0].dump()));
    }
    FP_ASSIGN_OR_RETURN(const int64_t value, JsonToInt64(pair[1], item_path));
    if (value < INT32_MIN || value > INT32_MAX) {
      return absl::InvalidArgumentError(
          absl::StrCat(item_path, ": value ", value, " does not fit an int32"));
    }
    registers.push_back(DexRegisterLocation{*kind, static_cast<int32_t>(value)});
  }
  return registers;
}

absl::StatusOr<DexFileRef> ParseDexFile(const std::string& text, const std::string& path) {
  if (text == "same") return DexFileRef{DexFileRef::Kind::kSameAsOuter, 0};
  for (const auto& [prefix, kind] : {std::pair{"oat:", DexFileRef::Kind::kOatFile},
                                     std::pair{"bcp:", DexFileRef::Kind::kBootClassPath}}) {
    uint32_t index;
    if (absl::StartsWith(text, prefix) &&
        absl::SimpleAtoi(absl::string_view(text).substr(4), &index)) {
      return DexFileRef{kind, index};
    }
  }
  return absl::InvalidArgumentError(
      absl::StrCat(path, ": expected same, oat:K or bcp:K, got \"", text, "\""));
}

absl::StatusOr<InlinedMethod> ParseMethod(const nlohmann::json& method, const std::string& path,
                                          MethodEncoding encoding) {
  const JsonFields fields(method, path);
  if (encoding == MethodEncoding::kArtMethod) {
    FP_ASSIGN_OR_RETURN(const uint64_t pointer, fields.GetUint64("art_method"));
    return InlinedMethod(ArtMethodPointer{pointer});
  }
  DexMethodReference reference;
  FP_ASSIGN_OR_RETURN(reference.dex_method_index, fields.GetUint32("dex_method_index"));
  FP_ASSIGN_OR_RETURN(const std::string dex_file, fields.GetString("dex_file"));
  FP_ASSIGN_OR_RETURN(reference.dex_file, ParseDexFile(dex_file, fields.PathOf("dex_file")));
  return InlinedMethod(reference);
}

absl::StatusOr<MethodCallLog::StackMapEntry> ParseStackMap(const nlohmann::json& map,
                                                           const std::string& path,
                                                           MethodEncoding encoding) {
  const JsonFields fields(map, path);
  MethodCallLog::StackMapEntry entry;
  StackMapParams& params = entry.params;
  FP_ASSIGN_OR_RETURN(params.dex_pc, fields.GetUint32("dex_pc"));
  FP_ASSIGN_OR_RETURN(params.native_pc_offset, fields.GetUint32("native_pc_offset"));
  FP_ASSIGN_OR_RETURN(params.register_mask, fields.GetUint32("register_mask"));
  FP_ASSIGN_OR_RETURN(const nlohmann::json* stack_mask, fields.GetArray("stack_mask"));
  for (size_t i = 0; i < stack_mask->size(); ++i) {
    FP_ASSIGN_OR_RETURN(const uint32_t bit,
                        JsonToUint32((*stack_mask)[i], absl::StrCat(path, ".stack_mask[", i, "]")));
    params.stack_mask.SetBit(bit);
  }
  FP_ASSIGN_OR_RETURN(const std::string kind, fields.GetString("kind"));
  const std::optional<StackMapKind> parsed_kind = ParseStackMapKind(kind);
  if (!parsed_kind.has_value()) return fields.Error("kind", absl::StrCat("unknown kind ", kind));
  params.kind = *parsed_kind;
  FP_ASSIGN_OR_RETURN(params.needs_vreg_info, fields.GetBool("needs_vreg_info"));
  if (fields.Has("catch_dex_pcs")) {
    FP_ASSIGN_OR_RETURN(const nlohmann::json* pcs, fields.GetArray("catch_dex_pcs"));
    for (size_t i = 0; i < pcs->size(); ++i) {
      FP_ASSIGN_OR_RETURN(const uint32_t pc,
                          JsonToUint32((*pcs)[i], absl::StrCat(path, ".catch_dex_pcs[", i, "]")));
      params.catch_dex_pcs.push_back(pc);
    }
  }
  FP_ASSIGN_OR_RETURN(const nlohmann::json* registers, fields.GetArray("dex_registers"));
  FP_ASSIGN_OR_RETURN(entry.dex_registers,
                      ParseRegisters(*registers, fields.PathOf("dex_registers")));
  FP_ASSIGN_OR_RETURN(const nlohmann::json* inline_infos, fields.GetArray("inline_infos"));
  for (size_t depth = 0; depth < inline_infos->size(); ++depth) {
    const std::string level_path = absl::StrCat(path, ".inline_infos[", depth, "]");
    const JsonFields level_fields((*inline_infos)[depth], level_path);
    MethodCallLog::InlineLevel level;
    FP_ASSIGN_OR_RETURN(const nlohmann::json* method, level_fields.GetObject("method"));
    FP_ASSIGN_OR_RETURN(level.method,
                        ParseMethod(*method, level_fields.PathOf("method"), encoding));
    FP_ASSIGN_OR_RETURN(level.dex_pc, level_fields.GetUint32("dex_pc"));
    FP_ASSIGN_OR_RETURN(level.num_dex_registers, level_fields.GetUint32("num_dex_registers"));
    FP_ASSIGN_OR_RETURN(const nlohmann::json* level_registers,
                        level_fields.GetArray("dex_registers"));
    FP_ASSIGN_OR_RETURN(level.dex_registers,
                        ParseRegisters(*level_registers, level_fields.PathOf("dex_registers")));
    entry.inline_infos.push_back(std::move(level));
  }
  return entry;
}

absl::StatusOr<std::vector<uint8_t>> ParseHexField(const JsonFields& fields,
                                                   absl::string_view key) {
  FP_ASSIGN_OR_RETURN(const std::string hex, fields.GetString(key));
  absl::StatusOr<std::vector<uint8_t>> bytes = FromHex(hex);
  if (!bytes.ok()) return fields.Error(key, bytes.status().message());
  return bytes;
}

}  // namespace

absl::StatusOr<ArtCodeInfoVector> ParseArtCodeInfoVector(const nlohmann::json& line) {
  const JsonFields fields(line, "");
  ArtCodeInfoVector vector;
  FP_ASSIGN_OR_RETURN(vector.name, fields.GetString("name"));
  MethodCallLog& log = vector.log;

  FP_ASSIGN_OR_RETURN(const std::string isa, fields.GetString("isa"));
  const std::optional<InstructionSet> parsed_isa = ParseInstructionSet(isa);
  if (!parsed_isa.has_value()) return fields.Error("isa", absl::StrCat("unknown ISA ", isa));
  log.isa = *parsed_isa;

  FP_ASSIGN_OR_RETURN(const std::string encoding_name, fields.GetString("method_encoding"));
  if (encoding_name != "art_method" && encoding_name != "method_info") {
    return fields.Error("method_encoding", "expected art_method or method_info");
  }
  const MethodEncoding encoding =
      encoding_name == "art_method" ? MethodEncoding::kArtMethod : MethodEncoding::kMethodInfo;

  FP_ASSIGN_OR_RETURN(const nlohmann::json* begin, fields.GetObject("begin_method"));
  const JsonFields method(*begin, "begin_method");
  FP_ASSIGN_OR_RETURN(log.method.frame_size_in_bytes, method.GetUint32("frame_size_in_bytes"));
  FP_ASSIGN_OR_RETURN(log.method.core_spill_mask, method.GetUint32("core_spill_mask"));
  FP_ASSIGN_OR_RETURN(log.method.fp_spill_mask, method.GetUint32("fp_spill_mask"));
  FP_ASSIGN_OR_RETURN(log.method.num_dex_registers, method.GetUint32("num_dex_registers"));
  FP_ASSIGN_OR_RETURN(log.method.baseline, method.GetBool("baseline"));
  FP_ASSIGN_OR_RETURN(log.method.debuggable, method.GetBool("debuggable"));
  FP_ASSIGN_OR_RETURN(log.method.has_should_deoptimize_flag,
                      method.GetBool("has_should_deoptimize_flag"));

  FP_ASSIGN_OR_RETURN(const nlohmann::json* maps, fields.GetArray("stack_maps"));
  for (size_t i = 0; i < maps->size(); ++i) {
    FP_ASSIGN_OR_RETURN(MethodCallLog::StackMapEntry entry,
                        ParseStackMap((*maps)[i], absl::StrCat("stack_maps[", i, "]"), encoding));
    log.stack_maps.push_back(std::move(entry));
  }
  if (fields.Has("set_native_pc_offsets")) {
    FP_ASSIGN_OR_RETURN(const nlohmann::json* pairs, fields.GetArray("set_native_pc_offsets"));
    for (size_t i = 0; i < pairs->size(); ++i) {
      const std::string path = absl::StrCat("set_native_pc_offsets[", i, "]");
      const nlohmann::json& pair = (*pairs)[i];
      if (!pair.is_array() || pair.size() != 2) {
        return absl::InvalidArgumentError(absl::StrCat(path, ": expected [index, pc]"));
      }
      FP_ASSIGN_OR_RETURN(const uint32_t index, JsonToUint32(pair[0], path));
      FP_ASSIGN_OR_RETURN(const uint32_t pc, JsonToUint32(pair[1], path));
      log.set_native_pc_offsets.emplace_back(index, pc);
    }
  }
  FP_ASSIGN_OR_RETURN(const nlohmann::json* end, fields.GetObject("end_method"));
  FP_ASSIGN_OR_RETURN(log.code_size, JsonFields(*end, "end_method").GetUint32("code_size"));

  FP_ASSIGN_OR_RETURN(vector.encoded, ParseHexField(fields, "encoded"));
  FP_ASSIGN_OR_RETURN(const nlohmann::json* decoded, fields.GetObject("decoded"));
  vector.decoded = *decoded;
  return vector;
}

absl::StatusOr<ArtDedupVector> ParseArtDedupVector(const nlohmann::json& line) {
  const JsonFields fields(line, "");
  ArtDedupVector vector;
  FP_ASSIGN_OR_RETURN(vector.name, fields.GetString("name"));
  FP_ASSIGN_OR_RETURN(const nlohmann::json* inputs, fields.GetArray("inputs"));
  for (size_t i = 0; i < inputs->size(); ++i) {
    const std::string path = absl::StrCat("inputs[", i, "]");
    if (!(*inputs)[i].is_string()) {
      return absl::InvalidArgumentError(absl::StrCat(path, ": expected a hex string"));
    }
    absl::StatusOr<std::vector<uint8_t>> bytes = FromHex((*inputs)[i].get<std::string>());
    if (!bytes.ok()) {
      return absl::InvalidArgumentError(absl::StrCat(path, ": ", bytes.status().message()));
    }
    vector.inputs.push_back(*std::move(bytes));
  }
  FP_ASSIGN_OR_RETURN(const nlohmann::json* offsets, fields.GetArray("offsets"));
  for (size_t i = 0; i < offsets->size(); ++i) {
    if (!(*offsets)[i].is_number_unsigned()) {
      return absl::InvalidArgumentError(absl::StrCat("offsets[", i, "]: expected an integer"));
    }
    vector.offsets.push_back((*offsets)[i].get<uint64_t>());
  }
  FP_ASSIGN_OR_RETURN(vector.output, ParseHexField(fields, "output"));
  return vector;
}

}  // namespace frameproof
