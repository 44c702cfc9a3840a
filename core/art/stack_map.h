#ifndef FRAMEPROOF_CORE_ART_STACK_MAP_H_
#define FRAMEPROOF_CORE_ART_STACK_MAP_H_

// The eight CodeInfo tables, declared column by column in ART's order. Each declaration is the
// format: the column order is the bit order of a row.

#include <array>
#include <bit>
#include <cstdint>
#include <limits>
#include <optional>

#include "absl/strings/string_view.h"
#include "core/art/dex_register_location.h"
#include "core/base/instruction_set.h"
#include "core/bit_table/bit_table.h"

namespace frameproof {

// ART's bit tables: headers [rows, widths...], bitmap rows up to their highest set bit.
inline constexpr BitTableLayout kArtBitTableLayout{
    .header_order = BitTableHeaderOrder::kRowsFirst,
    .bitmap_row_length = BitmapRowLength::kTrailingZerosStripped,
    .column_spelling = ColumnSpelling::kAsDeclared,
};

// ART stores native pcs divided by this (GetInstructionSetInstructionAlignment).
constexpr uint32_t InstructionAlignment(InstructionSet isa) {
  switch (isa) {
    case InstructionSet::kArm:
      return 2;
    case InstructionSet::kArm64:
      return 4;
    case InstructionSet::kRiscv64:
      return 2;  // compressed instructions are mandatory
    case InstructionSet::kX86:
      return 1;
    case InstructionSet::kX86_64:
      return 1;
  }
  return 1;
}

// StackMap::Kind. Default is kNoValue, so a method with only Default maps spends 0 bits on it.
enum class StackMapKind : uint32_t { kDefault = kNoValue, kCatch = 0, kOsr = 1, kDebug = 2 };

// "Default", "Catch", "OSR", "Debug".
absl::string_view StackMapKindName(StackMapKind kind);
std::optional<StackMapKind> ParseStackMapKind(absl::string_view name);

// ART keeps a table's column offsets in uint16_t (BitTableBase::column_offset_, every release
// since Android 10): a bitmap row wider than 65535 bits is beyond what ART can read, and its
// release builds read such a width modulo 2^16. Debian's libart.so showed it, on an empty table
// (corpora/regressions/code_info_android11/column-offset-wraps-at-16-bits.bin).
inline constexpr uint32_t kBitmapColumnBits = std::numeric_limits<uint16_t>::max();
// Whether `Accessor`'s table holds one bitmap per row (StackMask, DexRegisterMask).
template <typename Accessor>
inline constexpr bool kIsBitmapTable = Accessor::kMaxColumnBits == kBitmapColumnBits;

// One safepoint: where it is in native code and bytecode, and indices into the other tables.
class StackMap : public BitTableAccessor<8, kArtBitTableLayout> {
 public:
  using BitTableAccessor::BitTableAccessor;
  static constexpr absl::string_view kTableName = "StackMap";
  static constexpr uint32_t kMaxColumnBits = kMaxValueColumnBits;

  FP_BIT_TABLE_COLUMN(0, Kind)
  FP_BIT_TABLE_COLUMN(1, PackedNativePc)  // native pc / InstructionAlignment(isa)
  FP_BIT_TABLE_COLUMN(2, DexPc)
  FP_BIT_TABLE_COLUMN(3, RegisterMaskIndex)
  FP_BIT_TABLE_COLUMN(4, StackMaskIndex)
  FP_BIT_TABLE_COLUMN(5, InlineInfoIndex)       // outermost inlinee's row
  FP_BIT_TABLE_COLUMN(6, DexRegisterMaskIndex)  // registers changed since earlier maps
  FP_BIT_TABLE_COLUMN(7, DexRegisterMapIndex)   // first catalogue index of the changed ones

  StackMapKind kind() const { return static_cast<StackMapKind>(GetKind()); }
  // The native pc: packed pc x `isa`'s alignment, in 32 bits as ART's. Decode checks packed pcs
  // against code_size at alignment 1, not knowing the ISA, so on hostile bytes a pc past the code
  // at a coarser alignment wraps here, as it does in ART (which only DCHECKs); see
  // IsNativePcInCode.
  uint32_t GetNativePcOffset(InstructionSet isa) const {
    return GetPackedNativePc() * InstructionAlignment(isa);
  }
  // Whether the native pc at `isa`'s alignment lies within `code_size` bytes, as every map a
  // compiler writes does (and then GetNativePcOffset is exact).
  bool IsNativePcInCode(InstructionSet isa, uint32_t code_size) const {
    return uint64_t{GetPackedNativePc()} * InstructionAlignment(isa) <= code_size;
  }
  bool HasInlineInfo() const { return HasInlineInfoIndex(); }
  bool HasDexRegisterMap() const { return HasDexRegisterMapIndex(); }

  // native_pc / InstructionAlignment(isa), as a shift: every alignment is a power of two, and a
  // division by a runtime divisor would cost a lookup as much as its whole search.
  static uint32_t PackNativePc(uint32_t native_pc, InstructionSet isa) {
    return native_pc >> std::countr_zero(InstructionAlignment(isa));
  }
};

// A register mask, stored as (Value, Shift) because masks tend to have many trailing zeros.
class RegisterMask : public BitTableAccessor<2, kArtBitTableLayout> {
 public:
  using BitTableAccessor::BitTableAccessor;
  static constexpr absl::string_view kTableName = "RegisterMask";
  static constexpr uint32_t kMaxColumnBits = kMaxValueColumnBits;

