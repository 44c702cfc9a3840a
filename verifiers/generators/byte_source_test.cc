// ByteSource's sizes follow the input's length; everything else it decides does not.

#include "verifiers/generators/byte_source.h"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "gtest/gtest.h"
#include "verifiers/generators/call_log_generator.h"

namespace frameproof {
namespace {

TEST(ByteSource, CountTakesAtMostOneItemPerBytesPerItemStillUnread) {
  const std::vector<uint8_t> bytes(10, 0xFF);
  for (uint32_t per_item : {1u, 2u, 3u, 9u}) {
    ByteSource source(bytes);
    // 10 unread bytes: at most 10 / per_item items above the floor of 4.
    EXPECT_LE(source.Count(4, 1000, per_item), 4 + 10 / per_item) << per_item;
  }
}

TEST(ByteSource, CountIsItsFloorOnceTheInputIsSpent) {
  ByteSource source(std::vector<uint8_t>{});
  EXPECT_EQ(source.Count(3, 100, 1), 3u);
  EXPECT_FALSE(source.Affords(1));
  EXPECT_TRUE(source.Affords(0));
}

TEST(ByteSource, AffordsCountsTheBytesNotYetRead) {
  const std::vector<uint8_t> bytes(8, 1);
  ByteSource source(bytes);
  EXPECT_TRUE(source.Affords(8));
  source.Uint32();
  EXPECT_TRUE(source.Affords(4));
  EXPECT_FALSE(source.Affords(5));
}

TEST(ByteSource, AnySizesIgnoreTheInputsLength) {
  ByteSource any(std::vector<uint8_t>{}, ByteSource::Sizes::kAny);
  ByteSource same(std::vector<uint8_t>{}, ByteSource::Sizes::kAny);
  EXPECT_EQ(any.Count(0, 1000, 1), same.InRange(0, 1000));
  EXPECT_TRUE(any.Affords(1 << 20));
}

// The structure-aware targets pay for big methods with long inputs: an empty input makes a
// method without stack maps, and inputs of 2 KiB reach dozens.
TEST(CallLogGenerator, StackMapCountFollowsTheInputsLength) {
  ByteSource empty(std::vector<uint8_t>{});
  EXPECT_TRUE(GenerateCallLog(empty).stack_maps.empty());
  size_t most = 0;
  for (uint8_t fill = 0; fill < 64; ++fill) {
    std::vector<uint8_t> bytes(2048);
    for (size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<uint8_t>(i * 131 + fill * 7);
    ByteSource source(bytes);
    most = std::max(most, GenerateCallLog(source).stack_maps.size());
  }
  EXPECT_GE(most, 20u);
}

}  // namespace
}  // namespace frameproof
