#include "core/base/prng.h"

#include "gtest/gtest.h"

namespace frameproof {
namespace {

TEST(Prng, SameSeedGivesTheSameSequenceEverywhere) {
  // SplitMix64's first outputs for seed 0, as published with the algorithm; a change here would
  // change every generated plan, corpus and snapshot.
  Prng prng(0);
  EXPECT_EQ(prng.Next(), 0xE220A8397B1DCDAFull);
  EXPECT_EQ(prng.Next(), 0x6E789E6AA1B965F4ull);
  EXPECT_EQ(prng.Next(), 0x06C45D188009454Full);
}

TEST(Prng, BelowStaysInRange) {
  Prng prng(42);
  for (int i = 0; i < 10000; ++i) EXPECT_LT(prng.Below(7), 7u);
}

TEST(Prng, InRangeCoversBothEnds) {
  Prng prng(1);
  bool saw_low = false, saw_high = false;
  for (int i = 0; i < 10000; ++i) {
    const uint32_t value = prng.InRange(3, 5);
    ASSERT_GE(value, 3u);
    ASSERT_LE(value, 5u);
    saw_low |= value == 3;
    saw_high |= value == 5;
  }
  EXPECT_TRUE(saw_low && saw_high);
}

}  // namespace
}  // namespace frameproof
