// Specification of BitMemoryWriter: it appends bits LSB-first to a byte vector that always holds
// exactly ceil(written bits / 8) bytes, with zero pad bits after the last written bit.

#include "core/bits/bit_memory_writer.h"

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/bits/bit_memory_reader.h"
#include "core/bits/bit_memory_region.h"
#include "core/bits/reference_bits_testing.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace frameproof {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

TEST(BitMemoryWriter, NewWriterHasWrittenNothing) {
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  EXPECT_EQ(writer.NumberOfWrittenBits(), 0u);
  EXPECT_THAT(out, IsEmpty());
}

TEST(BitMemoryWriter, WriteBitsAppendsFieldsLsbFirst) {
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  writer.WriteBits(0b101, 3);    // bits 0..2
  writer.WriteBits(0b11111, 5);  // bits 3..7  -> byte 0 = 0b11111'101 = 0xFD
  writer.WriteBits(0xABC, 12);   // bits 8..19 -> byte 1 = 0xBC, byte 2 = 0x0A
  EXPECT_EQ(writer.NumberOfWrittenBits(), 20u);
  EXPECT_THAT(out, ElementsAre(0xFD, 0xBC, 0x0A));
}

TEST(BitMemoryWriter, WriteBitsOfZeroWidthWritesNothing) {
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  writer.WriteBits(0xFFFF, 0);
  EXPECT_EQ(writer.NumberOfWrittenBits(), 0u);
  EXPECT_THAT(out, IsEmpty());
}

TEST(BitMemoryWriter, WriteBitsWritesOnlyTheLowBitsOfTheValue) {
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  writer.WriteBits(0xFF, 4);  // only 0xF lands
  writer.WriteBits(0x0, 4);
  EXPECT_THAT(out, ElementsAre(0x0F));
}

TEST(BitMemoryWriter, WriteBitsOfSixtyFourBitsAtAnUnalignedOffsetFillsNineBytes) {
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  writer.WriteBit(true);
  writer.WriteBits(0x8000000000000001ull, 64);  // bit 0 of the value lands at bit 1, bit 63 at 64
  EXPECT_EQ(writer.NumberOfWrittenBits(), 65u);
  EXPECT_THAT(out, ElementsAre(0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01));
}

TEST(BitMemoryWriter, WriteBitAppendsOneBitAtATime) {
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  for (bool bit : {true, false, true, true, false, false, false, false, true}) writer.WriteBit(bit);
  EXPECT_EQ(writer.NumberOfWrittenBits(), 9u);
  EXPECT_THAT(out, ElementsAre(0x0D, 0x01));
}

TEST(BitMemoryWriter, VectorAlwaysHoldsCeilOfWrittenBitsOverEightBytes) {
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  size_t bits = 0;
  for (size_t width : {1, 7, 1, 8, 13, 64, 3, 0, 31}) {
    writer.WriteBits(~uint64_t{0}, width);
    bits += width;
    EXPECT_EQ(writer.NumberOfWrittenBits(), bits);
    EXPECT_EQ(out.size(), (bits + 7) / 8) << "after " << bits << " bits";
  }
}

TEST(BitMemoryWriter, PadBitsAfterTheLastWrittenBitAreZero) {
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  writer.WriteBits(0x7FF, 11);  // 11 ones; bits 11..15 of the second byte stay zero
  EXPECT_THAT(out, ElementsAre(0xFF, 0x07));
}

TEST(BitMemoryWriter, WriterStartingAtANonzeroBitOffsetKeepsTheEarlierBits) {
  std::vector<uint8_t> out = {0x07};  // three bits written earlier
  BitMemoryWriter writer(&out, 3);
  EXPECT_EQ(writer.NumberOfWrittenBits(), 3u);
  writer.WriteBits(0b11010, 5);  // bits 3..7
  writer.WriteBits(0x1, 2);      // bits 8..9
  EXPECT_EQ(writer.NumberOfWrittenBits(), 10u);
  EXPECT_THAT(out, ElementsAre(0xD7, 0x01));
}

