// Specification of CheckedBitReader, the read path for untrusted bytes: a read that would leave the
// buffer fails with OUT_OF_RANGE, its message names the bit offset and what was being read, and the
// cursor stays where it was. Reads that end exactly at the end of the buffer succeed.

#include "core/bits/checked_bit_reader.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "core/bits/bit_memory_writer.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace frameproof {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

// The status is OUT_OF_RANGE and its message contains every one of `parts`.
::testing::AssertionResult IsOutOfRangeMentioning(const absl::Status& status,
                                                  std::initializer_list<absl::string_view> parts) {
  if (status.code() != absl::StatusCode::kOutOfRange) {
    return ::testing::AssertionFailure() << "expected OUT_OF_RANGE, got " << status;
  }
  for (absl::string_view part : parts) {
    if (status.message().find(part) == absl::string_view::npos) {
      return ::testing::AssertionFailure()
             << "message \"" << status.message() << "\" does not mention \"" << part << "\"";
    }
  }
  return ::testing::AssertionSuccess();
}

// ---------------------------------------------------------------------------------------------
// ReadBits

TEST(CheckedBitReader, ReadBitsReturnsTheNextBitsLsbFirstAndAdvances) {
  const uint8_t bytes[] = {0x34, 0x12};
  CheckedBitReader reader(bytes);
  EXPECT_EQ(reader.ReadBits(4, "a").value(), 0x4u);
  EXPECT_EQ(reader.ReadBits(8, "b").value(), 0x23u);
  EXPECT_EQ(reader.position(), 12u);
  EXPECT_EQ(reader.remaining_bits(), 4u);
  EXPECT_EQ(reader.buffer_bits(), 16u);
}

TEST(CheckedBitReader, ReadBitsExactlyUpToTheEndSucceeds) {
  const uint8_t bytes[] = {0x34, 0x12};
  CheckedBitReader reader(bytes);
  EXPECT_EQ(reader.ReadBits(5, "a").value(), 0x14u);
  EXPECT_EQ(reader.ReadBits(11, "b").value(), 0x091u);  // 0x1234 >> 5
  EXPECT_EQ(reader.position(), 16u);
  EXPECT_EQ(reader.remaining_bits(), 0u);
}

TEST(CheckedBitReader, ReadBitsOfZeroBitsAtTheEndSucceeds) {
  const uint8_t bytes[] = {0xFF};
  CheckedBitReader reader(bytes, 8);
  EXPECT_EQ(reader.ReadBits(0, "nothing").value(), 0u);
  EXPECT_EQ(reader.position(), 8u);
}

TEST(CheckedBitReader, ReadBitsPastTheEndFailsWithOutOfRangeNamingTheOffsetAndTheField) {
  const uint8_t bytes[] = {0x34, 0x12};
  CheckedBitReader reader(bytes, 10);
  const absl::StatusOr<uint64_t> bits = reader.ReadBits(7, "register mask");
  ASSERT_FALSE(bits.ok());
  EXPECT_EQ(bits.status().code(), absl::StatusCode::kOutOfRange);
  EXPECT_EQ(bits.status().message(),
            "truncated register mask at bit offset 10: needs 7 bits but only 6 remain in a buffer "
            "of 16 bits");
}

TEST(CheckedBitReader, FailedReadBitsLeavesTheCursorWhereItWas) {
  const uint8_t bytes[] = {0x34, 0x12};
  CheckedBitReader reader(bytes, 10);
  ASSERT_FALSE(reader.ReadBits(7, "register mask").ok());
  EXPECT_EQ(reader.position(), 10u);
  EXPECT_EQ(reader.ReadBits(6, "rest").value(), 0x04u);  // 0x1234 >> 10
}

