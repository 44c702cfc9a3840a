#include <cstdint>
#include <vector>

#include "core/base/internal/fnv_hash.h"
#include "core/bit_table/bit_table.h"
#include "core/bit_table/bit_table_builder.h"
#include "core/bits/bit_memory_reader.h"
#include "core/bits/bit_utils.h"
#include "core/bits/bit_vector.h"
#include "gtest/gtest.h"

namespace frameproof {
namespace {

// ART's bitmap rows (trailing zeros stripped, rows first) and Ark's (as given, rows last).
constexpr BitTableLayout kStripped{.header_order = BitTableHeaderOrder::kRowsFirst,
                                   .bitmap_row_length = BitmapRowLength::kTrailingZerosStripped};
constexpr BitTableLayout kAsGiven{.header_order = BitTableHeaderOrder::kRowsLast,
                                  .bitmap_row_length = BitmapRowLength::kAsGiven};

BitMemoryRegion RegionOf(const uint64_t& value, size_t bits) {
  return BitMemoryRegion(reinterpret_cast<const uint8_t*>(&value), 0, bits);
}

TEST(BitmapTableBuilder, ArtBitmapTableScenario) {
  // ART's TestBitmapTable: masks of 0xDEADBEEF0BADF00D truncated to every length 0..64.
  constexpr uint64_t kPattern = 0xDEADBEEF0BADF00Dull;
  BitmapTableBuilder builder(kStripped);
  std::vector<uint32_t> rows;
  std::vector<uint64_t> values;
  for (size_t length = 0; length <= 64; ++length) {
    const uint64_t value = kPattern & LowBitMask(length);
    values.push_back(value);
    rows.push_back(builder.Dedup(RegionOf(value, MinimumBitsToStore(value))));
  }
  // Duplicates collapse: one row per distinct prefix, i.e. per set bit, plus the empty mask.
  EXPECT_EQ(builder.size(), 1u + static_cast<uint32_t>(std::popcount(kPattern)));

  std::vector<uint8_t> bytes;
  BitMemoryWriter writer(&bytes);
  builder.Encode(writer, kStripped);
  BitMemoryReader reader(bytes);
  BitTableBase<1> table;
  table.Decode(reader, kStripped);
  for (size_t i = 0; i < values.size(); ++i) {
    const BitMemoryRegion decoded = table.GetBitMemoryRegion(rows[i]);
    ASSERT_GE(decoded.size_in_bits(), MinimumBitsToStore(values[i]));
    for (size_t bit = 0; bit < decoded.size_in_bits(); ++bit) {
      EXPECT_EQ(decoded.LoadBit(bit), bit < 64 && ((values[i] >> bit) & 1)) << i << " " << bit;
    }
  }
}

TEST(BitmapTableBuilder, AClearedBuilderIsAsIfNew) {
  constexpr uint64_t kWide = 0xFF00FF;
  constexpr uint64_t kNarrow = 0b101;
  BitmapTableBuilder builder(kStripped);
  builder.Dedup(RegionOf(kWide, 24));
  builder.Dedup(RegionOf(kNarrow, 3));
  builder.Clear();
  EXPECT_EQ(builder.size(), 0u);
  EXPECT_EQ(builder.max_num_bits(), 0u);  // the wide row's width is gone with it
  EXPECT_EQ(builder.Dedup(RegionOf(kNarrow, 3)), 0u);
  EXPECT_EQ(builder.Dedup(RegionOf(kWide, 24)), 1u);
  EXPECT_EQ(builder.max_num_bits(), 24u);
}

TEST(BitmapTableBuilder, TrailingZerosAreStrippedBeforeDedup) {
  BitmapTableBuilder builder(kStripped);
  const uint64_t value = 0b101;
  EXPECT_EQ(builder.Dedup(RegionOf(value, 3)), 0u);
  EXPECT_EQ(builder.Dedup(RegionOf(value, 40)), 0u);
  EXPECT_EQ(builder.max_num_bits(), 3u);
}

TEST(BitmapTableBuilder, RowsArePaddedWithZerosToTheWidestMask) {
  BitmapTableBuilder builder(kStripped);
  const uint64_t narrow = 0b11;
  const uint64_t wide = 0b100001;
  builder.Dedup(RegionOf(narrow, 2));
  builder.Dedup(RegionOf(wide, 6));
  std::vector<uint8_t> bytes;
  BitMemoryWriter writer(&bytes);
  builder.Encode(writer, kStripped);
  // Header [2, 6] in two nibbles, then rows 000011 and 100001 (LSB first), no bias.
  ASSERT_EQ(writer.NumberOfWrittenBits(), 8u + 12u);
  BitMemoryRegion region(bytes);
  EXPECT_EQ(region.LoadBits(0, 4), 2u);
  EXPECT_EQ(region.LoadBits(4, 4), 6u);
  EXPECT_EQ(region.LoadBits(8, 6), 0b000011u);
  EXPECT_EQ(region.LoadBits(14, 6), 0b100001u);
}

TEST(BitmapTableBuilder, MasksWiderThan64BitsRoundTrip) {
  BitVector first = BitVector::FromSetBits({0, 63, 64, 130});
  BitVector second = BitVector::FromSetBits({200});
  BitmapTableBuilder builder(kStripped);
  EXPECT_EQ(builder.Dedup(first.AsRegion()), 0u);
  EXPECT_EQ(builder.Dedup(second.AsRegion()), 1u);
  EXPECT_EQ(builder.max_num_bits(), 201u);
  std::vector<uint8_t> bytes;
  BitMemoryWriter writer(&bytes);
  builder.Encode(writer, kStripped);
  BitMemoryReader reader(bytes);
  BitTableBase<1> table;
  table.Decode(reader, kStripped);
  ASSERT_EQ(table.NumRows(), 2u);
  EXPECT_EQ(table.NumColumnBits(0), 201u);
  const BitMemoryRegion row0 = table.GetBitMemoryRegion(0);
  EXPECT_EQ(row0.PopCount(), 4u);
  EXPECT_TRUE(row0.LoadBit(130));
  EXPECT_FALSE(row0.LoadBit(200));
  EXPECT_TRUE(table.GetBitMemoryRegion(1).LoadBit(200));
  EXPECT_EQ(table.GetBitMemoryRegion(1).PopCount(), 1u);
}

TEST(BitmapTableBuilder, AllZeroMaskBecomesTheEmptyMask) {
  BitmapTableBuilder builder(kStripped);
  const uint64_t zero = 0;
  EXPECT_EQ(builder.Dedup(RegionOf(zero, 17)), 0u);
  EXPECT_EQ(builder.Dedup(RegionOf(zero, 0)), 0u);
  EXPECT_EQ(builder.max_num_bits(), 0u);
}

TEST(BitmapTableBuilder, HashCollidingMasksStayDistinct) {
  // Hashed 64 bits at a time, low half first: the masks 0b10 and (AfterWord(2) ^ AfterWord(3))
  // << 32 | 0b11 reach the same state before the last multiply.
  const auto after_word = [](uint32_t word) {
    BitmapRowHasher hasher;
    hasher.AddWord(word);
    return hasher.hash();
  };
  const uint64_t first = 0b10;
  const uint64_t second = uint64_t{after_word(2) ^ after_word(3)} << 32 | 0b11;
  BitmapRowHasher first_hash, second_hash;
  first_hash.AddDoubleWord(first);
  second_hash.AddDoubleWord(second);
  ASSERT_EQ(first_hash.hash(), second_hash.hash());

  BitmapTableBuilder builder(kStripped);
  EXPECT_EQ(builder.Dedup(RegionOf(first, MinimumBitsToStore(first))), 0u);
  EXPECT_EQ(builder.Dedup(RegionOf(second, MinimumBitsToStore(second))), 1u);
  EXPECT_EQ(builder.Dedup(RegionOf(first, MinimumBitsToStore(first))), 0u);
  EXPECT_EQ(builder.Dedup(RegionOf(second, MinimumBitsToStore(second))), 1u);
}

// Ark's builder keeps each vector's own size: a size-8 all-zero mask is a row of its own, and
// vectors with the same bits but different sizes never share a row.
TEST(BitmapTableBuilder, AsGivenRowsKeepTheirSizeZerosAndAll) {
  BitmapTableBuilder builder(kAsGiven);
  const uint64_t zero = 0;
  const uint64_t bits = 0b101;
  EXPECT_EQ(builder.Dedup(RegionOf(zero, 8)), 0u);
  EXPECT_EQ(builder.Dedup(RegionOf(bits, 3)), 1u);
  EXPECT_EQ(builder.Dedup(RegionOf(bits, 40)), 2u);
  EXPECT_EQ(builder.Dedup(RegionOf(bits, 3)), 1u);
  EXPECT_EQ(builder.Dedup(RegionOf(zero, 8)), 0u);
  EXPECT_EQ(builder.max_num_bits(), 40u);
}

TEST(BitmapTableBuilder, AsGivenTableWritesTheWidthBeforeTheRowCount) {
  BitmapTableBuilder builder(kAsGiven);
  const uint64_t bits = 0b100;
  builder.Dedup(RegionOf(bits, 3));
  std::vector<uint8_t> bytes;
  BitMemoryWriter writer(&bytes);
  builder.Encode(writer, kAsGiven);
  // Nibbles [width 3, rows 1], then the row 001 (LSB first) with no bias.
  EXPECT_EQ(bytes, std::vector<uint8_t>({0x13, 0x04}));
}

}  // namespace
}  // namespace frameproof
