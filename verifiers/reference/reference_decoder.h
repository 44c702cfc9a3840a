#ifndef FRAMEPROOF_VERIFIERS_REFERENCE_REFERENCE_DECODER_H_
#define FRAMEPROOF_VERIFIERS_REFERENCE_REFERENCE_DECODER_H_

// An independent, deliberately plain and slow decoder for ART CodeInfo, written from the format
// notes (../shared/reference/art-codeinfo.md, sections 2-5) and sharing no logic with core/. It is
// the second opinion the codec verifiers and fuzzers compare the production decoder against.
//
// It reads every value bit by bit, materializes every table as plain rows, and resolves every stack
// map completely (registers, inline frames, masks). Every read is bounds-checked; any malformed or
// absurd input gives an error status that names the table, row, column or field and the bit
// position. Only the plain enums DexRegisterKind, InstructionSet and ArtFormat come from core/.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "core/art/art_format.h"
#include "core/art/dex_register_location.h"
#include "core/base/instruction_set.h"

namespace frameproof::reference {

// kNoValue of BitTable (format notes 3.1): -1, stored as 0 after the bias.
inline constexpr uint32_t kNoValue = 0xFFFFFFFFu;

// The eight bit tables in CodeInfo order (format notes 5.1).
inline constexpr int kNumTables = 8;
enum TableIndex : int {
  kStackMapTable = 0,
  kRegisterMaskTable = 1,
  kStackMaskTable = 2,
  kInlineInfoTable = 3,
  kMethodInfoTable = 4,
  kDexRegisterMaskTable = 5,
  kDexRegisterMapInfoTable = 6,
  kDexRegisterInfoTable = 7,
};

// Limits that make an input "absurd" (the decoder refuses it with an error).
// More registers than this in one level (outer method or one inline level) is refused.
inline constexpr uint32_t kMaxRegistersPerLevel = 65535;
// The resolved view (stack maps + inline frames + resolved registers + stack-mask bits) may hold at
// most this many items; beyond it the decoder returns ResourceExhausted rather than
// InvalidArgument, so callers can tell "too big for the reference" from "malformed".
inline constexpr uint64_t kMaxResolvedItems = uint64_t{1} << 22;

// The 7 header varints (format notes 5.1); Android 11 has 6, without code_size (which reads 0).
struct ReferenceHeader {
  uint32_t flags = 0;
  uint32_t code_size = 0;
  uint32_t packed_frame_size = 0;
  uint32_t core_spill_mask = 0;
  uint32_t fp_spill_mask = 0;
  uint32_t number_of_dex_registers = 0;
  uint32_t bit_table_flags = 0;

  friend bool operator==(const ReferenceHeader&, const ReferenceHeader&) = default;
};

// One decoded bit table. An absent table has no rows and all its column widths are 0. Rows lie
// back to back in one vector each (one allocation per table, not per row: the fuzz oracles run
// this decoder under ASan, where each allocation costs a captured stack).
struct ReferenceTable {
  uint32_t num_rows = 0;
  // One width per column, in ART's column order. Bitmap tables have one column.
  std::vector<uint32_t> column_bits;
  // Value tables: num_rows rows of column_bits.size() values each, row after row, with the bias
  // removed (stored + 0xFFFFFFFF mod 2^32).
  std::vector<uint32_t> values;
  // Bitmap tables (StackMask, DexRegisterMask): num_rows rows of column_bits[0] raw bits each,
  // row after row, one byte (0 or 1) per bit, no bias.
  std::vector<uint8_t> bitmap_bits;

  // Row `row` of a value table; row < num_rows.
  absl::Span<const uint32_t> Row(uint32_t row) const {
    return absl::MakeConstSpan(values).subspan(size_t{row} * column_bits.size(),
                                               column_bits.size());
  }
  // Row `row` of a bitmap table, one byte per bit; row < num_rows.
  absl::Span<const uint8_t> BitmapRow(uint32_t row) const {
    return absl::MakeConstSpan(bitmap_bits).subspan(size_t{row} * column_bits[0], column_bits[0]);
  }

  friend bool operator==(const ReferenceTable&, const ReferenceTable&) = default;
};

// Where a table's bits were found; not part of table equality (deduplicated copies differ here).
struct ReferenceTableLocation {
  bool present = false;       // bit i of bit_table_flags
  bool deduplicated = false;  // bit 8+i of bit_table_flags
  // Absolute bit position in the whole buffer of the table's header (after following a
  // back-reference), and of the back-reference varint when deduplicated.
  uint64_t start_bit = 0;
  uint64_t reference_bit = 0;
  uint32_t back_offset = 0;  // the varint's value when deduplicated
  uint64_t bit_size = 0;     // header + data bits
};

struct ReferenceDexRegister {
  DexRegisterKind kind = DexRegisterKind::kNone;
  int32_t value = 0;