TEST(BitMemoryWriter, WriterStartingAtTheEndOfExistingBytesAppendsAfterThem) {
  std::vector<uint8_t> out = {0xAB, 0xCD};
  BitMemoryWriter writer(&out, 16);
  writer.WriteBits(0x5, 4);
  EXPECT_EQ(writer.NumberOfWrittenBits(), 20u);
  EXPECT_THAT(out, ElementsAre(0xAB, 0xCD, 0x05));
}

TEST(BitMemoryWriter, AllocateReservesBitsAndReturnsAWritableViewOfThem) {
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  writer.WriteBits(0x3, 2);
  MutableBitMemoryRegion field = writer.Allocate(10);
  EXPECT_EQ(field.size_in_bits(), 10u);
  EXPECT_EQ(writer.NumberOfWrittenBits(), 12u);
  EXPECT_THAT(out, ElementsAre(0x03, 0x00));  // reserved bits start out zero
  field.StoreBits(0, 0x3FF, 10);              // bits 2..11
  EXPECT_THAT(out, ElementsAre(0xFF, 0x0F));
}

TEST(BitMemoryWriter, WriteRegionCopiesBitsFromAnUnalignedSource) {
  // Source bits 3..15 of 0xFF3CA5 (LSB-first bytes A5 3C FF): (0xFF3CA5 >> 3) & 0x1FFF = 0x794.
  const uint8_t source[] = {0xA5, 0x3C, 0xFF};
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  writer.WriteBit(true);
  writer.WriteRegion(BitMemoryRegion(source, 3, 13));
  // 1 | 0x794 << 1 = 0xF29 in 14 bits.
  EXPECT_EQ(writer.NumberOfWrittenBits(), 14u);
  EXPECT_THAT(out, ElementsAre(0x29, 0x0F));
}

TEST(BitMemoryWriter, WriteRegionCopiesEveryBitOfALongUnalignedRegion) {
  std::vector<uint8_t> source(32);
  for (size_t i = 0; i < source.size(); ++i) source[i] = static_cast<uint8_t>(i * 73 + 11);
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  writer.WriteBits(0b101, 3);
  writer.WriteRegion(BitMemoryRegion(source.data(), 5, 200));
  ASSERT_EQ(writer.NumberOfWrittenBits(), 203u);
  ASSERT_EQ(out.size(), 26u);
  EXPECT_EQ(out[0] & 0x7, 0b101);
  for (size_t i = 0; i < 200; ++i) {
    ASSERT_EQ(ReferenceBit(out.data(), 3 + i), ReferenceBit(source.data(), 5 + i)) << "bit " << i;
  }
  EXPECT_EQ(out[25] >> 3, 0);  // pad bits 203..207
}

TEST(BitMemoryWriter, WriteRegionOfAnEmptyRegionWritesNothing) {
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  writer.WriteRegion(BitMemoryRegion());
  EXPECT_EQ(writer.NumberOfWrittenBits(), 0u);
  EXPECT_THAT(out, IsEmpty());
}

TEST(BitMemoryWriter, WriteVarintWritesASmallValueAsOneNibble) {
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  writer.WriteVarint(5);
  writer.WriteVarint(11);
  EXPECT_EQ(writer.NumberOfWrittenBits(), 8u);
  EXPECT_THAT(out, ElementsAre(0xB5));
}

TEST(BitMemoryWriter, WriteVarintWritesALargeValueAsHeaderThenPayloadBytes) {
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  writer.WriteVarint(256);  // header 13 (two bytes follow), then 0x0100 in 16 bits: 0x0100D
  EXPECT_EQ(writer.NumberOfWrittenBits(), 20u);
  EXPECT_THAT(out, ElementsAre(0x0D, 0x10, 0x00));
}

