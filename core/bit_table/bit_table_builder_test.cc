#include "core/bit_table/bit_table_builder.h"

#include <vector>

#include "core/base/internal/fnv_hash.h"
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

// Two rows, Clear, the two rows again in the other order: numbered as in a new builder.
template <DedupRuns kRuns>
void ExpectAClearedBuilderIsAsIfNew() {
  BitTableBuilder<2, kRuns> builder;
  builder.Dedup(Entry2{1, 2});
  builder.Dedup(Entry2{3, 4});
  builder.Clear();
  EXPECT_EQ(builder.size(), 0u);
  EXPECT_EQ(builder.Dedup(Entry2{3, 4}), 0u);
  EXPECT_EQ(builder.Dedup(Entry2{1, 2}), 1u);
}

TEST(BitTableBuilder, AClearedBuilderIsAsIfNew) {
  ExpectAClearedBuilderIsAsIfNew<DedupRuns::kAnyLength>();
  ExpectAClearedBuilderIsAsIfNew<DedupRuns::kSingleRows>();
}

TEST(BitTableBuilder, AddNeverDeduplicates) {
  BitTableBuilder<1> builder;
  builder.Add({1});
  builder.Add({1});
  EXPECT_EQ(builder.size(), 2u);
  EXPECT_EQ(builder.Dedup(BitTableBuilder<1>::Entry{1}), 2u);  // Add() starts no run
}

TEST(BitTableBuilder, FnvCollisionsStillDeduplicateByContent) {
  // ART's TestCollisions: these two rows have the same 32-bit FNV-1a hash.
  Fnv1aHasher first, second;
  for (uint32_t value : {56948505u, 0u}) first.AddWord(value);
  for (uint32_t value : {67108869u, 0u}) second.AddWord(value);
  ASSERT_EQ(first.hash(), second.hash());

  BitTableBuilder<2> builder;
  EXPECT_EQ(builder.Dedup(Entry2{56948505, 0}), 0u);
  EXPECT_EQ(builder.Dedup(Entry2{67108869, 0}), 1u);
  EXPECT_EQ(builder.Dedup(Entry2{56948505, 0}), 0u);
  EXPECT_EQ(builder.Dedup(Entry2{67108869, 0}), 1u);
}

using SingleRows2 = BitTableBuilder<2, DedupRuns::kSingleRows>;

TEST(BitTableBuilderOfSingleRows, DedupReturnsTheFirstRowWithTheSameContent) {
  SingleRows2 builder;
  EXPECT_EQ(builder.Dedup(Entry2{56948505, 0}), 0u);
  EXPECT_EQ(builder.Dedup(Entry2{67108869, 0}), 1u);  // FNV collides with row 0; content differs
  EXPECT_EQ(builder.Dedup(Entry2{56948505, 0}), 0u);
  EXPECT_EQ(builder.Dedup(Entry2{67108869, 0}), 1u);
  EXPECT_EQ(builder.size(), 2u);
}

TEST(BitTableBuilderOfSingleRows, AddedRowsAreNeverReused) {
  SingleRows2 builder;
  builder.Add({1, 2});
  EXPECT_EQ(builder.Dedup(Entry2{1, 2}), 1u);  // Add() recorded no row to reuse
  EXPECT_EQ(builder.Dedup(Entry2{1, 2}), 1u);
  EXPECT_EQ(builder.size(), 2u);
}

TEST(BitTableBuilderOfSingleRows, EncodesAsTheBuilderOfRunsWould) {
  BitTableBuilder<2> runs;
  SingleRows2 rows;
  for (const Entry2& entry : {Entry2{3, 4}, Entry2{0, kNoValue}, Entry2{3, 4}, Entry2{9, 1}}) {
    EXPECT_EQ(rows.Dedup(entry), runs.Dedup(entry));
  }
  std::vector<uint8_t> runs_bytes, rows_bytes;
  BitMemoryWriter runs_writer(&runs_bytes), rows_writer(&rows_bytes);
  runs.Encode(runs_writer, BitTableLayout{});
  rows.Encode(rows_writer, BitTableLayout{});
  EXPECT_EQ(rows_bytes, runs_bytes);
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