  friend bool operator==(const ReferenceDexRegister&, const ReferenceDexRegister&) = default;
};

struct ReferenceMethodInfo {
  uint32_t method_index = 0;
  int32_t dex_file_index_kind = 0;  // -1 kKindNonBCP, 0 kKindBCP
  int32_t dex_file_index = 0;       // -1 kSameDexFile

  friend bool operator==(const ReferenceMethodInfo&, const ReferenceMethodInfo&) = default;
};

// One inline level of a stack map (depth 0 = outermost inlinee).
struct ReferenceInlineFrame {
  uint32_t row = 0;  // InlineInfo row
  uint32_t dex_pc = 0;
  // Exactly one of these is set: art_method when ArtMethodLo != kNoValue, else method_info.
  std::optional<uint64_t> art_method;
  std::optional<ReferenceMethodInfo> method_info;
  uint32_t number_of_dex_registers = 0;  // cumulative, as stored
  std::vector<ReferenceDexRegister> dex_register_map;

  friend bool operator==(const ReferenceInlineFrame&, const ReferenceInlineFrame&) = default;
};

struct ReferenceStackMap {
  uint32_t row = 0;
  int32_t kind = -1;       // -1 Default, 0 Catch, 1 OSR, 2 Debug (other values are passed through)
  uint32_t native_pc = 0;  // PackedNativePc * instruction alignment, modulo 2^32
  uint32_t dex_pc = 0;
  uint32_t register_mask = 0;         // Value << Shift, 0 when there is no RegisterMaskIndex
  std::vector<uint32_t> stack_mask;   // indices of the set bits, ascending
  bool has_dex_register_map = false;  // DexRegisterMapIndex != kNoValue
  std::vector<ReferenceDexRegister> dex_register_map;  // outer method; empty when none
  std::vector<ReferenceInlineFrame> inline_frames;

  friend bool operator==(const ReferenceStackMap&, const ReferenceStackMap&) = default;
};

struct ReferenceCodeInfo {
  InstructionSet isa = InstructionSet::kArm64;
  ReferenceHeader header;
  std::array<ReferenceTable, kNumTables> tables;
  std::array<ReferenceTableLocation, kNumTables> locations;
  // Bits read from the CodeInfo's own start: header, inline tables, back-reference varints.
  uint64_t bit_size = 0;
  std::vector<ReferenceStackMap> stack_maps;
};

// How much DecodeReference decodes.
enum class ReferenceDetail {
  kTables,     // the header and the eight tables; `stack_maps` stays empty
  kStackMaps,  // also every stack map resolved (registers, inline frames, masks)
};

// Decodes the CodeInfo that starts at byte `offset` of `buffer`, laid out as `format` says.
// Deduplicated tables may point anywhere earlier in `buffer`, including before `offset`.
// Android 11 (ART's android11-release stack_map.h): six header varints without code_size, and a
// MethodInfo of one column, MethodIndex (the dex file columns then read -1).
absl::StatusOr<ReferenceCodeInfo> DecodeReference(
    absl::Span<const uint8_t> buffer, size_t offset, InstructionSet isa,
    ReferenceDetail detail = ReferenceDetail::kStackMaps, ArtFormat format = ArtFormat::kCurrent);

// True when both decodes describe the same CodeInfo content: header fields (bit_table_flags
// compared on its low byte, the present-table bits, unless `compare_dedup_flags`), every table's
// rows and widths, and every resolved stack map. Positions and dedup state are ignored.
bool SameContent(const ReferenceCodeInfo& a, const ReferenceCodeInfo& b,
                 bool compare_dedup_flags = false);

// A readable multi-line dump of everything decoded, for mismatch reports.
std::string Describe(const ReferenceCodeInfo& info);

// Small name tables of our own (not core's), used by Describe and the tests.
absl::string_view ReferenceTableName(int table);
absl::string_view ReferenceKindName(DexRegisterKind kind);  // "InStack", "None", ...
std::string ReferenceStackMapKindName(int32_t kind);        // "Default", ... or the number
absl::string_view ReferenceIsaName(InstructionSet isa);     // "arm64", ...

}  // namespace frameproof::reference

#endif  // FRAMEPROOF_VERIFIERS_REFERENCE_REFERENCE_DECODER_H_
