#include "verifiers/reference/reference_decoder.h"

// Written plainly from ../shared/reference/art-codeinfo.md; "notes N.M" below cites its sections.
// Nothing here shares logic with core/: only the DexRegisterKind and InstructionSet enums are used.

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"

namespace frameproof::reference {
namespace {

// Notes 2.5: a varint header is 4 bits; 0..11 is the value itself, 12..15 means (x - 11) bytes.
constexpr uint32_t kVarintHeaderBits = 4;
constexpr uint32_t kVarintMaxSmall = 11;
// Notes 5.1: seven header varints.
constexpr size_t kNumHeaderFields = 7;
// Notes 4.1: DecodeDexRegisterMap looks at most this many stack maps back.
constexpr uint64_t kMaxDexRegisterMapSearchDistance = 32;
// Notes 3.1: value columns hold uint32 values, so a wider column is malformed.
constexpr uint32_t kMaxValueColumnBits = 32;
// ART's BitTableBase holds column offsets in uint16_t: a wider bitmap row is one ART cannot read.
constexpr uint32_t kMaxBitmapRowBits = 0xFFFF;

// Column numbers (notes 4.2, 4.3, 4.4).
enum StackMapColumn : int {
  kSmKind = 0,
  kSmPackedNativePc = 1,
  kSmDexPc = 2,
  kSmRegisterMaskIndex = 3,
  kSmStackMaskIndex = 4,
  kSmInlineInfoIndex = 5,
  kSmDexRegisterMaskIndex = 6,
  kSmDexRegisterMapIndex = 7,
};
enum InlineInfoColumn : int {
  kIiIsLast = 0,
  kIiDexPc = 1,
  kIiMethodInfoIndex = 2,
  kIiArtMethodHi = 3,
  kIiArtMethodLo = 4,
  kIiNumberOfDexRegisters = 5,
};
// Notes 4.3: IsLast values after the bias is removed.
constexpr uint32_t kInlineLast = 0xFFFFFFFFu;  // kLast = -1
constexpr uint32_t kInlineMore = 0;            // kMore = 0

// The shape of each table (notes 4.2-4.4, 5.1): column count, and whether it is a bitmap table
// (notes 3.5: one column of raw bits, no bias).
struct TableShape {
  absl::string_view name;
  int num_columns;
  bool bitmap;
  std::array<absl::string_view, 8> columns;
};
constexpr std::array<TableShape, kNumTables> kShapes = {{
    {"StackMap",
     8,
     false,
     {"Kind", "PackedNativePc", "DexPc", "RegisterMaskIndex", "StackMaskIndex", "InlineInfoIndex",
      "DexRegisterMaskIndex", "DexRegisterMapIndex"}},
    {"RegisterMask", 2, false, {"Value", "Shift"}},
    {"StackMask", 1, true, {"Mask"}},
    {"InlineInfo",
     6,
     false,
     {"IsLast", "DexPc", "MethodInfoIndex", "ArtMethodHi", "ArtMethodLo", "NumberOfDexRegisters"}},
    {"MethodInfo", 3, false, {"MethodIndex", "DexFileIndexKind", "DexFileIndex"}},
    {"DexRegisterMask", 1, true, {"Mask"}},
    {"DexRegisterMapInfo", 1, false, {"CatalogueIndex"}},
    {"DexRegisterInfo", 2, false, {"Kind", "PackedValue"}},
}};

// Notes 4.2 table: instruction alignment used to pack native pcs. Our own table, not core's.
absl::StatusOr<uint32_t> PcAlignment(InstructionSet isa) {
  switch (isa) {
    case InstructionSet::kArm:
      return 2;
    case InstructionSet::kArm64:
      return 4;
    case InstructionSet::kRiscv64:
      return 2;
    case InstructionSet::kX86:
      return 1;
    case InstructionSet::kX86_64:
      return 1;
  }
  return absl::InvalidArgumentError(
      absl::StrCat("unknown instruction set value ", static_cast<int>(isa)));
}

// Notes 3.1: the stored value is value - kValueBias, so value = stored + 0xFFFFFFFF (mod 2^32).
uint32_t RemoveBias(uint32_t stored) { return stored + 0xFFFFFFFFu; }

// A plain view of the whole buffer as bits.
class BitSource {
 public:
  explicit BitSource(absl::Span<const uint8_t> data) : bytes_(data.data()), size_(data.size()) {}

  uint64_t size_in_bits() const { return static_cast<uint64_t>(size_) * 8; }

  // Notes 2.1: bit i is bit (i % 8) of byte (i / 8), bit 0 being the least significant.
  // The caller has checked i < size_in_bits().
  bool Bit(uint64_t i) const { return ((bytes_[i / 8] >> (i % 8)) & 1) != 0; }

  // True when the `count` bits starting at `pos` all lie inside the buffer.
  bool Fits(uint64_t pos, uint64_t count) const {
    return pos <= size_in_bits() && count <= size_in_bits() - pos;
  }

  // The error for a read that does not fit; `what` names the field.
  absl::Status PastEnd(uint64_t pos, uint64_t count, absl::string_view what) const {
    return absl::OutOfRangeError(absl::StrCat(what, ": needs ", count, " bits at bit ", pos,
                                              " but the buffer ends at bit ", size_in_bits()));
  }

