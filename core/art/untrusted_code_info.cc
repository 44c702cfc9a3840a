// The checked queries: CodeInfo's queries with a check before every index they follow.

#include "core/art/untrusted_code_info.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"
#include "core/bit_table/bit_table_errors.h"

namespace frameproof {

absl::StatusOr<UntrustedCodeInfo> UntrustedCodeInfo::Open(absl::Span<const uint8_t> buffer,
                                                          size_t offset, CodeInfo::Subset subset,
                                                          ArtFormat format) {
  // One object and one return of it, so that the result is built where the caller wants it.
  absl::StatusOr<UntrustedCodeInfo> opened(absl::in_place, OpenKey(), buffer, offset);
  if (absl::Status status = CodeInfo::OpenTables(buffer, offset, subset, format, opened->info_);
      !status.ok()) [[unlikely]] {
    opened = std::move(status);
  } else {
    opened->info_.KeepSubset(subset);
  }
  return opened;
}

absl::StatusOr<StackMap> UntrustedCodeInfo::GetStackMapAt(uint32_t row) const {
  if (row >= info_.stack_maps_.NumRows()) {
    return absl::OutOfRangeError(absl::StrCat("stack map ", row, " is past the ",
                                              info_.stack_maps_.NumRows(), " rows of StackMap"));
  }
  return info_.stack_maps_.GetRow(row);
}

absl::StatusOr<uint32_t> UntrustedCodeInfo::GetRegisterMaskOf(const StackMap& stack_map) const {
  if (!info_.Keeps(BitTableId::kRegisterMask) || !stack_map.HasRegisterMaskIndex()) return 0;
  FP_RETURN_IF_ERROR(CheckCellIndex(info_.stack_maps_, buffer_.data(), stack_map.Row(),
                                    StackMap::kRegisterMaskIndex,
                                    info_.register_masks_.NumRows(), "RegisterMask"));
  const uint32_t row = stack_map.GetRegisterMaskIndex();
  const uint32_t shift = info_.register_masks_.GetRow(row).GetShift();
  if (shift >= 32) {
    return CellError(info_.register_masks_, buffer_.data(), row, RegisterMask::kShift,
                     absl::StrCat("shift ", static_cast<int32_t>(shift),
                                  " is not a valid shift of a 32-bit mask"));
  }
  return info_.GetRegisterMaskOf(stack_map);
}

absl::StatusOr<BitMemoryRegion> UntrustedCodeInfo::GetStackMaskOf(const StackMap& stack_map) const {
  if (info_.Keeps(BitTableId::kStackMask) && stack_map.HasStackMaskIndex()) {
    FP_RETURN_IF_ERROR(CheckCellIndex(info_.stack_maps_, buffer_.data(), stack_map.Row(),
                                      StackMap::kStackMaskIndex, info_.stack_masks_.NumRows(),
                                      "StackMask"));
  }
  return info_.GetStackMaskOf(stack_map);
}

absl::StatusOr<InlineInfoRange> UntrustedCodeInfo::GetInlineInfosOf(
    const StackMap& stack_map) const {
  if (!info_.Keeps(BitTableId::kInlineInfo) || !stack_map.HasInlineInfoIndex()) {
    return InlineInfoRange();
  }
  const BitTable<InlineInfo>& table = info_.inline_infos_;
  FP_RETURN_IF_ERROR(CheckCellIndex(info_.stack_maps_, buffer_.data(), stack_map.Row(),
                                    StackMap::kInlineInfoIndex, table.NumRows(), "InlineInfo"));
  const uint32_t first = stack_map.GetInlineInfoIndex();
  for (uint32_t row = first; row < table.NumRows(); ++row) {
    const uint32_t is_last = table.GetRow(row).GetIsLast();
    if (is_last == InlineInfo::kLast) return InlineInfoRange(&table, first, row - first + 1);
    if (is_last != InlineInfo::kMore) {
      return CellError(table, buffer_.data(), row, InlineInfo::kIsLast,
                       absl::StrCat("value ", is_last, " is neither kMore nor kLast"));
    }
  }
  return CellError(table, buffer_.data(), table.NumRows() - 1, InlineInfo::kIsLast,
                   "the chain continues past the end of the table");
}

absl::StatusOr<MethodInfo> UntrustedCodeInfo::GetMethodInfoOf(const InlineInfo& inline_info) const {
  FP_RETURN_IF_ERROR(CheckCellIndex(info_.inline_infos_, buffer_.data(), inline_info.Row(),
                                    InlineInfo::kMethodInfoIndex, info_.method_infos_.NumRows(),
                                    "MethodInfo"));
  if (!inline_info.HasMethodInfoIndex()) {
    return CellError(info_.inline_infos_, buffer_.data(), inline_info.Row(),
                     InlineInfo::kMethodInfoIndex, "the level has no MethodInfo row");
  }
  return info_.GetMethodInfoOf(inline_info);
}

absl::Status UntrustedCodeInfo::DecodeDexRegisterMap(uint32_t stack_map_row,
                                                     uint32_t first_register,
                                                     absl::Span<DexRegisterLocation> out) const {
  if (!info_.Keeps(BitTableId::kDexRegisterMapInfo)) {
    return absl::FailedPreconditionError("this subset of the CodeInfo has no register maps");
  }
  FP_RETURN_IF_ERROR(GetStackMapAt(stack_map_row).status());
  return info_.WalkDexRegisterMap</*kChecked=*/true>(buffer_.data(), stack_map_row, first_register,
                                                     out);
}

absl::StatusOr<DexRegisterMap> UntrustedCodeInfo::GetDexRegisterMapOf(
    const StackMap& stack_map) const {
  // Open() has bounded number_of_dex_registers by kMaxDexRegistersPerMethod. One named result
  // on every path: aarch64 g++ 12 warns (maybe-uninitialized) on a StatusOr of an empty temporary.
  const bool has_map =
      info_.Keeps(BitTableId::kDexRegisterMapInfo) && stack_map.HasDexRegisterMap();
  DexRegisterMap map(has_map ? info_.header_.number_of_dex_registers : 0);
  if (has_map) FP_RETURN_IF_ERROR(DecodeDexRegisterMap(stack_map.Row(), 0, absl::MakeSpan(map)));
  return map;
}

absl::StatusOr<DexRegisterMap> UntrustedCodeInfo::GetInlineDexRegisterMapOf(
    const StackMap& stack_map, const InlineInfo& inline_info) const {
  const bool has_map =
      info_.Keeps(BitTableId::kDexRegisterMapInfo) && stack_map.HasDexRegisterMap();
  // Counts are cumulative: a level's registers are [count above it, its own count), and the
  // difference must be one method's worth.
  uint32_t first = 0;
  uint32_t end = 0;
  if (has_map) {
    const bool outermost = inline_info.Row() == stack_map.GetInlineInfoIndex();
    first = outermost
                ? info_.header_.number_of_dex_registers
                : info_.inline_infos_.GetRow(inline_info.Row() - 1).GetNumberOfDexRegisters();
    end = inline_info.GetNumberOfDexRegisters();
    if (end < first || end - first > kMaxDexRegistersPerMethod) {
      return CellError(info_.inline_infos_, buffer_.data(), inline_info.Row(),
                       InlineInfo::kNumberOfDexRegisters,
                       absl::StrCat("cumulative count ", end, " after ", first,
                                    " at the level above is out of range"));
    }
  }
  // One named result on every path, as in GetDexRegisterMapOf.
  DexRegisterMap map(end - first);
  if (has_map) {
    FP_RETURN_IF_ERROR(DecodeDexRegisterMap(stack_map.Row(), first, absl::MakeSpan(map)));
  }
  return map;
}

// Decode() reads the header and table headers again: a few hundred nanoseconds next to the
// O(rows) checks, and it yields exactly Decode()'s CodeInfo, subset included.
absl::StatusOr<CodeInfo> UntrustedCodeInfo::Validate() const {
  return CodeInfo::Decode(buffer_, offset_, info_.subset_, info_.format_);
}

}  // namespace frameproof
