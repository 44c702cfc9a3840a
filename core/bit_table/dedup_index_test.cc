// Specification of DedupIndex: ART's hash -> start multimap, oldest start first.

#include "core/bit_table/internal/dedup_index.h"

#include <cstdint>
#include <vector>

#include "gtest/gtest.h"

namespace frameproof {
namespace {

TEST(DedupIndex, AFirstLookupRecordsTheNewStart) {
  DedupIndex<uint32_t> index;
  const auto added = index.FindOrAdd(7, 0, [](uint32_t) { return true; });
  EXPECT_FALSE(added.found);
  EXPECT_EQ(added.start, 0u);
  const auto again = index.FindOrAdd(7, 5, [](uint32_t start) { return start == 0; });
  EXPECT_TRUE(again.found);
  EXPECT_EQ(again.start, 0u);
}

TEST(DedupIndex, CollidingStartsAreOfferedOldestFirst) {
  DedupIndex<uint64_t> index;
  // Three runs with one hash and different contents: each lookup fails, so each is recorded.
  for (uint32_t start : {10u, 20u, 30u}) {
    EXPECT_FALSE(index.FindOrAdd(42, start, [](uint32_t) { return false; }).found);
  }
  std::vector<uint32_t> offered;
  const auto found = index.FindOrAdd(42, 99, [&](uint32_t start) {
    offered.push_back(start);
    return start >= 20;
  });
  EXPECT_EQ(offered, (std::vector<uint32_t>{10, 20}));
  EXPECT_TRUE(found.found);
  EXPECT_EQ(found.start, 20u);
}

TEST(DedupIndex, StartsUnderOtherHashesAreNeverOffered) {
  DedupIndex<uint32_t> index;
  index.FindOrAdd(1, 3, [](uint32_t) { return false; });
  bool offered = false;
  const auto added = index.FindOrAdd(2, 8, [&](uint32_t) {
    offered = true;
    return true;
  });
  EXPECT_FALSE(offered);
  EXPECT_FALSE(added.found);
  EXPECT_EQ(added.start, 8u);
}

}  // namespace
}  // namespace frameproof
