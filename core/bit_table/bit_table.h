#ifndef FRAMEPROOF_CORE_BIT_TABLE_BIT_TABLE_H_
#define FRAMEPROOF_CORE_BIT_TABLE_BIT_TABLE_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>

#include "absl/base/attributes.h"
#include "absl/container/inlined_vector.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "core/base/check.h"
#include "core/bits/bit_memory_reader.h"
#include "core/bits/bit_memory_region.h"
#include "core/bits/checked_bit_reader.h"

namespace frameproof {

// "No value" in a table cell. Values are stored biased by +1 (mod 2^32), so kNoValue is stored as
// 0 and a column holding only kNoValue takes 0 bits.
inline constexpr uint32_t kNoValue = 0xFFFFFFFF;
inline constexpr uint32_t kValueBias = kNoValue;
// Widest column of a value table; bitmap tables (one column of masks) have no such limit.
inline constexpr uint32_t kMaxValueColumnBits = 32;

// Where a table header puts the row count among its 1 + columns interleaved varints.
enum class BitTableHeaderOrder : uint8_t {
  kRowsFirst,  // ART: [rows, width of each column]
  kRowsLast,   // Ark: [width of each column, rows]
};

// How a bitmap table builder sizes a row.
enum class BitmapRowLength : uint8_t {
  kTrailingZerosStripped,  // ART: up to the highest set bit
  kAsGiven,                // Ark: the length of the vector it was given, zeros and all
};

// How the dialect's own tools spell a column's name, and so our dumps and errors: from the token
// that declares the column (FP_BIT_TABLE_COLUMN).
enum class ColumnSpelling : uint8_t {
  kAsDeclared,      // ART: DexRegisterMapIndex
  kUpperSnakeCase,  // Ark: VRegMapIndex is VREG_MAP_INDEX
};

// How one dialect lays out its bit tables: the one place ART's and Ark's tables differ. A
// structural value, so each dialect's table accessors carry theirs as a template argument.
struct BitTableLayout {
  BitTableHeaderOrder header_order = BitTableHeaderOrder::kRowsFirst;
  BitmapRowLength bitmap_row_length = BitmapRowLength::kTrailingZerosStripped;
  // Beside the other one-byte fields, so the layout stays one 8-byte word (decodes pass it by
  // value).
  ColumnSpelling column_spelling = ColumnSpelling::kAsDeclared;
  // The most rows a table may claim; Ark's decoder counts them in 16 bits.
  uint32_t max_rows = 0xFFFFFFFF;
};
static_assert(sizeof(BitTableLayout) == 8);

// What a checked decode needs to know about a table to validate it and to name it in errors.
struct BitTableSchema {
  absl::string_view name;
  absl::Span<const absl::string_view> column_names;
  // kMaxValueColumnBits for value tables; bitmap tables pass what their format can address.
  uint32_t max_column_bits = kMaxValueColumnBits;
  BitTableLayout layout;
};

// A decoded, tightly packed table of uint32 values: a header of 1 + kNumColumns interleaved
// varints (the row count and each column's width, in the layout's order), then rows * row-width
// bits, row-major, with no padding. A decoded table is a view; it allocates nothing and points
// into the bytes it was decoded from.
//
// An older release of a format may encode only the first kEncodedColumns of a table's columns
// (ART's Android 11 MethodInfo has one of today's three): the decodes take that count, and the
// columns it leaves out read as 0 bits wide, that is kNoValue.
template <size_t kNumColumns>
class BitTableBase {
 public:
  static constexpr size_t kColumnCount = kNumColumns;

  // The fast path, for bits already validated (or written by us). Always inline: out of line, the
  // eight calls of a trusted CodeInfo decode cost it 13-26% (clang -O2).
  template <size_t kEncodedColumns = kNumColumns>
  ABSL_ATTRIBUTE_ALWAYS_INLINE void Decode(BitMemoryReader& reader, const BitTableLayout& layout) {
    const std::array<uint32_t, 1 + kEncodedColumns> header =
        reader.ReadInterleavedVarints<1 + kEncodedColumns>();
    SetShape<kEncodedColumns>(header, layout.header_order);
    table_data_ = reader.ReadRegion(DataBitSize());
  }