  // Notes 2.1: a `count`-bit value at `pos` is stored LSB first, so value bit k is bit pos + k.
  // Assembled one bit at a time. The caller has checked Fits(pos, count) and count <= 32.
  uint32_t Value(uint64_t pos, uint32_t count) const {
    uint32_t value = 0;
    for (uint32_t k = 0; k < count; ++k) {
      if (Bit(pos + k)) value |= uint32_t{1} << k;
    }
    return value;
  }

 private:
  // A plain pointer rather than the span: the fuzz builds (-O1) call Span::operator[] out of
  // line, and one call per bit was a third of this decoder's time.
  const uint8_t* bytes_;
  size_t size_;
};

// The most varints read in one interleaved group: a table header of a row count and eight column
// widths (the CodeInfo header has seven).
constexpr size_t kMaxGroupVarints = 9;
using Varints = std::array<uint32_t, kMaxGroupVarints>;

// Names what is being read, for errors only: built when a read fails, never on success.
using WhatFn = absl::FunctionRef<std::string()>;

// Notes 2.5, interleaved form: `n` 4-bit headers come first; then, in order, each header x > 11
// is followed (after all headers) by its (x - 11) * 8 value bits. A single varint is the n = 1
// case. Advances *pos past everything read. n <= kMaxGroupVarints.
absl::StatusOr<Varints> ReadInterleavedVarints(const BitSource& bits, uint64_t* pos, size_t n,
                                               WhatFn what) {
  Varints headers{};
  for (size_t i = 0; i < n; ++i) {
    if (!bits.Fits(*pos, kVarintHeaderBits)) {
      return bits.PastEnd(*pos, kVarintHeaderBits, absl::StrCat(what(), " varint ", i, " header"));
    }
    headers[i] = bits.Value(*pos, kVarintHeaderBits);
    *pos += kVarintHeaderBits;
  }
  Varints values{};
  for (size_t i = 0; i < n; ++i) {
    if (headers[i] <= kVarintMaxSmall) {
      values[i] = headers[i];  // notes 2.5: x <= 11 is the value itself
      continue;
    }
    uint32_t num_bits = (headers[i] - kVarintMaxSmall) * 8;  // 12..15 -> 8, 16, 24, 32 bits
    if (!bits.Fits(*pos, num_bits)) {
      return bits.PastEnd(*pos, num_bits, absl::StrCat(what(), " varint ", i, " value"));
    }
    values[i] = bits.Value(*pos, num_bits);
    *pos += num_bits;
  }
  return values;
}

// Notes 3.1-3.2 (value tables) and 3.5 (bitmap tables): decodes table `t` whose header starts at
// absolute bit `start`. Returns the bit just past its data.
absl::StatusOr<uint64_t> DecodeTable(const BitSource& bits, int t, int num_columns,
                                     uint64_t start, ReferenceTable* out) {
  const TableShape& shape = kShapes[t];
  const auto where = [&shape, start] { return absl::StrCat(shape.name, " table at bit ", start); };
  uint64_t pos = start;
  // Notes 3.1: header = [num_rows, bits(col0), ...]; notes 3.5: bitmaps have [rows, max_num_bits].
  absl::StatusOr<Varints> header = ReadInterleavedVarints(bits, &pos, 1 + num_columns, where);
  if (!header.ok()) return header.status();
  const uint32_t num_rows = (*header)[0];
  out->num_rows = num_rows;
  out->column_bits.assign(header->begin() + 1, header->begin() + 1 + num_columns);

  // A table cannot plausibly have more rows than the buffer has bits (even 0-bit rows are only
  // produced by ART in ones). Refusing this bounds memory by the input size.
  if (num_rows > bits.size_in_bits()) {
    return absl::InvalidArgumentError(absl::StrCat(
        where(), ": ", num_rows, " rows is absurd for a buffer of ", bits.size_in_bits(), " bits"));
  }
  uint64_t row_bits = 0;
  for (int c = 0; c < num_columns; ++c) {
    const uint32_t width = out->column_bits[c];
    // Notes 3.1: value columns hold uint32 values; more than 32 bits cannot be meant.
    if (!shape.bitmap && width > kMaxValueColumnBits) {
      return absl::InvalidArgumentError(absl::StrCat(where(), ": column ", shape.columns[c], " is ",
                                                     width, " bits wide (more than 32)"));
    }
    if (shape.bitmap && width > kMaxBitmapRowBits) {
      return absl::InvalidArgumentError(absl::StrCat(where(), ": bitmap rows of ", width,
                                                     " bits; ART addresses at most 65535"));
    }
    row_bits += width;
  }
  // Notes 3.2: the data is num_rows * NumRowBits() bits right after the header, no padding.
  // rows <= 2^32-1 and row_bits <= 2^32-1, so the product fits in 64 bits.
  const uint64_t data_bits = static_cast<uint64_t>(num_rows) * row_bits;
  if (!bits.Fits(pos, data_bits)) {
    return bits.PastEnd(pos, data_bits,
                        absl::StrCat(where(), ": ", num_rows, " rows of ", row_bits, " bits"));
  }

  if (shape.bitmap) {
    // Notes 3.5: a bitmap row is max_num_bits raw bits, LSB first, no bias; rows follow each
    // other without padding, so the table's data is one run of data_bits bits.
    out->bitmap_bits.resize(data_bits);
    for (uint64_t k = 0; k < data_bits; ++k) out->bitmap_bits[k] = bits.Bit(pos + k) ? 1 : 0;
    return pos + data_bits;
  }
  // Notes 3.1: rows are row-major, columns in order, each value LSB first, stored biased.
  out->values.reserve(static_cast<size_t>(num_rows) * num_columns);
  for (uint32_t r = 0; r < num_rows; ++r) {
    for (int c = 0; c < num_columns; ++c) {
      const uint32_t width = out->column_bits[c];
      // All rows were checked to fit above; width <= 32 was checked too.
      const uint32_t stored = bits.Value(pos, width);
      // Notes 3.2: Get() adds kValueBias, so a 0-bit column reads as kNoValue.
      out->values.push_back(RemoveBias(stored));
      pos += width;
    }
  }
  return pos;
}

// Which part of which stack map is being resolved; named in error messages only (building the
// names eagerly made decoding many times slower).
struct Level {
  uint32_t stack_map = 0;
  bool outer = true;        // the outer method, else an inline level
  uint64_t depth = 0;       // inline depth
  uint64_t inline_row = 0;  // InlineInfo row of that depth
};

std::string LevelName(const Level& level) {
  if (level.outer) return absl::StrCat("StackMap row ", level.stack_map, " outer method");
  return absl::StrCat("StackMap row ", level.stack_map, " inline depth ", level.depth,
                      " (InlineInfo row ", level.inline_row, ")");
}

// Resolves the per-stack-map view (notes 5.3, 5.4) from decoded tables.
class Resolver {
 public:
  Resolver(ReferenceCodeInfo* info, uint32_t pc_alignment)
      : info_(info), pc_alignment_(pc_alignment) {}

