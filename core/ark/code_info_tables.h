#ifndef FRAMEPROOF_CORE_ARK_CODE_INFO_TABLES_H_
#define FRAMEPROOF_CORE_ARK_CODE_INFO_TABLES_H_

// The ten tables of Ark's CodeInfo, declared column by column in Ark's order
// (compiler/code_info/code_info_tables.h). Each declaration is the format: the column order is the
// bit order of a row, and the tables follow the header in the order of TableId.

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>

#include "absl/strings/string_view.h"
#include "core/bit_table/bit_table.h"

namespace frameproof::ark {

// Ark's bit tables: headers [widths..., rows] with a 16-bit row counter; bitmap rows keep the
// length of the vector they were given.
inline constexpr BitTableLayout kArkBitTableLayout{
    .header_order = BitTableHeaderOrder::kRowsLast,
    .bitmap_row_length = BitmapRowLength::kAsGiven,
    .column_spelling = ColumnSpelling::kUpperSnakeCase,  // as Ark's BITFIELD names
    .max_rows = std::numeric_limits<uint16_t>::max(),
};

template <size_t kNumColumns>
using ArkTableAccessor = BitTableAccessor<kNumColumns, kArkBitTableLayout>;

inline constexpr uint32_t kBitmapColumnBits = std::numeric_limits<uint32_t>::max();

// The tables in encoding order; bit i of the header's TABLE_MASK says table i is present.
enum class TableId : uint8_t {
  kStackMap,
  kInlineInfo,
  kRootsRegMask,
  kRootsStackMask,
  kMethodId,
  kVRegMask,
  kVRegMap,
  kVRegCatalogue,
  kImplicitNullChecks,
  kConstants,
};
inline constexpr size_t kNumTables = 10;
// "StackMap", "InlineInfo", ..., as the conformance vectors name them.
absl::string_view TableName(TableId id);

// One safepoint: its pcs, flags, and indices into the other tables.
class StackMap : public ArkTableAccessor<8> {
 public:
  using BitTableAccessor::BitTableAccessor;
  static constexpr absl::string_view kTableName = "StackMap";
  static constexpr uint32_t kMaxColumnBits = kMaxValueColumnBits;
  static constexpr uint32_t kIsOsrBit = 1u << 0;      // a SaveStateOsr map
  static constexpr uint32_t kHasRegMapBit = 1u << 1;  // the map records vregs

  FP_BIT_TABLE_COLUMN(0, Properties)
  FP_BIT_TABLE_COLUMN(1, NativePc)  // native pc / instruction alignment
  FP_BIT_TABLE_COLUMN(2, BytecodePc)
  FP_BIT_TABLE_COLUMN(3, RootsRegMaskIndex)
  FP_BIT_TABLE_COLUMN(4, RootsStackMaskIndex)
  FP_BIT_TABLE_COLUMN(5, InlineInfoIndex)  // the outermost inlinee's row
  FP_BIT_TABLE_COLUMN(6, VRegMaskIndex)    // vregs emitted at this map
  FP_BIT_TABLE_COLUMN(7, VRegMapIndex)     // their first VRegMap row

  bool IsOsr() const { return (GetProperties() & kIsOsrBit) != 0; }
  bool HasRegMap() const { return (GetProperties() & kHasRegMapBit) != 0; }
  // The native pc in bytes (GetNativePcUnpacked), modulo 2^32 as Ark computes it.
  uint32_t GetNativePcUnpacked(uint32_t instruction_alignment) const {
    return GetNativePc() * instruction_alignment;
  }
};

// One level of an inline chain: rows from a map's INLINE_INFO_INDEX to the row with IS_LAST.
class InlineInfo : public ArkTableAccessor<7> {
 public:
  using BitTableAccessor::BitTableAccessor;
  static constexpr absl::string_view kTableName = "InlineInfo";
  static constexpr uint32_t kMaxColumnBits = kMaxValueColumnBits;

