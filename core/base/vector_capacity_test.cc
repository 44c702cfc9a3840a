#include "core/base/internal/vector_capacity.h"

#include <cstdint>
#include <vector>

#include "gtest/gtest.h"

namespace frameproof {
namespace {

TEST(ReserveBeforeFirstAppend, GivesANeverAllocatedVectorTheFirstCapacity) {
  std::vector<uint32_t> rows;
  ReserveBeforeFirstAppend(rows, 16);
  EXPECT_GE(rows.capacity(), 16u);
  EXPECT_TRUE(rows.empty());
}

TEST(ReserveBeforeFirstAppend, LeavesAVectorThatHasRoomAlreadyAsItIs) {
  std::vector<uint32_t> rows;
  rows.reserve(3);
  const uint32_t* storage = rows.data();
  const size_t capacity = rows.capacity();
  ReserveBeforeFirstAppend(rows, 16);
  EXPECT_EQ(rows.capacity(), capacity);
  EXPECT_EQ(rows.data(), storage);
}

}  // namespace
}  // namespace frameproof