  absl::Status Run() {
    Prepare();
    const ReferenceTable& stack_maps = info_->tables[kStackMapTable];
    for (uint32_t r = 0; r < stack_maps.num_rows; ++r) {
      if (!Spend(1)) return TooLarge(absl::StrCat("StackMap row ", r));
      absl::StatusOr<ReferenceStackMap> map = ResolveStackMap(r);
      if (!map.ok()) return map.status();
      info_->stack_maps.push_back(*std::move(map));
    }
    return absl::OkStatus();
  }

 private:
  const ReferenceTable& table(int t) const { return info_->tables[t]; }

  // Precomputes two small per-row summaries so that hostile inputs cannot make resolution
  // quadratic in the input size: the set bits of each StackMask row (stack_mask_set_bits_, row r
  // from stack_mask_starts_[r] to stack_mask_starts_[r + 1]), and for each DexRegisterMask row the
  // number of set bits before every multiple of 64 (mask_prefix_counts_, mask_counts_per_row_
  // entries per row).
  void Prepare() {
    const ReferenceTable& stack_masks = table(kStackMaskTable);
    stack_mask_starts_.reserve(size_t{stack_masks.num_rows} + 1);
    stack_mask_starts_.push_back(0);
    for (uint32_t r = 0; r < stack_masks.num_rows; ++r) {
      const absl::Span<const uint8_t> row = stack_masks.BitmapRow(r);
      for (size_t k = 0; k < row.size(); ++k) {
        if (row[k] != 0) stack_mask_set_bits_.push_back(static_cast<uint32_t>(k));
      }
      stack_mask_starts_.push_back(stack_mask_set_bits_.size());
    }
    const ReferenceTable& masks = table(kDexRegisterMaskTable);
    mask_counts_per_row_ = masks.column_bits[0] / 64 + 1;
    mask_prefix_counts_.reserve(size_t{masks.num_rows} * mask_counts_per_row_);
    for (uint32_t r = 0; r < masks.num_rows; ++r) {
      const absl::Span<const uint8_t> row = masks.BitmapRow(r);
      uint64_t count = 0;
      mask_prefix_counts_.push_back(count);
      for (size_t k = 0; k < row.size(); ++k) {
        if (row[k] != 0) ++count;
        if ((k + 1) % 64 == 0) mask_prefix_counts_.push_back(count);
      }
    }
  }

  // Number of set bits of DexRegisterMask row `mask_row` in [0, end); end <= the row width.
  uint64_t PopCountBelow(uint32_t mask_row, uint64_t end) const {
    const absl::Span<const uint8_t> row = table(kDexRegisterMaskTable).BitmapRow(mask_row);
    uint64_t count = mask_prefix_counts_[size_t{mask_row} * mask_counts_per_row_ + end / 64];
    for (uint64_t k = (end / 64) * 64; k < end; ++k) {
      if (row[k] != 0) ++count;
    }
    return count;
  }

  // Counts `items` against kMaxResolvedItems; false when the budget is exceeded.
  bool Spend(uint64_t items) {
    if (items > kMaxResolvedItems || kMaxResolvedItems - items < spent_) return false;
    spent_ += items;
    return true;
  }

