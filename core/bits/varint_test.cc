// Specification of ART's 4-bit varint: sizes (varint.h), exact encodings (BitMemoryWriter), and
// decoding by both the unchecked BitMemoryReader and the CheckedBitReader, single and interleaved.

#include "core/bits/varint.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/bits/bit_memory_reader.h"
#include "core/bits/bit_memory_writer.h"
#include "core/bits/checked_bit_reader.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace frameproof {
namespace {

using ::testing::ElementsAre;
using ::testing::ElementsAreArray;

struct Boundary {
  uint32_t value;
  uint32_t header;    // the 4-bit header nibble
  uint32_t bit_size;  // header + payload
};

// Each value at or next to a change of encoded size.
constexpr Boundary kBoundaries[] = {
    {0, 0, 4},  // smallest inline value
    {1, 1, 4},
    {11, 11, 4},   // kVarintMax, largest inline value
    {12, 12, 12},  // smallest value with a payload byte
    {15, 12, 12},
    {16, 12, 12},
    {255, 12, 12},  // largest 1-byte payload
    {256, 13, 20},  // smallest 2-byte payload
    {65535, 13, 20},
    {65536, 14, 28},  // 2^16: smallest 3-byte payload
    {(1u << 24) - 1, 14, 28},
    {1u << 24, 15, 36},     // smallest 4-byte payload
    {0xFFFFFFFEu, 15, 36},  // ART's ~1u
    {0xFFFFFFFFu, 15, 36},  // 2^32 - 1
};

// Writes `prefix_bits` bits of a fixed pattern, then `value` as a varint, then a 4-bit trailer.
std::vector<uint8_t> EncodeAfterPrefix(size_t prefix_bits, uint32_t value, size_t* varint_bits) {
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  writer.WriteBits(0x5A5A5A5A5A5A5A5Aull, prefix_bits);
  writer.WriteVarint(value);
  *varint_bits = writer.NumberOfWrittenBits() - prefix_bits;
  writer.WriteBits(0b1001, 4);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Sizes

TEST(Varint, ValuesUpToElevenAreTheirOwnHeader) {
  for (uint32_t value = 0; value <= kVarintMax; ++value) {
    EXPECT_EQ(VarintHeader(value), value);
    EXPECT_EQ(VarintBitSize(value), 4u);
  }
}

TEST(Varint, HeaderIsElevenPlusThePayloadByteCount) {
  for (const Boundary& b : kBoundaries) {
    EXPECT_EQ(VarintHeader(b.value), b.header) << "value " << b.value;
  }
}

TEST(Varint, PayloadBitsAreZeroForInlineHeadersAndWholeBytesAfterwards) {
  for (uint32_t header = 0; header <= kVarintMax; ++header)
    EXPECT_EQ(VarintPayloadBits(header), 0u);
  EXPECT_EQ(VarintPayloadBits(12), 8u);
  EXPECT_EQ(VarintPayloadBits(13), 16u);
  EXPECT_EQ(VarintPayloadBits(14), 24u);
  EXPECT_EQ(VarintPayloadBits(15), 32u);
}

TEST(Varint, BitSizeIsFourTwelveTwentyTwentyEightOrThirtySix) {
  for (const Boundary& b : kBoundaries) {
    EXPECT_EQ(VarintBitSize(b.value), b.bit_size) << "value " << b.value;
  }
}

TEST(Varint, BitSizeNeverExceedsTheValueBitsRoundedUpToBytesPlusTheHeader) {
  // ART's TestVarint bound: bits <= RoundUp(MinimumBitsToStore(v), 8) + 4.
  for (const Boundary& b : kBoundaries) {
    EXPECT_LE(VarintBitSize(b.value), (MinimumBitsToStore(b.value) + 7) / 8 * 8 + kVarintBits)
        << "value " << b.value;
  }
}

// ---------------------------------------------------------------------------------------------
// Exact encodings

TEST(Varint, SmallValueEncodesAsOneNibble) {
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  writer.WriteVarint(7);
  EXPECT_THAT(out, ElementsAre(0x07));
}

TEST(Varint, TwelveEncodesAsHeaderTwelveThenOnePayloadByte) {
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  writer.WriteVarint(12);  // 0xC | 0x0C << 4 = 0x0CC, 12 bits
  EXPECT_EQ(writer.NumberOfWrittenBits(), 12u);
  EXPECT_THAT(out, ElementsAre(0xCC, 0x00));
}

TEST(Varint, TwoToTheSixteenEncodesAsHeaderFourteenThenThreePayloadBytes) {
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  writer.WriteVarint(65536);  // 0xE | 0x010000 << 4 = 0x010000E, 28 bits
  EXPECT_EQ(writer.NumberOfWrittenBits(), 28u);
  EXPECT_THAT(out, ElementsAre(0x0E, 0x00, 0x10, 0x00));
}

TEST(Varint, MaxUint32EncodesAsHeaderFifteenThenFourPayloadBytes) {
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  writer.WriteVarint(0xFFFFFFFFu);  // 0xF | 0xFFFFFFFF << 4 = 0xFFFFFFFFF, 36 bits
  EXPECT_EQ(writer.NumberOfWrittenBits(), 36u);
  EXPECT_THAT(out, ElementsAre(0xFF, 0xFF, 0xFF, 0xFF, 0x0F));
}

TEST(Varint, InterleavedEncodingOfArtSourceCommentExampleHasExactBytes) {
  // ART's comment example {1, 15, 12, 7, 11, 256}. Headers first, LSB-first nibbles:
  //   1, 12 -> byte 0 = 0xC1;  12, 7 -> byte 1 = 0x7C;  11, 13 -> byte 2 = 0xDB
  // then payloads in order: 15 -> 0x0F; 12 -> 0x0C; 256 in 16 bits -> 0x00, 0x01.
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  const uint32_t values[] = {1, 15, 12, 7, 11, 256};
  writer.WriteInterleavedVarints(values);
  EXPECT_EQ(writer.NumberOfWrittenBits(), 56u);
  EXPECT_THAT(out, ElementsAre(0xC1, 0x7C, 0xDB, 0x0F, 0x0C, 0x00, 0x01));
}

TEST(Varint, ConsecutiveEncodingOfTheSameValuesPutsEachPayloadAfterItsHeader) {
  // Fields in bit order: 1 | 12, 0x0F | 12, 0x0C | 7 | 11 | 13, 0x0100 (4,4+8,4+8,4,4,4+16 bits):
  //   byte 0 = 1 | 12 << 4 = 0xC1; byte 1 = 0x0F; byte 2 = 0xC | 0xC << 4 = 0xCC;
  //   byte 3 = 0x0 | 7 << 4 = 0x70; byte 4 = 11 | 13 << 4 = 0xDB; bytes 5, 6 = 0x00, 0x01.
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  for (uint32_t value : {1u, 15u, 12u, 7u, 11u, 256u}) writer.WriteVarint(value);
  EXPECT_EQ(writer.NumberOfWrittenBits(), 56u);
  EXPECT_THAT(out, ElementsAre(0xC1, 0x0F, 0xCC, 0x70, 0xDB, 0x00, 0x01));
}

TEST(Varint, WriteVarintIsTheInterleavedFormWithOneValue) {
  for (const Boundary& b : kBoundaries) {
    std::vector<uint8_t> single;
    BitMemoryWriter(&single).WriteVarint(b.value);
    std::vector<uint8_t> interleaved;
    BitMemoryWriter(&interleaved).WriteInterleavedVarints({&b.value, 1});
    EXPECT_EQ(single, interleaved) << "value " << b.value;
  }
}

// ---------------------------------------------------------------------------------------------
// Round trips of single varints

TEST(Varint, WriteVarintUsesExactlyVarintBitSizeBitsAtEveryStartOffset) {
  for (const Boundary& b : kBoundaries) {
    for (size_t offset = 0; offset <= 32; ++offset) {
      size_t varint_bits = 0;
      EncodeAfterPrefix(offset, b.value, &varint_bits);
      EXPECT_EQ(varint_bits, b.bit_size) << "value " << b.value << " offset " << offset;
    }
  }
}

TEST(Varint, RoundTripsThroughBitMemoryReaderAtEveryBoundaryAndStartOffset) {
  for (const Boundary& b : kBoundaries) {
    for (size_t offset = 0; offset <= 32; ++offset) {
      SCOPED_TRACE(::testing::Message() << "value " << b.value << " offset " << offset);
      size_t varint_bits = 0;
      const std::vector<uint8_t> bytes = EncodeAfterPrefix(offset, b.value, &varint_bits);
      BitMemoryReader reader(bytes, offset);
      EXPECT_EQ(reader.ReadVarint(), b.value);
      EXPECT_EQ(reader.position(), offset + b.bit_size);
      EXPECT_EQ(reader.ReadBits(4), 0b1001u);  // the trailer follows directly
    }
  }
}

TEST(Varint, RoundTripsThroughCheckedBitReaderAtEveryBoundaryAndStartOffset) {
  for (const Boundary& b : kBoundaries) {
    for (size_t offset = 0; offset <= 32; ++offset) {
      SCOPED_TRACE(::testing::Message() << "value " << b.value << " offset " << offset);
      size_t varint_bits = 0;
      const std::vector<uint8_t> bytes = EncodeAfterPrefix(offset, b.value, &varint_bits);
      CheckedBitReader reader(bytes, offset);
      absl::StatusOr<uint32_t> value = reader.ReadVarint("value");
      ASSERT_TRUE(value.ok()) << value.status();
      EXPECT_EQ(*value, b.value);
      EXPECT_EQ(reader.position(), offset + b.bit_size);
    }
  }
}

TEST(Varint, WritingAVarintLeavesTheEarlierBitsUnchanged) {
  for (size_t offset = 0; offset <= 32; ++offset) {
    size_t varint_bits = 0;
    const std::vector<uint8_t> bytes = EncodeAfterPrefix(offset, 0xFFFFFFFFu, &varint_bits);
    const uint64_t mask = (uint64_t{1} << offset) - 1;
    EXPECT_EQ(BitMemoryReader(bytes).ReadBits(offset), 0x5A5A5A5A5A5A5A5Aull & mask)
        << "offset " << offset;
  }
}

// ---------------------------------------------------------------------------------------------
// Interleaved varints

TEST(Varint, BitMemoryReaderDecodesTheArtSourceCommentExample) {
  const std::vector<uint8_t> bytes = {0xC1, 0x7C, 0xDB, 0x0F, 0x0C, 0x00, 0x01};
  BitMemoryReader reader(bytes);
  EXPECT_THAT(reader.ReadInterleavedVarints<6>(), ElementsAre(1, 15, 12, 7, 11, 256));
  EXPECT_EQ(reader.position(), 56u);
}

TEST(Varint, CheckedBitReaderDecodesTheArtSourceCommentExample) {
  const std::vector<uint8_t> bytes = {0xC1, 0x7C, 0xDB, 0x0F, 0x0C, 0x00, 0x01};
  CheckedBitReader reader(bytes);
  std::array<uint32_t, 6> values{};
  ASSERT_TRUE(reader.ReadInterleavedVarints(absl::MakeSpan(values), {}).ok());
  EXPECT_THAT(values, ElementsAre(1, 15, 12, 7, 11, 256));
  EXPECT_EQ(reader.position(), 56u);
}

TEST(Varint, SixteenInterleavedHeadersFillExactlySixtyFourBits) {
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  const std::vector<uint32_t> values(16, 11);
  writer.WriteInterleavedVarints(values);
  EXPECT_EQ(writer.NumberOfWrittenBits(), 64u);
  EXPECT_THAT(out, ElementsAre(0xBB, 0xBB, 0xBB, 0xBB, 0xBB, 0xBB, 0xBB, 0xBB));
}

// The same behaviours for every count the readers support, 1..16.
template <typename Count>
class InterleavedVarints : public ::testing::Test {
 protected:
  static constexpr size_t N = Count::value;

  // Count-dependent values drawn from the boundaries, so every count mixes inline values and
  // payloads of every size.
  static std::array<uint32_t, N> Values() {
    std::array<uint32_t, N> values;
    constexpr size_t kNumBoundaries = sizeof(kBoundaries) / sizeof(kBoundaries[0]);
    for (size_t i = 0; i < N; ++i) values[i] = kBoundaries[(i * 5 + N) % kNumBoundaries].value;
    return values;
  }

  static size_t EncodedBits(const std::array<uint32_t, N>& values) {
    size_t bits = 0;
    for (uint32_t value : values) bits += VarintBitSize(value);
    return bits;
  }

  // `offset` bits of prefix, the interleaved varints, then a 4-bit trailer 0b0110.
  static std::vector<uint8_t> Encode(size_t offset, const std::array<uint32_t, N>& values) {
    std::vector<uint8_t> out;
    BitMemoryWriter writer(&out);
    writer.WriteBits(0xFFFFFFFFFFFFFFFFull, offset);
    writer.WriteInterleavedVarints(values);
    writer.WriteBits(0b0110, 4);
    return out;
  }
};

template <size_t... I>
::testing::Types<std::integral_constant<size_t, I + 1>...> CountsFrom1(std::index_sequence<I...>);
using Counts = decltype(CountsFrom1(std::make_index_sequence<kMaxInterleavedVarints>()));
TYPED_TEST_SUITE(InterleavedVarints, Counts);

TYPED_TEST(InterleavedVarints, WriterUsesTheSumOfTheVarintBitSizes) {
  const auto values = TestFixture::Values();
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  writer.WriteInterleavedVarints(values);
  EXPECT_EQ(writer.NumberOfWrittenBits(), TestFixture::EncodedBits(values));
}

TYPED_TEST(InterleavedVarints, RoundTripThroughBitMemoryReader) {
  constexpr size_t N = TestFixture::N;
  const auto values = TestFixture::Values();
  for (size_t offset = 0; offset <= 32; ++offset) {
    const std::vector<uint8_t> bytes = TestFixture::Encode(offset, values);
    BitMemoryReader reader(bytes, offset);
    EXPECT_THAT(reader.template ReadInterleavedVarints<N>(), ElementsAreArray(values))
        << "offset " << offset;
    EXPECT_EQ(reader.position(), offset + TestFixture::EncodedBits(values));
    EXPECT_EQ(reader.ReadBits(4), 0b0110u);
  }
}

TYPED_TEST(InterleavedVarints, RoundTripThroughBitMemoryReaderBySelect) {
  constexpr size_t N = TestFixture::N;
  const auto values = TestFixture::Values();
  // Both ways the read goes: the buffer ends at the trailer, too near for a word load per field
  // (the branching read), or goes on for N * 4 + 8 more bytes (a load per field).
  for (const bool padded : {false, true}) {
    for (size_t offset = 0; offset <= 32; ++offset) {
      std::vector<uint8_t> bytes = TestFixture::Encode(offset, values);
      if (padded) bytes.resize(bytes.size() + N * 4 + 8, 0xFF);
      const size_t last_payload_start = offset + N * kVarintBits + (N - 1) * 32;
      ASSERT_EQ(BitMemoryRegion(bytes).WordLoadsReach(last_payload_start), padded)
          << "offset " << offset;
      BitMemoryReader reader(bytes, offset);
      EXPECT_THAT(reader.template ReadInterleavedVarintsBySelect<N>(), ElementsAreArray(values))
          << "offset " << offset << (padded ? ", padded" : "");
      EXPECT_EQ(reader.position(), offset + TestFixture::EncodedBits(values));
      EXPECT_EQ(reader.ReadBits(4), 0b0110u);
    }
  }
}

TYPED_TEST(InterleavedVarints, RoundTripThroughCheckedBitReader) {
  constexpr size_t N = TestFixture::N;
  const auto values = TestFixture::Values();
  for (size_t offset = 0; offset <= 32; ++offset) {
    const std::vector<uint8_t> bytes = TestFixture::Encode(offset, values);
    CheckedBitReader reader(bytes, offset);
    std::array<uint32_t, N> decoded{};
    const absl::Status status = reader.ReadInterleavedVarints(absl::MakeSpan(decoded), {});
    ASSERT_TRUE(status.ok()) << status << " at offset " << offset;
    EXPECT_THAT(decoded, ElementsAreArray(values)) << "offset " << offset;
    EXPECT_EQ(reader.position(), offset + TestFixture::EncodedBits(values));
  }
}

TYPED_TEST(InterleavedVarints, CheckedBitReaderSucceedsWhenTheLastPayloadEndsTheBuffer) {
  constexpr size_t N = TestFixture::N;
  std::array<uint32_t, N> values = TestFixture::Values();
  values[N - 1] = 0xFFFFFFFFu;  // the last value has the largest payload, 32 bits
  // A prefix that makes the encoding end exactly on the last bit of the last byte.
  const size_t prefix = (8 - TestFixture::EncodedBits(values) % 8) % 8;
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  writer.WriteBits(0, prefix);
  writer.WriteInterleavedVarints(values);
  ASSERT_EQ(writer.NumberOfWrittenBits(), out.size() * 8);
  CheckedBitReader reader(out, prefix);
  std::array<uint32_t, N> decoded{};
  const absl::Status status = reader.ReadInterleavedVarints(absl::MakeSpan(decoded), {});
  ASSERT_TRUE(status.ok()) << status;
  EXPECT_THAT(decoded, ElementsAreArray(values));
  EXPECT_EQ(reader.position(), out.size() * 8);
  EXPECT_EQ(reader.remaining_bits(), 0u);
}

}  // namespace
}  // namespace frameproof
