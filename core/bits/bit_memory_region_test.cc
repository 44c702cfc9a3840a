// Specification of BitMemoryRegion / MutableBitMemoryRegion: ART's bit order (bit i of a region is
// bit i % 8 of byte i / 8, LSB first), single and multi-bit loads and stores, views, bulk queries,
// ART's ordering rule, negative start offsets, and the guarantee that loads never touch a byte
// outside the region (checked by AddressSanitizer in the dev preset).

#include "core/bits/bit_memory_region.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/bits/reference_bits_testing.h"
#include "gtest/gtest.h"

namespace frameproof {
namespace {

// Widths the brief singles out: empty, one bit, just under / exactly a 32-bit word, a full word.
constexpr std::array<size_t, 5> kWidths = {0, 1, 31, 32, 64};
// Every start offset in the first nine bytes, so each width starts at each bit of a byte and
// crosses up to nine bytes.
constexpr size_t kMaxStartOffset = 71;
// 71 + 64 bits end inside byte 16; one spare byte on each side.
constexpr size_t kBufferBytes = 18;

uint64_t Mask(size_t width) { return width == 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1; }

// ART's CheckBits: every bit in [offset, offset + width) holds the matching bit of `value`, and
// every other bit of the buffer still holds the fill bit.
::testing::AssertionResult CheckBits(const uint8_t* bytes, size_t buffer_bits, size_t offset,
                                     size_t width, uint64_t value, bool fill_bit) {
  for (size_t bit = 0; bit < buffer_bits; ++bit) {
    const bool inside = bit >= offset && bit < offset + width;
    const bool expected = inside ? ((value >> (bit - offset)) & 1) != 0 : fill_bit;
    if (ReferenceBit(bytes, bit) != expected) {
      return ::testing::AssertionFailure()
             << "bit " << bit << " is " << !expected << ", expected " << expected
             << (inside ? " (inside the written range)" : " (outside the written range)");
    }
  }
  return ::testing::AssertionSuccess();
}

// Deterministic filler for buffers (splitmix64).
uint64_t SplitMix64(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

std::vector<uint8_t> PseudoRandomBytes(size_t size, uint64_t seed) {
  std::vector<uint8_t> bytes(size);
  for (uint8_t& byte : bytes) byte = static_cast<uint8_t>(SplitMix64(seed));
  return bytes;
}

// ---------------------------------------------------------------------------------------------
// Bit order and single-bit access

TEST(BitMemoryRegion, LoadBitReadsBitIModEightOfByteIDivEight) {
  const uint8_t bytes[] = {0x01, 0x80};
  const BitMemoryRegion region(bytes, 0, 16);
  EXPECT_TRUE(region.LoadBit(0));  // LSB of byte 0
  EXPECT_FALSE(region.LoadBit(1));
  EXPECT_FALSE(region.LoadBit(7));  // MSB of byte 0
  EXPECT_FALSE(region.LoadBit(8));  // LSB of byte 1
  EXPECT_TRUE(region.LoadBit(15));  // MSB of byte 1
}

TEST(BitMemoryRegion, LoadBitsReadsLsbFirstAcrossByteBoundary) {
  const uint8_t bytes[] = {0x34, 0x12};
  const BitMemoryRegion region(bytes, 0, 16);
  // Bits 4..11 are the high nibble of byte 0 (3) then the low nibble of byte 1 (2): 0x23.
  EXPECT_EQ(region.LoadBits(4, 8), 0x23u);
  EXPECT_EQ(region.LoadBits(0, 16), 0x1234u);
  EXPECT_EQ(region.LoadBits(3, 2), 0b10u);  // bits 3 and 4 of 0x34 = 0b0011'0100
}

TEST(BitMemoryRegion, LoadBitsOfAFieldIsTheLittleEndianIntegerShiftedAndMasked) {
  const uint8_t bytes[] = {0x78, 0x56, 0x34, 0x12, 0xF0, 0xDE, 0xBC, 0x9A};
  const BitMemoryRegion region(bytes, 0, 64);
  // (0x9ABCDEF012345678 >> 12) & 0xFFFFF
  EXPECT_EQ(region.LoadBits(12, 20), 0x12345u);
  EXPECT_EQ(region.LoadBits(0, 64), 0x9ABCDEF012345678ull);
}

TEST(BitMemoryRegion, LoadBitsOfZeroWidthReturnsZero) {
  const uint8_t bytes[] = {0xFF, 0xFF};
  const BitMemoryRegion region(bytes, 0, 16);
  EXPECT_EQ(region.LoadBits(0, 0), 0u);
  EXPECT_EQ(region.LoadBits(5, 0), 0u);
  EXPECT_EQ(region.LoadBits(16, 0), 0u);  // at the very end
}

TEST(BitMemoryRegion, LoadBitsOfSixtyFourBitsAtAnUnalignedOffsetSpansNineBytes) {
  // Bits 4..67: the high nibble of byte 0, bytes 1..7, and the low nibble of byte 8.
  const uint8_t bytes[] = {0xA0, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x0B};
  const BitMemoryRegion region(bytes, 0, 72);
  EXPECT_EQ(region.LoadBits(4, 64), 0xB77665544332211Aull);
}

TEST(BitMemoryRegion, StoreBitChangesOnlyTheAddressedBitAtEveryOffset) {
  for (const uint8_t fill : {uint8_t{0x00}, uint8_t{0xFF}}) {
    for (const bool value : {false, true}) {
      for (size_t offset = 0; offset <= kMaxStartOffset; ++offset) {
        SCOPED_TRACE(::testing::Message()
                     << "fill " << int{fill} << " value " << value << " offset " << offset);
        std::array<uint8_t, kBufferBytes> buffer;
        buffer.fill(fill);
        MutableBitMemoryRegion region(buffer.data(), 0, buffer.size() * 8);
        region.StoreBit(offset, value);
        EXPECT_EQ(region.LoadBit(offset), value);
        EXPECT_TRUE(CheckBits(buffer.data(), buffer.size() * 8, offset, 1, value, fill != 0));
      }
    }
  }
}

TEST(BitMemoryRegion, StoreBitThroughAOneBitSubregionAddressesTheSameBit) {
  for (const uint8_t fill : {uint8_t{0x00}, uint8_t{0xFF}}) {
    for (const bool value : {false, true}) {
      for (size_t offset = 0; offset <= kMaxStartOffset; ++offset) {
        SCOPED_TRACE(::testing::Message()
                     << "fill " << int{fill} << " value " << value << " offset " << offset);
        std::array<uint8_t, kBufferBytes> buffer;
        buffer.fill(fill);
        MutableBitMemoryRegion bit(buffer.data(), static_cast<int64_t>(offset), 1);
        bit.StoreBit(0, value);
        EXPECT_EQ(bit.LoadBit(0), value);
        EXPECT_EQ(BitMemoryRegion(buffer.data(), 0, buffer.size() * 8).LoadBit(offset), value);
        EXPECT_TRUE(CheckBits(buffer.data(), buffer.size() * 8, offset, 1, value, fill != 0));
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Multi-bit stores and loads at widths 0, 1, 31, 32, 64 and every offset 0..71

TEST(BitMemoryRegion, StoreBitsWritesTheValueAndKeepsEveryBitOutsideTheRange) {
  for (const uint8_t fill : {uint8_t{0x00}, uint8_t{0xFF}}) {
    for (const size_t width : kWidths) {
      for (size_t offset = 0; offset <= kMaxStartOffset; ++offset) {
        SCOPED_TRACE(::testing::Message()
                     << "fill " << int{fill} << " width " << width << " offset " << offset);
        const uint64_t value = 0xDEADBEEFCAFEF00Dull & Mask(width);
        std::array<uint8_t, kBufferBytes> buffer;
        buffer.fill(fill);
        MutableBitMemoryRegion region(buffer.data(), 0, buffer.size() * 8);
        region.StoreBits(offset, value, width);
        EXPECT_TRUE(CheckBits(buffer.data(), buffer.size() * 8, offset, width, value, fill != 0));
      }
    }
  }
}

TEST(BitMemoryRegion, StoreBitsAtTheEndOfAnExactlySizedHeapBufferTouchesOnlyItsBytes) {
  // Views of 1..12 bytes: below a word every store goes byte by byte; from a word on, a field in
  // the last eight bytes is one store of them. ASan fails any byte written past the end.
  for (size_t size = 1; size <= 12; ++size) {
    const size_t bits = size * 8;
    for (const uint8_t fill : {uint8_t{0x00}, uint8_t{0xFF}}) {
      for (size_t width = 0; width <= 64 && width <= bits; ++width) {
        for (size_t offset = bits - std::min(bits, width + 16); offset + width <= bits; ++offset) {
          SCOPED_TRACE(::testing::Message() << "size " << size << " fill " << int{fill} << " width "
                                            << width << " offset " << offset);
          auto buffer = std::make_unique<uint8_t[]>(size);
          std::fill_n(buffer.get(), size, fill);
          MutableBitMemoryRegion region(buffer.get(), 0, bits);
          const uint64_t value = 0x9E3779B97F4A7C15ull & Mask(width);
          region.StoreBits(offset, value, width);
          ASSERT_TRUE(CheckBits(buffer.get(), bits, offset, width, value, fill != 0));
        }
      }
    }
  }
}

TEST(BitMemoryRegion, LoadBitsReturnsWhatStoreBitsStoredAtEveryWidthAndOffset) {
  for (const uint8_t fill : {uint8_t{0x00}, uint8_t{0xFF}}) {
    for (const size_t width : kWidths) {
      for (size_t offset = 0; offset <= kMaxStartOffset; ++offset) {
        SCOPED_TRACE(::testing::Message()
                     << "fill " << int{fill} << " width " << width << " offset " << offset);
        // Both a value with mixed bits and the complement of the fill, so every stored bit
        // differs from its neighbours in at least one case.
        for (const uint64_t pattern :
             {uint64_t{0xDEADBEEFCAFEF00D}, fill ? uint64_t{0} : ~uint64_t{0}}) {
          const uint64_t value = pattern & Mask(width);
          std::array<uint8_t, kBufferBytes> buffer;
          buffer.fill(fill);
          MutableBitMemoryRegion region(buffer.data(), 0, buffer.size() * 8);
          region.StoreBits(offset, value, width);
          EXPECT_EQ(region.LoadBits(offset, width), value);
          EXPECT_EQ(ReferenceBits(buffer.data(), offset, width), value);
        }
      }
    }
  }
}

TEST(BitMemoryRegion, StoreBitsThroughASubregionMatchesStoreBitsAtAnOffset) {
  for (const uint8_t fill : {uint8_t{0x00}, uint8_t{0xFF}}) {
    for (const size_t width : kWidths) {
      for (size_t offset = 0; offset <= kMaxStartOffset; ++offset) {
        SCOPED_TRACE(::testing::Message()
                     << "fill " << int{fill} << " width " << width << " offset " << offset);
        const uint64_t value = 0x0123456789ABCDEFull & Mask(width);
        std::array<uint8_t, kBufferBytes> buffer;
        buffer.fill(fill);
        MutableBitMemoryRegion field(buffer.data(), static_cast<int64_t>(offset), width);
        field.StoreBits(0, value, width);
        EXPECT_EQ(field.LoadBits(0, width), value);
        EXPECT_TRUE(CheckBits(buffer.data(), buffer.size() * 8, offset, width, value, fill != 0));
      }
    }
  }
}

TEST(BitMemoryRegion, LoadBitsMatchesTheReferenceBitOrderForEveryWidthFrom0To64) {
  const std::vector<uint8_t> bytes = PseudoRandomBytes(kBufferBytes, 1);
  const BitMemoryRegion region(bytes.data(), 0, bytes.size() * 8);
  for (size_t width = 0; width <= 64; ++width) {
    for (size_t offset = 0; offset <= kMaxStartOffset; ++offset) {
      ASSERT_EQ(region.LoadBits(offset, width), ReferenceBits(bytes.data(), offset, width))
          << "width " << width << " offset " << offset;
    }
  }
}

TEST(BitMemoryRegion, StoreBitsStoresOnlyTheLowBitsOfTheValue) {
  uint8_t bytes[] = {0x00, 0x00};
  MutableBitMemoryRegion region(bytes, 0, 16);
  region.StoreBits(4, 0xFFFF, 4);  // only the low 4 bits of 0xFFFF land, at bits 4..7
  EXPECT_EQ(bytes[0], 0xF0);
  EXPECT_EQ(bytes[1], 0x00);
}

TEST(BitMemoryRegion, StoreBitsOfZeroWidthChangesNothing) {
  uint8_t bytes[] = {0x5A, 0xA5};
  MutableBitMemoryRegion region(bytes, 0, 16);
  region.StoreBits(3, 0xFFFF, 0);
  EXPECT_EQ(bytes[0], 0x5A);
  EXPECT_EQ(bytes[1], 0xA5);
}

TEST(BitMemoryRegion, StoreRegionCopiesBitsBetweenDifferentUnalignedOffsets) {
  const std::vector<uint8_t> source_bytes = PseudoRandomBytes(32, 2);
  const BitMemoryRegion source(source_bytes.data(), 5, 150);  // spans three 64-bit chunks
  std::vector<uint8_t> target_bytes(32, 0xFF);
  MutableBitMemoryRegion target(target_bytes.data(), 0, target_bytes.size() * 8);
  target.StoreRegion(11, source);
  for (size_t bit = 0; bit < target_bytes.size() * 8; ++bit) {
    const bool expected =
        bit >= 11 && bit < 11 + 150 ? ReferenceBit(source_bytes.data(), 5 + bit - 11) : true;
    ASSERT_EQ(ReferenceBit(target_bytes.data(), bit), expected) << "bit " << bit;
  }
}

// ---------------------------------------------------------------------------------------------
// Construction and views

TEST(BitMemoryRegion, DefaultConstructedRegionIsInvalidAndEmpty) {
  const BitMemoryRegion region;
  EXPECT_FALSE(region.IsValid());
  EXPECT_EQ(region.size_in_bits(), 0u);
  EXPECT_FALSE(region.HasSomeBitSet());
  EXPECT_EQ(region.PopCount(), 0u);
}

TEST(BitMemoryRegion, RegionOverASpanCoversEveryBitOfTheSpan) {
  const std::vector<uint8_t> bytes = {0x01, 0x02, 0x80};
  const BitMemoryRegion region{absl::Span<const uint8_t>(bytes)};
  EXPECT_TRUE(region.IsValid());
  EXPECT_EQ(region.size_in_bits(), 24u);
  EXPECT_EQ(region.LoadBits(0, 24), 0x800201u);
}

TEST(BitMemoryRegion, ConstructorNormalizesToTheFirstByteHoldingTheRegionsBits) {
  const uint8_t bytes[4] = {};
  const BitMemoryRegion region(bytes, 19, 5);
  EXPECT_EQ(region.data(), bytes + 2);
  EXPECT_EQ(region.bit_start(), 3u);
  EXPECT_EQ(region.size_in_bits(), 5u);
}

TEST(BitMemoryRegion, SubregionStartsAtTheGivenBitOffsetOfItsParent) {
  const uint8_t bytes[] = {0x34, 0x12, 0xCD, 0xAB};
  const BitMemoryRegion parent(bytes, 0, 32);
  const BitMemoryRegion sub = parent.Subregion(4, 12);
  EXPECT_EQ(sub.size_in_bits(), 12u);
  EXPECT_EQ(sub.LoadBits(0, 12), 0x123u);  // (0xABCD1234 >> 4) & 0xFFF
  EXPECT_EQ(sub.data(), bytes);
  EXPECT_EQ(sub.bit_start(), 4u);
}

TEST(BitMemoryRegion, SubregionWithoutSizeExtendsToTheEndOfItsParent) {
  const uint8_t bytes[] = {0x34, 0x12, 0xCD, 0xAB};
  const BitMemoryRegion parent(bytes, 0, 32);
  const BitMemoryRegion tail = parent.Subregion(20);
  EXPECT_EQ(tail.size_in_bits(), 12u);
  EXPECT_EQ(tail.LoadBits(0, 12), 0xABCu);
}

TEST(BitMemoryRegion, SubregionOfASubregionAddsTheOffsets) {
  const std::vector<uint8_t> bytes = PseudoRandomBytes(16, 3);
  const BitMemoryRegion parent(bytes.data(), 3, 120);
  const BitMemoryRegion inner = parent.Subregion(7, 100).Subregion(9, 40);
  EXPECT_EQ(inner.size_in_bits(), 40u);
  EXPECT_EQ(inner.LoadBits(0, 40), ReferenceBits(bytes.data(), 3 + 7 + 9, 40));
  EXPECT_EQ(inner.data(), bytes.data() + 2);  // bit 19 lives in byte 2
  EXPECT_EQ(inner.bit_start(), 3u);
}

// ---------------------------------------------------------------------------------------------
// PopCount and HasSomeBitSet

TEST(BitMemoryRegion, PopCountCountsTheSetBitsOfTheWholeRegion) {
  const uint8_t bytes[] = {0xFF, 0x0F, 0x01};
  EXPECT_EQ(BitMemoryRegion(bytes, 0, 24).PopCount(), 13u);
  EXPECT_EQ(BitMemoryRegion(bytes, 0, 16).PopCount(), 12u);
  EXPECT_EQ(BitMemoryRegion(bytes, 4, 10).PopCount(), 8u);  // bits 4..13: 4 + 4
}

TEST(BitMemoryRegion, PopCountOfARangeCountsOnlyBitsInsideIt) {
  const uint8_t bytes[] = {0xFF, 0x0F, 0xF0};
  const BitMemoryRegion region(bytes, 0, 24);
  EXPECT_EQ(region.PopCount(4, 12), 8u);  // bits 4..7 of 0xFF and bits 0..7 of 0x0F
  EXPECT_EQ(region.PopCount(12, 8), 0u);  // high nibble of 0x0F, low nibble of 0xF0
  EXPECT_EQ(region.PopCount(0, 0), 0u);
  EXPECT_EQ(region.PopCount(23, 1), 1u);
}

TEST(BitMemoryRegion, PopCountOfEveryRangeMatchesCountingBitByBit) {
  const std::vector<uint8_t> bytes = PseudoRandomBytes(40, 4);
  const BitMemoryRegion region(bytes.data(), 0, bytes.size() * 8);
  for (size_t offset = 0; offset <= kMaxStartOffset; ++offset) {
    for (size_t count = 0; offset + count <= region.size_in_bits() && count <= 200; ++count) {
      size_t expected = 0;
      for (size_t i = 0; i < count; ++i) expected += ReferenceBit(bytes.data(), offset + i);
      ASSERT_EQ(region.PopCount(offset, count), expected)
          << "offset " << offset << " count " << count;
    }
  }
}

TEST(BitMemoryRegion, HasSomeBitSetIsFalseForAnAllZeroRegion) {
  const std::vector<uint8_t> bytes(25, 0x00);
  EXPECT_FALSE(BitMemoryRegion(bytes.data(), 0, 200).HasSomeBitSet());
  EXPECT_FALSE(BitMemoryRegion(bytes.data(), 3, 190).HasSomeBitSet());
}

TEST(BitMemoryRegion, HasSomeBitSetIsFalseForAnEmptyRegion) {
  const uint8_t bytes[] = {0xFF};
  EXPECT_FALSE(BitMemoryRegion(bytes, 3, 0).HasSomeBitSet());
}

TEST(BitMemoryRegion, HasSomeBitSetFindsASingleSetBitAnywhere) {
  for (size_t bit = 0; bit < 200; ++bit) {
    std::vector<uint8_t> bytes(25, 0x00);
    bytes[bit / 8] = static_cast<uint8_t>(1u << (bit % 8));
    EXPECT_TRUE(BitMemoryRegion(bytes.data(), 0, 200).HasSomeBitSet()) << "bit " << bit;
  }
}

TEST(BitMemoryRegion, HasSomeBitSetIgnoresSetBitsOutsideTheRegion) {
  // Bits 5..130 are clear; every other bit of the buffer is set.
  std::vector<uint8_t> bytes(20, 0xFF);
  MutableBitMemoryRegion(bytes.data(), 0, 160).StoreBits(5, 0, 64);
  MutableBitMemoryRegion(bytes.data(), 0, 160).StoreBits(69, 0, 62);
  EXPECT_FALSE(BitMemoryRegion(bytes.data(), 5, 126).HasSomeBitSet());
  EXPECT_TRUE(BitMemoryRegion(bytes.data(), 4, 127).HasSomeBitSet());
  EXPECT_TRUE(BitMemoryRegion(bytes.data(), 5, 127).HasSomeBitSet());
}

// ---------------------------------------------------------------------------------------------
// Compare / Equals

TEST(BitMemoryRegion, CompareOrdersAShorterRegionFirstWhateverItsBits) {
  const uint8_t ones[] = {0xFF};
  const uint8_t zeros[] = {0x00};
  const BitMemoryRegion short_ones(ones, 0, 3);
  const BitMemoryRegion long_zeros(zeros, 0, 4);
  EXPECT_LT(BitMemoryRegion::Compare(short_ones, long_zeros), 0);
  EXPECT_GT(BitMemoryRegion::Compare(long_zeros, short_ones), 0);
  EXPECT_TRUE(short_ones < long_zeros);
  EXPECT_FALSE(BitMemoryRegion::Equals(short_ones, long_zeros));
}

TEST(BitMemoryRegion, CompareLetsTheLowestDifferingBitDecideNotTheNumericValue) {
  const uint8_t two[] = {0b10};
  const uint8_t one[] = {0b01};
  const BitMemoryRegion lhs(two, 0, 2);  // numerically larger...
  const BitMemoryRegion rhs(one, 0, 2);  // ...but rhs has the 1 at bit 0, the lowest difference
  EXPECT_LT(BitMemoryRegion::Compare(lhs, rhs), 0);
  EXPECT_GT(BitMemoryRegion::Compare(rhs, lhs), 0);
  EXPECT_TRUE(lhs < rhs);
  EXPECT_FALSE(rhs < lhs);
}

TEST(BitMemoryRegion, CompareFindsTheLowestDifferenceBeyondTheFirst64Bits) {
  // 100-bit regions that agree on bits 0..69 and differ at bits 70 (lhs has the 1) and 90.
  std::vector<uint8_t> lhs_bytes(13, 0x00);
  std::vector<uint8_t> rhs_bytes(13, 0x00);
  lhs_bytes[70 / 8] |= 1u << (70 % 8);
  rhs_bytes[90 / 8] |= 1u << (90 % 8);
  const BitMemoryRegion lhs(lhs_bytes.data(), 0, 100);
  const BitMemoryRegion rhs(rhs_bytes.data(), 0, 100);
  EXPECT_GT(BitMemoryRegion::Compare(lhs, rhs), 0);
  EXPECT_LT(BitMemoryRegion::Compare(rhs, lhs), 0);
}

TEST(BitMemoryRegion, CompareIsZeroForRegionsWithTheSameSizeAndBits) {
  const uint8_t a[] = {0x5A, 0x03};
  const uint8_t b[] = {0x5A, 0xF3};  // differs only above bit 9
  EXPECT_EQ(BitMemoryRegion::Compare(BitMemoryRegion(a, 0, 10), BitMemoryRegion(b, 0, 10)), 0);
  EXPECT_TRUE(BitMemoryRegion::Equals(BitMemoryRegion(a, 0, 10), BitMemoryRegion(b, 0, 10)));
  EXPECT_TRUE(BitMemoryRegion(a, 0, 10) == BitMemoryRegion(b, 0, 10));
  EXPECT_FALSE(BitMemoryRegion(a, 0, 10) < BitMemoryRegion(b, 0, 10));
}

TEST(BitMemoryRegion, EmptyRegionsAreEqualAndLessThanAnyNonEmptyRegion) {
  const uint8_t bytes[] = {0x00};
  EXPECT_TRUE(BitMemoryRegion() == BitMemoryRegion(bytes, 5, 0));
  EXPECT_TRUE(BitMemoryRegion() < BitMemoryRegion(bytes, 0, 1));
}

TEST(BitMemoryRegion, EqualsIgnoresWhereTheBitsSitInMemory) {
  // The same 77-bit pattern stored at bit 3 of one buffer and bit 13 of another, with different
  // surrounding bits.
  const std::vector<uint8_t> pattern = PseudoRandomBytes(10, 5);
  std::vector<uint8_t> first(16, 0x00);
  std::vector<uint8_t> second(16, 0xFF);
  MutableBitMemoryRegion(first.data(), 3, 77)
      .StoreRegion(0, BitMemoryRegion(pattern.data(), 0, 77));
  MutableBitMemoryRegion(second.data(), 13, 77)
      .StoreRegion(0, BitMemoryRegion(pattern.data(), 0, 77));
  const BitMemoryRegion at_3(first.data(), 3, 77);
  const BitMemoryRegion at_13(second.data(), 13, 77);
  EXPECT_TRUE(BitMemoryRegion::Equals(at_3, at_13));
  EXPECT_EQ(BitMemoryRegion::Compare(at_3, at_13), 0);
}

TEST(BitMemoryRegion, EqualsRequiresTheSameSize) {
  const uint8_t bytes[] = {0x00, 0x00};
  EXPECT_FALSE(BitMemoryRegion::Equals(BitMemoryRegion(bytes, 0, 8), BitMemoryRegion(bytes, 0, 9)));
}

TEST(BitMemoryRegion, CompareIsAntisymmetricAndConsistentWithEquals) {
  const std::vector<uint8_t> bytes = PseudoRandomBytes(64, 6);
  for (size_t i = 0; i < 40; ++i) {
    for (size_t j = 0; j < 40; ++j) {
      const BitMemoryRegion a(bytes.data(), static_cast<int64_t>(i * 7), 20 + i % 3);
      const BitMemoryRegion b(bytes.data(), static_cast<int64_t>(j * 7), 20 + j % 3);
      const int ab = BitMemoryRegion::Compare(a, b);
      const int ba = BitMemoryRegion::Compare(b, a);
      EXPECT_EQ(ab<0, ba> 0) << i << " " << j;
      EXPECT_EQ(ab == 0, BitMemoryRegion::Equals(a, b)) << i << " " << j;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Negative start offsets (deduplicated back-references)

TEST(BitMemoryRegion, NegativeBitStartReadsTheBitsBeforeThePointer) {
  const uint8_t bytes[] = {0x12, 0x34, 0x56, 0x78};
  const uint8_t* middle = bytes + 2;
  // 12 bits before `middle` is bit 4 of the buffer: (0x78563412 >> 4) & 0xFFFFF.
  const BitMemoryRegion region(middle, -12, 20);
  EXPECT_EQ(region.LoadBits(0, 20), 0x56341u);
  EXPECT_EQ(region.data(), bytes);
  EXPECT_EQ(region.bit_start(), 4u);
}

TEST(BitMemoryRegion, NegativeBitStartRoundsTheByteTowardMinusInfinity) {
  const uint8_t bytes[] = {0x80, 0x01};
  const BitMemoryRegion last_bit_of_previous_byte(bytes + 1, -1, 2);
  EXPECT_EQ(last_bit_of_previous_byte.data(), bytes);
  EXPECT_EQ(last_bit_of_previous_byte.bit_start(), 7u);
  EXPECT_EQ(last_bit_of_previous_byte.LoadBits(0, 2), 0b11u);  // bit 7 of 0x80, bit 0 of 0x01
  const BitMemoryRegion minus_nine(bytes + 2, -9, 1);
  EXPECT_EQ(minus_nine.data(), bytes);
  EXPECT_TRUE(minus_nine.LoadBit(0));  // bit 7 of byte 0
}

TEST(BitMemoryRegion, NegativeRegionEqualsTheSameBitsAddressedForward) {
  const std::vector<uint8_t> bytes = PseudoRandomBytes(24, 7);
  for (int64_t back = 1; back <= 96; ++back) {
    const BitMemoryRegion backward(bytes.data() + 12, -back, 64);
    const BitMemoryRegion forward(bytes.data(), 96 - back, 64);
    ASSERT_EQ(backward.LoadBits(0, 64), forward.LoadBits(0, 64)) << "back " << back;
    ASSERT_TRUE(backward == forward) << "back " << back;
  }
}

TEST(BitMemoryRegion, StoreBitsThroughANegativeRegionWritesTheEarlierBits) {
  uint8_t bytes[] = {0x00, 0x00, 0x00};
  MutableBitMemoryRegion region(bytes + 2, -13, 8);  // bits 3..10 of the buffer
  region.StoreBits(0, 0xFF, 8);
  EXPECT_EQ(bytes[0], 0xF8);
  EXPECT_EQ(bytes[1], 0x07);
  EXPECT_EQ(bytes[2], 0x00);
}

// ---------------------------------------------------------------------------------------------
// No over-read: loads touch only the bytes of the region. Under ASan (dev preset) any access to the
// byte after an exactly-sized heap buffer aborts the test.

TEST(BitMemoryRegion, LoadBitsNeverReadsPastTheEndOfAnExactlySizedHeapBuffer) {
  for (size_t size = 1; size <= 9; ++size) {
    auto buffer = std::make_unique<uint8_t[]>(size);
    for (size_t i = 0; i < size; ++i) buffer[i] = static_cast<uint8_t>(0xA5 ^ (i * 0x3B));
    const size_t bits = size * 8;
    const BitMemoryRegion region(buffer.get(), 0, bits);
    for (size_t offset = 0; offset <= bits; ++offset) {
      for (size_t width = 0; width <= 64 && offset + width <= bits; ++width) {
        ASSERT_EQ(region.LoadBits(offset, width), ReferenceBits(buffer.get(), offset, width))
            << "size " << size << " offset " << offset << " width " << width;
      }
    }
  }
}

TEST(BitMemoryRegion, LoadBitsOfAnUnalignedRegionNeverReadsPastItsLastByte) {
  // The region starts mid-byte and ends mid-byte in the last byte of the allocation.
  for (size_t size = 1; size <= 9; ++size) {
    auto buffer = std::make_unique<uint8_t[]>(size);
    for (size_t i = 0; i < size; ++i) buffer[i] = static_cast<uint8_t>(0x5C + i * 0x61);
    for (size_t start = 0; start < 8; ++start) {
      for (size_t end = size * 8 - 7; end <= size * 8; ++end) {
        if (end < start) continue;
        const BitMemoryRegion region(buffer.get(), static_cast<int64_t>(start), end - start);
        for (size_t offset = 0; offset <= region.size_in_bits(); ++offset) {
          for (size_t width = 0; width <= 64 && offset + width <= region.size_in_bits(); ++width) {
            ASSERT_EQ(region.LoadBits(offset, width),
                      ReferenceBits(buffer.get(), start + offset, width))
                << "size " << size << " start " << start << " end " << end << " offset " << offset
                << " width " << width;
          }
        }
      }
    }
  }
}

TEST(BitMemoryRegion, RegionOverTheTailOfALargerHeapBufferNeverReadsPastItsEnd) {
  constexpr size_t kSize = 40;
  auto buffer = std::make_unique<uint8_t[]>(kSize);
  for (size_t i = 0; i < kSize; ++i) buffer[i] = static_cast<uint8_t>(i * 29 + 1);
  for (size_t tail = 1; tail <= 9; ++tail) {
    const uint8_t* first = buffer.get() + kSize - tail;
    const BitMemoryRegion region(first, 0, tail * 8);
    for (size_t offset = 0; offset <= tail * 8; ++offset) {
      for (size_t width = 0; width <= 64 && offset + width <= tail * 8; ++width) {
        ASSERT_EQ(region.LoadBits(offset, width), ReferenceBits(first, offset, width))
            << "tail " << tail << " offset " << offset << " width " << width;
      }
    }
  }
}

TEST(BitMemoryRegion, NegativeRegionEndingAtTheEndOfAHeapBufferNeverReadsPastIt) {
  for (size_t size = 1; size <= 9; ++size) {
    auto buffer = std::make_unique<uint8_t[]>(size);
    for (size_t i = 0; i < size; ++i) buffer[i] = static_cast<uint8_t>(0xC3 - i * 17);
    const size_t bits = size * 8;
    // Built from the one-past-the-end pointer, reaching back over the whole buffer.
    const BitMemoryRegion region(buffer.get() + size, -static_cast<int64_t>(bits), bits);
    for (size_t offset = 0; offset <= bits; ++offset) {
      for (size_t width = 0; width <= 64 && offset + width <= bits; ++width) {
        ASSERT_EQ(region.LoadBits(offset, width), ReferenceBits(buffer.get(), offset, width))
            << "size " << size << " offset " << offset << " width " << width;
      }
    }
  }
}

TEST(BitMemoryRegion, ViewCutFromABufferReadsOnlyItsOwnBitsAndNothingPastTheBuffer) {
  // Loads of a view given the buffer's end may read (and must ignore) the bytes after the view;
  // every view ends at every bit of the last nine bytes of an exactly-sized heap buffer.
  constexpr size_t kSize = 24;
  constexpr size_t kFirstViewEnd = (kSize - 9) * 8;
  auto buffer = std::make_unique<uint8_t[]>(kSize);
  for (size_t i = 0; i < kSize; ++i) buffer[i] = static_cast<uint8_t>(0x9D ^ (i * 0x45));
  const uint8_t* end = buffer.get() + kSize;
  for (size_t start = 0; start < 8; ++start) {
    for (size_t view_end = kFirstViewEnd; view_end <= kSize * 8; ++view_end) {
      const size_t bits = view_end - start;
      const BitMemoryRegion view(buffer.get(), static_cast<int64_t>(start), bits, end);
      for (size_t offset = 0; offset <= bits; ++offset) {
        for (size_t width = 0; width <= 64 && offset + width <= bits; ++width) {
          ASSERT_EQ(view.LoadBits(offset, width),
                    ReferenceBits(buffer.get(), start + offset, width))
              << "start " << start << " view end " << view_end << " offset " << offset << " width "
              << width;
        }
      }
    }
  }
}

TEST(BitMemoryRegion, SubregionOfAViewCutFromABufferReadsItsOwnBits) {
  constexpr size_t kSize = 16;
  auto buffer = std::make_unique<uint8_t[]>(kSize);
  for (size_t i = 0; i < kSize; ++i) buffer[i] = static_cast<uint8_t>(0x3C + i * 0x77);
  const BitMemoryRegion view(buffer.get(), 3, 40, buffer.get() + kSize);
  for (size_t offset = 0; offset <= 40; ++offset) {
    const BitMemoryRegion sub = view.Subregion(offset, 40 - offset);
    EXPECT_EQ(sub.LoadBits(0, 40 - offset), ReferenceBits(buffer.get(), 3 + offset, 40 - offset))
        << "offset " << offset;
    EXPECT_EQ(sub.PopCount(), std::popcount(ReferenceBits(buffer.get(), 3 + offset, 40 - offset)));
  }
}

TEST(BitMemoryRegion, LoadBitsUpTo32IsLoadBitsForEveryWidthUpTo32EvenAtTheBuffersEnd) {
  for (size_t size = 1; size <= 12; ++size) {
    auto buffer = std::make_unique<uint8_t[]>(size);
    for (size_t i = 0; i < size; ++i) buffer[i] = static_cast<uint8_t>(0xE7 - i * 0x2B);
    const size_t bits = size * 8;
    const BitMemoryRegion own(buffer.get(), 0, bits);
    const BitMemoryRegion cut(buffer.get(), 0, bits, buffer.get() + size);
    for (size_t offset = 0; offset <= bits; ++offset) {
      for (size_t width = 0; width <= 32 && offset + width <= bits; ++width) {
        const uint64_t expected = ReferenceBits(buffer.get(), offset, width);
        ASSERT_EQ(own.LoadBitsUpTo32(offset, width), expected)
            << "size " << size << " offset " << offset << " width " << width;
        ASSERT_EQ(cut.LoadBitsUpTo32(offset, width), expected)
            << "size " << size << " offset " << offset << " width " << width;
      }
    }
  }
}

TEST(BitMemoryRegion, WordLoadsReachABitWhenItsByteAndTheSevenAfterItAreReadable) {
  auto buffer = std::make_unique<uint8_t[]>(16);
  const BitMemoryRegion own(buffer.get(), 0, 128);
  EXPECT_TRUE(own.WordLoadsReach(0));
  EXPECT_TRUE(own.WordLoadsReach(71));  // byte 8, the last whose word ends at byte 15
  EXPECT_FALSE(own.WordLoadsReach(72));
  // A view starting 5 bits into the buffer reaches 5 bits less far.
  const BitMemoryRegion shifted(buffer.get(), 5, 64, buffer.get() + 16);
  EXPECT_TRUE(shifted.WordLoadsReach(66));
  EXPECT_FALSE(shifted.WordLoadsReach(67));
}

TEST(BitMemoryRegion, LoadWordFieldIsLoadBitsForEveryWidthUpTo32WhereWordLoadsReach) {
  // Exactly sized: under ASan a load past the word bound WordLoadsReach promises would fail.
  constexpr size_t kSize = 16;
  auto buffer = std::make_unique<uint8_t[]>(kSize);
  for (size_t i = 0; i < kSize; ++i) buffer[i] = static_cast<uint8_t>(0x5A + i * 0x3D);
  const BitMemoryRegion own(buffer.get(), 0, kSize * 8);
  size_t checked = 0;
  for (size_t offset = 0; own.WordLoadsReach(offset); ++offset) {
    for (size_t width = 0; width <= 32; ++width) {
      ASSERT_EQ(own.LoadWordField(offset, width), ReferenceBits(buffer.get(), offset, width))
          << "offset " << offset << " width " << width;
      ++checked;
    }
  }
  EXPECT_EQ(checked, 72u * 33u);
}

TEST(BitMemoryRegion, BulkQueriesOnAnExactlySizedHeapBufferNeverReadPastItsEnd) {
  for (size_t size = 1; size <= 9; ++size) {
    auto a = std::make_unique<uint8_t[]>(size);
    auto b = std::make_unique<uint8_t[]>(size);
    for (size_t i = 0; i < size; ++i) a[i] = b[i] = static_cast<uint8_t>(0x81 + i);
    for (size_t start = 0; start < size * 8; ++start) {
      const size_t count = size * 8 - start;
      const BitMemoryRegion ra(a.get(), static_cast<int64_t>(start), count);
      const BitMemoryRegion rb(b.get(), static_cast<int64_t>(start), count);
      size_t expected_popcount = 0;
      for (size_t i = 0; i < count; ++i) expected_popcount += ReferenceBit(a.get(), start + i);
      EXPECT_EQ(ra.PopCount(), expected_popcount) << "size " << size << " start " << start;
      EXPECT_EQ(ra.HasSomeBitSet(), expected_popcount != 0);
      EXPECT_TRUE(ra == rb);
    }
  }
}

}  // namespace
}  // namespace frameproof