  absl::Status TooLarge(absl::string_view what) const {
    return absl::ResourceExhaustedError(
        absl::StrCat("resolved view too large at ", what, ": more than ", kMaxResolvedItems,
                     " items (stack maps, inline frames, registers, stack-mask bits)"));
  }

  absl::StatusOr<ReferenceStackMap> ResolveStackMap(uint32_t r) {
    const absl::Span<const uint32_t> sm = table(kStackMapTable).Row(r);
    const auto where = [r] { return absl::StrCat("StackMap row ", r); };
    ReferenceStackMap out;
    out.row = r;
    // Notes 4.2: Kind -1 Default, 0 Catch, 1 OSR, 2 Debug, kept as a signed value.
    out.kind = static_cast<int32_t>(sm[kSmKind]);
    // Notes 4.2: native pc = PackedNativePc * instruction alignment (uint32 arithmetic, as ART's
    // GetNativePcOffset).
    out.native_pc = sm[kSmPackedNativePc] * pc_alignment_;
    out.dex_pc = sm[kSmDexPc];

    // Notes 4.4 / 5.4 helpers: RegisterMask = Value << Shift; kNoValue index gives 0.
    const uint32_t register_mask_index = sm[kSmRegisterMaskIndex];
    if (register_mask_index != kNoValue) {
      if (register_mask_index >= table(kRegisterMaskTable).num_rows) {
        return absl::InvalidArgumentError(absl::StrCat(
            where(), ": RegisterMaskIndex ", register_mask_index,
            " out of range (RegisterMask has ", table(kRegisterMaskTable).num_rows, " rows)"));
      }
      const absl::Span<const uint32_t> mask = table(kRegisterMaskTable).Row(register_mask_index);
      if (mask[1] >= 32) {
        return absl::InvalidArgumentError(absl::StrCat("RegisterMask row ", register_mask_index,
                                                       ": Shift ", mask[1],
                                                       " is 32 or more (used by ", where(), ")"));
      }
      out.register_mask = mask[0] << mask[1];
    }

    // Notes 4.4 / 5.4 helpers: the StackMask row's set bits; kNoValue index gives no bits.
    const uint32_t stack_mask_index = sm[kSmStackMaskIndex];
    if (stack_mask_index != kNoValue) {
      if (stack_mask_index >= table(kStackMaskTable).num_rows) {
        return absl::InvalidArgumentError(absl::StrCat(
            where(), ": StackMaskIndex ", stack_mask_index, " out of range (StackMask has ",
            table(kStackMaskTable).num_rows, " rows)"));
      }
      const auto set_begin = stack_mask_set_bits_.begin() + stack_mask_starts_[stack_mask_index];
      const auto set_end = stack_mask_set_bits_.begin() + stack_mask_starts_[stack_mask_index + 1];
      if (!Spend(set_end - set_begin)) return TooLarge(absl::StrCat(where(), " stack mask"));
      out.stack_mask.assign(set_begin, set_end);
    }

    // Notes 4.2 / 5.3: HasDexRegisterMap() is DexRegisterMapIndex != kNoValue; without it every
    // map of this stack map (outer and inline) is empty.
    out.has_dex_register_map = sm[kSmDexRegisterMapIndex] != kNoValue;
    const uint32_t outer_count = info_->header.number_of_dex_registers;
    if (out.has_dex_register_map) {
      // Notes 5.3: the outer map is registers [0, number_of_dex_registers).
      absl::StatusOr<std::vector<ReferenceDexRegister>> map =
          ResolveRegisters(r, 0, outer_count, Level{r, true, 0, 0});
      if (!map.ok()) return map.status();
      out.dex_register_map = *std::move(map);
    }

    // Notes 5.3 GetInlineInfosOf: start at InlineInfoIndex; keep going while the row just passed
    // has IsLast == kMore; the kLast row is included.
    const uint32_t inline_index = sm[kSmInlineInfoIndex];
    if (inline_index == kNoValue) return out;
    const ReferenceTable& inline_infos = table(kInlineInfoTable);
    for (uint64_t ii = inline_index, depth = 0;; ++ii, ++depth) {
      const Level level{r, false, depth, ii};
      if (ii >= inline_infos.num_rows) {
        return absl::InvalidArgumentError(
            absl::StrCat(where(), " inline depth ", depth, ": InlineInfo row ", ii,
                         " out of range (InlineInfo has ", inline_infos.num_rows,
                         " rows; the chain from row ", inline_index, " has no kLast row)"));
      }
      if (!Spend(1)) return TooLarge(LevelName(level));
      const absl::Span<const uint32_t> row = inline_infos.Row(static_cast<uint32_t>(ii));
      ReferenceInlineFrame frame;
      frame.row = static_cast<uint32_t>(ii);
      frame.dex_pc = row[kIiDexPc];
      // Notes 4.3: EncodesArtMethod() is ArtMethodLo != kNoValue; the pointer is Hi << 32 | Lo.
      if (row[kIiArtMethodLo] != kNoValue) {
        frame.art_method = (static_cast<uint64_t>(row[kIiArtMethodHi]) << 32) | row[kIiArtMethodLo];
      } else {
        // Notes 4.3 / 4.4: otherwise MethodInfoIndex names a MethodInfo row.
        const uint32_t method_index = row[kIiMethodInfoIndex];
        if (method_index >= table(kMethodInfoTable).num_rows) {
          return absl::InvalidArgumentError(
              absl::StrCat(LevelName(level), ": no ArtMethod and MethodInfoIndex ",
                           static_cast<int32_t>(method_index), " out of range (MethodInfo has ",
                           table(kMethodInfoTable).num_rows, " rows)"));
        }
        const absl::Span<const uint32_t> mi = table(kMethodInfoTable).Row(method_index);
        // Notes 4.4: the dex file kind and index read as signed (-1 = kKindNonBCP / kSameDexFile);
        // Android 11 has neither column, which reads as -1 too.
        const auto column = [&mi](size_t c) {
          return static_cast<int32_t>(c < mi.size() ? mi[c] : kNoValue);
        };
        frame.method_info = ReferenceMethodInfo{mi[0], column(1), column(2)};
      }
      // Notes 4.3: NumberOfDexRegisters is cumulative (outer method plus levels up to this one).
      frame.number_of_dex_registers = row[kIiNumberOfDexRegisters];
      if (out.has_dex_register_map) {
        // Notes 5.3 GetInlineDexRegisterMapOf: registers [first, last) of the concatenation,
        // first = header count at depth 0, else the previous row's NumberOfDexRegisters.
        const uint32_t first =
            depth == 0 ? outer_count
                       : inline_infos.Row(static_cast<uint32_t>(ii - 1))[kIiNumberOfDexRegisters];
        const uint32_t last = frame.number_of_dex_registers;
        if (last < first) {
          return absl::InvalidArgumentError(
              absl::StrCat(LevelName(level), ": NumberOfDexRegisters ", last,
                           " is below the enclosing level's ", first));
        }
        absl::StatusOr<std::vector<ReferenceDexRegister>> map =
            ResolveRegisters(r, first, last - first, level);
        if (!map.ok()) return map.status();
        frame.dex_register_map = *std::move(map);
      }
      out.inline_frames.push_back(std::move(frame));
      const uint32_t is_last = row[kIiIsLast];
      if (is_last == kInlineLast) break;
      if (is_last != kInlineMore) {
        // Notes 4.3 defines only kLast (-1) and kMore (0); anything else is malformed.
        return absl::InvalidArgumentError(absl::StrCat(LevelName(level), ": IsLast is ",
                                                       static_cast<int32_t>(is_last),
                                                       ", neither kLast (-1) nor kMore (0)"));
      }
    }
    return out;
  }