TEST(CheckedBitReader, EveryReadBitsThatWouldCrossTheEndFailsAtEveryPositionAndWidth) {
  const uint8_t bytes[] = {0xA5, 0x5A, 0xC3};
  for (size_t position = 0; position <= 24; ++position) {
    for (size_t width = 0; width <= 64; ++width) {
      CheckedBitReader reader(bytes, position);
      const absl::StatusOr<uint64_t> bits = reader.ReadBits(width, "field");
      if (position + width <= 24) {
        EXPECT_TRUE(bits.ok()) << "position " << position << " width " << width;
        EXPECT_EQ(reader.position(), position + width);
      } else {
        EXPECT_TRUE(
            IsOutOfRangeMentioning(bits.status(), {"field", absl::StrCat("bit offset ", position)}))
            << "position " << position << " width " << width;
        EXPECT_EQ(reader.position(), position);
      }
    }
  }
}

TEST(CheckedBitReader, ReadBitsOfMoreThanSixtyFourBitsFailsEvenWhenTheBitsExist) {
  const std::vector<uint8_t> bytes(16, 0xFF);
  CheckedBitReader reader(bytes, 3);
  const absl::StatusOr<uint64_t> bits = reader.ReadBits(65, "stack mask");
  ASSERT_FALSE(bits.ok());
  EXPECT_EQ(bits.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(bits.status().message(), HasSubstr("stack mask"));
  EXPECT_THAT(bits.status().message(), HasSubstr("bit offset 3"));
  EXPECT_THAT(bits.status().message(), HasSubstr("65 bits"));
  EXPECT_EQ(reader.position(), 3u);
  EXPECT_EQ(reader.ReadBits(64, "stack mask").value(), ~uint64_t{0});
}

TEST(CheckedBitReader, ReadBitsFromAnEmptyBufferFails) {
  CheckedBitReader reader(absl::Span<const uint8_t>{});
  EXPECT_TRUE(IsOutOfRangeMentioning(reader.ReadBits(1, "flags").status(),
                                     {"flags", "bit offset 0", "buffer of 0 bits"}));
  EXPECT_EQ(reader.position(), 0u);
}

TEST(CheckedBitReader, ReaderStartedPastTheEndHasNoBitsLeftAndFailsToRead) {
  const uint8_t bytes[] = {0x00};
  CheckedBitReader reader(bytes, 20);
  EXPECT_EQ(reader.remaining_bits(), 0u);
  EXPECT_TRUE(
      IsOutOfRangeMentioning(reader.ReadBits(1, "flags").status(), {"flags", "bit offset 20"}));
  EXPECT_TRUE(
      IsOutOfRangeMentioning(reader.ReadVarint("count").status(), {"count", "bit offset 20"}));
  EXPECT_EQ(reader.position(), 20u);
}

// ---------------------------------------------------------------------------------------------
// ReadRegion

TEST(CheckedBitReader, ReadRegionReturnsAViewOfTheNextBitsAndAdvances) {
  const uint8_t bytes[] = {0x34, 0x12, 0xCD};
  CheckedBitReader reader(bytes, 4);
  const absl::StatusOr<BitMemoryRegion> region = reader.ReadRegion(12, "mask");
  ASSERT_TRUE(region.ok()) << region.status();
  EXPECT_EQ(region->size_in_bits(), 12u);
  EXPECT_EQ(region->LoadBits(0, 12), 0x123u);
  EXPECT_EQ(reader.position(), 16u);
}

TEST(CheckedBitReader, ReadRegionExactlyUpToTheEndSucceeds) {
  const uint8_t bytes[] = {0x34, 0x12};
  CheckedBitReader reader(bytes, 3);
  const absl::StatusOr<BitMemoryRegion> region = reader.ReadRegion(13, "mask");
  ASSERT_TRUE(region.ok()) << region.status();
  EXPECT_EQ(region->LoadBits(0, 13), 0x1234u >> 3);
  EXPECT_EQ(reader.remaining_bits(), 0u);
}

TEST(CheckedBitReader, ReadRegionPastTheEndFailsNamingTheOffsetAndTheField) {
  const uint8_t bytes[] = {0x34, 0x12};
  CheckedBitReader reader(bytes, 3);
  EXPECT_TRUE(IsOutOfRangeMentioning(
      reader.ReadRegion(14, "dex register mask").status(),
      {"dex register mask", "bit offset 3", "needs 14 bits", "only 13 remain"}));
  EXPECT_EQ(reader.position(), 3u);
}

// ---------------------------------------------------------------------------------------------
// ReadVarint

TEST(CheckedBitReader, ReadVarintReadsAnInlineValueFromOneNibble) {
  const uint8_t bytes[] = {0xB5};
  CheckedBitReader reader(bytes);
  EXPECT_EQ(reader.ReadVarint("a").value(), 5u);
  EXPECT_EQ(reader.ReadVarint("b").value(), 11u);
  EXPECT_EQ(reader.position(), 8u);
}

TEST(CheckedBitReader, ReadVarintWithATruncatedHeaderFails) {
  const uint8_t bytes[] = {0x00};
  CheckedBitReader reader(bytes, 6);  // only 2 bits of a 4-bit header remain
  EXPECT_TRUE(IsOutOfRangeMentioning(reader.ReadVarint("num_rows").status(),
                                     {"num_rows", "bit offset 6", "needs 4 bits"}));
  EXPECT_EQ(reader.position(), 6u);
}

TEST(CheckedBitReader, ReadVarintWhoseHeaderPromisesFourBytesInATwoByteBufferFails) {
  const uint8_t bytes[] = {0x0F, 0xFF};  // header 15: 32 payload bits follow, 12 exist
  CheckedBitReader reader(bytes);
  EXPECT_TRUE(IsOutOfRangeMentioning(
      reader.ReadVarint("packed_native_pc").status(),
      {"packed_native_pc", "bit offset 0", "needs 36 bits", "only 16 remain"}));
  EXPECT_EQ(reader.position(), 0u);
}

TEST(CheckedBitReader, ReadVarintWhosePayloadIsCutShortByOneByteFails) {
  const uint8_t bytes[] = {0xCC};  // header 12 needs 12 bits; the buffer has 8
  CheckedBitReader reader(bytes);
  EXPECT_TRUE(IsOutOfRangeMentioning(reader.ReadVarint("column width").status(),
                                     {"column width", "bit offset 0", "needs 12 bits"}));
  EXPECT_EQ(reader.position(), 0u);
}

TEST(CheckedBitReader, ReadVarintWhosePayloadEndsExactlyAtTheEndSucceeds) {
  const uint8_t bytes[] = {0xC0, 0xCC};  // header 12 at bits 4..7, payload 0xCC at bits 8..15
  CheckedBitReader reader(bytes, 4);
  EXPECT_EQ(reader.ReadVarint("value").value(), 0xCCu);
  EXPECT_EQ(reader.remaining_bits(), 0u);
}

// ---------------------------------------------------------------------------------------------
// Seek

TEST(CheckedBitReader, SeekInsideTheBufferMovesTheCursor) {
  const uint8_t bytes[] = {0x34, 0x12};
  CheckedBitReader reader(bytes);
  ASSERT_TRUE(reader.Seek(8, "table").ok());
  EXPECT_EQ(reader.position(), 8u);
  EXPECT_EQ(reader.ReadBits(8, "byte").value(), 0x12u);
}

TEST(CheckedBitReader, SeekToTheEndOfTheBufferIsAllowed) {
  const uint8_t bytes[] = {0x34, 0x12};
  CheckedBitReader reader(bytes);
  ASSERT_TRUE(reader.Seek(16, "end").ok());
  EXPECT_EQ(reader.remaining_bits(), 0u);
}

TEST(CheckedBitReader, SeekPastTheEndFailsNamingTheTargetOffsetAndLeavesTheCursor) {
  const uint8_t bytes[] = {0x34, 0x12};
  CheckedBitReader reader(bytes, 5);
  const absl::Status status = reader.Seek(17, "dex register map");
  EXPECT_EQ(status.code(), absl::StatusCode::kOutOfRange);
  EXPECT_EQ(status.message(),
            "dex register map points to bit offset 17, past the end of a buffer of 16 bits");
  EXPECT_EQ(reader.position(), 5u);
}

// ---------------------------------------------------------------------------------------------
// ReadInterleavedVarints

// {300, 70000}: headers 13 and 14 (bits 0..7), 300 in 16 bits (8..23), 70000 in 24 bits (24..47).
std::vector<uint8_t> EncodeRowsAndColumns(size_t prefix_bits) {
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  writer.WriteBits(0, prefix_bits);
  const uint32_t values[] = {300, 70000};
  writer.WriteInterleavedVarints(values);
  return out;
}

constexpr std::array<absl::string_view, 2> kRowsAndColumns = {"num_rows", "num_columns"};

// Reads {300, 70000} from its encoding cut to `kept_bytes`; a failed read must not move the cursor.
absl::Status ReadRowsAndColumnsCutTo(size_t kept_bytes) {
  std::vector<uint8_t> bytes = EncodeRowsAndColumns(0);
  bytes.resize(kept_bytes);
  CheckedBitReader reader(bytes);
  std::array<uint32_t, 2> values{};
  const absl::Status status =
      reader.ReadInterleavedVarints(absl::MakeSpan(values), kRowsAndColumns);
  EXPECT_EQ(reader.position(), 0u);
  return status;
}

TEST(CheckedBitReader, ReadInterleavedVarintsReadsHeadersThenPayloads) {
  const std::vector<uint8_t> bytes = EncodeRowsAndColumns(0);
  ASSERT_THAT(bytes, ElementsAre(0xED, 0x2C, 0x01, 0x70, 0x11, 0x01));
  CheckedBitReader reader(bytes);
  std::array<uint32_t, 2> values{};
  ASSERT_TRUE(reader.ReadInterleavedVarints(absl::MakeSpan(values), kRowsAndColumns).ok());
  EXPECT_THAT(values, ElementsAre(300, 70000));
  EXPECT_EQ(reader.position(), 48u);
}

TEST(CheckedBitReader, ReadInterleavedVarintsWithATruncatedSecondPayloadFailsNamingThatValue) {
  // 70000's payload needs bits 24..47; the buffer ends at bit 40.
  const absl::Status status = ReadRowsAndColumnsCutTo(5);
  EXPECT_EQ(status.code(), absl::StatusCode::kOutOfRange);
  EXPECT_EQ(status.message(),
            "truncated num_columns at bit offset 24: needs 24 bits but only 16 remain in a buffer "
            "of 40 bits");
}

TEST(CheckedBitReader, FailedInterleavedReadLeavesTheCursorAtItsStart) {
  std::vector<uint8_t> bytes = EncodeRowsAndColumns(3);  // everything shifted by 3 bits
  bytes.resize(6);  // 70000's payload needs bits 27..50; the buffer ends at bit 48
  CheckedBitReader reader(bytes, 3);
  std::array<uint32_t, 2> values{};
  const absl::Status status =
      reader.ReadInterleavedVarints(absl::MakeSpan(values), kRowsAndColumns);
  EXPECT_TRUE(IsOutOfRangeMentioning(status, {"num_columns", "bit offset 27"}));
  EXPECT_EQ(reader.position(), 3u);
}

TEST(CheckedBitReader, ReadInterleavedVarintsWithATruncatedFirstPayloadNamesTheFirstValue) {
  const absl::Status status = ReadRowsAndColumnsCutTo(2);  // 300's payload needs bits 8..23
  EXPECT_TRUE(IsOutOfRangeMentioning(status, {"num_rows", "bit offset 8", "needs 16 bits"}));
}

TEST(CheckedBitReader, ReadInterleavedVarintsWhoseHeadersEndTheBufferNamesTheFirstPayload) {
  // Both headers fit exactly (bits 0..7); 300's payload needs bits 8..23.
  const absl::Status status = ReadRowsAndColumnsCutTo(1);
  EXPECT_EQ(status.code(), absl::StatusCode::kOutOfRange);
  EXPECT_EQ(status.message(),
            "truncated num_rows at bit offset 8: needs 16 bits but only 0 remain in a buffer of "
            "8 bits");
}

TEST(CheckedBitReader, ReadInterleavedVarintsWithTruncatedHeadersFails) {
  const uint8_t bytes[] = {0x21};  // three headers need 12 bits
  CheckedBitReader reader(bytes);
  std::array<uint32_t, 3> values{};
  constexpr std::array<absl::string_view, 3> kNames = {"a", "b", "c"};
  const absl::Status status = reader.ReadInterleavedVarints(absl::MakeSpan(values), kNames);
  EXPECT_TRUE(IsOutOfRangeMentioning(status, {"truncated a", "bit offset 0", "needs 12 bits"}));
  EXPECT_EQ(reader.position(), 0u);
}

TEST(CheckedBitReader, ReadInterleavedVarintsOfOneValueWithATruncatedHeaderNamesThatValue) {
  const uint8_t bytes[] = {0x21};
  CheckedBitReader reader(bytes, 5);  // 3 bits left; a header needs 4
  std::array<uint32_t, 1> values{};
  constexpr std::array<absl::string_view, 1> kNames = {"num_rows"};
  const absl::Status status = reader.ReadInterleavedVarints(absl::MakeSpan(values), kNames);
  EXPECT_EQ(status.code(), absl::StatusCode::kOutOfRange);
  EXPECT_EQ(status.message(),
            "truncated num_rows at bit offset 5: needs 4 bits but only 3 remain in a buffer of "
            "8 bits");
  EXPECT_EQ(reader.position(), 5u);
}

TEST(CheckedBitReader, ReadInterleavedVarintsWithoutNamesStillReportsTheOffset) {
  const uint8_t bytes[] = {0x21};
  CheckedBitReader reader(bytes, 1);
  std::array<uint32_t, 2> values{};
  EXPECT_TRUE(IsOutOfRangeMentioning(reader.ReadInterleavedVarints(absl::MakeSpan(values), {}),
                                     {"varint header", "bit offset 1"}));
}

TEST(CheckedBitReader, ReadInterleavedVarintsOfMoreThanSixteenValuesFails) {
  const std::vector<uint8_t> bytes(64, 0x00);
  CheckedBitReader reader(bytes);
  std::array<uint32_t, 17> values{};
  const absl::Status status = reader.ReadInterleavedVarints(absl::MakeSpan(values), {});
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(status.message(), HasSubstr("17"));
  EXPECT_EQ(reader.position(), 0u);
}

TEST(CheckedBitReader, ReadInterleavedVarintsOfNoValuesReadsNothing) {
  CheckedBitReader reader(absl::Span<const uint8_t>{});
  EXPECT_TRUE(reader.ReadInterleavedVarints({}, {}).ok());
  EXPECT_EQ(reader.position(), 0u);
}

// ---------------------------------------------------------------------------------------------
// Garbage input

TEST(CheckedBitReader, GarbageInputFailsOnlyWithOutOfRangeAndNeverMovesOnFailure) {
  // Random bytes in exactly-sized heap buffers (so ASan sees any over-read), decoded by a random
  // sequence of reads until one fails.
  uint64_t state = 0x9E3779B97F4A7C15ull;
  auto next = [&state] {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  };
  for (size_t size = 0; size <= 12; ++size) {
    for (int trial = 0; trial < 64; ++trial) {
      auto buffer = std::make_unique<uint8_t[]>(size == 0 ? 1 : size);
      for (size_t i = 0; i < size; ++i) buffer[i] = static_cast<uint8_t>(next());
      CheckedBitReader reader(absl::Span<const uint8_t>(buffer.get(), size));
      for (;;) {
        const size_t before = reader.position();
        absl::Status status;
        absl::string_view what;
        switch (next() % 4) {
          case 0:
            what = "bits";
            status = reader.ReadBits(next() % 65, what).status();
            break;
          case 1:
            what = "varint";
            status = reader.ReadVarint(what).status();
            break;
          case 2: {
            what = "varint header";  // the name used when no names are given
            std::array<uint32_t, 16> values{};
            status = reader.ReadInterleavedVarints(
                absl::MakeSpan(values).subspan(0, 1 + next() % 16), {});
            break;
          }
          default:
            what = "region";
            status = reader.ReadRegion(next() % 100, what).status();
            break;
        }
        ASSERT_LE(reader.position(), reader.buffer_bits());
        if (!status.ok()) {
          ASSERT_TRUE(IsOutOfRangeMentioning(status, {what, "bit offset "}));
          ASSERT_EQ(reader.position(), before);
          break;
        }
        ASSERT_GE(reader.position(), before);
      }
    }
  }
}

}  // namespace
}  // namespace frameproof
