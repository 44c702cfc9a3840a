#include "verifiers/dump/ark_code_info_json.h"

#include <algorithm>
#include <limits>
#include <string>

#include "absl/container/btree_set.h"
#include "core/base/status_macros.h"
#include "verifiers/dump/bit_region_json.h"

namespace frameproof::ark {
namespace {

using nlohmann::json;

// Extra lookup keys with no map, and how far past the last pc the farthest one lies.
constexpr size_t kMissingNativePcKeys = 5;
constexpr uint64_t kFarNativePcSteps = 4096;
constexpr uint64_t kMaxKey = std::numeric_limits<uint32_t>::max();

template <typename Accessor>
json TableToJson(const CodeInfo& info, TableId id, const BitTable<Accessor>& table,
                 bool is_bitmap) {
  json rows = json::array();
  for (uint32_t r = 0; r < table.NumRows(); ++r) {
    if (is_bitmap) {
      rows.push_back(SetBitsToJson(table.GetBitMemoryRegion(r)));
      continue;
    }
    json row = json::array();
    for (uint32_t c = 0; c < Accessor::kColumnCount; ++c) row.push_back(table.Get(r, c));
    rows.push_back(std::move(row));
  }
  json column_bits = json::array();
  for (uint32_t bits : info.TableColumnBits(id)) column_bits.push_back(bits);
  return json{{"name", std::string(Accessor::kTableName)},
              {"present", info.header().HasTable(id)},
              {"rows", table.NumRows()},
              {"column_bits", std::move(column_bits)},
              {"data", std::move(rows)}};
}

json SizedBits(const BitMemoryRegion& region) {
  return json{{"size", region.size_in_bits()}, {"bits", SetBitsToJson(region)}};
}

absl::StatusOr<json> VRegsToJson(const CodeInfo& info, const VRegList& vregs) {
  json list = json::array();
  for (const VRegInfo& vreg : vregs) {
    json entry = json::array({vreg.value, std::string(LocationName(vreg.location)),
                              std::string(TypeName(vreg.type)),
                              std::string(VRegTypeName(vreg.vreg_type)), vreg.index});
    if (vreg.location == VRegInfo::Location::kConstant) {
      FP_ASSIGN_OR_RETURN(const uint64_t constant, info.GetConstant(vreg));
      entry.push_back(constant);
    }
    list.push_back(std::move(entry));
  }
  return list;
}

json MethodToJson(const InlinedMethod& method) {
  if (const auto* pointer = std::get_if<MethodPointer>(&method)) {
    return json{{"pointer", pointer->address}};
  }
  return json{{"id", std::get<PandaMethodId>(method).id}};
}

absl::StatusOr<json> StackMapToJson(const CodeInfo& info, const StackMap& map) {
  FP_ASSIGN_OR_RETURN(const uint32_t roots_reg_mask, info.GetRootsRegMask(map));
  FP_ASSIGN_OR_RETURN(const BitMemoryRegion roots_stack_mask, info.GetRootsStackMask(map));
  FP_ASSIGN_OR_RETURN(const BitMemoryRegion vreg_mask, info.GetVRegMask(map));
  FP_ASSIGN_OR_RETURN(const VRegList vregs, info.GetVRegList(map));
  FP_ASSIGN_OR_RETURN(json vregs_json, VRegsToJson(info, vregs));
  FP_ASSIGN_OR_RETURN(const int32_t depth, info.GetInlineDepth(map));
  json inline_infos = json::array();
  for (int32_t d = 0; d <= depth; ++d) {
    FP_ASSIGN_OR_RETURN(const InlineInfo level, info.GetInlineInfo(map, d));
    FP_ASSIGN_OR_RETURN(const InlinedMethod method, info.GetMethod(level));
    FP_ASSIGN_OR_RETURN(const VRegList level_vregs, info.GetInlineVRegList(map, d));
    FP_ASSIGN_OR_RETURN(json level_vregs_json, VRegsToJson(info, level_vregs));
    inline_infos.push_back(json{{"depth", d},
                                {"row", level.Row()},
                                {"is_last", level.GetIsLast() != 0},
                                {"bytecode_pc", level.GetBytecodePc()},
                                {"method", MethodToJson(method)},
                                {"file_index", level.GetFileIndex()},
                                {"vregs_count", level.GetVRegsCount()},
                                {"vregs", std::move(level_vregs_json)}});
  }
  json roots = json::array();
  FP_RETURN_IF_ERROR(info.EnumerateStaticRoots(map, [&](const VRegInfo& root) {
    roots.push_back(json::array({root.value, std::string(LocationName(root.location))}));
  }));
  return json{{"row", map.Row()},
              {"native_pc", map.GetNativePcUnpacked(info.isa().instruction_alignment)},
              {"bytecode_pc", map.GetBytecodePc()},
              {"is_osr", map.IsOsr()},
              {"has_reg_map", map.HasRegMap()},
              {"roots_reg_mask", roots_reg_mask},
              {"roots_stack_mask", SizedBits(roots_stack_mask)},
              {"vreg_mask", SizedBits(vreg_mask)},
              {"vregs", std::move(vregs_json)},
              {"inline_depth", depth},
              {"inline_infos", std::move(inline_infos)},
              {"static_roots", std::move(roots)}};
}

json RowOrMinusOne(const StackMap& map) { return map.IsValid() ? json(map.Row()) : json(-1); }

}  // namespace

std::vector<uint32_t> NativePcLookupKeys(const CodeInfo& info) {
  const uint64_t alignment = info.isa().instruction_alignment;
  absl::btree_set<uint64_t> map_pcs;
  for (uint32_t row = 0; row < info.GetStackMapsCount(); ++row) {
    map_pcs.insert(info.GetStackMap(row).GetNativePcUnpacked(alignment));
  }
  std::vector<uint32_t> keys(map_pcs.begin(), map_pcs.end());
  const uint64_t max_pc = map_pcs.empty() ? 0 : *map_pcs.rbegin();
  std::vector<int64_t> candidates = {0, static_cast<int64_t>(max_pc + alignment)};
  if (alignment > 1) candidates.push_back(static_cast<int64_t>(max_pc + 1));
  for (uint64_t pc : map_pcs) {
    candidates.push_back(static_cast<int64_t>(pc) - static_cast<int64_t>(alignment));
    candidates.push_back(static_cast<int64_t>(pc + alignment));
  }
  candidates.push_back(static_cast<int64_t>(max_pc + kFarNativePcSteps * alignment));
  absl::btree_set<uint64_t> taken;
  for (int64_t candidate : candidates) {
    if (taken.size() == kMissingNativePcKeys) break;
    if (candidate < 0 || static_cast<uint64_t>(candidate) > kMaxKey) continue;
    const uint64_t key = static_cast<uint64_t>(candidate);
    if (map_pcs.contains(key) || !taken.insert(key).second) continue;
    keys.push_back(static_cast<uint32_t>(key));
  }
  return keys;
}

std::vector<uint32_t> OsrLookupKeys(const CodeInfo& info) {
  absl::btree_set<uint32_t> osr_pcs;
  absl::btree_set<uint32_t> map_pcs;
  for (uint32_t row = 0; row < info.GetStackMapsCount(); ++row) {
    const StackMap map = info.GetStackMap(row);
    map_pcs.insert(map.GetBytecodePc());
    if (map.IsOsr()) osr_pcs.insert(map.GetBytecodePc());
  }
  std::vector<uint32_t> keys(osr_pcs.begin(), osr_pcs.end());
  for (uint32_t pc : map_pcs) {
    if (!osr_pcs.contains(pc)) {
      keys.push_back(pc);
      break;
    }
  }
  const uint64_t past_last = map_pcs.empty() ? 1 : uint64_t{*map_pcs.rbegin()} + 1;
  if (past_last <= kMaxKey && !osr_pcs.contains(static_cast<uint32_t>(past_last))) {
    keys.push_back(static_cast<uint32_t>(past_last));
  }
  return keys;
}

absl::StatusOr<json> CodeInfoToJson(const CodeInfo& info) {
  const CodeInfoHeader& header = info.header();
  json varints = json::array();
  for (uint32_t field : header.AsArray()) varints.push_back(field);
  json tables = json::array({
      TableToJson(info, TableId::kStackMap, info.stack_maps(), false),
      TableToJson(info, TableId::kInlineInfo, info.inline_infos(), false),
      TableToJson(info, TableId::kRootsRegMask, info.roots_reg_masks(), false),
      TableToJson(info, TableId::kRootsStackMask, info.roots_stack_masks(), true),
      TableToJson(info, TableId::kMethodId, info.method_ids(), false),
      TableToJson(info, TableId::kVRegMask, info.vreg_masks(), true),
      TableToJson(info, TableId::kVRegMap, info.vreg_map(), false),
      TableToJson(info, TableId::kVRegCatalogue, info.vreg_catalogue(), false),
      TableToJson(info, TableId::kImplicitNullChecks, info.implicit_null_checks(), false),
      TableToJson(info, TableId::kConstants, info.constants(), false),
  });
  json stack_maps = json::array();
  for (uint32_t row = 0; row < info.GetStackMapsCount(); ++row) {
    FP_ASSIGN_OR_RETURN(json map, StackMapToJson(info, info.GetStackMap(row)));
    stack_maps.push_back(std::move(map));
  }
  json null_checks = json::array();
  for (uint32_t row = 0; row < info.implicit_null_checks().NumRows(); ++row) {
    const ImplicitNullChecks check = info.implicit_null_checks().GetRow(row);
    null_checks.push_back(json::array({check.GetInstNativePc(), check.GetOffset()}));
  }
  json constants = json::array();
  for (uint32_t row = 0; row < info.constants().NumRows(); ++row) {
    constants.push_back(info.constants().GetRow(row).GetValue());
  }
  json native_pc_lookups = json::array();
  for (uint32_t pc : NativePcLookupKeys(info)) {
    native_pc_lookups.push_back(json::array({pc, RowOrMinusOne(info.FindStackMapForNativePc(pc))}));
  }
  json osr_lookups = json::array();
  for (uint32_t pc : OsrLookupKeys(info)) {
    osr_lookups.push_back(json::array({pc, RowOrMinusOne(info.FindOsrStackMap(pc))}));
  }
  return json{{"header",
               {{"varints", std::move(varints)},
                {"frame_size", header.frame_size()},
                {"has_float_regs", header.has_float_regs()},
                {"callee_reg_mask", header.callee_reg_mask},
                {"callee_fp_reg_mask", header.callee_fp_reg_mask},
                {"table_mask", header.table_mask},
                {"vregs_count", header.vregs_count}}},
              {"tables", std::move(tables)},
              {"stack_maps", std::move(stack_maps)},
              {"implicit_null_checks", std::move(null_checks)},
              {"constants", std::move(constants)},
              {"native_pc_lookups", std::move(native_pc_lookups)},
              {"osr_lookups", std::move(osr_lookups)}};
}

}  // namespace frameproof::ark