  // The checked path: validates the header against `schema` and the buffer, so that every later
  // Get() is in bounds. Tables whose rows are 0 bits wide may claim at most as many rows as the
  // buffer has bits, which bounds the time of any walk over them by the input size, and no table
  // more than its layout's max_rows.
  template <size_t kEncodedColumns = kNumColumns>
  absl::Status DecodeChecked(CheckedBitReader& reader, const BitTableSchema& schema) {
    CheckedBitReader screened = reader;
    if (TryDecodeChecked<kEncodedColumns>(screened, schema)) [[likely]] {
      reader = screened;
      return absl::OkStatus();
    }
    return DecodeCheckedError<kEncodedColumns>(reader, schema);
  }
  // DecodeChecked without the error, for screening passes that explain a failure afterwards by
  // calling DecodeChecked at the same position: true, and decoded, exactly where DecodeChecked
  // succeeds; false where it fails, leaving the table and the cursor unspecified.
  template <size_t kEncodedColumns = kNumColumns>
  ABSL_ATTRIBUTE_ALWAYS_INLINE bool TryDecodeChecked(CheckedBitReader& reader,
                                                     const BitTableSchema& schema) {
    std::array<uint32_t, 1 + kEncodedColumns> header;
    if (!reader.TryReadInterleavedVarints(absl::MakeSpan(header))) return false;
    if (FirstShapeProblem<kEncodedColumns>(header, schema, reader) != ShapeProblem::kNone) {
      return false;
    }
    SetShape<kEncodedColumns>(header, schema.layout.header_order);
    return reader.TryReadRegion(DataBitSize(), table_data_);
  }

  // Value at (row, column), with the bias removed; a 0-bit column reads kNoValue. Value columns
  // are at most kMaxValueColumnBits wide (DecodeChecked rejects wider ones).
  uint32_t Get(uint32_t row, uint32_t column = 0) const {
    static_assert(kMaxValueColumnBits <= 32, "a cell is read as LoadBitsUpTo32");
    FP_DCHECK_LT(row, num_rows_);
    FP_DCHECK_LT(column, kNumColumns);
    return table_data_.LoadBitsUpTo32(CellBitOffset(row, column), NumColumnBits(column)) +
           kValueBias;
  }
  // The raw bits of a cell; bitmap tables are read this way, without bias.
  BitMemoryRegion GetBitMemoryRegion(uint32_t row, uint32_t column = 0) const {
    FP_DCHECK_LT(row, num_rows_);
    FP_DCHECK_LT(column, kNumColumns);
    return table_data_.Subregion(CellBitOffset(row, column), NumColumnBits(column));
  }

  uint32_t NumRows() const { return num_rows_; }
  uint32_t NumRowBits() const { return column_offset_[kNumColumns]; }
  uint32_t NumColumnBits(uint32_t column) const {
    return column_offset_[column + 1] - column_offset_[column];
  }
  size_t DataBitSize() const { return static_cast<size_t>(num_rows_) * NumRowBits(); }
  // The width of every column, in order (all 0 for a table that was never decoded).
  absl::InlinedVector<uint32_t, 8> ColumnBits() const {
    absl::InlinedVector<uint32_t, 8> bits;
    for (uint32_t c = 0; c < kNumColumns; ++c) bits.push_back(NumColumnBits(c));
    return bits;
  }
  // The data bits (header excluded), for locating cells in error messages.
  const BitMemoryRegion& data_region() const { return table_data_; }
  // Bit offset of cell (row, column) from the start of the table's data.
  size_t CellBitOffset(uint32_t row, uint32_t column) const {
    return static_cast<size_t>(row) * NumRowBits() + column_offset_[column];
  }