  // Notes 4.4 / 4.5: the location for DexRegisterMapInfo row `map_index`, reached from stack map
  // `s` for register `reg` (absolute index in the concatenation).
  absl::StatusOr<ReferenceDexRegister> CatalogueEntry(uint32_t s, uint64_t map_index, uint64_t reg,
                                                      const Level& level) {
    const ReferenceTable& maps = table(kDexRegisterMapInfoTable);
    if (map_index >= maps.num_rows) {
      const uint32_t base = table(kStackMapTable).Row(s)[kSmDexRegisterMapIndex];
      return absl::InvalidArgumentError(absl::StrCat(
          LevelName(level), ": register ", reg, " comes from StackMap row ", s,
          base == kNoValue ? ", which has a DexRegisterMaskIndex but no DexRegisterMapIndex"
                           : absl::StrCat(", DexRegisterMapInfo row ", map_index, " out of range (",
                                          maps.num_rows, " rows)")));
    }
    const uint32_t catalogue_index = maps.Row(static_cast<uint32_t>(map_index))[0];
    // Notes 4.5: kNone locations are never catalogued; CatalogueIndex kNoValue decodes to None.
    if (catalogue_index == kNoValue) return ReferenceDexRegister{DexRegisterKind::kNone, 0};
    const ReferenceTable& catalogue = table(kDexRegisterInfoTable);
    if (catalogue_index >= catalogue.num_rows) {
      return absl::InvalidArgumentError(
          absl::StrCat(LevelName(level), ": register ", reg, ": DexRegisterMapInfo row ", map_index,
                       " CatalogueIndex ", catalogue_index, " out of range (DexRegisterInfo has ",
                       catalogue.num_rows, " rows)"));
    }
    const absl::Span<const uint32_t> entry = catalogue.Row(catalogue_index);
    // Notes 4.5: the Kind column holds kInStack (0) .. kInFpuRegisterHigh (5); kNone and kInvalid
    // are never stored, so anything else is malformed.
    const int32_t kind = static_cast<int32_t>(entry[0]);
    if (kind < 0 || kind > 5) {
      return absl::InvalidArgumentError(
          absl::StrCat(LevelName(level), ": register ", reg, ": DexRegisterInfo row ",
                       catalogue_index, " has Kind ", kind, ", not a location kind (0..5)"));
    }
    ReferenceDexRegister location;
    location.kind = static_cast<DexRegisterKind>(kind);
    // Notes 4.4: kInStack values are stored in 4-byte slots; every other kind stores the raw
    // uint32 (constants read as signed). uint32 arithmetic, like ART.
    const uint32_t packed = entry[1];
    const uint32_t raw = location.kind == DexRegisterKind::kInStack ? packed * 4u : packed;
    location.value = static_cast<int32_t>(raw);
    return location;
  }

