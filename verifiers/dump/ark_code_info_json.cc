#include "verifiers/dump/ark_code_info_json.h"

#include <algorithm>
#include <bit>
#include <limits>
#include <string>

#include "absl/container/btree_set.h"
#include "core/base/status_macros.h"

namespace frameproof::ark {
namespace {

// Extra lookup keys with no map, and how far past the last pc the farthest one lies.
constexpr size_t kMissingNativePcKeys = 5;
constexpr uint64_t kFarNativePcSteps = 4096;
constexpr uint64_t kMaxKey = std::numeric_limits<uint32_t>::max();

// Appends the positions of `region`'s set bits to `bits`.
void AppendSetBits(const BitMemoryRegion& region, std::vector<uint32_t>& bits) {
  for (size_t done = 0; done < region.size_in_bits(); done += kBitsPerWord) {
    const size_t chunk = std::min<size_t>(kBitsPerWord, region.size_in_bits() - done);
    for (uint64_t word = region.LoadBits(done, chunk); word != 0; word &= word - 1) {
      bits.push_back(static_cast<uint32_t>(done + LeastSignificantBit(word)));
    }
  }
}

std::vector<uint32_t> SetBits(const BitMemoryRegion& region) {
  std::vector<uint32_t> bits;
  bits.reserve(region.PopCount());
  AppendSetBits(region, bits);
  return bits;
}

template <typename Accessor>
DecodedTable TableOf(const CodeInfo& info, TableId id, const BitTable<Accessor>& table,
                     bool is_bitmap) {
  const auto widths = table.ColumnBits();
  DecodedTable decoded{.name = std::string(Accessor::kTableName),
                       .present = info.header().HasTable(id),
                       .rows = table.NumRows(),
                       .column_bits = std::vector<uint32_t>(widths.begin(), widths.end())};
  decoded.row_ends.reserve(table.NumRows());
  if (!is_bitmap) decoded.values.reserve(size_t{table.NumRows()} * Accessor::kColumnCount);
  for (uint32_t r = 0; r < table.NumRows(); ++r) {
    if (is_bitmap) {
      AppendSetBits(table.GetBitMemoryRegion(r), decoded.values);
    } else {
      for (uint32_t c = 0; c < Accessor::kColumnCount; ++c) {
        decoded.values.push_back(table.Get(r, c));
      }
    }
    decoded.EndRow();
  }
  return decoded;
}

absl::StatusOr<std::vector<DecodedVReg>> VRegsOf(const CodeInfo& info, const VRegList& vregs) {
  std::vector<DecodedVReg> list;
  list.reserve(vregs.size());
  for (const VRegInfo& vreg : vregs) {
    DecodedVReg& entry = list.emplace_back(DecodedVReg{.value = vreg.value,
                                                       .location = LocationName(vreg.location),
                                                       .type = TypeName(vreg.type),
                                                       .vreg_type = VRegTypeName(vreg.vreg_type),
                                                       .index = vreg.index});
    if (vreg.location == VRegInfo::Location::kConstant) {
      FP_ASSIGN_OR_RETURN(entry.constant, info.GetConstant(vreg));
    }
  }
  return list;
}

absl::StatusOr<DecodedStackMap> StackMapOf(const CodeInfo& info, const StackMap& map) {
  DecodedStackMap decoded{.row = map.Row(),
                          .native_pc = map.GetNativePcUnpacked(info.isa().instruction_alignment),
                          .bytecode_pc = map.GetBytecodePc(),
                          .is_osr = map.IsOsr(),
                          .has_reg_map = map.HasRegMap()};
  FP_ASSIGN_OR_RETURN(decoded.roots_reg_mask, info.GetRootsRegMask(map));
  FP_ASSIGN_OR_RETURN(const BitMemoryRegion roots_stack_mask, info.GetRootsStackMask(map));
  decoded.roots_stack_mask = {roots_stack_mask.size_in_bits(), SetBits(roots_stack_mask)};
  FP_ASSIGN_OR_RETURN(const BitMemoryRegion vreg_mask, info.GetVRegMask(map));
  decoded.vreg_mask = {vreg_mask.size_in_bits(), SetBits(vreg_mask)};
  FP_ASSIGN_OR_RETURN(const VRegList vregs, info.GetVRegList(map));
  FP_ASSIGN_OR_RETURN(decoded.vregs, VRegsOf(info, vregs));
  FP_ASSIGN_OR_RETURN(decoded.inline_depth, info.GetInlineDepth(map));
  for (int32_t d = 0; d <= decoded.inline_depth; ++d) {
    FP_ASSIGN_OR_RETURN(const InlineInfo level, info.GetInlineInfo(map, d));
    FP_ASSIGN_OR_RETURN(const InlinedMethod method, info.GetMethod(level));
    FP_ASSIGN_OR_RETURN(const VRegList level_vregs, info.GetInlineVRegList(map, d));
    DecodedInlineLevel& out = decoded.inline_infos.emplace_back(
        DecodedInlineLevel{.depth = d,
                           .row = level.Row(),
                           .is_last = level.GetIsLast() != 0,
                           .bytecode_pc = level.GetBytecodePc(),
                           .method_is_pointer = std::holds_alternative<MethodPointer>(method),
                           .file_index = level.GetFileIndex(),
                           .vregs_count = level.GetVRegsCount()});
    out.method = out.method_is_pointer ? std::get<MethodPointer>(method).address
                                       : std::get<PandaMethodId>(method).id;
    FP_ASSIGN_OR_RETURN(out.vregs, VRegsOf(info, level_vregs));
  }
  decoded.static_roots.reserve(std::popcount(decoded.roots_reg_mask) +
                               decoded.roots_stack_mask.bits.size());
  FP_RETURN_IF_ERROR(info.EnumerateStaticRoots(map, [&](const VRegInfo& root) {
    decoded.static_roots.emplace_back(root.value, LocationName(root.location));
  }));
  return decoded;
}

int64_t RowOrMinusOne(const StackMap& map) { return map.IsValid() ? int64_t{map.Row()} : -1; }

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

absl::StatusOr<DecodedCodeInfo> DecodeEverything(const CodeInfo& info) {
  DecodedCodeInfo decoded;
  decoded.header_varints = info.header().AsArray();
  // Moved in one by one: a braced list would copy every table, row by row.
  decoded.tables.reserve(kNumTables);
  decoded.tables.push_back(TableOf(info, TableId::kStackMap, info.stack_maps(), false));
  decoded.tables.push_back(TableOf(info, TableId::kInlineInfo, info.inline_infos(), false));
  decoded.tables.push_back(TableOf(info, TableId::kRootsRegMask, info.roots_reg_masks(), false));
  decoded.tables.push_back(TableOf(info, TableId::kRootsStackMask, info.roots_stack_masks(), true));
  decoded.tables.push_back(TableOf(info, TableId::kMethodId, info.method_ids(), false));
  decoded.tables.push_back(TableOf(info, TableId::kVRegMask, info.vreg_masks(), true));
  decoded.tables.push_back(TableOf(info, TableId::kVRegMap, info.vreg_map(), false));
  decoded.tables.push_back(TableOf(info, TableId::kVRegCatalogue, info.vreg_catalogue(), false));
  decoded.tables.push_back(
      TableOf(info, TableId::kImplicitNullChecks, info.implicit_null_checks(), false));
  decoded.tables.push_back(TableOf(info, TableId::kConstants, info.constants(), false));
  decoded.stack_maps.reserve(info.GetStackMapsCount());
  for (uint32_t row = 0; row < info.GetStackMapsCount(); ++row) {
    FP_ASSIGN_OR_RETURN(DecodedStackMap map, StackMapOf(info, info.GetStackMap(row)));
    decoded.stack_maps.push_back(std::move(map));
  }
  for (uint32_t row = 0; row < info.implicit_null_checks().NumRows(); ++row) {
    const ImplicitNullChecks check = info.implicit_null_checks().GetRow(row);
    decoded.implicit_null_checks.emplace_back(check.GetInstNativePc(), check.GetOffset());
  }
  for (uint32_t row = 0; row < info.constants().NumRows(); ++row) {
    decoded.constants.push_back(info.constants().GetRow(row).GetValue());
  }
  for (uint32_t pc : NativePcLookupKeys(info)) {
    decoded.native_pc_lookups.emplace_back(pc, RowOrMinusOne(info.FindStackMapForNativePc(pc)));
  }
  for (uint32_t pc : OsrLookupKeys(info)) {
    decoded.osr_lookups.emplace_back(pc, RowOrMinusOne(info.FindOsrStackMap(pc)));
  }
  return decoded;
}

absl::StatusOr<nlohmann::json> CodeInfoToJson(const CodeInfo& info) {
  FP_ASSIGN_OR_RETURN(const DecodedCodeInfo decoded, DecodeEverything(info));
  return ToJson(decoded);
}

}  // namespace frameproof::ark