  FP_BIT_TABLE_COLUMN(0, Value)
  FP_BIT_TABLE_COLUMN(1, Shift)

  uint32_t GetMask() const { return GetValue() << GetShift(); }
};

// Which stack slots hold references; a bitmap row, no bias.
class StackMask : public BitTableAccessor<1, kArtBitTableLayout> {
 public:
  using BitTableAccessor::BitTableAccessor;
  static constexpr absl::string_view kTableName = "StackMask";
  static constexpr uint32_t kMaxColumnBits = kBitmapColumnBits;
  FP_BIT_TABLE_COLUMN(0, Mask)
};

// One level of an inline chain; the chain runs from the row a StackMap names to the row whose
// IsLast is kLast.
class InlineInfo : public BitTableAccessor<6, kArtBitTableLayout> {
 public:
  using BitTableAccessor::BitTableAccessor;
  static constexpr absl::string_view kTableName = "InlineInfo";
  static constexpr uint32_t kMaxColumnBits = kMaxValueColumnBits;
  static constexpr uint32_t kLast = kNoValue;
  static constexpr uint32_t kMore = 0;

  FP_BIT_TABLE_COLUMN(0, IsLast)
  FP_BIT_TABLE_COLUMN(1, DexPc)
  FP_BIT_TABLE_COLUMN(2, MethodInfoIndex)  // AOT: the inlinee's MethodInfo row
  FP_BIT_TABLE_COLUMN(3, ArtMethodHi)      // JIT: the inlinee's ArtMethod*
  FP_BIT_TABLE_COLUMN(4, ArtMethodLo)
  FP_BIT_TABLE_COLUMN(5, NumberOfDexRegisters)  // cumulative: outer method and all outer levels

  bool EncodesArtMethod() const { return HasArtMethodLo(); }
  uint64_t GetArtMethod() const { return (uint64_t{GetArtMethodHi()} << 32) | GetArtMethodLo(); }
};

// An inlined method named by dex method index and dex file, for AOT code.
class MethodInfo : public BitTableAccessor<3, kArtBitTableLayout> {
 public:
  using BitTableAccessor::BitTableAccessor;
  static constexpr absl::string_view kTableName = "MethodInfo";
  static constexpr uint32_t kMaxColumnBits = kMaxValueColumnBits;
  static constexpr uint32_t kKindNonBcp = kNoValue;  // -1
  static constexpr uint32_t kKindBcp = 0;
  static constexpr uint32_t kSameDexFile = kNoValue;  // -1

  FP_BIT_TABLE_COLUMN(0, MethodIndex)
  FP_BIT_TABLE_COLUMN(1, DexFileIndexKind)
  FP_BIT_TABLE_COLUMN(2, DexFileIndex)
};

// Which dex registers changed at a stack map; a bitmap row over the concatenated registers of the
// outer method and every inline level.
class DexRegisterMask : public BitTableAccessor<1, kArtBitTableLayout> {
 public:
  using BitTableAccessor::BitTableAccessor;
  static constexpr absl::string_view kTableName = "DexRegisterMask";
  static constexpr uint32_t kMaxColumnBits = kBitmapColumnBits;
  FP_BIT_TABLE_COLUMN(0, Mask)
};

// One catalogue index per changed register.
class DexRegisterMapInfo : public BitTableAccessor<1, kArtBitTableLayout> {
 public:
  using BitTableAccessor::BitTableAccessor;
  static constexpr absl::string_view kTableName = "DexRegisterMapInfo";
  static constexpr uint32_t kMaxColumnBits = kMaxValueColumnBits;
  FP_BIT_TABLE_COLUMN(0, CatalogueIndex)
};

// The location catalogue: every distinct live location of the method once.
class DexRegisterInfo : public BitTableAccessor<2, kArtBitTableLayout> {
 public:
  using BitTableAccessor::BitTableAccessor;
  static constexpr absl::string_view kTableName = "DexRegisterInfo";
  static constexpr uint32_t kMaxColumnBits = kMaxValueColumnBits;

  FP_BIT_TABLE_COLUMN(0, Kind)
  FP_BIT_TABLE_COLUMN(1, PackedValue)  // stack offsets in kFrameSlotSize units, else raw

  static uint32_t PackValue(DexRegisterKind kind, int32_t value) {
    const uint32_t raw = static_cast<uint32_t>(value);
    return kind == DexRegisterKind::kInStack ? raw / kFrameSlotSize : raw;
  }
  // Always inline: it is the innermost step of every dex register map walk.
  ABSL_ATTRIBUTE_ALWAYS_INLINE DexRegisterLocation GetLocation() const {
    const DexRegisterKind kind = static_cast<DexRegisterKind>(GetKind());
    const uint32_t packed = GetPackedValue();
    const uint32_t raw = kind == DexRegisterKind::kInStack ? packed * kFrameSlotSize : packed;
    return DexRegisterLocation{kind, static_cast<int32_t>(raw)};
  }
};

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_ART_STACK_MAP_H_
