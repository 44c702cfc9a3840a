// The invariants Decode() establishes before any query runs on the fast path. Each check names
// the table, row and column it rejects and the cell's bit offset in the buffer.

#include <string>

#include "absl/container/inlined_vector.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "core/art/code_info.h"
#include "core/base/status_macros.h"
#include "core/bit_table/bit_table_errors.h"

namespace frameproof {
namespace {

// Dex register masks whose pop-counts Validate() keeps on the stack (4 KiB); a method with more
// masks than this (more than about as many stack maps) costs one allocation.
constexpr size_t kMasksCountedOnStack = 1024;

bool IsKnownStackMapKind(uint32_t kind) {
  switch (static_cast<StackMapKind>(kind)) {
    case StackMapKind::kDefault:
    case StackMapKind::kCatch:
    case StackMapKind::kOsr:
    case StackMapKind::kDebug:
      return true;
  }
  return false;
}

}  // namespace

absl::Status CodeInfo::Validate(absl::Span<const uint8_t> buffer) const {
  const uint8_t* start = buffer.data();

  // RegisterMask: GetMask() shifts by Shift, which must be a valid uint32 shift.
  for (uint32_t row = 0; row < register_masks_.NumRows(); ++row) {
    const uint32_t shift = register_masks_.GetRow(row).GetShift();
    if (shift >= 32) {
      return CellError(register_masks_, start, row, RegisterMask::kShift,
                       absl::StrCat("shift ", static_cast<int32_t>(shift),
                                    " is not a valid shift of a 32-bit mask"));
    }
  }

  // DexRegisterInfo: only live location kinds belong in the catalogue.
  for (uint32_t row = 0; row < dex_register_catalog_.NumRows(); ++row) {
    const uint32_t kind = dex_register_catalog_.GetRow(row).GetKind();
    if (kind > static_cast<uint32_t>(kLastDexRegisterKind)) {
      return CellError(dex_register_catalog_, start, row, DexRegisterInfo::kKind,
                       absl::StrCat("location kind ", static_cast<int32_t>(kind),
                                    " is not a live location kind (0..5)"));
    }
  }

  // DexRegisterMapInfo: catalogue indices. A 0-bit column holds only kNoValue.
  if (dex_register_maps_.NumColumnBits(0) != 0) {
    for (uint32_t row = 0; row < dex_register_maps_.NumRows(); ++row) {
      FP_RETURN_IF_ERROR(CheckCellIndex(dex_register_maps_, start, row,
                                        DexRegisterMapInfo::kCatalogueIndex,
                                        dex_register_catalog_.NumRows(), "DexRegisterInfo"));
    }
  }

  // InlineInfo: chains end inside the table, name a method, and their cumulative register
  // counts never decrease (or grow past one method's worth per level).
  const uint32_t inline_rows = inline_infos_.NumRows();
  if (inline_rows > 0 && inline_infos_.GetRow(inline_rows - 1).GetIsLast() != InlineInfo::kLast) {
    return CellError(inline_infos_, start, inline_rows - 1, InlineInfo::kIsLast,
                     "the last row continues a chain past the end of the table");
  }
  for (uint32_t row = 0; row < inline_rows; ++row) {
    const InlineInfo info = inline_infos_.GetRow(row);
    if (info.GetIsLast() != InlineInfo::kLast && info.GetIsLast() != InlineInfo::kMore) {
      return CellError(inline_infos_, start, row, InlineInfo::kIsLast,
                       absl::StrCat("value ", info.GetIsLast(), " is neither kMore nor kLast"));
    }
    FP_RETURN_IF_ERROR(CheckCellIndex(inline_infos_, start, row, InlineInfo::kMethodInfoIndex,
                                      method_infos_.NumRows(), "MethodInfo"));
    if (!info.EncodesArtMethod() && !info.HasMethodInfoIndex()) {
      return CellError(inline_infos_, start, row, InlineInfo::kMethodInfoIndex,
                       "the row names no method (no ArtMethodLo and no MethodInfoIndex)");
    }
    if (row > 0 && inline_infos_.GetRow(row - 1).GetIsLast() == InlineInfo::kMore) {
      const uint32_t outer = inline_infos_.GetRow(row - 1).GetNumberOfDexRegisters();
      const uint32_t count = info.GetNumberOfDexRegisters();
      if (count < outer || count - outer > kMaxDexRegistersPerMethod) {
        return CellError(inline_infos_, start, row, InlineInfo::kNumberOfDexRegisters,
                         absl::StrCat("cumulative count ", count, " after ", outer,
                                      " at the level above is out of range"));
      }
    }
  }

  // The number of set bits of each dex register mask bounds the map entries a stack map reads.
  // Counted once per mask (counting per stack map would cost stack maps x mask width on hostile
  // tables), on the stack for up to kMasksCountedOnStack masks, so that validating a method of
  // that size allocates nothing.
  absl::InlinedVector<uint32_t, kMasksCountedOnStack> mask_popcounts(dex_register_masks_.NumRows());
  for (uint32_t row = 0; row < dex_register_masks_.NumRows(); ++row) {
    mask_popcounts[row] =
        static_cast<uint32_t>(dex_register_masks_.GetBitMemoryRegion(row).PopCount());
  }

  // StackMap: kinds, pcs in lookup order, and every index column.
  bool seen_catch = false;
  uint32_t previous_pc = 0;
  for (uint32_t row = 0; row < stack_maps_.NumRows(); ++row) {
    const StackMap map = stack_maps_.GetRow(row);
    if (!IsKnownStackMapKind(map.GetKind())) {
      return CellError(
          stack_maps_, start, row, StackMap::kKind,
          absl::StrCat("kind ", map.GetKind(), " is not Default, Catch, OSR or Debug"));
    }
    const uint32_t packed_pc = map.GetPackedNativePc();
    // Android 11 keeps the code size in the method header, out of the decoder's sight.
    if (CodeInfoHeader::EncodesCodeSize(format_) && packed_pc > header_.code_size) {
      return CellError(
          stack_maps_, start, row, StackMap::kPackedNativePc,
          absl::StrCat("packed pc ", packed_pc, " is past code_size ", header_.code_size));
    }
    if (map.kind() == StackMapKind::kCatch) {
      seen_catch = true;
    } else if (seen_catch) {
      return CellError(stack_maps_, start, row, StackMap::kKind,
                       "a non-catch stack map follows a catch stack map");
    } else if (packed_pc < previous_pc) {
      return CellError(stack_maps_, start, row, StackMap::kPackedNativePc,
                       absl::StrCat("packed pc ", packed_pc, " is below the previous ", previous_pc,
                                    "; non-catch maps must be sorted"));
    } else {
      previous_pc = packed_pc;
    }
    FP_RETURN_IF_ERROR(CheckCellIndex(stack_maps_, start, row, StackMap::kRegisterMaskIndex,
                                      register_masks_.NumRows(), "RegisterMask"));
    FP_RETURN_IF_ERROR(CheckCellIndex(stack_maps_, start, row, StackMap::kStackMaskIndex,
                                      stack_masks_.NumRows(), "StackMask"));
    FP_RETURN_IF_ERROR(CheckCellIndex(stack_maps_, start, row, StackMap::kInlineInfoIndex,
                                      inline_rows, "InlineInfo"));
    // Only maps with a register map read the chain's counts (maps recorded without vreg info
    // have counts that start from 0).
    if (map.HasInlineInfoIndex() && map.HasDexRegisterMap()) {
      const uint32_t count =
          inline_infos_.GetRow(map.GetInlineInfoIndex()).GetNumberOfDexRegisters();
      if (count < header_.number_of_dex_registers ||
          count - header_.number_of_dex_registers > kMaxDexRegistersPerMethod) {
        return CellError(stack_maps_, start, row, StackMap::kInlineInfoIndex,
                         absl::StrCat("the first inline level's cumulative register count ", count,
                                      " is out of range for a method with ",
                                      header_.number_of_dex_registers, " registers"));
      }
    }
    FP_RETURN_IF_ERROR(CheckCellIndex(stack_maps_, start, row, StackMap::kDexRegisterMaskIndex,
                                      dex_register_masks_.NumRows(), "DexRegisterMask"));
    const uint32_t map_rows = dex_register_maps_.NumRows();
    const uint64_t map_index = map.GetDexRegisterMapIndex();
    if (map.HasDexRegisterMaskIndex()) {
      const size_t entries = mask_popcounts[map.GetDexRegisterMaskIndex()];
      if (!map.HasDexRegisterMapIndex() || map_index + entries > map_rows) {
        return CellError(
            stack_maps_, start, row, StackMap::kDexRegisterMapIndex,
            absl::StrCat("the mask names ", entries, " changed registers but ",
                         "their entries from index ", static_cast<int32_t>(map_index),
                         " do not fit in the ", map_rows, " rows of DexRegisterMapInfo"));
      }
    } else if (map.HasDexRegisterMapIndex() && map_index > map_rows) {
      return CellError(stack_maps_, start, row, StackMap::kDexRegisterMapIndex,
                       absl::StrCat("index ", map_index, " is past the ", map_rows,
                                    " rows of DexRegisterMapInfo"));
    }
  }
  return absl::OkStatus();
}

}  // namespace frameproof