TEST(BitMemoryWriter, WriteInterleavedVarintsWritesAllHeadersBeforeThePayloads) {
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  const uint32_t values[] = {300, 2};
  writer.WriteInterleavedVarints(values);
  // Headers 13 and 2, then 300 = 0x12C in 16 bits: 0xD | 2 << 4 | 0x12C << 8 = 0x12C2D.
  EXPECT_EQ(writer.NumberOfWrittenBits(), 24u);
  EXPECT_THAT(out, ElementsAre(0x2D, 0x2C, 0x01));
}

TEST(BitMemoryWriter, WriteInterleavedVarintsOfNothingWritesNothing) {
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  writer.WriteInterleavedVarints({});
  EXPECT_EQ(writer.NumberOfWrittenBits(), 0u);
  EXPECT_THAT(out, IsEmpty());
}

TEST(BitMemoryWriter, WriteBytesAlignedPadsToTheNextByteThenCopiesTheBytes) {
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  writer.WriteBits(0x3, 2);
  const uint8_t bytes[] = {0xAA, 0xBB};
  writer.WriteBytesAligned(bytes);
  EXPECT_EQ(writer.NumberOfWrittenBits(), 24u);
  EXPECT_THAT(out, ElementsAre(0x03, 0xAA, 0xBB));
}

TEST(BitMemoryWriter, WriteBytesAlignedAtAByteBoundaryAddsNoPadding) {
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  writer.WriteBits(0x42, 8);
  const uint8_t bytes[] = {0x01};
  writer.WriteBytesAligned(bytes);
  EXPECT_EQ(writer.NumberOfWrittenBits(), 16u);
  EXPECT_THAT(out, ElementsAre(0x42, 0x01));
}

TEST(BitMemoryWriter, WritesAfterWriteBytesAlignedContinueAfterTheBytes) {
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  const uint8_t bytes[] = {0xEE};
  writer.WriteBytesAligned(bytes);
  writer.WriteBits(0x1, 1);
  EXPECT_EQ(writer.NumberOfWrittenBits(), 9u);
  EXPECT_THAT(out, ElementsAre(0xEE, 0x01));
}

TEST(BitMemoryWriter, ByteAlignRoundsUpToTheNextByteWithZeroBits) {
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  writer.WriteBit(true);
  writer.ByteAlign();
  EXPECT_EQ(writer.NumberOfWrittenBits(), 8u);
  writer.WriteBit(true);
  EXPECT_EQ(writer.NumberOfWrittenBits(), 9u);
  EXPECT_THAT(out, ElementsAre(0x01, 0x01));
}

TEST(BitMemoryWriter, ByteAlignAtAByteBoundaryChangesNothing) {
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  writer.WriteBits(0xBEEF, 16);
  writer.ByteAlign();
  EXPECT_EQ(writer.NumberOfWrittenBits(), 16u);
  EXPECT_THAT(out, ElementsAre(0xEF, 0xBE));
}

TEST(BitMemoryWriter, ByteAlignOfAnEmptyWriterChangesNothing) {
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  writer.ByteAlign();
  EXPECT_EQ(writer.NumberOfWrittenBits(), 0u);
  EXPECT_THAT(out, IsEmpty());
}

TEST(BitMemoryWriter, TruncateDropsLaterBitsAndZeroesTheRestOfTheLastByte) {
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  writer.WriteBits(0xFFFF, 16);
  writer.Truncate(5);
  EXPECT_EQ(writer.NumberOfWrittenBits(), 5u);
  EXPECT_THAT(out, ElementsAre(0x1F));
}

TEST(BitMemoryWriter, WritesAfterTruncateContinueAtTheTruncationPoint) {
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  writer.WriteBits(0xFFFF, 16);
  writer.Truncate(5);
  writer.WriteBits(0b010, 3);  // bits 5..7; bit 5 must be written as 0, not left over as 1
  EXPECT_EQ(writer.NumberOfWrittenBits(), 8u);
  EXPECT_THAT(out, ElementsAre(0x5F));
}

