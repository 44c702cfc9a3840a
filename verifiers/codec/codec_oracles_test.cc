// With correct code every oracle stays silent: on its seed corpus and on generated inputs.

#include "verifiers/codec/codec_oracles.h"

#include <set>
#include <string>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "verifiers/codec/ark_oracles.h"
#include "verifiers/util/dump_sampling.h"
#include "verifiers/util/oracle_inputs.h"

namespace frameproof {
namespace {

constexpr uint64_t kSeed = 20261122;

using Oracle = OracleResult (*)(absl::Span<const uint8_t>);

void ExpectSilent(const std::string& target, Oracle oracle, int generated, size_t max_size) {
  const auto inputs =
      OracleInputs(std::string(FRAMEPROOF_CORPORA_DIR) + "/" + target, generated, max_size, kSeed);
  ASSERT_GT(inputs.size(), static_cast<size_t>(generated)) << "no seed corpus for " << target;
  for (size_t i = 0; i < inputs.size(); ++i) {
    const OracleResult result = oracle(inputs[i]);
    ASSERT_FALSE(result.has_value()) << target << " input " << i << ": ["
                                     << MismatchClassName(result->kind) << "] " << result->detail;
  }
}

TEST(CodecOracles, BitsIsSilentOnCorrectCode) { ExpectSilent("bits", CheckBits, 300, 256); }

TEST(CodecOracles, BitTableIsSilentOnCorrectCode) {
  ExpectSilent("bit_table", CheckBitTable, 300, 512);
}

TEST(CodecOracles, CodeInfoDecodeIsSilentOnCorrectCode) {
  ExpectSilent("code_info_decode", CheckCodeInfoDecode, 300, 256);
}

TEST(CodecOracles, CodeInfoDecodeDumpsTheInputsWhoseHashLiesInTheLowestEighth) {
  // FNV-1a("") = 0x811C9DC5, above 2^29; FNV-1a({0}) = 0x050C5D1F, below it.
  EXPECT_FALSE(DumpsInput({}));
  const uint8_t zero[] = {0};
  EXPECT_TRUE(DumpsInput(zero));
  // Over the 4096 little-endian 4-byte counters, 526 are dumped (counted by an independent FNV).
  int dumped = 0;
  for (uint32_t i = 0; i < 4096; ++i) {
    const uint8_t bytes[] = {static_cast<uint8_t>(i), static_cast<uint8_t>(i >> 8), 0, 0};
    dumped += DumpsInput(bytes) ? 1 : 0;
  }
  EXPECT_EQ(dumped, 526);
}

TEST(CodecOracles, StackMapStreamIsSilentOnCorrectCode) {
  ExpectSilent("stack_map_stream", CheckStackMapStream, 150, 1024);
}

TEST(CodecOracles, CodeInfoDedupIsSilentOnCorrectCode) {
  ExpectSilent("code_info_dedup", CheckCodeInfoDedup, 60, 1024);
}

TEST(CodecOracles, ArkCodeInfoDecodeIsSilentOnCorrectCode) {
  ExpectSilent("ark_code_info_decode", ark::CheckArkCodeInfoDecode, 300, 512);
}

TEST(CodecOracles, ArkCodeInfoBuilderIsSilentOnCorrectCode) {
  ExpectSilent("ark_code_info_builder", ark::CheckArkCodeInfoBuilder, 300, 2048);
}

// No death test: gtest's fork-based death tests hang under qemu-user. What a fuzz target prints
// before abort() is FormatMismatch, and each class has its own name (and abort site).
TEST(CodecOracles, MismatchLineNamesTheClassAndTheDetail) {
  EXPECT_EQ(FormatMismatch({MismatchClass::kDecodersDisagree, "stack map 3 dex pc"}),
            "frameproof mismatch [decoders-disagree]: stack map 3 dex pc");
  AbortOnMismatch(std::nullopt);  // no mismatch: returns
}

TEST(CodecOracles, EveryMismatchClassHasItsOwnName) {
  std::set<std::string> names;
  for (int kind = 0; kind <= static_cast<int>(kLastMismatchClass); ++kind) {
    const std::string name(MismatchClassName(static_cast<MismatchClass>(kind)));
    EXPECT_NE(name, "unknown") << kind;
    EXPECT_TRUE(names.insert(name).second) << "duplicate name " << name;
  }
}

}  // namespace
}  // namespace frameproof
