// The queries. Each checks the indices it follows before it follows them.

#include <algorithm>
#include <bit>

#include "absl/strings/str_cat.h"
#include "core/ark/code_info.h"
#include "core/base/planted_bug.h"
#include "core/base/status_macros.h"
#include "core/bit_table/bit_table_errors.h"
#include "core/bits/bit_utils.h"

namespace frameproof::ark {
namespace {

// Ark's CFrame: the words above the stack origin (CFrameSlots::Start) and the first incoming
// stack argument's slot below the frame pointer (StackArgSlot::Start), so that stack argument p
// is slot -(kStackArgSlotStart + kCFrameSlotsStart) - p.
constexpr uint32_t kCFrameSlotsStart = 9;
constexpr uint32_t kStackArgSlotStart = 2;

// A position of DecodeVRegs' output that no map has filled yet.
constexpr VRegInfo kPending{.location =
                                static_cast<VRegInfo::Location>(VRegInfo::kInvalidLocation)};

absl::Status InvalidMap() {
  return absl::InvalidArgumentError("the stack map is the invalid row a failed lookup returns");
}

}  // namespace

StackMap CodeInfo::FindStackMapForNativePc(uint32_t native_pc) const {
  const uint32_t alignment = isa_.instruction_alignment;
  uint32_t low = 0;
  uint32_t high = stack_maps_.NumRows();
  while (low < high) {
    const uint32_t middle = low + (high - low) / 2;
    if (stack_maps_.GetRow(middle).GetNativePcUnpacked(alignment) < native_pc) {
      low = middle + 1;
    } else {
      high = middle;
    }
  }
  if (low < stack_maps_.NumRows() &&
      stack_maps_.GetRow(low).GetNativePcUnpacked(alignment) == native_pc) {
    return stack_maps_.GetRow(low);
  }
  return stack_maps_.GetInvalidRow();
}

StackMap CodeInfo::FindOsrStackMap(uint32_t bytecode_pc) const {
  for (uint32_t row = 0; row < stack_maps_.NumRows(); ++row) {
    const StackMap map = stack_maps_.GetRow(row);
    if (map.IsOsr() && map.GetBytecodePc() == bytecode_pc) return map;
  }
  return stack_maps_.GetInvalidRow();
}

absl::StatusOr<uint32_t> CodeInfo::GetRootsRegMask(const StackMap& map) const {
  if (!map.IsValid()) return InvalidMap();
  if (!map.HasRootsRegMaskIndex()) return 0;
  FP_RETURN_IF_ERROR(CheckCellIndex(stack_maps_, bytes_.data(), map.Row(),
                                    StackMap::kRootsRegMaskIndex, roots_reg_masks_.NumRows(),
                                    RootsRegMask::kTableName));
  return roots_reg_masks_.GetRow(map.GetRootsRegMaskIndex()).GetMask();
}

absl::StatusOr<BitMemoryRegion> CodeInfo::GetRootsStackMask(const StackMap& map) const {
  if (!map.IsValid()) return InvalidMap();
  if (!map.HasRootsStackMaskIndex()) return BitMemoryRegion();
  FP_RETURN_IF_ERROR(CheckCellIndex(stack_maps_, bytes_.data(), map.Row(),
                                    StackMap::kRootsStackMaskIndex, roots_stack_masks_.NumRows(),
                                    RootsStackMask::kTableName));
  return roots_stack_masks_.GetBitMemoryRegion(map.GetRootsStackMaskIndex());
}

absl::StatusOr<BitMemoryRegion> CodeInfo::GetVRegMask(const StackMap& map) const {
  if (!map.IsValid()) return InvalidMap();
  if (!map.HasVRegMaskIndex()) return BitMemoryRegion();
  FP_RETURN_IF_ERROR(CheckCellIndex(stack_maps_, bytes_.data(), map.Row(), StackMap::kVRegMaskIndex,
                                    vreg_masks_.NumRows(), VRegMask::kTableName));
  return vreg_masks_.GetBitMemoryRegion(map.GetVRegMaskIndex());
}

absl::StatusOr<int32_t> CodeInfo::GetInlineDepth(const StackMap& map) const {
  if (!map.IsValid()) return InvalidMap();
  if (!map.HasInlineInfoIndex()) return -1;
  FP_RETURN_IF_ERROR(CheckCellIndex(stack_maps_, bytes_.data(), map.Row(),
                                    StackMap::kInlineInfoIndex, inline_infos_.NumRows(),
                                    InlineInfo::kTableName));
  for (uint32_t row = map.GetInlineInfoIndex(); row < inline_infos_.NumRows(); ++row) {
    const uint32_t is_last = inline_infos_.GetRow(row).GetIsLast();
    if (is_last == 1) return static_cast<int32_t>(row - map.GetInlineInfoIndex());
    if (is_last != 0) {
      return CellError(inline_infos_, bytes_.data(), row, InlineInfo::kIsLast,
                       absl::StrCat("value ", is_last, " is neither 0 nor 1"));
    }
  }
  return CellError(
      stack_maps_, bytes_.data(), map.Row(), StackMap::kInlineInfoIndex,
      absl::StrCat("the inline chain from row ", map.GetInlineInfoIndex(),
                   " runs past the last of the ", inline_infos_.NumRows(), " rows of InlineInfo"));
}

absl::StatusOr<InlineInfo> CodeInfo::GetInlineInfo(const StackMap& map, uint32_t depth) const {
  FP_ASSIGN_OR_RETURN(const int32_t map_depth, GetInlineDepth(map));
  if (map_depth < 0 || depth > static_cast<uint32_t>(map_depth)) {
    return absl::InvalidArgumentError(absl::StrCat("stack map ", map.Row(), " has no inline level ",
                                                   depth, " (its depth is ", map_depth, ")"));
  }
  return inline_infos_.GetRow(map.GetInlineInfoIndex() + depth);
}

absl::StatusOr<InlinedMethod> CodeInfo::GetMethod(const InlineInfo& info) const {
  if (!info.IsValid()) return absl::InvalidArgumentError("the inline info is not a valid row");
  if (info.HasMethodLow()) {
    const uint64_t high = isa_.Is32Bit() ? 0 : uint64_t{info.GetMethodHi()} << 32;
    return MethodPointer{high | info.GetMethodLow()};
  }
  if (!info.HasMethodIdIndex()) {
    return CellError(inline_infos_, bytes_.data(), info.Row(), InlineInfo::kMethodIdIndex,
                     "the level names no method (no METHOD_LOW and no METHOD_ID_INDEX)");
  }
  FP_RETURN_IF_ERROR(CheckCellIndex(inline_infos_, bytes_.data(), info.Row(),
                                    InlineInfo::kMethodIdIndex, method_ids_.NumRows(),
                                    MethodId::kTableName));
  return PandaMethodId{method_ids_.GetRow(info.GetMethodIdIndex()).GetId()};
}

absl::Status CodeInfo::DecodeVRegs(const StackMap& map, uint32_t first,
                                   absl::Span<VRegInfo> out) const {
  if (!map.IsValid()) return InvalidMap();
  std::fill(out.begin(), out.end(), kPending);
  size_t pending = out.size();
  const uint64_t end = uint64_t{first} + out.size();
  for (uint32_t row = map.Row(); pending > 0; --row) {
    if (FP_PLANTED_BUG(kRegisterMapNoLookBack) && row < map.Row()) break;
    const StackMap emitter = stack_maps_.GetRow(row);
    if (emitter.HasVRegMaskIndex()) {
      FP_ASSIGN_OR_RETURN(const BitMemoryRegion mask, GetVRegMask(emitter));
      if (!emitter.HasVRegMapIndex()) {
        return CellError(stack_maps_, bytes_.data(), row, StackMap::kVRegMapIndex,
                         "the map has a vreg mask but no vreg map");
      }
      const size_t mask_bits = mask.size_in_bits();
      const size_t skipped = FP_PLANTED_BUG(kArkVRegListSkipsNoPrefix)
                                 ? 0
                                 : mask.PopCount(0, std::min<size_t>(first, mask_bits));
      uint64_t entry_row = uint64_t{emitter.GetVRegMapIndex()} + skipped;
      for (uint64_t bit = first; bit < std::min<uint64_t>(end, mask_bits);) {
        // The next set bit at or after `bit`, a word at a time.
        const size_t chunk =
            std::min<uint64_t>(kBitsPerWord, std::min<uint64_t>(end, mask_bits) - bit);
        const uint64_t word = mask.LoadBits(bit, chunk);
        if (word == 0) {
          bit += chunk;
          continue;
        }
        bit += LeastSignificantBit(word);
        if (entry_row >= vreg_map_.NumRows()) {
          return CellError(
              stack_maps_, bytes_.data(), row, StackMap::kVRegMapIndex,
              absl::StrCat("the entry of vreg position ", bit, " would be VRegMap row ", entry_row,
                           ", past its ", vreg_map_.NumRows(), " rows"));
        }
        const uint32_t entry = vreg_map_.GetRow(static_cast<uint32_t>(entry_row)).GetIndex();
        VRegInfo& slot = out[bit - first];
        if (slot == kPending) {
          if (entry == kNoValue) {
            slot = VRegInfo{};
          } else {
            FP_RETURN_IF_ERROR(CheckCellIndex(
                vreg_map_, bytes_.data(), static_cast<uint32_t>(entry_row), VRegMap::kIndex,
                vreg_catalogue_.NumRows(), VRegCatalogue::kTableName));
            const VRegCatalogue item = vreg_catalogue_.GetRow(entry);
            const std::optional<VRegInfo> vreg = VRegInfo::Unpack(item.GetInfo(), item.GetValue());
            if (!vreg.has_value()) {
              return CellError(vreg_catalogue_, bytes_.data(), entry, VRegCatalogue::kInfo,
                               absl::StrCat("INFO 0x", absl::Hex(item.GetInfo()),
                                            " has a location, vreg type or bits Ark does not "
                                            "define"));
            }
            slot = *vreg;
            slot.index = static_cast<uint32_t>(bit - first);
          }
          --pending;
        }
        ++entry_row;
        ++bit;
      }
    }
    if (row == 0) break;
  }
  for (VRegInfo& slot : out) {
    if (slot == kPending) slot = VRegInfo{};
  }
  return absl::OkStatus();
}

absl::StatusOr<VRegList> CodeInfo::GetVRegList(const StackMap& map) const {
  if (!map.IsValid()) return InvalidMap();
  VRegList list;
  if (!map.HasRegMap() || header_.vregs_count == 0) return list;
  list.resize(header_.vregs_count);
  FP_RETURN_IF_ERROR(DecodeVRegs(map, 0, absl::MakeSpan(list)));
  return list;
}

absl::StatusOr<CodeInfo::VRegRange> CodeInfo::InlineVRegRange(const StackMap& map,
                                                              uint32_t depth) const {
  FP_ASSIGN_OR_RETURN(const InlineInfo level, GetInlineInfo(map, depth));
  const uint32_t cumulative = level.GetVRegsCount();
  const uint32_t first =
      depth > 0 ? inline_infos_.GetRow(level.Row() - 1).GetVRegsCount() : header_.vregs_count;
  if (cumulative == 0) return VRegRange{.first = first, .count = 0};
  if (cumulative < first || cumulative - first > kMaxVRegsPerFrame) {
    return CellError(inline_infos_, bytes_.data(), level.Row(), InlineInfo::kVRegsCount,
                     absl::StrCat("cumulative count ", cumulative, " after ", first,
                                  " above it leaves this level a count out of range"));
  }
  return VRegRange{.first = first, .count = cumulative - first};
}

absl::StatusOr<VRegList> CodeInfo::GetInlineVRegList(const StackMap& map, uint32_t depth) const {
  FP_ASSIGN_OR_RETURN(const VRegRange range, InlineVRegRange(map, depth));
  VRegList list;
  if (!map.HasRegMap() || range.count == 0) return list;
  list.resize(range.count);
  FP_RETURN_IF_ERROR(DecodeVRegs(map, range.first, absl::MakeSpan(list)));
  return list;
}

absl::StatusOr<uint64_t> CodeInfo::GetConstant(const VRegInfo& vreg) const {
  if (vreg.location != VRegInfo::Location::kConstant) {
    return absl::InvalidArgumentError(
        absl::StrCat("a ", LocationName(vreg.location), " vreg holds no constant"));
  }
  const uint32_t low_row = vreg.value & ((1u << Constants::kRowIndexBits) - 1);
  const uint32_t high_row = vreg.value >> Constants::kRowIndexBits;
  if (low_row >= constants_.NumRows() || high_row >= constants_.NumRows()) {
    return absl::InvalidArgumentError(
        absl::StrCat("constant vreg ", vreg.index, " names Constants rows ", low_row, " and ",
                     high_row, "; the table has ", constants_.NumRows()));
  }
  return uint64_t{constants_.GetRow(high_row).GetValue()} << 32 |
         constants_.GetRow(low_row).GetValue();
}

absl::Status CodeInfo::EnumerateStaticRoots(const StackMap& map,
                                            absl::FunctionRef<void(const VRegInfo&)> fn) const {
  FP_ASSIGN_OR_RETURN(const uint32_t registers, GetRootsRegMask(map));
  for (uint32_t rest = registers; rest != 0; rest &= rest - 1) {
    fn(VRegInfo{.value = LeastSignificantBit(rest),
                .location = VRegInfo::Location::kRegister,
                .type = VRegInfo::Type::kObject});
  }
  FP_ASSIGN_OR_RETURN(const BitMemoryRegion stack, GetRootsStackMask(map));
  if (stack.size_in_bits() == 0) return absl::OkStatus();

  // Ark computes the spill count in an unsigned machine word, so a frame smaller than the
  // CFrame's fixed part wraps it to a huge count.
  const uint64_t word_mask = isa_.Is32Bit() ? 0xFFFFFFFFu : ~uint64_t{0};
  uint64_t spills = (uint64_t{header_.frame_size()} / isa_.pointer_size -
                     (kCFrameSlotsStart + isa_.register_count + 1)) &
                    word_mask;
  if (isa_.Is32Bit()) spills = (spills / 2 - 1) & word_mask;
  if (spills % 2 != 0 && !FP_PLANTED_BUG(kArkStaticRootsOddSpills)) spills -= 1;
  for (size_t done = 0; done < stack.size_in_bits(); done += kBitsPerWord) {
    const size_t chunk = std::min<size_t>(kBitsPerWord, stack.size_in_bits() - done);
    for (uint64_t word = stack.LoadBits(done, chunk); word != 0; word &= word - 1) {
      const uint64_t bit = done + LeastSignificantBit(word);
      uint32_t slot;
      if (bit >= spills) {
        slot = static_cast<uint32_t>(-static_cast<int64_t>(kStackArgSlotStart + kCFrameSlotsStart) -
                                     static_cast<int64_t>(bit - spills));
      } else {
        const uint64_t spill = isa_.Is32Bit() ? 2 * bit + 1 : bit;
        slot = static_cast<uint32_t>(spill + isa_.register_count);
      }
      fn(VRegInfo{
          .value = slot, .location = VRegInfo::Location::kSlot, .type = VRegInfo::Type::kObject});
    }
  }
  return absl::OkStatus();
}

}  // namespace frameproof::ark