  // Same rows, same column widths and same data bits.
  bool Equals(const BitTableBase& other) const {
    return num_rows_ == other.num_rows_ && column_offset_ == other.column_offset_ &&
           table_data_ == other.table_data_;
  }

 private:
  // The header's position of the row count, and of column `column`'s width, in a header of
  // kEncodedColumns widths.
  template <size_t kEncodedColumns = kNumColumns>
  static constexpr size_t RowsField(BitTableHeaderOrder order) {
    return order == BitTableHeaderOrder::kRowsFirst ? 0 : kEncodedColumns;
  }
  static constexpr size_t WidthField(BitTableHeaderOrder order, size_t column) {
    return order == BitTableHeaderOrder::kRowsFirst ? column + 1 : column;
  }

  // The first rule of DecodeChecked that a table header read at the cursor of `reader` breaks.
  enum class ShapeProblem : uint8_t { kNone, kColumnTooWide, kTooManyRows, kDataDoesNotFit };
  template <size_t kEncodedColumns>
  static ShapeProblem FirstShapeProblem(const std::array<uint32_t, 1 + kEncodedColumns>& header,
                                        const BitTableSchema& schema,
                                        const CheckedBitReader& reader) {
    const BitTableHeaderOrder order = schema.layout.header_order;
    uint64_t row_bits = 0;
    bool too_wide = false;
    for (size_t i = 0; i < kEncodedColumns; ++i) {
      const uint32_t width = header[WidthField(order, i)];
      too_wide |= width > schema.max_column_bits;
      row_bits += width;
    }
    if (too_wide) return ShapeProblem::kColumnTooWide;
    const uint64_t rows = header[RowsField<kEncodedColumns>(order)];
    if (rows > schema.layout.max_rows) return ShapeProblem::kTooManyRows;
    // rows * row_bits with an overflow check, rather than a 64-bit division for every table.
    uint64_t data_bits = 0;
    const bool fits = row_bits == 0 ? rows <= reader.buffer_bits()
                                    : !__builtin_mul_overflow(rows, row_bits, &data_bits) &&
                                          data_bits <= reader.remaining_bits();
    return fits ? ShapeProblem::kNone : ShapeProblem::kDataDoesNotFit;
  }
  // Why DecodeChecked fails at the cursor, naming the header field, column or row count and the
  // table's bit offset. The cursor ends where the failing read or check left it.
  template <size_t kEncodedColumns>
  [[gnu::cold]] [[gnu::noinline]] absl::Status DecodeCheckedError(CheckedBitReader& reader,
                                                                  const BitTableSchema& schema);

  template <size_t kEncodedColumns>
  void SetShape(const std::array<uint32_t, 1 + kEncodedColumns>& header,
                BitTableHeaderOrder order) {
    static_assert(kEncodedColumns <= kNumColumns, "a format encodes at most every column");
    num_rows_ = header[RowsField<kEncodedColumns>(order)];
    column_offset_[0] = 0;
    for (size_t i = 0; i < kNumColumns; ++i) {
      const uint32_t width = i < kEncodedColumns ? header[WidthField(order, i)] : 0;
      column_offset_[i + 1] = column_offset_[i] + width;
    }
  }