  // Notes 5.4 DecodeDexRegisterMap: the `count` registers starting at `first` (of the
  // concatenation outer, depth 0, depth 1, ...) for StackMap row `sm_index`.
  absl::StatusOr<std::vector<ReferenceDexRegister>> ResolveRegisters(uint32_t sm_index,
                                                                     uint32_t first, uint32_t count,
                                                                     const Level& level) {
    if (count > kMaxRegistersPerLevel) {
      return absl::InvalidArgumentError(absl::StrCat(LevelName(level), ": ", count,
                                                     " dex registers in one level is absurd "
                                                     "(more than ",
                                                     kMaxRegistersPerLevel, ")"));
    }
    if (!Spend(count)) return TooLarge(LevelName(level));
    // Notes 5.3: the map starts with every entry Invalid.
    std::vector<ReferenceDexRegister> map(count,
                                          ReferenceDexRegister{DexRegisterKind::kInvalid, 0});
    uint64_t remaining = count;
    const ReferenceTable& stack_maps = table(kStackMapTable);
    const ReferenceTable& masks = table(kDexRegisterMaskTable);
    // Notes 5.4 / 4.1: from this stack map going back, at most 32 maps back, while some registers
    // are still unresolved.
    for (uint64_t distance = 0;
         distance <= kMaxDexRegisterMapSearchDistance && distance <= sm_index && remaining != 0;
         ++distance) {
      const uint32_t s = sm_index - static_cast<uint32_t>(distance);
      const absl::Span<const uint32_t> row = stack_maps.Row(s);
      // Step 1: no DexRegisterMaskIndex means nothing changed at this map.
      const uint32_t mask_index = row[kSmDexRegisterMaskIndex];
      if (mask_index == kNoValue) continue;
      if (mask_index >= masks.num_rows) {
        return absl::InvalidArgumentError(absl::StrCat(
            LevelName(level), ": StackMap row ", s, " DexRegisterMaskIndex ", mask_index,
            " out of range (DexRegisterMask has ", masks.num_rows, " rows)"));
      }
      // Step 2: the mask is the row's bits, as wide as the table; too short to reach `first`
      // means nothing of interest changed.
      const absl::Span<const uint8_t> mask = masks.BitmapRow(mask_index);
      const uint64_t mask_bits = mask.size();
      if (mask_bits <= first) continue;
      // Step 3: the first catalogue entry of interest is DexRegisterMapIndex plus the number of
      // set mask bits below `first` (64-bit, so kNoValue + n never wraps to a valid row).
      uint64_t map_index =
          static_cast<uint64_t>(row[kSmDexRegisterMapIndex]) + PopCountBelow(mask_index, first);
      // Step 4: each set bit r < min(count, mask bits - first), ascending, supplies register r if
      // it is still unresolved; every set bit advances the map index either way.
      const uint64_t end = std::min<uint64_t>(count, mask_bits - first);
      for (uint64_t r = 0; r < end; ++r) {
        if (mask[first + r] == 0) continue;
        if (map[r].kind == DexRegisterKind::kInvalid) {
          absl::StatusOr<ReferenceDexRegister> location =
              CatalogueEntry(s, map_index, first + r, level);
          if (!location.ok()) return location.status();
          map[r] = *location;
          --remaining;
        }
        ++map_index;
      }
    }
    // Notes 5.4: registers never found are None.
    for (ReferenceDexRegister& reg : map) {
      if (reg.kind == DexRegisterKind::kInvalid)
        reg = ReferenceDexRegister{DexRegisterKind::kNone, 0};
    }
    return map;
  }