  FP_BIT_TABLE_COLUMN(0, IsLast)  // 1 on the innermost level, 0 above it
  FP_BIT_TABLE_COLUMN(1, BytecodePc)
  FP_BIT_TABLE_COLUMN(2, MethodIdIndex)  // AOT: a MethodId row
  FP_BIT_TABLE_COLUMN(3, MethodHi)       // JIT: the Method* (high half on 64-bit targets)
  FP_BIT_TABLE_COLUMN(4, MethodLow)
  FP_BIT_TABLE_COLUMN(5, VRegsCount)  // cumulative: the outer frame and every level down to this
  FP_BIT_TABLE_COLUMN(6, FileIndex)   // the panda file (AOT snapshot index)
};

// A register mask of GC roots, as one plain biased column (not a bitmap, unlike ART's).
class RootsRegMask : public ArkTableAccessor<1> {
 public:
  using BitTableAccessor::BitTableAccessor;
  static constexpr absl::string_view kTableName = "RootsRegMask";
  static constexpr uint32_t kMaxColumnBits = kMaxValueColumnBits;
  FP_BIT_TABLE_COLUMN(0, Mask)
};

// Which stack slots hold GC roots: a bitmap row.
class RootsStackMask : public ArkTableAccessor<1> {
 public:
  using BitTableAccessor::BitTableAccessor;
  static constexpr absl::string_view kTableName = "RootsStackMask";
  static constexpr uint32_t kMaxColumnBits = kBitmapColumnBits;
  FP_BIT_TABLE_COLUMN(0, Mask)
};

// An inlined method named by its panda-file method id (AOT code).
class MethodId : public ArkTableAccessor<1> {
 public:
  using BitTableAccessor::BitTableAccessor;
  static constexpr absl::string_view kTableName = "MethodId";
  static constexpr uint32_t kMaxColumnBits = kMaxValueColumnBits;
  FP_BIT_TABLE_COLUMN(0, Id)
};

// Which vreg positions a map emitted: a bitmap row over the outer frame's vregs and every inline
// level's, concatenated.
class VRegMask : public ArkTableAccessor<1> {
 public:
  using BitTableAccessor::BitTableAccessor;
  static constexpr absl::string_view kTableName = "VRegMask";
  static constexpr uint32_t kMaxColumnBits = kBitmapColumnBits;
  FP_BIT_TABLE_COLUMN(0, Mask)
};

// One entry per emitted vreg: its catalogue row, or NO_VALUE for a dead one.
class VRegMap : public ArkTableAccessor<1> {
 public:
  using BitTableAccessor::BitTableAccessor;
  static constexpr absl::string_view kTableName = "VRegMap";
  static constexpr uint32_t kMaxColumnBits = kMaxValueColumnBits;
  FP_BIT_TABLE_COLUMN(0, Index)
};

// Every distinct live VRegInfo of the method, once: its packed info and value.
class VRegCatalogue : public ArkTableAccessor<2> {
 public:
  using BitTableAccessor::BitTableAccessor;
  static constexpr absl::string_view kTableName = "VRegCatalogue";
  static constexpr uint32_t kMaxColumnBits = kMaxValueColumnBits;
  FP_BIT_TABLE_COLUMN(0, Info)
  FP_BIT_TABLE_COLUMN(1, Value)
};

// Implicit null checks: the pc after the faulting access and the length of its sequence (bit 31
// set: LLVM code, the rest a handler offset).
class ImplicitNullChecks : public ArkTableAccessor<2> {
 public:
  using BitTableAccessor::BitTableAccessor;
  static constexpr absl::string_view kTableName = "ImplicitNullChecks";
  static constexpr uint32_t kMaxColumnBits = kMaxValueColumnBits;
  static constexpr uint32_t kLlvmOffsetBit = 1u << 31;
  FP_BIT_TABLE_COLUMN(0, InstNativePc)
  FP_BIT_TABLE_COLUMN(1, Offset)
};

// 32-bit halves of the method's constants; a CONSTANT vreg names its low and high rows.
class Constants : public ArkTableAccessor<1> {
 public:
  using BitTableAccessor::BitTableAccessor;
  static constexpr absl::string_view kTableName = "Constants";
  static constexpr uint32_t kMaxColumnBits = kMaxValueColumnBits;
  static constexpr uint32_t kRowIndexBits = 16;  // a CONSTANT vreg's value holds two row indices
  FP_BIT_TABLE_COLUMN(0, Value)
};

}  // namespace frameproof::ark

#endif  // FRAMEPROOF_CORE_ARK_CODE_INFO_TABLES_H_