TEST(BitMemoryWriter, TruncateToAByteBoundaryDropsWholeBytes) {
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  writer.WriteBits(0x332211, 24);
  writer.Truncate(8);
  EXPECT_EQ(writer.NumberOfWrittenBits(), 8u);
  EXPECT_THAT(out, ElementsAre(0x11));
}

TEST(BitMemoryWriter, TruncateToZeroEmptiesTheVector) {
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  writer.WriteBits(0x7, 3);
  writer.Truncate(0);
  EXPECT_EQ(writer.NumberOfWrittenBits(), 0u);
  EXPECT_THAT(out, IsEmpty());
}

TEST(BitMemoryWriter, TruncateAtTheCurrentEndChangesNothing) {
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  writer.WriteBits(0x1AB, 9);
  writer.Truncate(9);
  EXPECT_EQ(writer.NumberOfWrittenBits(), 9u);
  EXPECT_THAT(out, ElementsAre(0xAB, 0x01));
}

TEST(BitMemoryWriter, EverythingWrittenReadsBackThroughBitMemoryReader) {
  // A deterministic mix of widths and values, including full 64-bit words at odd offsets.
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  std::vector<std::pair<uint64_t, size_t>> fields;
  uint64_t state = 0x1234;
  for (int i = 0; i < 500; ++i) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    const size_t width = state % 65;
    const uint64_t value = width == 64 ? state : state & ((uint64_t{1} << width) - 1);
    fields.emplace_back(value, width);
    writer.WriteBits(value, width);
  }
  BitMemoryReader reader(out);
  for (const auto& [value, width] : fields) ASSERT_EQ(reader.ReadBits(width), value);
  EXPECT_EQ(reader.position(), writer.NumberOfWrittenBits());
}

// SequentialBitWriter fills a view as WriteBits would, field after field.

TEST(SequentialBitWriter, FieldsLandAsWriteBitsWouldPutThem) {
  // Fields of 3, 32, 0, 17 and 29 bits after 5 bits already written: stores cross the 32-bit
  // flushes and byte boundaries at every phase.
  const std::vector<std::pair<uint32_t, size_t>> fields = {
      {0b101, 3}, {0xDEADBEEF, 32}, {7, 0}, {0x1ABCD, 17}, {0x1234567, 29}};
  std::vector<uint8_t> expected;
  BitMemoryWriter reference(&expected);
  reference.WriteBits(0b10011, 5);
  for (const auto& [value, bits] : fields) reference.WriteBits(value, bits);

  std::vector<uint8_t> bytes;
  BitMemoryWriter writer(&bytes);
  writer.WriteBits(0b10011, 5);
  SequentialBitWriter sequential(writer.Allocate(3 + 32 + 0 + 17 + 29));
  for (const auto& [value, bits] : fields) sequential.Append(value, bits);
  sequential.Finish();
  EXPECT_EQ(bytes, expected);
}

TEST(SequentialBitWriter, StoresOnlyTheLowBitsOfEachValue) {
  std::vector<uint8_t> bytes;
  BitMemoryWriter writer(&bytes);
  SequentialBitWriter sequential(writer.Allocate(8));
  sequential.Append(0xFFFFFFF0, 4);  // only 0000 lands
  sequential.Append(0xFFFFFFFF, 4);
  sequential.Finish();
  EXPECT_THAT(bytes, ElementsAre(0xF0));
}

TEST(SequentialBitWriter, LeavesTheBitsAfterTheViewAlone) {
  std::vector<uint8_t> bytes = {0x00, 0x00, 0x00, 0x00, 0x00, 0xFF};
  // A view of bits 3..41: bits 41.. of byte 5 must keep their ones.
  SequentialBitWriter sequential(MutableBitMemoryRegion(bytes.data(), 3, 38));
  sequential.Append(0, 32);
  sequential.Append(0, 6);
  sequential.Finish();
  EXPECT_THAT(bytes, ElementsAre(0x00, 0x00, 0x00, 0x00, 0x00, 0xFE));
}

}  // namespace
}  // namespace frameproof