  BitMemoryRegion table_data_;
  std::array<uint32_t, kNumColumns + 1> column_offset_{};
  uint32_t num_rows_ = 0;
};

template <size_t kNumColumns>
template <size_t kEncodedColumns>
absl::Status BitTableBase<kNumColumns>::DecodeCheckedError(CheckedBitReader& reader,
                                                           const BitTableSchema& schema) {
  const size_t start = reader.position();
  const BitTableHeaderOrder order = schema.layout.header_order;
  const auto field_name = [&schema, order](size_t field) -> std::string {
    if (field == RowsField<kEncodedColumns>(order)) {
      return absl::StrCat(schema.name, " table header (rows)");
    }
    for (size_t i = 0; i < kEncodedColumns; ++i) {
      if (field == WidthField(order, i)) {
        return absl::StrCat(schema.name, " table header (width of column ", schema.column_names[i],
                            ")");
      }
    }
    return absl::StrCat(schema.name, " table header");
  };
  std::array<uint32_t, 1 + kEncodedColumns> header;
  if (absl::Status status = reader.ReadInterleavedVarints(absl::MakeSpan(header), field_name);
      !status.ok()) {
    return status;
  }
  const uint64_t rows = header[RowsField<kEncodedColumns>(order)];
  uint64_t row_bits = 0;
  for (size_t i = 0; i < kEncodedColumns; ++i) row_bits += header[WidthField(order, i)];
  const uint64_t available = reader.remaining_bits();
  switch (FirstShapeProblem<kEncodedColumns>(header, schema, reader)) {
    case ShapeProblem::kNone:
      break;
    case ShapeProblem::kColumnTooWide:
      for (size_t i = 0; i < kEncodedColumns; ++i) {
        const uint32_t width = header[WidthField(order, i)];
        if (width > schema.max_column_bits) {
          return absl::InvalidArgumentError(absl::StrCat(
              schema.name, " table at bit offset ", start, ": column ", schema.column_names[i],
              " is ", width, " bits wide; ",
              schema.max_column_bits == kMaxValueColumnBits ? "a value column" : "a bitmap row",
              " holds at most ", schema.max_column_bits));
        }
      }
      break;
    case ShapeProblem::kTooManyRows:
      return absl::InvalidArgumentError(
          absl::StrCat(schema.name, " table at bit offset ", start, ": ", rows,
                       " rows; the format allows at most ", schema.layout.max_rows));
    case ShapeProblem::kDataDoesNotFit:
      return absl::OutOfRangeError(absl::StrCat(
          schema.name, " table at bit offset ", start, ": ", rows, " rows of ", row_bits,
          " bits do not fit in the ", available, " bits left in the buffer"));
  }
  // TryDecodeChecked refused a table that every rule accepts: a bug here, not in the input.
  return absl::InternalError(absl::StrCat(schema.name, " table at bit offset ", start,
                                          ": the screening decode and its explanation disagree"));
}

// A typed view of one row of a table laid out as `kTableLayout` says. Subclasses name their
// columns with FP_BIT_TABLE_COLUMN, so the declaration of each table reads as its documentation.
template <size_t kNumColumns, BitTableLayout kTableLayout>
class BitTableAccessor {
 public:
  static constexpr size_t kColumnCount = kNumColumns;
  static constexpr BitTableLayout kLayout = kTableLayout;
  static constexpr uint32_t kNoValue = frameproof::kNoValue;

  BitTableAccessor() = default;
  BitTableAccessor(const BitTableBase<kNumColumns>* table, uint32_t row)
      : table_(table), row_(row) {}

  uint32_t Row() const { return row_; }
  // False for the invalid row a failed lookup returns.
  bool IsValid() const { return table_ != nullptr && row_ < table_->NumRows(); }
  uint32_t Get(uint32_t column) const { return table_->Get(row_, column); }
  BitMemoryRegion GetBitMemoryRegion(uint32_t column = 0) const {
    return table_->GetBitMemoryRegion(row_, column);
  }

