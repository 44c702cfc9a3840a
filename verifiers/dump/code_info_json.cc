#include "verifiers/dump/code_info_json.h"

#include <algorithm>
#include <cstdint>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "verifiers/dump/bit_region_json.h"

namespace frameproof {
namespace {

using nlohmann::json;

// [kind name, value], as in the vectors.
json LocationToJson(const DexRegisterLocation& location) {
  return json::array({std::string(DexRegisterKindName(location.kind)), location.value});
}

json RegistersToJson(const DexRegisterMap& map) {
  json list = json::array();
  for (const DexRegisterLocation& location : map) list.push_back(LocationToJson(location));
  return list;
}

template <typename Accessor>
json TableToJson(const BitTable<Accessor>& table, bool is_bitmap) {
  json columns = json::array();
  for (uint32_t c = 0; c < Accessor::kColumnCount; ++c) columns.push_back(table.NumColumnBits(c));
  json rows = json::array();
  for (uint32_t r = 0; r < table.NumRows(); ++r) {
    if (is_bitmap) {
      rows.push_back(SetBitsToJson(table.GetBitMemoryRegion(r)));
      continue;
    }
    json row = json::array();
    for (uint32_t c = 0; c < Accessor::kColumnCount; ++c) {
      const uint32_t value = table.Get(r, c);
      row.push_back(value == kNoValue ? json(-1) : json(value));
    }
    rows.push_back(std::move(row));
  }
  json column_names = json::array();
  for (absl::string_view name : kColumnNamesOf<Accessor>) column_names.push_back(std::string(name));
  return json{{"name", std::string(Accessor::kTableName)},
              {"rows", table.NumRows()},
              {"column_bits", std::move(columns)},
              {"column_names", std::move(column_names)},
              {"values", std::move(rows)}};
}

json InlineInfoToJson(const CodeInfo& info, const StackMap& map, const InlineInfo& inline_info) {
  json level = {{"dex_pc", inline_info.GetDexPc()}};
  if (inline_info.EncodesArtMethod()) {
    level["art_method"] = inline_info.GetArtMethod();
  } else {
    const MethodInfo method = info.GetMethodInfoOf(inline_info);
    level["method_info"] = {
        {"method_index", method.GetMethodIndex()},
        {"dex_file_index_kind", static_cast<int32_t>(method.GetDexFileIndexKind())},
        {"dex_file_index", static_cast<int32_t>(method.GetDexFileIndex())}};
  }
  level["number_of_dex_registers"] = inline_info.GetNumberOfDexRegisters();
  level["dex_register_map"] = RegistersToJson(info.GetInlineDexRegisterMapOf(map, inline_info));
  return level;
}

json StackMapToJson(const CodeInfo& info, const StackMap& map, InstructionSet isa) {
  json inline_infos = json::array();
  const InlineInfoRange chain = info.GetInlineInfosOf(map);
  for (uint32_t depth = 0; depth < chain.size(); ++depth) {
    inline_infos.push_back(InlineInfoToJson(info, map, chain[depth]));
  }
  return json{{"row", map.Row()},
              {"kind", std::string(StackMapKindName(map.kind()))},
              {"native_pc_offset", map.GetNativePcOffset(isa)},
              {"dex_pc", map.GetDexPc()},
              {"register_mask", info.GetRegisterMaskOf(map)},
              {"stack_mask", SetBitsToJson(info.GetStackMaskOf(map))},
              {"dex_register_map", RegistersToJson(info.GetDexRegisterMapOf(map))},
              {"inline_infos", std::move(inline_infos)}};
}

json RowOrMinusOne(const StackMap& map) { return map.IsValid() ? json(map.Row()) : json(-1); }

bool GcMasksOnlyEqual(const CodeInfo& full, const CodeInfo& subset) {
  return full.TableEquals(BitTableId::kStackMap, subset) &&
         full.TableEquals(BitTableId::kRegisterMask, subset) &&
         full.TableEquals(BitTableId::kStackMask, subset);
}

bool InlineInfoOnlyEqual(const CodeInfo& full, const CodeInfo& subset) {
  return full.TableEquals(BitTableId::kStackMap, subset) &&
         full.TableEquals(BitTableId::kInlineInfo, subset) &&
         full.TableEquals(BitTableId::kMethodInfo, subset) &&
         full.number_of_dex_registers() == subset.number_of_dex_registers();
}

}  // namespace

LookupKeys DefaultLookupKeys(const CodeInfo& info, InstructionSet isa) {
  LookupKeys keys;
  absl::flat_hash_set<uint32_t> native_pcs, dex_pcs;
  for (uint32_t row = 0; row < info.GetNumberOfStackMaps(); ++row) {
    const StackMap map = info.GetStackMapAt(row);
    if (native_pcs.insert(map.GetNativePcOffset(isa)).second) {
      keys.native_pcs.push_back(map.GetNativePcOffset(isa));
    }
    if (dex_pcs.insert(map.GetDexPc()).second) keys.dex_pcs.push_back(map.GetDexPc());
    if (map.kind() == StackMapKind::kCatch) {
      const absl::InlinedVector<uint32_t, 4> key = info.CatchLookupKey(map);
      keys.catch_dex_pcs.emplace_back(key.begin(), key.end());
    }
  }
  return keys;
}

json HeaderToJson(const CodeInfoHeader& header) {
  return {{"flags", header.flags},
          {"code_size", header.code_size},
          {"packed_frame_size", header.packed_frame_size},
          {"core_spill_mask", header.core_spill_mask},
          {"fp_spill_mask", header.fp_spill_mask},
          {"number_of_dex_registers", header.number_of_dex_registers},
          {"bit_table_flags", header.bit_table_flags}};
}

json PcPastCodeWarnings(const CodeInfo& info, InstructionSet isa) {
  json warnings = json::array();
  const uint32_t code_size = info.header().code_size;
  for (uint32_t row = 0; row < info.GetNumberOfStackMaps(); ++row) {
    const StackMap map = info.GetStackMapAt(row);
    if (info.IsNativePcInCode(map, isa)) continue;
    const uint64_t exact = uint64_t{map.GetPackedNativePc()} * InstructionAlignment(isa);
    warnings.push_back(absl::StrCat(
        "stack map ", row, ": native pc 0x", absl::Hex(exact), " (packed pc ",
        map.GetPackedNativePc(), " times ", InstructionSetName(isa), "'s alignment ",
        InstructionAlignment(isa), ") lies past the code size ", code_size,
        exact > UINT32_MAX ? absl::StrCat("; native_pc_offset shows it modulo 2^32, 0x",
                                          absl::Hex(map.GetNativePcOffset(isa)))
                           : ""));
  }
  return warnings;
}

json CodeInfoToJson(const CodeInfo& info, InstructionSet isa, const LookupKeys& keys,
                    absl::Span<const uint8_t> buffer, size_t offset) {
  const CodeInfoHeader& header = info.header();
  json result;
  result["header"] = HeaderToJson(header);
  json tables = json::array();
  const auto add = [&](BitTableId id, const auto& table, bool is_bitmap) {
    if (!header.HasBitTable(id)) return;
    json entry = TableToJson(table, is_bitmap);
    entry["deduplicated"] = header.IsBitTableDeduped(id);
    entry["bit_offset"] = info.TableBitStart(id);
    entry["bit_size"] = info.TableBitSize(id);
    tables.push_back(std::move(entry));
  };
  add(BitTableId::kStackMap, info.stack_maps(), false);
  add(BitTableId::kRegisterMask, info.register_masks(), false);
  add(BitTableId::kStackMask, info.stack_masks(), true);
  add(BitTableId::kInlineInfo, info.inline_infos(), false);
  add(BitTableId::kMethodInfo, info.method_infos(), false);
  add(BitTableId::kDexRegisterMask, info.dex_register_masks(), true);
  add(BitTableId::kDexRegisterMapInfo, info.dex_register_maps(), false);
  add(BitTableId::kDexRegisterInfo, info.dex_register_catalog(), false);
  result["tables"] = std::move(tables);

  json stack_maps = json::array();
  for (uint32_t row = 0; row < info.GetNumberOfStackMaps(); ++row) {
    stack_maps.push_back(StackMapToJson(info, info.GetStackMapAt(row), isa));
  }
  result["stack_maps"] = std::move(stack_maps);

  json native = json::array(), dex = json::array(), catches = json::array();
  for (uint32_t pc : keys.native_pcs) {
    native.push_back({pc, RowOrMinusOne(info.GetStackMapForNativePcOffset(pc, isa))});
  }
  for (uint32_t pc : keys.dex_pcs) {
    dex.push_back({pc, RowOrMinusOne(info.GetStackMapForDexPc(pc))});
  }
  for (const std::vector<uint32_t>& list : keys.catch_dex_pcs) {
    catches.push_back({list, RowOrMinusOne(info.GetCatchStackMapForDexPc(list))});
  }
  result["native_pc_lookups"] = std::move(native);
  result["dex_pc_lookups"] = std::move(dex);
  result["catch_lookups"] = std::move(catches);
  // The buffer was validated when `info` was decoded, so the subset decodes take the fast path.
  result["gc_masks_only_equal"] = GcMasksOnlyEqual(
      info, CodeInfo::DecodeTrusted(buffer, offset, CodeInfo::Subset::kGcMasksOnly, info.format()));
  result["inline_info_only_equal"] = InlineInfoOnlyEqual(
      info,
      CodeInfo::DecodeTrusted(buffer, offset, CodeInfo::Subset::kInlineInfoOnly, info.format()));
  return result;
}

}  // namespace frameproof
