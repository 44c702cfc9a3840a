#include "core/base/hex.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace frameproof {
namespace {

TEST(Hex, RoundTripsBytesAsLowercase) {
  const std::vector<uint8_t> bytes = {0x00, 0xc0, 0xFF, 0x1a};
  EXPECT_EQ(ToHex(bytes), "00c0ff1a");
  EXPECT_EQ(*FromHex("00C0ff1A"), bytes);
}

TEST(Hex, PutsTheSeparatorBetweenBytesOnly) {
  EXPECT_EQ(ToHex(std::vector<uint8_t>{0xc0, 0x02, 0x20}, " "), "c0 02 20");
  EXPECT_EQ(ToHex(std::vector<uint8_t>{0x0a}, " "), "0a");
  EXPECT_EQ(ToHex(std::vector<uint8_t>{}, " "), "");
}

TEST(Hex, IgnoresSpacesBetweenBytes) {
  EXPECT_EQ(*FromHex("c0 02\n20"), std::vector<uint8_t>({0xc0, 0x02, 0x20}));
}

TEST(Hex, RejectsOddLengthsAndNamesBadCharacters) {
  EXPECT_EQ(FromHex("abc").status().code(), absl::StatusCode::kInvalidArgument);
  absl::StatusOr<std::vector<uint8_t>> bad = FromHex("00zz");
  ASSERT_FALSE(bad.ok());
  EXPECT_THAT(std::string(bad.status().message()), ::testing::HasSubstr("'z' at hex position 2"));
}

}  // namespace
}  // namespace frameproof
