// The compiled-method blob: [CodePrefix][pad][code][pad][CodeInfo], each field checked on read.

#include "core/ark/code_prefix.h"

#include <cstdint>
#include <vector>

#include "absl/base/internal/endian.h"
#include "core/ark/isa_layout_testing.h"
#include "core/base/status_testing.h"
#include "gtest/gtest.h"

namespace frameproof::ark {
namespace {

const std::vector<uint8_t> kCode = {0xC0, 0x03, 0x5F, 0xD6, 0x1F, 0x20, 0x03, 0xD5, 0x1F};
const std::vector<uint8_t> kCodeInfo(16, 0x5A);

TEST(CodePrefix, CodeStartsAtTheIsasCodeAlignment) {
  EXPECT_EQ(CodePrefix::CodeOffset(*LayoutFor(InstructionSet::kArm64)), 16u);
  EXPECT_EQ(CodePrefix::CodeOffset(*LayoutFor(InstructionSet::kX86_64)), 16u);
  EXPECT_EQ(CodePrefix::CodeOffset(*LayoutFor(InstructionSet::kArm)), 16u);
}

TEST(CodePrefix, ABlobReadsBackItsCodeAndCodeInfo) {
  const std::vector<uint8_t> blob = MakeCompiledMethod(kCode, kCodeInfo, Arm64());
  // Magic, code size, then the CodeInfo 8-aligned after the 9 code bytes at 16.
  EXPECT_EQ(blob, TestBytes("cadecaac 09000000 20000000 10000000"
                            "c0035fd6 1f2003d5 1f000000 00000000"
                            "5a5a5a5a 5a5a5a5a 5a5a5a5a 5a5a5a5a"));
  ASSERT_OK_AND_ASSIGN(const CompiledMethod method, ReadCompiledMethod(blob, Arm64()));
  EXPECT_EQ(method.prefix.code_size, 9u);
  EXPECT_EQ(method.prefix.code_info_offset, 32u);
  EXPECT_EQ(std::vector<uint8_t>(method.code.begin(), method.code.end()), kCode);
  EXPECT_EQ(std::vector<uint8_t>(method.code_info.begin(), method.code_info.end()), kCodeInfo);
  EXPECT_TRUE(StartsWithCodePrefix(blob));
}

TEST(CodePrefix, EachFieldIsCheckedAgainstTheBlob) {
  const std::vector<uint8_t> good = MakeCompiledMethod(kCode, kCodeInfo, Arm64());
  const auto with = [&](size_t offset, uint32_t value) {
    std::vector<uint8_t> blob = good;
    absl::little_endian::Store32(blob.data() + offset, value);
    return ReadCompiledMethod(blob, Arm64()).status();
  };
  EXPECT_TRUE(FailsWith(with(0, 0xDEADBEEF), absl::StatusCode::kInvalidArgument,
                        "CodePrefix field magic (byte 0): 0xdeadbeef is not 0xaccadeca"));
  EXPECT_TRUE(FailsWith(with(4, 1000), absl::StatusCode::kInvalidArgument,
                        "field codeSize (byte 4): 1000 bytes of code from byte 16 run past"));
  EXPECT_TRUE(FailsWith(with(8, 20), absl::StatusCode::kInvalidArgument,
                        "field codeInfoOffset (byte 8): 20 is not a multiple of 8"));
  EXPECT_TRUE(FailsWith(with(8, 16), absl::StatusCode::kInvalidArgument,
                        "16 points inside the prefix or the code, which end at byte 25"));
  EXPECT_TRUE(FailsWith(with(12, 0xFFFFFFFF), absl::StatusCode::kInvalidArgument,
                        "field codeInfoSize (byte 12): 4294967295 bytes from byte 32 run past"));
  EXPECT_TRUE(FailsWith(ReadCompiledMethod(absl::MakeConstSpan(good).first(10), Arm64()).status(),
                        absl::StatusCode::kOutOfRange, "the prefix alone takes 16"));
}

}  // namespace
}  // namespace frameproof::ark
