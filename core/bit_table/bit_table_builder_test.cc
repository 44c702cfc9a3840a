#include "core/bit_table/bit_table_builder.h"

#include <vector>

#include "core/bit_table/run_hash.h"
#include "gtest/gtest.h"

namespace frameproof {
namespace {

using Entry2 = BitTableBuilder<2>::Entry;

TEST(BitTableBuilder, DedupReturnsTheFirstIndexOfAnIdenticalRow) {
  BitTableBuilder<2> builder;
  EXPECT_EQ(builder.Dedup(Entry2{1, 2}), 0u);
  EXPECT_EQ(builder.Dedup(Entry2{3, 4}), 1u);
  EXPECT_EQ(builder.Dedup(Entry2{1, 2}), 0u);
  EXPECT_EQ(builder.Dedup(Entry2{3, 4}), 1u);
  EXPECT_EQ(builder.size(), 2u);
}

TEST(BitTableBuilder, DedupMatchesWholeRunsOnlyAtEarlierRunStarts) {
  BitTableBuilder<1> builder;
  const std::vector<BitTableBuilder<1>::Entry> ab = {{1}, {2}};
  const std::vector<BitTableBuilder<1>::Entry> b = {{2}};
  EXPECT_EQ(builder.Dedup(ab), 0u);
  // {2} sits at row 1, but no Dedup() started a run there, so it is appended (as in ART).
  EXPECT_EQ(builder.Dedup(b), 2u);
  EXPECT_EQ(builder.Dedup(ab), 0u);
  EXPECT_EQ(builder.size(), 3u);
}

TEST(BitTableBuilder, EmptyRunReturnsTheSizeWhenFirstSeen) {
  BitTableBuilder<1> builder;
  builder.Dedup(BitTableBuilder<1>::Entry{7});
  EXPECT_EQ(builder.Dedup(absl::Span<const BitTableBuilder<1>::Entry>()), 1u);
  builder.Dedup(BitTableBuilder<1>::Entry{8});
  // Later empty runs match the first one, not the current size.
  EXPECT_EQ(builder.Dedup(absl::Span<const BitTableBuilder<1>::Entry>()), 1u);
  EXPECT_EQ(builder.size(), 2u);
}

TEST(BitTableBuilder, AddNeverDeduplicates) {
  BitTableBuilder<1> builder;
  builder.Add({1});
  builder.Add({1});
  EXPECT_EQ(builder.size(), 2u);
  EXPECT_EQ(builder.Dedup(BitTableBuilder<1>::Entry{1}), 2u);  // Add() starts no run
}

// The hash of one word: the state a second word of a run is mixed into.
uint32_t AfterWord(uint32_t word) {
  RunHasher hasher;
  hasher.AddWord(word);
  return hasher.hash();
}

TEST(BitTableBuilder, HashCollisionsStillDeduplicateByContent) {
  // {0, 0} and {1, AfterWord(0) ^ AfterWord(1)} reach the same state before the last multiply.
  const Entry2 first{0, 0};
  const Entry2 second{1, AfterWord(0) ^ AfterWord(1)};
  RunHasher first_hash, second_hash;
  for (uint32_t value : first) first_hash.AddWord(value);
  for (uint32_t value : second) second_hash.AddWord(value);
  ASSERT_EQ(first_hash.hash(), second_hash.hash());

  BitTableBuilder<2> builder;
  EXPECT_EQ(builder.Dedup(first), 0u);
  EXPECT_EQ(builder.Dedup(second), 1u);
  EXPECT_EQ(builder.Dedup(first), 0u);
  EXPECT_EQ(builder.Dedup(second), 1u);
}

TEST(BitTableBuilder, MeasureOrsBiasedValues) {
  BitTableBuilder<2> builder;
  builder.Add({0, kNoValue});  // stored 1, 0
  builder.Add({2, kNoValue});  // stored 3, 0
  const std::array<uint32_t, 2> bits = builder.Measure();
  EXPECT_EQ(bits[0], 2u);
  EXPECT_EQ(bits[1], 0u);
}

TEST(BitTableBuilder, EncodeWritesHeaderThenRowMajorBiasedData) {
  BitTableBuilder<2> builder;
  builder.Add({0, 1});  // stored 1, 2
  builder.Add({2, 0});  // stored 3, 1
  std::vector<uint8_t> bytes;
  BitMemoryWriter writer(&bytes);
  builder.Encode(writer, BitTableLayout{.header_order = BitTableHeaderOrder::kRowsFirst});
  // Nibbles rows=2, width 2, width 2; then the stored values 1, 2 | 3, 1 in two bits each.
  ASSERT_EQ(writer.NumberOfWrittenBits(), 12u + 8u);
  BitMemoryRegion region(bytes);
  EXPECT_EQ(region.LoadBits(0, 4), 2u);
  EXPECT_EQ(region.LoadBits(4, 4), 2u);
  EXPECT_EQ(region.LoadBits(8, 4), 2u);
  EXPECT_EQ(region.LoadBits(12, 2), 1u);
  EXPECT_EQ(region.LoadBits(14, 2), 2u);
  EXPECT_EQ(region.LoadBits(16, 2), 3u);
  EXPECT_EQ(region.LoadBits(18, 2), 1u);
}

}  // namespace
}  // namespace frameproof
