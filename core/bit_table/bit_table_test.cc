#include "core/bit_table/bit_table.h"

#include <cstdint>
#include <vector>

#include "core/bit_table/bit_table_builder.h"
#include "core/bits/bit_memory_reader.h"
#include "core/bits/bit_memory_writer.h"
#include "core/bits/checked_bit_reader.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace frameproof {
namespace {

using ::testing::ElementsAre;

using ::testing::HasSubstr;

constexpr absl::string_view kColumnNames[] = {"A", "B", "C", "D"};
// ART's header order, and Ark's with its 16-bit row counter.
constexpr BitTableLayout kRowsFirst{.header_order = BitTableHeaderOrder::kRowsFirst};
constexpr BitTableLayout kRowsLast{.header_order = BitTableHeaderOrder::kRowsLast,
                                   .max_rows = 0xFFFF};

template <size_t N>
BitTableSchema SchemaOf(absl::string_view name = "Test", BitTableLayout layout = kRowsFirst) {
  return BitTableSchema{name, absl::MakeConstSpan(kColumnNames, N), kMaxValueColumnBits, layout};
}

template <size_t N>
std::vector<uint8_t> Encode(const BitTableBuilder<N>& builder, size_t start_bit = 0,
                            BitTableLayout layout = kRowsFirst) {
  std::vector<uint8_t> bytes;
  BitMemoryWriter writer(&bytes, start_bit);
  writer.Allocate(0);
  builder.Encode(writer, layout);
  return bytes;
}

// A table whose names are spelled in upper snake case, as Ark spells its columns.
constexpr BitTableLayout kUpperSnakeLayout{.column_spelling = ColumnSpelling::kUpperSnakeCase};
class SpelledRow : public BitTableAccessor<4, kUpperSnakeLayout> {
 public:
  FP_BIT_TABLE_COLUMN(0, Properties)
  FP_BIT_TABLE_COLUMN(1, VRegsCount)
  FP_BIT_TABLE_COLUMN(2, InstNativePc)
  FP_BIT_TABLE_COLUMN(3, Dex2Pc)
};
class DeclaredRow : public BitTableAccessor<2, BitTableLayout{}> {
 public:
  FP_BIT_TABLE_COLUMN(0, DexRegisterMapIndex)
  FP_BIT_TABLE_COLUMN(1, VRegsCount)
};

TEST(BitTableColumnNames, AreTheDeclaringTokensAsDeclared) {
  EXPECT_THAT(kColumnNamesOf<DeclaredRow>, ElementsAre("DexRegisterMapIndex", "VRegsCount"));
}

// A capital after a lower-case letter or a digit starts a word; a leading run of capitals is one.
TEST(BitTableColumnNames, InUpperSnakeCaseSplitWordsAtTheirCapitals) {
  EXPECT_THAT(kColumnNamesOf<SpelledRow>,
              ElementsAre("PROPERTIES", "VREGS_COUNT", "INST_NATIVE_PC", "DEX2_PC"));
}

// Every decimal digit ends a word, the first and the last of the range as well as Dex2Pc's 2.
class DigitBoundaryRow : public BitTableAccessor<2, kUpperSnakeLayout> {
 public:
  FP_BIT_TABLE_COLUMN(0, Arg0Slot)
  FP_BIT_TABLE_COLUMN(1, Arg9Slot)
};

TEST(BitTableColumnNames, InUpperSnakeCaseACapitalAfterAnyDigitStartsAWord) {
  EXPECT_THAT(kColumnNamesOf<DigitBoundaryRow>, ElementsAre("ARG0_SLOT", "ARG9_SLOT"));
}

TEST(BitTable, EmptyTableEncodesAsZeroRowsAndDecodesEmpty) {
  BitTableBuilder<1> builder;
  std::vector<uint8_t> bytes = Encode(builder);
  // Header [rows=0, width=0]: two zero nibbles.
  EXPECT_EQ(bytes, std::vector<uint8_t>({0x00}));
  BitMemoryReader reader(bytes);
  BitTableBase<1> table;
  table.Decode(reader, kRowsFirst);
  EXPECT_EQ(table.NumRows(), 0u);
  EXPECT_EQ(reader.position(), 8u);
}

TEST(BitTable, SingleColumnWidthComesFromOrOfBiasedValues) {
  BitTableBuilder<1> builder;
  for (uint32_t value : {42u, kNoValue, 1000u, kNoValue}) builder.Add({value});
  std::vector<uint8_t> bytes = Encode(builder);
  BitMemoryReader reader(bytes);
  BitTableBase<1> table;
  table.Decode(reader, kRowsFirst);
  ASSERT_EQ(table.NumRows(), 4u);
  EXPECT_EQ(table.NumColumnBits(0), 10u);  // (42+1) | (1000+1) needs 10 bits
  EXPECT_EQ(table.Get(0), 42u);
  EXPECT_EQ(table.Get(1), kNoValue);
  EXPECT_EQ(table.Get(2), 1000u);
  EXPECT_EQ(table.Get(3), kNoValue);
}

TEST(BitTable, RoundTripsAtEveryUnalignedStart) {
  for (size_t start = 0; start <= 32; ++start) {
    BitTableBuilder<1> builder;
    builder.Add({42});
    std::vector<uint8_t> bytes = Encode(builder, start);
    BitMemoryReader reader(bytes, start);
    BitTableBase<1> table;
    table.Decode(reader, kRowsFirst);
    EXPECT_EQ(table.NumRows(), 1u) << "start " << start;
    EXPECT_EQ(table.Get(0), 42u) << "start " << start;
    // Header nibbles 1 and 6, then one 6-bit row.
    EXPECT_EQ(reader.position() - start, 4u + 4u + 6u) << "start " << start;
  }
}

TEST(BitTable, BigTableColumnWidthsFollowTheBias) {
  BitTableBuilder<4> builder;
  builder.Add({42, kNoValue, 0, static_cast<uint32_t>(-2)});
  builder.Add({62, kNoValue, 63, static_cast<uint32_t>(-3)});
  std::vector<uint8_t> bytes = Encode(builder);
  BitMemoryReader reader(bytes);
  BitTableBase<4> table;
  table.Decode(reader, kRowsFirst);
  EXPECT_EQ(table.NumColumnBits(0), 6u);
  EXPECT_EQ(table.NumColumnBits(1), 0u);  // all kNoValue
  EXPECT_EQ(table.NumColumnBits(2), 7u);
  EXPECT_EQ(table.NumColumnBits(3), 32u);  // negative values cost all 32 bits
  EXPECT_EQ(table.Get(0, 0), 42u);
  EXPECT_EQ(table.Get(0, 1), kNoValue);
  EXPECT_EQ(table.Get(0, 2), 0u);
  EXPECT_EQ(table.Get(0, 3), static_cast<uint32_t>(-2));
  EXPECT_EQ(table.Get(1, 0), 62u);
  EXPECT_EQ(table.Get(1, 2), 63u);
  EXPECT_EQ(table.Get(1, 3), static_cast<uint32_t>(-3));
}

TEST(BitTable, CheckedDecodeAcceptsWhatTheBuilderWrote) {
  BitTableBuilder<2> builder;
  builder.Add({7, 9});
  builder.Add({kNoValue, 100});
  std::vector<uint8_t> bytes = Encode(builder);
  CheckedBitReader reader(bytes);
  BitTableBase<2> table;
  ASSERT_TRUE(table.DecodeChecked(reader, SchemaOf<2>()).ok());
  EXPECT_EQ(table.Get(1, 1), 100u);
}

TEST(BitTable, CheckedDecodeRejectsColumnsWiderThan32Bits) {
  // Header nibbles: rows = 1, width = 12 -> one payload byte of 33.
  std::vector<uint8_t> bytes;
  BitMemoryWriter writer(&bytes);
  const uint32_t header[] = {1, 33};
  writer.WriteInterleavedVarints(header);
  writer.WriteBits(0, 64);
  CheckedBitReader reader(bytes);
  BitTableBase<1> table;
  absl::Status status = table.DecodeChecked(reader, SchemaOf<1>("StackMap"));
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(status.message(), HasSubstr("StackMap table at bit offset 0: column A is 33 bits"));
}

TEST(BitTable, CheckedDecodeRejectsRowsThatDoNotFit) {
  std::vector<uint8_t> bytes;
  BitMemoryWriter writer(&bytes);
  const uint32_t header[] = {1000, 8};  // 8000 data bits claimed, none present
  writer.WriteInterleavedVarints(header);
  CheckedBitReader reader(bytes);
  BitTableBase<1> table;
  absl::Status status = table.DecodeChecked(reader, SchemaOf<1>());
  EXPECT_EQ(status.code(), absl::StatusCode::kOutOfRange);
  EXPECT_THAT(status.message(), HasSubstr("1000 rows of 8 bits do not fit"));
}

TEST(BitTable, CheckedDecodeRejectsABitmapTableWhoseDataSizeWouldOverflow64Bits) {
  // 2^31 rows of 2^33 bits (bitmap columns of 2^32 - 1, 2^32 - 1 and 2 bits) are exactly 2^64
  // data bits, which a 64-bit product would wrap to 0 and find fitting.
  std::vector<uint8_t> bytes;
  BitMemoryWriter writer(&bytes);
  const uint32_t header[] = {0x80000000, 0xFFFFFFFF, 0xFFFFFFFF, 2};
  writer.WriteInterleavedVarints(header);
  CheckedBitReader reader(bytes);
  BitTableBase<3> table;
  const BitTableSchema bitmaps{"Bitmaps", absl::MakeConstSpan(kColumnNames, 3), UINT32_MAX,
                               kRowsFirst};
  absl::Status status = table.DecodeChecked(reader, bitmaps);
  EXPECT_EQ(status.code(), absl::StatusCode::kOutOfRange);
  EXPECT_THAT(status.message(), HasSubstr("2147483648 rows of 8589934592 bits do not fit"));
}

TEST(BitTable, CheckedDecodeBoundsZeroWidthRowsByTheInputSize) {
  std::vector<uint8_t> bytes;
  BitMemoryWriter writer(&bytes);
  const uint32_t header[] = {0xFFFFFFFF, 0};  // 4 billion rows of nothing
  writer.WriteInterleavedVarints(header);
  CheckedBitReader reader(bytes);
  BitTableBase<1> table;
  EXPECT_EQ(table.DecodeChecked(reader, SchemaOf<1>()).code(), absl::StatusCode::kOutOfRange);
}

TEST(BitTable, CheckedDecodeOfTruncatedHeaderNamesTheField) {
  const std::vector<uint8_t> bytes = {0xC1};  // rows = 1, width header 12 promises a payload byte
  CheckedBitReader reader(bytes);
  BitTableBase<1> table;
  absl::Status status = table.DecodeChecked(reader, SchemaOf<1>("RegisterMask"));
  EXPECT_EQ(status.code(), absl::StatusCode::kOutOfRange);
  EXPECT_THAT(status.message(), HasSubstr("RegisterMask table header (width of column A)"));
}

TEST(BitTable, EqualsComparesShapeAndBitsNotPosition) {
  BitTableBuilder<1> builder;
  builder.Add({5});
  std::vector<uint8_t> at_zero = Encode(builder, 0);
  std::vector<uint8_t> at_three = Encode(builder, 3);
  BitTableBase<1> first, second;
  BitMemoryReader first_reader(at_zero), second_reader(at_three, 3);
  first.Decode(first_reader, kRowsFirst);
  second.Decode(second_reader, kRowsFirst);
  EXPECT_TRUE(first.Equals(second));
}

TEST(BitTable, RowsLastHeaderWritesTheWidthsBeforeTheRowCount) {
  BitTableBuilder<2> builder;
  builder.Add({0, 2});  // stored 1 and 3: widths 1 and 2
  // Nibbles [width 1, width 2, rows 1] = 0x1, 0x2, 0x1, then the row's bits 1 | 3 << 1.
  EXPECT_EQ(Encode(builder, 0, kRowsLast), std::vector<uint8_t>({0x21, 0x71}));
  EXPECT_EQ(Encode(builder, 0, kRowsFirst), std::vector<uint8_t>({0x11, 0x72}));
}

TEST(BitTable, RowsLastTableDecodesBackInBothPaths) {
  BitTableBuilder<3> builder;
  for (uint32_t row = 0; row < 20; ++row) builder.Add({row, kNoValue, row * 1000});
  const std::vector<uint8_t> bytes = Encode(builder, 0, kRowsLast);
  BitMemoryReader fast_reader(bytes);
  BitTableBase<3> fast;
  fast.Decode(fast_reader, kRowsLast);
  CheckedBitReader checked_reader(bytes);
  BitTableBase<3> checked;
  ASSERT_TRUE(checked.DecodeChecked(checked_reader, SchemaOf<3>("Test", kRowsLast)).ok());
  ASSERT_EQ(fast.NumRows(), 20u);
  EXPECT_TRUE(fast.Equals(checked));
  EXPECT_EQ(fast.NumColumnBits(1), 0u);
  EXPECT_EQ(fast.Get(19, 2), 19000u);
  EXPECT_EQ(fast.Get(7, 1), kNoValue);
}

TEST(BitTable, CheckedDecodeRejectsMoreRowsThanTheLayoutAllows) {
  // Rows-last header [width 0, rows 0x10000]: nibbles 0x0, 0xE (3 payload bytes), then 0x010000.
  const std::vector<uint8_t> bytes = {0xE0, 0x00, 0x00, 0x01, 0x00};
  CheckedBitReader reader(bytes);
  BitTableBase<1> table;
  const absl::Status status = table.DecodeChecked(reader, SchemaOf<1>("Constants", kRowsLast));
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(std::string(status.message()),
              HasSubstr("Constants table at bit offset 0: 65536 rows; the format allows at most "
                        "65535"));
}

// A row is valid below the row count: not the row one past the last, nor the invalid row.
TEST(BitTable, AnAccessorIsValidOnlyForARowBelowTheRowCount) {
  BitTableBuilder<1> builder;
  builder.Add({5});
  builder.Add({6});
  const std::vector<uint8_t> bytes = Encode(builder);
  BitMemoryReader reader(bytes);
  BitTableBase<1> table;
  table.Decode(reader, kRowsFirst);
  ASSERT_EQ(table.NumRows(), 2u);
  using Row = BitTableAccessor<1, kRowsFirst>;
  EXPECT_TRUE(Row(&table, 0).IsValid());
  EXPECT_TRUE(Row(&table, 1).IsValid());
  EXPECT_FALSE(Row(&table, 2).IsValid());
  EXPECT_FALSE(Row(&table, kNoValue).IsValid());
  EXPECT_FALSE(Row().IsValid());
}

}  // namespace
}  // namespace frameproof
