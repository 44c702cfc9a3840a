// Validate(): every row of every table against every invariant a query relies on, so that after
// it succeeds no query fails. Each check costs one pass over its table; the per-map checks bound
// every map's mask and map entries, so no walk of DecodeVRegs can fail either.

#include "absl/strings/str_cat.h"
#include "core/ark/code_info.h"
#include "core/base/status_macros.h"
#include "core/bit_table/bit_table_errors.h"

namespace frameproof::ark {

absl::Status CodeInfo::Validate() const {
  const uint8_t* start = bytes_.data();

  // Catalogue rows unpack, and constants name rows of the Constants table.
  for (uint32_t row = 0; row < vreg_catalogue_.NumRows(); ++row) {
    const VRegCatalogue item = vreg_catalogue_.GetRow(row);
    const std::optional<VRegInfo> vreg = VRegInfo::Unpack(item.GetInfo(), item.GetValue());
    if (!vreg.has_value()) {
      return CellError(vreg_catalogue_, start, row, VRegCatalogue::kInfo,
                       absl::StrCat("INFO 0x", absl::Hex(item.GetInfo()),
                                    " has a location, vreg type or bits Ark does not define"));
    }
    if (vreg->location == VRegInfo::Location::kNone) {
      return CellError(vreg_catalogue_, start, row, VRegCatalogue::kInfo,
                       "a dead vreg is a NO_VALUE map entry, never a catalogue row");
    }
    if (vreg->location == VRegInfo::Location::kConstant) {
      if (absl::StatusOr<uint64_t> constant = GetConstant(*vreg); !constant.ok()) {
        return CellError(vreg_catalogue_, start, row, VRegCatalogue::kValue,
                         constant.status().message());
      }
    }
  }
  for (uint32_t row = 0; row < vreg_map_.NumRows(); ++row) {
    FP_RETURN_IF_ERROR(CheckCellIndex(vreg_map_, start, row, VRegMap::kIndex,
                                      vreg_catalogue_.NumRows(), VRegCatalogue::kTableName));
  }

  // Inline chains end inside the table, and every level names a method.
  const uint32_t inline_rows = inline_infos_.NumRows();
  for (uint32_t row = 0; row < inline_rows; ++row) {
    const InlineInfo level = inline_infos_.GetRow(row);
    if (level.GetIsLast() > 1) {
      return CellError(inline_infos_, start, row, InlineInfo::kIsLast,
                       absl::StrCat("value ", level.GetIsLast(), " is neither 0 nor 1"));
    }
    if (row + 1 == inline_rows && level.GetIsLast() != 1) {
      return CellError(inline_infos_, start, row, InlineInfo::kIsLast,
                       "the last row continues a chain past the end of the table");
    }
    FP_RETURN_IF_ERROR(GetMethod(level).status());
  }

  // Stack maps: in native pc order (lookups are binary searches), known properties, and every
  // index and walk in range.
  for (uint32_t row = 0; row < stack_maps_.NumRows(); ++row) {
    FP_RETURN_IF_ERROR(ValidateStackMap(row));
  }
  return absl::OkStatus();
}

absl::Status CodeInfo::ValidateStackMap(uint32_t row) const {
  const uint8_t* start = bytes_.data();
  const StackMap map = stack_maps_.GetRow(row);
  if ((map.GetProperties() & ~(StackMap::kIsOsrBit | StackMap::kHasRegMapBit)) != 0) {
    return CellError(stack_maps_, start, row, StackMap::kProperties,
                     absl::StrCat("value ", map.GetProperties(),
                                  " has bits other than IsOsr (0) and HasRegMap (1)"));
  }
  if (row > 0 && map.GetNativePc() < stack_maps_.GetRow(row - 1).GetNativePc()) {
    return CellError(stack_maps_, start, row, StackMap::kNativePc,
                     absl::StrCat("packed pc ", map.GetNativePc(), " is below the previous map's ",
                                  stack_maps_.GetRow(row - 1).GetNativePc(),
                                  "; maps are found by binary search on it"));
  }
  FP_RETURN_IF_ERROR(GetRootsRegMask(map).status());
  FP_RETURN_IF_ERROR(GetRootsStackMask(map).status());
  FP_ASSIGN_OR_RETURN(const BitMemoryRegion mask, GetVRegMask(map));
  if (map.HasVRegMaskIndex()) {
    const uint64_t entries = mask.PopCount();
    if (!map.HasVRegMapIndex() || map.GetVRegMapIndex() + entries > vreg_map_.NumRows()) {
      return CellError(
          stack_maps_, start, row, StackMap::kVRegMapIndex,
          absl::StrCat("the mask emits ", entries, " vregs but their entries from row ",
                       static_cast<int32_t>(map.GetVRegMapIndex()), " do not fit the ",
                       vreg_map_.NumRows(), " rows of VRegMap"));
    }
  } else if (map.HasVRegMapIndex() && map.GetVRegMapIndex() > vreg_map_.NumRows()) {
    return CellError(stack_maps_, start, row, StackMap::kVRegMapIndex,
                     absl::StrCat("row ", map.GetVRegMapIndex(), " is past the ",
                                  vreg_map_.NumRows(), " rows of VRegMap"));
  }
  FP_ASSIGN_OR_RETURN(const int32_t depth, GetInlineDepth(map));
  for (int32_t level = 0; level <= depth; ++level) {
    FP_RETURN_IF_ERROR(InlineVRegRange(map, static_cast<uint32_t>(level)).status());
  }
  return absl::OkStatus();
}

}  // namespace frameproof::ark
