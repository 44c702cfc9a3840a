// The reference decoder agrees with Ark's own decode of every conformance vector, field for field,
// and refuses malformed bytes with an error naming what it was reading.

#include "verifiers/reference/ark_reference_decoder.h"

#include <fstream>
#include <string>

#include "core/base/hex.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "verifiers/util/json_diff.h"

namespace frameproof::reference {
namespace {

using ::testing::HasSubstr;

TEST(ArkReferenceDecoder, DecodesEveryVectorAsArkDid) {
  std::ifstream in(FRAMEPROOF_CONFORMANCE_DIR "/ark/codeinfo_vectors.jsonl");
  ASSERT_TRUE(in) << "no Ark vectors in " FRAMEPROOF_CONFORMANCE_DIR;
  std::string line;
  int checked = 0;
  while (std::getline(in, line)) {
    const nlohmann::json vector = nlohmann::json::parse(line);
    const std::string name = vector["name"];
    const absl::StatusOr<std::vector<uint8_t>> bytes =
        FromHex(vector["encoded"].get<std::string>());
    ASSERT_TRUE(bytes.ok()) << name;
    const absl::StatusOr<ark::DecodedCodeInfo> decoded =
        DecodeArkReference(*bytes, vector["isa"].get<std::string>());
    ASSERT_TRUE(decoded.ok()) << name << ": " << decoded.status();
    const std::optional<std::string> difference =
        FirstJsonDifference(vector["decoded"], ark::ToJson(*decoded), "decoded");
    EXPECT_FALSE(difference.has_value()) << name << ": " << *difference;
    ++checked;
  }
  EXPECT_EQ(checked, 300);
}

TEST(ArkReferenceDecoder, TruncatedHeaderNamesTheHeader) {
  const std::vector<uint8_t> one_byte = {0x21};
  EXPECT_THAT(std::string(DecodeArkReference(one_byte, "arm64").status().message()),
              HasSubstr("header code 2 at bit 8 needs 4 bits"));
}

TEST(ArkReferenceDecoder, TableRunningPastTheBytesNamesTheTable) {
  // TABLE_MASK 1 (StackMap), then its header [8 widths of 1, 11 rows] and no rows.
  const std::vector<uint8_t> bytes = {0x00, 0x10, 0x10, 0x11, 0x11, 0x11, 0xB1};
  EXPECT_THAT(std::string(DecodeArkReference(bytes, "arm64").status().message()),
              HasSubstr("StackMap needs 88 bits of rows at bit 56; 0 are left"));
}

TEST(ArkReferenceDecoder, UnknownIsaIsRefused) {
  EXPECT_FALSE(DecodeArkReference({}, "riscv64").ok());
}

}  // namespace
}  // namespace frameproof::reference
