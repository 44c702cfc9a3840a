// Queries over a decoded CodeInfo. They run without checks: Decode() has validated every index
// they follow. The dex register walk is shared with UntrustedCodeInfo, which checks as it goes.

#include <algorithm>
#include <array>
#include <bit>

#include "absl/strings/str_cat.h"
#include "core/art/code_info.h"
#include "core/base/planted_bug.h"
#include "core/base/status_macros.h"
#include "core/bit_table/bit_table_errors.h"
#include "core/bits/bit_utils.h"

namespace frameproof {

StackMap CodeInfo::GetStackMapForNativePcOffset(uint32_t native_pc, InstructionSet isa) const {
  const uint32_t packed_pc = StackMap::PackNativePc(native_pc, isa);
  const uint32_t rows = stack_maps_.NumRows();
  // Non-catch maps are sorted by pc and every catch map comes after them, so this predicate is
  // true for a prefix of the table.
  uint32_t low = 0;
  uint32_t high = rows;
  while (low < high) {
    const uint32_t middle = low + (high - low) / 2;
    const StackMap map = stack_maps_.GetRow(middle);
    if (map.GetPackedNativePc() < packed_pc && map.kind() != StackMapKind::kCatch) {
      low = middle + 1;
    } else {
      high = middle;
    }
  }
  const uint64_t alignment = InstructionAlignment(isa);
  for (uint32_t row = low; row < rows; ++row) {
    const StackMap map = stack_maps_.GetRow(row);
    // In 32 bits, as ART compares: a packed pc past 32 bits at this ISA's alignment (hostile
    // bytes only) is found at its wrapped pc, as Debian's libart.so finds it.
    if (map.GetNativePcOffset(isa) != native_pc) break;
    if (map.kind() == StackMapKind::kDefault || map.kind() == StackMapKind::kOsr) return map;
  }
  if (FP_PLANTED_BUG(kCatchMapFoundByNativePc)) {
    for (uint32_t row = 0; row < rows; ++row) {
      const StackMap map = stack_maps_.GetRow(row);
      if (map.kind() == StackMapKind::kCatch && map.GetPackedNativePc() * alignment == native_pc) {
        return map;
      }
    }
  }
  return stack_maps_.GetInvalidRow();
}

StackMap CodeInfo::GetStackMapForDexPc(uint32_t dex_pc) const {
  const uint32_t rows =
      stack_maps_.NumRows() + (FP_PLANTED_BUG(kDexPcLookupReadsPastLastRow) ? 1 : 0);
  for (uint32_t row = 0; row < rows; ++row) {
    const StackMap map = stack_maps_.GetRow(row);
    if (map.GetDexPc() == dex_pc && map.kind() != StackMapKind::kDebug) return map;
  }
  return stack_maps_.GetInvalidRow();
}

StackMap CodeInfo::GetOsrStackMapForDexPc(uint32_t dex_pc) const {
  for (uint32_t row = 0; row < stack_maps_.NumRows(); ++row) {
    const StackMap map = stack_maps_.GetRow(row);
    if (map.GetDexPc() == dex_pc && map.kind() == StackMapKind::kOsr) return map;
  }
  return stack_maps_.GetInvalidRow();
}

StackMap CodeInfo::GetCatchStackMapForDexPc(absl::Span<const uint32_t> dex_pcs) const {
  if (dex_pcs.empty()) return stack_maps_.GetInvalidRow();
  if (!CatchLookupReadsInlineChain(format_)) {
    // Android 11 matches the outer dex pc alone, over every map, the last one first.
    if (dex_pcs.size() != 1) return stack_maps_.GetInvalidRow();
    const uint32_t rows = stack_maps_.NumRows();
    for (uint32_t i = 0; i < rows; ++i) {
      const uint32_t row = FP_PLANTED_BUG(kAndroid11CatchLookupTakesFirst) ? i : rows - 1 - i;
      const StackMap map = stack_maps_.GetRow(row);
      if (map.GetDexPc() == dex_pcs.front() && map.kind() == StackMapKind::kCatch) return map;
    }
    return stack_maps_.GetInvalidRow();
  }
  // Catch maps are stored last, so scan backwards and stop at the first non-catch map.
  for (uint32_t row = stack_maps_.NumRows(); row > 0; --row) {
    const StackMap map = stack_maps_.GetRow(row - 1);
    if (map.kind() != StackMapKind::kCatch) break;
    if (map.GetDexPc() != dex_pcs.front()) continue;
    const InlineInfoRange chain = GetInlineInfosOf(map);
    if (chain.size() != dex_pcs.size() - 1) continue;
    bool all_match = true;
    for (uint32_t depth = 0; depth < chain.size() && all_match; ++depth) {
      all_match = chain[depth].GetDexPc() == dex_pcs[depth + 1];
    }
    if (all_match) return map;
  }
  return stack_maps_.GetInvalidRow();
}

absl::InlinedVector<uint32_t, 4> CodeInfo::CatchLookupKey(const StackMap& map) const {
  absl::InlinedVector<uint32_t, 4> key = {map.GetDexPc()};
  if (!CatchLookupReadsInlineChain(format_)) return key;
  const InlineInfoRange chain = GetInlineInfosOf(map);
  for (uint32_t depth = 0; depth < chain.size(); ++depth) key.push_back(chain[depth].GetDexPc());
  return key;
}

uint32_t CodeInfo::GetRegisterMaskOf(const StackMap& stack_map) const {
  if (!Keeps(BitTableId::kRegisterMask) || !stack_map.HasRegisterMaskIndex()) return 0;
  const RegisterMask mask = register_masks_.GetRow(stack_map.GetRegisterMaskIndex());
  return FP_PLANTED_BUG(kRegisterMaskShiftDropped) ? mask.GetValue() : mask.GetMask();
}

BitMemoryRegion CodeInfo::GetStackMaskOf(const StackMap& stack_map) const {
  if (!Keeps(BitTableId::kStackMask) || !stack_map.HasStackMaskIndex()) return BitMemoryRegion();
  return stack_masks_.GetBitMemoryRegion(stack_map.GetStackMaskIndex());
}

InlineInfoRange CodeInfo::GetInlineInfosOf(const StackMap& stack_map) const {
  if (!Keeps(BitTableId::kInlineInfo) || !stack_map.HasInlineInfoIndex()) return {};
  const uint32_t first = stack_map.GetInlineInfoIndex();
  uint32_t last = first;
  while (inline_infos_.GetRow(last).GetIsLast() == InlineInfo::kMore) ++last;
  return InlineInfoRange(&inline_infos_, first, last - first + 1);
}

DexRegisterLocation CodeInfo::GetDexRegisterCatalogEntry(uint32_t index) const {
  if (index == kNoValue || !Keeps(BitTableId::kDexRegisterInfo)) return DexRegisterLocation::None();
  return dex_register_catalog_.GetRow(index).GetLocation();
}

DexRegisterMap CodeInfo::GetDexRegisterMapOf(const StackMap& stack_map) const {
  if (!Keeps(BitTableId::kDexRegisterMapInfo) || !stack_map.HasDexRegisterMap()) return {};
  DexRegisterMap map(header_.number_of_dex_registers);
  DecodeDexRegisterMap(stack_map.Row(), 0, absl::MakeSpan(map));
  return map;
}

DexRegisterMap CodeInfo::GetInlineDexRegisterMapOf(const StackMap& stack_map,
                                                   const InlineInfo& inline_info) const {
  if (!Keeps(BitTableId::kDexRegisterMapInfo) || !stack_map.HasDexRegisterMap()) return {};
  // Counts are cumulative, so a level's registers are [count above it, its own count).
  const bool outermost = inline_info.Row() == stack_map.GetInlineInfoIndex();
  const uint32_t first =
      outermost ? header_.number_of_dex_registers
                : inline_infos_.GetRow(inline_info.Row() - 1).GetNumberOfDexRegisters();
  DexRegisterMap map(inline_info.GetNumberOfDexRegisters() - first);
  DecodeDexRegisterMap(stack_map.Row(), first, absl::MakeSpan(map));
  return map;
}

void CodeInfo::DecodeDexRegisterMap(uint32_t stack_map_row, uint32_t first_register,
                                    absl::Span<DexRegisterLocation> out) const {
  WalkDexRegisterMap</*kChecked=*/false>(nullptr, stack_map_row, first_register, out).IgnoreError();
}

template <bool kChecked>
absl::Status CodeInfo::WalkDexRegisterMap(const uint8_t* buffer_start, uint32_t stack_map_row,
                                          uint32_t first_register,
                                          absl::Span<DexRegisterLocation> out) const {
  if (!Keeps(BitTableId::kDexRegisterMapInfo)) {
    // A subset decode dropped the register tables: no register is known to be live.
    std::fill(out.begin(), out.end(), DexRegisterLocation::None());
    return absl::OkStatus();
  }
  // A window at a time, so that the bitmap of unresolved registers lives on the stack.
  for (size_t start = 0; start < out.size(); start += kRegisterWindow) {
    const size_t count = std::min(kRegisterWindow, out.size() - start);
    FP_RETURN_IF_ERROR(WalkDexRegisterWindow<kChecked>(
        buffer_start, stack_map_row, static_cast<uint32_t>(first_register + start),
        out.subspan(start, count)));
  }
  return absl::OkStatus();
}

template <bool kChecked>
absl::Status CodeInfo::WalkDexRegisterWindow(const uint8_t* buffer_start, uint32_t stack_map_row,
                                             uint32_t first_register,
                                             absl::Span<DexRegisterLocation> out) const {
  // Registers no map names are not live (the state before the first stack map).
  std::fill(out.begin(), out.end(), DexRegisterLocation::None());
  // Bit r is set while no map has named register r: an older map's entries for registers a later
  // map already named are passed over.
  std::array<uint64_t, kRegisterWindow / kBitsPerWord> unresolved;
  const size_t words = (out.size() + kBitsPerWord - 1) / kBitsPerWord;
  std::fill_n(unresolved.begin(), words, ~uint64_t{0});
  if (out.size() % kBitsPerWord != 0) unresolved[words - 1] = LowBitMask(out.size() % kBitsPerWord);
  size_t remaining = out.size();
  const uint32_t search_distance = FP_PLANTED_BUG(kSearchDistance31)
                                       ? kMaxDexRegisterMapSearchDistance - 1
                                       : kMaxDexRegisterMapSearchDistance;
  uint32_t oldest_row = stack_map_row > search_distance ? stack_map_row - search_distance : 0;
  if (FP_PLANTED_BUG(kRegisterMapNoLookBack)) oldest_row = stack_map_row;
  const uint32_t map_rows = dex_register_maps_.NumRows();
  const uint32_t catalog_rows = dex_register_catalog_.NumRows();
  // Walk back from this map; the most recent map that changed a register has its location.
  for (uint32_t row = stack_map_row + 1; row-- > oldest_row && remaining != 0;) {
    const StackMap map = stack_maps_.GetRow(row);
    if (!map.HasDexRegisterMaskIndex()) continue;  // nothing changed here
    if constexpr (kChecked) {
      FP_RETURN_IF_ERROR(CheckCellIndex(stack_maps_, buffer_start, row,
                                        StackMap::kDexRegisterMaskIndex,
                                        dex_register_masks_.NumRows(), "DexRegisterMask"));
    }
    BitMemoryRegion mask = dex_register_masks_.GetBitMemoryRegion(map.GetDexRegisterMaskIndex());
    if (mask.size_in_bits() <= first_register) continue;  // trailing zeros were stripped
    // One map entry per set bit: skip the entries of registers before the ones we want (the
    // outer registers, the usual query, have none). 64 bits so that a hostile base index near
    // kNoValue cannot wrap around into the table.
    uint64_t map_index = map.GetDexRegisterMapIndex();
    if (first_register != 0) {
      map_index += mask.PopCount(0, first_register);
      mask = mask.Subregion(first_register);
    }
    const size_t end = std::min(out.size(), mask.size_in_bits());
    for (size_t chunk_start = 0; chunk_start < end; chunk_start += kBitsPerWord) {
      const uint64_t bits = mask.LoadBits(chunk_start, std::min(kBitsPerWord, end - chunk_start));
      uint64_t& chunk_unresolved = unresolved[chunk_start / kBitsPerWord];
      // Every set bit is visited, as the entries count them: without a popcount instruction
      // (baseline x86-64), a rank per register named would cost more than a step per entry.
      for (uint64_t named = bits; named != 0; named &= named - 1, ++map_index) {
        const size_t bit = static_cast<size_t>(std::countr_zero(named));
        const uint64_t register_bit = uint64_t{1} << bit;
        if ((chunk_unresolved & register_bit) == 0) continue;  // a later map named it
        chunk_unresolved &= ~register_bit;
        --remaining;
        const uint64_t entry = map_index;
        if constexpr (kChecked) {
          if (entry >= map_rows) {
            return CellError(
                stack_maps_, buffer_start, row, StackMap::kDexRegisterMapIndex,
                absl::StrCat("register ", first_register + chunk_start + bit, "'s entry ", entry,
                             " is past the ", map_rows, " rows of DexRegisterMapInfo"));
          }
        }
        // Each cell is read once; the checks look at the values already read.
        const uint32_t catalog_index =
            dex_register_maps_.GetRow(static_cast<uint32_t>(entry)).GetCatalogueIndex();
        if (catalog_index == kNoValue) continue;  // None, as filled in above
        if constexpr (kChecked) {
          if (catalog_index >= catalog_rows) {
            return CellIndexError(dex_register_maps_, buffer_start, static_cast<uint32_t>(entry),
                                  DexRegisterMapInfo::kCatalogueIndex, catalog_index, catalog_rows,
                                  "DexRegisterInfo");
          }
        }
        const DexRegisterLocation location =
            dex_register_catalog_.GetRow(catalog_index).GetLocation();
        if constexpr (kChecked) {
          if (static_cast<uint32_t>(location.kind) > static_cast<uint32_t>(kLastDexRegisterKind)) {
            return CellError(dex_register_catalog_, buffer_start, catalog_index,
                             DexRegisterInfo::kKind, "not a live location kind (0..5)");
          }
        }
        out[chunk_start + bit] = location;
      }
    }
  }
  return absl::OkStatus();
}

template absl::Status CodeInfo::WalkDexRegisterMap<true>(const uint8_t*, uint32_t, uint32_t,
                                                         absl::Span<DexRegisterLocation>) const;

}  // namespace frameproof
