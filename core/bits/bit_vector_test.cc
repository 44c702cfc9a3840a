// Specification of BitVector: a growable set of bit indices laid out LSB-first in bytes, viewable
// as a BitMemoryRegion of NumberOfBits() bits (ART's BitVector::GetNumberOfBits: highest set bit +
// 1).

#include "core/bits/bit_vector.h"

#include <cstddef>
#include <cstdint>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace frameproof {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

TEST(BitVector, EmptyVectorHasNoBits) {
  const BitVector vector;
  EXPECT_EQ(vector.NumberOfBits(), 0u);
  EXPECT_FALSE(vector.IsBitSet(0));
  EXPECT_THAT(vector.SetBits(), IsEmpty());
  EXPECT_EQ(vector.AsRegion().size_in_bits(), 0u);
}

TEST(BitVector, SetBitMakesIsBitSetTrueForThatIndexOnly) {
  BitVector vector;
  vector.SetBit(10);
  for (size_t i = 0; i < 32; ++i) EXPECT_EQ(vector.IsBitSet(i), i == 10) << "index " << i;
}

TEST(BitVector, IsBitSetIsFalseFarBeyondTheStoredBits) {
  BitVector vector;
  vector.SetBit(3);
  EXPECT_FALSE(vector.IsBitSet(1000));
  EXPECT_FALSE(vector.IsBitSet(8));
}

TEST(BitVector, SetBitIsIdempotent) {
  BitVector vector;
  vector.SetBit(5);
  vector.SetBit(5);
  EXPECT_THAT(vector.SetBits(), ElementsAre(5));
  EXPECT_EQ(vector.NumberOfBits(), 6u);
}

TEST(BitVector, NumberOfBitsIsTheHighestSetBitPlusOne) {
  BitVector vector;
  vector.SetBit(0);
  EXPECT_EQ(vector.NumberOfBits(), 1u);
  vector.SetBit(9);
  EXPECT_EQ(vector.NumberOfBits(), 10u);
  vector.SetBit(3);  // below the highest: no change
  EXPECT_EQ(vector.NumberOfBits(), 10u);
}

TEST(BitVector, NumberOfBitsAtByteBoundaries) {
  EXPECT_EQ(BitVector::FromSetBits({7}).NumberOfBits(), 8u);
  EXPECT_EQ(BitVector::FromSetBits({8}).NumberOfBits(), 9u);
  EXPECT_EQ(BitVector::FromSetBits({15}).NumberOfBits(), 16u);
  EXPECT_EQ(BitVector::FromSetBits({63}).NumberOfBits(), 64u);
  EXPECT_EQ(BitVector::FromSetBits({64}).NumberOfBits(), 65u);
}

TEST(BitVector, AsRegionViewsExactlyTheFirstNumberOfBitsBits) {
  const BitVector vector = BitVector::FromSetBits({1, 4, 9});
  const BitMemoryRegion region = vector.AsRegion();
  EXPECT_EQ(region.size_in_bits(), 10u);
  EXPECT_EQ(region.LoadBits(0, 10), 0b10'0001'0010u);
  EXPECT_EQ(region.PopCount(), 3u);
}

TEST(BitVector, AsRegionOfALargeVectorAgreesWithIsBitSet) {
  BitVector vector;
  for (size_t i = 0; i < 300; i += 7) vector.SetBit(i);
  const BitMemoryRegion region = vector.AsRegion();
  ASSERT_EQ(region.size_in_bits(), 295u);  // highest index is 294
  for (size_t i = 0; i < region.size_in_bits(); ++i) {
    ASSERT_EQ(region.LoadBit(i), i % 7 == 0) << "bit " << i;
  }
}

TEST(BitVector, SetBitsListsTheIndicesInAscendingOrder) {
  const BitVector vector = BitVector::FromSetBits({9, 1, 4, 100});
  EXPECT_THAT(vector.SetBits(), ElementsAre(1, 4, 9, 100));
}

TEST(BitVector, FromSetBitsOfAnEmptyListIsEmpty) {
  EXPECT_EQ(BitVector::FromSetBits({}).NumberOfBits(), 0u);
  EXPECT_TRUE(BitVector::FromSetBits({}) == BitVector());
}

TEST(BitVector, FromSetBitsCollapsesDuplicates) {
  EXPECT_THAT(BitVector::FromSetBits({3, 3, 0, 3}).SetBits(), ElementsAre(0, 3));
}

TEST(BitVector, FromSetBitsRoundTripsThroughSetBits) {
  const std::vector<uint32_t> indices = {0, 2, 8, 31, 32, 33, 63, 64, 127, 200};
  EXPECT_EQ(BitVector::FromSetBits(indices).SetBits(), indices);
}

TEST(BitVector, ResetToZeroEmptiesTheVector) {
  BitVector vector = BitVector::FromSetBits({2, 70});
  vector.Reset(0);
  EXPECT_EQ(vector.NumberOfBits(), 0u);
  EXPECT_FALSE(vector.IsBitSet(2));
  EXPECT_THAT(vector.SetBits(), IsEmpty());
}

TEST(BitVector, ResetClearsEveryBitWhateverTheRoomItMakes) {
  BitVector vector = BitVector::FromSetBits({2, 70});
  vector.Reset(256);
  EXPECT_EQ(vector.NumberOfBits(), 0u);
  EXPECT_FALSE(vector.IsBitSet(70));
  EXPECT_THAT(vector.SetBits(), IsEmpty());
  EXPECT_TRUE(vector == BitVector());
}

TEST(BitVector, SetBitAfterResetCountsOnlyTheBitsSetInsideOrBeyondTheRoom) {
  BitVector vector;
  vector.Reset(16);
  vector.SetBit(9);
  EXPECT_EQ(vector.NumberOfBits(), 10u);
  vector.SetBit(40);  // beyond the 16 bits Reset made room for: the vector grows
  EXPECT_EQ(vector.NumberOfBits(), 41u);
  EXPECT_THAT(vector.SetBits(), ElementsAre(9, 40));
  EXPECT_TRUE(vector == BitVector::FromSetBits({9, 40}));
}

TEST(BitVector, VectorsWithTheSameSetBitsAreEqualWhateverTheOrderOfSetting) {
  BitVector forward;
  for (size_t i : {1, 5, 40}) forward.SetBit(i);
  BitVector backward;
  for (size_t i : {40, 5, 1}) backward.SetBit(i);
  EXPECT_TRUE(forward == backward);
}

TEST(BitVector, EqualityIgnoresStorageLeftBehindByEarlierContents) {
  // `grown` once held bit 200, so its storage was sized for 26 bytes before it was cleared; only
  // the bits that are set count.
  BitVector grown;
  grown.SetBit(200);
  grown.Reset(0);
  grown.SetBit(3);
  EXPECT_TRUE(grown == BitVector::FromSetBits({3}));
}

TEST(BitVector, VectorsDifferingInOneBitAreNotEqual) {
  EXPECT_FALSE(BitVector::FromSetBits({1, 5}) == BitVector::FromSetBits({1, 6}));
  EXPECT_FALSE(BitVector::FromSetBits({1, 5}) == BitVector::FromSetBits({1, 5, 9}));
  EXPECT_FALSE(BitVector::FromSetBits({1}) == BitVector());
}

}  // namespace
}  // namespace frameproof