  ReferenceCodeInfo* info_;
  uint32_t pc_alignment_;
  uint64_t spent_ = 0;
  std::vector<uint32_t> stack_mask_set_bits_;
  std::vector<size_t> stack_mask_starts_;
  std::vector<uint64_t> mask_prefix_counts_;
  size_t mask_counts_per_row_ = 0;
};

std::string Hex(uint64_t v) { return absl::StrCat("0x", absl::Hex(v)); }

std::string DescribeLocation(const ReferenceDexRegister& reg) {
  return absl::StrCat(ReferenceKindName(reg.kind), "(", reg.value, ")");
}

void DescribeMap(const std::vector<ReferenceDexRegister>& map, std::string* out) {
  if (map.empty()) {
    absl::StrAppend(out, " (none)");
    return;
  }
  for (size_t i = 0; i < map.size(); ++i) {
    absl::StrAppend(out, " v", i, "=", DescribeLocation(map[i]));
  }
}

}  // namespace

absl::string_view ReferenceTableName(int table) {
  if (table < 0 || table >= kNumTables) return "?";
  return kShapes[table].name;
}

absl::string_view ReferenceKindName(DexRegisterKind kind) {
  switch (kind) {
    case DexRegisterKind::kInvalid:
      return "Invalid";
    case DexRegisterKind::kNone:
      return "None";
    case DexRegisterKind::kInStack:
      return "InStack";
    case DexRegisterKind::kConstant:
      return "Constant";
    case DexRegisterKind::kInRegister:
      return "InRegister";
    case DexRegisterKind::kInRegisterHigh:
      return "InRegisterHigh";
    case DexRegisterKind::kInFpuRegister:
      return "InFpuRegister";
    case DexRegisterKind::kInFpuRegisterHigh:
      return "InFpuRegisterHigh";
  }
  return "?";
}

std::string ReferenceStackMapKindName(int32_t kind) {
  // Notes 4.2: Default = -1, Catch = 0, OSR = 1, Debug = 2.
  switch (kind) {
    case -1:
      return "Default";
    case 0:
      return "Catch";
    case 1:
      return "OSR";
    case 2:
      return "Debug";
  }
  return absl::StrCat(kind);
}

absl::string_view ReferenceIsaName(InstructionSet isa) {
  switch (isa) {
    case InstructionSet::kArm:
      return "arm";
    case InstructionSet::kArm64:
      return "arm64";
    case InstructionSet::kRiscv64:
      return "riscv64";
    case InstructionSet::kX86:
      return "x86";
    case InstructionSet::kX86_64:
      return "x86_64";
  }
  return "?";
}

absl::StatusOr<ReferenceCodeInfo> DecodeReference(absl::Span<const uint8_t> buffer, size_t offset,
                                                  InstructionSet isa, ReferenceDetail detail,
                                                  ArtFormat format) {
  const bool android11 = format == ArtFormat::kAndroid11;
  // Android 11's MethodInfo is MethodIndex alone.
  const auto columns_of = [android11](int t) {
    return android11 && t == kMethodInfoTable ? 1 : kShapes[t].num_columns;
  };
  absl::StatusOr<uint32_t> alignment = PcAlignment(isa);
  if (!alignment.ok()) return alignment.status();
  // Keep every bit position comfortably inside 64 bits.
  if (buffer.size() > (uint64_t{1} << 56)) {
    return absl::InvalidArgumentError(absl::StrCat("buffer of ", buffer.size(), " bytes"));
  }
  if (offset > buffer.size()) {
    return absl::OutOfRangeError(absl::StrCat(
        "CodeInfo offset ", offset, " is past the end of the ", buffer.size(), "-byte buffer"));
  }
  const BitSource bits(buffer);
  ReferenceCodeInfo info;
  info.isa = isa;
  const uint64_t base = static_cast<uint64_t>(offset) * 8;  // CodeInfos start on a byte (notes 5.1)
  uint64_t pos = base;

  // Notes 5.1: the header is 7 interleaved varints; Android 11 has no code_size among them.
  absl::StatusOr<Varints> header =
      ReadInterleavedVarints(bits, &pos, android11 ? kNumHeaderFields - 1 : kNumHeaderFields,
                             [] { return std::string("CodeInfo header"); });
  if (!header.ok()) return header.status();
  const int skip = android11 ? 1 : 0;  // the fields after flags move up by one
  info.header.flags = (*header)[0];
  info.header.code_size = android11 ? 0 : (*header)[1];
  info.header.packed_frame_size = (*header)[2 - skip];
  info.header.core_spill_mask = (*header)[3 - skip];
  info.header.fp_spill_mask = (*header)[4 - skip];
  info.header.number_of_dex_registers = (*header)[5 - skip];
  info.header.bit_table_flags = (*header)[6 - skip];

  for (int t = 0; t < kNumTables; ++t) {
    ReferenceTable& out = info.tables[t];
    ReferenceTableLocation& location = info.locations[t];
    out.column_bits.assign(columns_of(t), 0);
    // Notes 5.1: bit i of bit_table_flags = table i present; otherwise it is empty.
    if (((info.header.bit_table_flags >> t) & 1) == 0) continue;
    location.present = true;
    out.column_bits.clear();
    if (((info.header.bit_table_flags >> (8 + t)) & 1) != 0) {
      // Notes 5.1 / 8: deduplicated: one varint d; the table is at (position where the varint
      // starts) - d, relative to the same base, possibly before this CodeInfo.
      location.deduplicated = true;
      location.reference_bit = pos;
      const auto what = [t, &location] {
        return absl::StrCat(kShapes[t].name, " back-reference at bit ", location.reference_bit);
      };
      absl::StatusOr<Varints> d = ReadInterleavedVarints(bits, &pos, 1, what);
      if (!d.ok()) return d.status();
      const uint32_t back = (*d)[0];
      location.back_offset = back;
      if (back == 0) {
        return absl::InvalidArgumentError(
            absl::StrCat(what(), ": offset 0 points at the varint itself"));
      }
      if (back > location.reference_bit) {
        return absl::OutOfRangeError(absl::StrCat(
            what(), ": offset ", back, " points before the buffer start (bit ",
            static_cast<int64_t>(location.reference_bit) - static_cast<int64_t>(back), ")"));
      }
      location.start_bit = location.reference_bit - back;
      absl::StatusOr<uint64_t> end = DecodeTable(bits, t, columns_of(t), location.start_bit, &out);
      if (!end.ok()) return end.status();
      location.bit_size = *end - location.start_bit;
    } else {
      // Notes 5.1: encoded inline, right after the previous table.
      location.start_bit = pos;
      absl::StatusOr<uint64_t> end = DecodeTable(bits, t, columns_of(t), pos, &out);
      if (!end.ok()) return end.status();
      location.bit_size = *end - pos;
      pos = *end;
    }
  }
  info.bit_size = pos - base;
  if (detail == ReferenceDetail::kTables) return info;

  Resolver resolver(&info, *alignment);
  absl::Status resolved = resolver.Run();
  if (!resolved.ok()) return resolved;
  return info;
}

bool SameContent(const ReferenceCodeInfo& a, const ReferenceCodeInfo& b, bool compare_dedup_flags) {
  ReferenceHeader ha = a.header;
  ReferenceHeader hb = b.header;
  if (!compare_dedup_flags) {
    // Notes 5.1: the low byte says which tables are present; bits 8..15 only say where.
    ha.bit_table_flags &= 0xFF;
    hb.bit_table_flags &= 0xFF;
  }
  return a.isa == b.isa && ha == hb && a.tables == b.tables && a.stack_maps == b.stack_maps;
}

std::string Describe(const ReferenceCodeInfo& info) {
  std::string out;
  const ReferenceHeader& h = info.header;
  absl::StrAppend(&out, "CodeInfo (reference decoder), isa ", ReferenceIsaName(info.isa), ", ",
                  info.bit_size, " bits\n");
  absl::StrAppend(&out, "  header: flags=", Hex(h.flags), " code_size=", h.code_size,
                  " packed_frame_size=", h.packed_frame_size,
                  " core_spill_mask=", Hex(h.core_spill_mask),
                  " fp_spill_mask=", Hex(h.fp_spill_mask),
                  " number_of_dex_registers=", h.number_of_dex_registers,
                  " bit_table_flags=", Hex(h.bit_table_flags), "\n");
  for (int t = 0; t < kNumTables; ++t) {
    const ReferenceTable& table = info.tables[t];
    const ReferenceTableLocation& location = info.locations[t];
    absl::StrAppend(&out, "  table ", t, " ", kShapes[t].name, ":");
    if (!location.present) {
      absl::StrAppend(&out, " absent\n");
      continue;
    }
    if (location.deduplicated) {
      absl::StrAppend(&out, " deduplicated (varint at bit ", location.reference_bit, ", back ",
                      location.back_offset, ")");
    }
    absl::StrAppend(&out, " at bit ", location.start_bit, ", ", location.bit_size, " bits, ",
                    table.num_rows, " rows, column bits [");
    for (size_t c = 0; c < table.column_bits.size(); ++c) {
      absl::StrAppend(&out, c == 0 ? "" : ",", table.column_bits[c]);
    }
    absl::StrAppend(&out, "]\n");
    for (uint32_t r = 0; r < table.num_rows; ++r) {
      absl::StrAppend(&out, "    row ", r, ":");
      if (kShapes[t].bitmap) {
        // Bits LSB first (register 0 on the left).
        absl::StrAppend(&out, " ");
        for (uint8_t bit : table.BitmapRow(r)) absl::StrAppend(&out, bit != 0 ? "1" : "0");
        absl::StrAppend(&out, " (LSB first)\n");
        continue;
      }
      const absl::Span<const uint32_t> row = table.Row(r);
      for (size_t c = 0; c < row.size(); ++c) {
        absl::StrAppend(&out, " ", kShapes[t].columns[c], "=", static_cast<int32_t>(row[c]));
      }
      absl::StrAppend(&out, "\n");
    }
  }
  for (const ReferenceStackMap& sm : info.stack_maps) {
    absl::StrAppend(&out, "  stack map ", sm.row, ": kind=", ReferenceStackMapKindName(sm.kind),
                    " native_pc=", Hex(sm.native_pc), " dex_pc=", Hex(sm.dex_pc),
                    " register_mask=", Hex(sm.register_mask), " stack_mask={");
    for (size_t i = 0; i < sm.stack_mask.size(); ++i) {
      absl::StrAppend(&out, i == 0 ? "" : ",", sm.stack_mask[i]);
    }
    absl::StrAppend(&out, "}\n    registers",
                    sm.has_dex_register_map ? "" : " (no dex register map)", ":");
    DescribeMap(sm.dex_register_map, &out);
    absl::StrAppend(&out, "\n");
    for (size_t d = 0; d < sm.inline_frames.size(); ++d) {
      const ReferenceInlineFrame& f = sm.inline_frames[d];
      absl::StrAppend(&out, "    inline depth ", d, " (InlineInfo row ", f.row,
                      "): dex_pc=", Hex(f.dex_pc));
      if (f.art_method.has_value()) {
        absl::StrAppend(&out, " art_method=", Hex(*f.art_method));
      }
      if (f.method_info.has_value()) {
        absl::StrAppend(&out, " method_index=", f.method_info->method_index,
                        " dex_file_index_kind=", f.method_info->dex_file_index_kind,
                        " dex_file_index=", f.method_info->dex_file_index);
      }
      absl::StrAppend(&out, " number_of_dex_registers=", f.number_of_dex_registers,
                      "\n      registers:");
      DescribeMap(f.dex_register_map, &out);
      absl::StrAppend(&out, "\n");
    }
  }
  return out;
}

}  // namespace frameproof::reference
