// Specification of UniqueRowIndex: finds the one recorded row equal to a row, or records it.

#include "core/bit_table/internal/unique_row_index.h"

#include <cstdint>
#include <vector>

#include "gtest/gtest.h"

namespace frameproof {
namespace {

using Index = UniqueRowIndex<2>;
using Row = Index::Row;

// Appends `row` to `rows` the way a builder does: look it up, append it when it is new.
Index::Found Dedup(Index& index, std::vector<Row>& rows, const Row& row) {
  const Index::Found found = index.FindOrAdd(row, static_cast<uint32_t>(rows.size()));
  if (!found.found) rows.push_back(row);
  return found;
}

TEST(UniqueRowIndex, AFirstLookupRecordsTheNewRow) {
  Index index;
  std::vector<Row> rows;
  const Index::Found added = Dedup(index, rows, {3, 4});
  EXPECT_FALSE(added.found);
  EXPECT_EQ(added.row, 0u);
  const Index::Found again = Dedup(index, rows, {3, 4});
  EXPECT_TRUE(again.found);
  EXPECT_EQ(again.row, 0u);
  EXPECT_EQ(rows.size(), 1u);
}

TEST(UniqueRowIndex, RowsDifferingInAnyColumnAreDifferentRows) {
  Index index;
  std::vector<Row> rows;
  EXPECT_FALSE(Dedup(index, rows, {1, 2}).found);
  EXPECT_FALSE(Dedup(index, rows, {2, 1}).found);
  EXPECT_FALSE(Dedup(index, rows, {1, 3}).found);
  EXPECT_EQ(Dedup(index, rows, {2, 1}).row, 1u);
  EXPECT_EQ(Dedup(index, rows, {1, 3}).row, 2u);
}

TEST(UniqueRowIndex, RowsAppendedWithoutLookupAreNotCandidates) {
  Index index;
  std::vector<Row> rows = {{5, 5}};  // appended without Dedup, as BitTableBuilder::Add does
  const Index::Found added = Dedup(index, rows, {5, 5});
  EXPECT_FALSE(added.found);
  EXPECT_EQ(added.row, 1u);
  EXPECT_EQ(Dedup(index, rows, {5, 5}).row, 1u);
}

TEST(UniqueRowIndex, EveryRowIsFoundAgainAfterTheTableGrows) {
  Index index;
  std::vector<Row> rows;
  constexpr uint32_t kRows = 50000;  // many times the first table size
  for (uint32_t i = 0; i < kRows; ++i) {
    ASSERT_FALSE(Dedup(index, rows, {i % 7, i}).found) << i;
  }
  for (uint32_t i = 0; i < kRows; ++i) {
    const Index::Found found = Dedup(index, rows, {i % 7, i});
    ASSERT_TRUE(found.found) << i;
    ASSERT_EQ(found.row, i);
  }
  EXPECT_EQ(rows.size(), kRows);
}

// Records `count` rows {i % 7, i}, enough to collide in the slots and grow them.
std::vector<Row> RecordRows(Index& index, uint32_t count) {
  std::vector<Row> rows;
  for (uint32_t i = 0; i < count; ++i) Dedup(index, rows, {i % 7, i});
  return rows;
}

// After Clear, every row is new again and numbered from 0, as in a new index.
void ExpectForgotten(Index& index, const std::vector<Row>& earlier) {
  std::vector<Row> rows;
  for (size_t i = 0; i < earlier.size(); ++i) {
    const Index::Found found = Dedup(index, rows, earlier[i]);
    ASSERT_FALSE(found.found) << i;
    ASSERT_EQ(found.row, i);
  }
}

TEST(UniqueRowIndex, AClearedIndexFindsNoRowItRecordedBefore) {
  Index index;
  const std::vector<Row> rows = RecordRows(index, 1000);
  index.Clear(rows);
  ExpectForgotten(index, rows);
}

TEST(UniqueRowIndex, AClearAfterASmallerTableForgetsItToo) {
  Index index;
  const std::vector<Row> large = RecordRows(index, 1000);
  index.Clear(large);
  std::vector<Row> small;
  for (const Row& row : {Row{1, 2}, Row{3, 4}, Row{1, 2}}) Dedup(index, small, row);
  ASSERT_EQ(small.size(), 2u);
  index.Clear(small);
  ExpectForgotten(index, large);
}

TEST(UniqueRowIndex, AClearWithATableThatIsNotTheRecordedRowsForgetsEveryRow) {
  // A builder's rows can differ from what its index recorded: rows added without a lookup, or
  // changed in place afterwards. Clear must not leave any recorded row behind then either.
  Index index;
  std::vector<Row> rows = RecordRows(index, 100);
  const std::vector<Row> recorded = rows;
  rows[40] = rows[41];  // a duplicate: rows[41]'s slot would be found twice, rows[40]'s never
  index.Clear(rows);
  ExpectForgotten(index, recorded);

  rows = RecordRows(index, 100);
  rows.push_back({5, 5});  // one more row than were recorded
  index.Clear(rows);
  ExpectForgotten(index, recorded);
}

}  // namespace
}  // namespace frameproof
