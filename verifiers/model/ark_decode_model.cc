#include "verifiers/model/ark_decode_model.h"

#include "absl/strings/str_cat.h"
#include "verifiers/util/json_diff.h"

namespace frameproof::ark {
namespace {

using nlohmann::json;

// A value as JSON; a name (a view, which nlohmann's json does not take) as a string.
json JsonOf(const auto& value) { return json(value); }
json JsonOf(absl::string_view name) { return std::string(name); }

json VRegsJson(const std::vector<DecodedVReg>& vregs) {
  json list = json::array();
  for (const DecodedVReg& vreg : vregs) {
    json entry = json::array(
        {vreg.value, JsonOf(vreg.location), JsonOf(vreg.type), JsonOf(vreg.vreg_type), vreg.index});
    if (vreg.constant.has_value()) entry.push_back(*vreg.constant);
    list.push_back(std::move(entry));
  }
  return list;
}

json BitsJson(const DecodedBits& bits) { return json{{"size", bits.size}, {"bits", bits.bits}}; }

json PairsJson(const auto& pairs) {
  json list = json::array();
  for (const auto& [first, second] : pairs) {
    list.push_back(json::array({JsonOf(first), JsonOf(second)}));
  }
  return list;
}

}  // namespace

json ToJson(const DecodedStackMap& map) {
  json levels = json::array();
  for (const DecodedInlineLevel& level : map.inline_infos) {
    levels.push_back(json{{"depth", level.depth},
                          {"row", level.row},
                          {"is_last", level.is_last},
                          {"bytecode_pc", level.bytecode_pc},
                          {"method", level.method_is_pointer ? json{{"pointer", level.method}}
                                                             : json{{"id", level.method}}},
                          {"file_index", level.file_index},
                          {"vregs_count", level.vregs_count},
                          {"vregs", VRegsJson(level.vregs)}});
  }
  return json{{"row", map.row},
              {"native_pc", map.native_pc},
              {"bytecode_pc", map.bytecode_pc},
              {"is_osr", map.is_osr},
              {"has_reg_map", map.has_reg_map},
              {"roots_reg_mask", map.roots_reg_mask},
              {"roots_stack_mask", BitsJson(map.roots_stack_mask)},
              {"vreg_mask", BitsJson(map.vreg_mask)},
              {"vregs", VRegsJson(map.vregs)},
              {"inline_depth", map.inline_depth},
              {"inline_infos", std::move(levels)},
              {"static_roots", PairsJson(map.static_roots)}};
}

json ToJson(const DecodedCodeInfo& decoded) {
  const std::array<uint32_t, 5>& h = decoded.header_varints;
  json tables = json::array();
  for (const DecodedTable& table : decoded.tables) {
    json data = json::array();
    for (size_t r = 0; r < table.RowCount(); ++r) {
      const absl::Span<const uint32_t> row = table.Row(r);
      data.push_back(std::vector<uint32_t>(row.begin(), row.end()));
    }
    tables.push_back(json{{"name", table.name},
                          {"present", table.present},
                          {"rows", table.rows},
                          {"column_bits", table.column_bits},
                          {"data", std::move(data)}});
  }
  json maps = json::array();
  for (const DecodedStackMap& map : decoded.stack_maps) maps.push_back(ToJson(map));
  return json{{"header",
               {{"varints", h},
                {"frame_size", h[0] & 0xFFFF},
                {"has_float_regs", ((h[0] >> 16) & 1) != 0},
                {"callee_reg_mask", h[1]},
                {"callee_fp_reg_mask", h[2]},
                {"table_mask", h[3]},
                {"vregs_count", h[4]}}},
              {"tables", std::move(tables)},
              {"stack_maps", std::move(maps)},
              {"implicit_null_checks", PairsJson(decoded.implicit_null_checks)},
              {"constants", decoded.constants},
              {"native_pc_lookups", PairsJson(decoded.native_pc_lookups)},
              {"osr_lookups", PairsJson(decoded.osr_lookups)}};
}

// Equal decodes compare as plain data; only a difference is rendered, to find and name it.
std::optional<std::string> FirstDifference(const DecodedStackMap& expected,
                                           const DecodedStackMap& actual, const std::string& path) {
  if (expected == actual) return std::nullopt;
  return FirstJsonDifference(ToJson(expected), ToJson(actual), path);
}

std::optional<std::string> FirstDifference(const DecodedCodeInfo& expected,
                                           const DecodedCodeInfo& actual) {
  if (expected == actual) return std::nullopt;
  if (expected.stack_maps.size() == actual.stack_maps.size()) {
    for (size_t i = 0; i < expected.stack_maps.size(); ++i) {
      if (auto difference = FirstDifference(expected.stack_maps[i], actual.stack_maps[i],
                                            absl::StrCat("decoded.stack_maps[", i, "]"))) {
        return difference;
      }
    }
  }
  return FirstJsonDifference(ToJson(expected), ToJson(actual), "decoded");
}

}  // namespace frameproof::ark