 protected:
  const BitTableBase<kNumColumns>* table_ = nullptr;
  uint32_t row_ = kNoValue;
};

// Declares column `index` as `Name`: the constant kName, the accessors GetName() / HasName(), and
// the token its name is spelled from (kColumnNamesOf). Every column of a table is declared, each
// index once, or the table's names do not compile.
#define FP_BIT_TABLE_COLUMN(index, Name)                                                    \
  static constexpr uint32_t k##Name = index;                                                \
  static constexpr absl::string_view ColumnToken(std::integral_constant<uint32_t, index>) { \
    return #Name;                                                                           \
  }                                                                                         \
  uint32_t Get##Name() const { return Get(index); }                                         \
  bool Has##Name() const { return Get(index) != kNoValue; }

namespace bit_table_internal {

constexpr bool IsAsciiUpper(char c) { return c >= 'A' && c <= 'Z'; }
constexpr bool IsAsciiLowerOrDigit(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); }

// Writes `token` as `spelling` spells it to `out` (unless null); returns the spelled length. Upper
// snake case starts a word at a capital that follows a lower-case letter or a digit, so a leading
// run of capitals stays one word (VRegsCount is VREGS_COUNT).
constexpr size_t Spell(absl::string_view token, ColumnSpelling spelling, char* out) {
  size_t length = 0;
  const auto put = [&](char c) {
    if (out != nullptr) out[length] = c;
    ++length;
  };
  for (size_t i = 0; i < token.size(); ++i) {
    const char c = token[i];
    if (spelling == ColumnSpelling::kAsDeclared) {
      put(c);
      continue;
    }
    if (i > 0 && IsAsciiUpper(c) && IsAsciiLowerOrDigit(token[i - 1])) put('_');
    put(c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c);
  }
  return length;
}

template <typename Accessor, uint32_t kColumn>
constexpr size_t SpelledLength() {
  return Spell(Accessor::ColumnToken(std::integral_constant<uint32_t, kColumn>{}),
               Accessor::kLayout.column_spelling, nullptr);
}

// Every column's name of `Accessor`, spelled into one array of characters, and a view of each.
template <typename Accessor, typename Columns = std::make_index_sequence<Accessor::kColumnCount>>
struct ColumnNames;
template <typename Accessor, size_t... kColumns>
struct ColumnNames<Accessor, std::index_sequence<kColumns...>> {
  static constexpr size_t kChars = (SpelledLength<Accessor, kColumns>() + ... + 0);
  static constexpr std::array<char, kChars> kSpelled = [] {
    std::array<char, kChars> chars{};
    size_t at = 0;
    ((at += Spell(Accessor::ColumnToken(std::integral_constant<uint32_t, kColumns>{}),
                  Accessor::kLayout.column_spelling, chars.data() + at)),
     ...);
    return chars;
  }();
  static constexpr std::array<absl::string_view, sizeof...(kColumns)> kNames = [] {
    std::array<absl::string_view, sizeof...(kColumns)> names{};
    size_t at = 0;
    ((names[kColumns] = absl::string_view(kSpelled.data() + at,
                                          SpelledLength<Accessor, kColumns>()),
      at += names[kColumns].size()),
     ...);
    return names;
  }();
};

}  // namespace bit_table_internal

// The names of `Accessor`'s columns by index ("DexPc", Ark's "BYTECODE_PC"), for dumps and
// errors: generated from the tokens that declare the columns, so a name cannot drift from its
// column.
template <typename Accessor>
inline constexpr const std::array<absl::string_view, Accessor::kColumnCount>& kColumnNamesOf =
    bit_table_internal::ColumnNames<Accessor>::kNames;

// A decoded table whose rows are read through `Accessor`, laid out as Accessor::kLayout says.
template <typename Accessor>
class BitTable : public BitTableBase<Accessor::kColumnCount> {
 public:
  using Base = BitTableBase<Accessor::kColumnCount>;

  template <size_t kEncodedColumns = Accessor::kColumnCount>
  ABSL_ATTRIBUTE_ALWAYS_INLINE void Decode(BitMemoryReader& reader) {
    Base::template Decode<kEncodedColumns>(reader, Accessor::kLayout);
  }
  Accessor GetRow(uint32_t row) const { return Accessor(this, row); }
  Accessor GetInvalidRow() const { return Accessor(this, kNoValue); }
  static BitTableSchema Schema() {
    return BitTableSchema{Accessor::kTableName, kColumnNamesOf<Accessor>,
                          Accessor::kMaxColumnBits, Accessor::kLayout};
  }
};

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_BIT_TABLE_BIT_TABLE_H_
