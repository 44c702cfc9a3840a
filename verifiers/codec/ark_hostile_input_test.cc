// Hostile input, Ark: every truncation and every single-bit flip of Ark's own encodings must give
// a clear error when opened, or a CodeInfo whose every query returns (an answer or an error),
// and, where Validate() accepts it, answers equal to the reference decoder's. Each input sits in a
// heap buffer of exactly its size, so ASan (dev preset) sees any read past its end.

#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/ark/code_info.h"
#include "core/base/status_testing.h"
#include "gtest/gtest.h"
#include "verifiers/codec/ark_oracles.h"
#include "verifiers/conformance/ark_conformance.h"
#include "verifiers/dump/ark_code_info_json.h"
#include "verifiers/dump/ark_code_info_text.h"

namespace frameproof::ark {
namespace {

// The twelve arm64 scenarios, three on the other ISAs, and nine random vectors (all three ISAs,
// inline depth up to 3, OSR maps, null checks, up to 900 bytes): 24 in all, a test each, so that
// ctest spreads them over its jobs (the cost of a vector grows with the square of its size: the
// largest is a quarter of the whole).
const std::vector<std::string> kVectors = {"ark-single_stackmap-arm64",
                                           "ark-multiple_stackmaps-arm64",
                                           "ark-constants-arm64",
                                           "ark-encode_only-arm64",
                                           "ark-begin_method_only-arm64",
                                           "ark-prologue_only-arm64",
                                           "ark-bitmap_prefixes-arm64",
                                           "ark-bitmap_dedup-arm64",
                                           "ark-dedup-arm64",
                                           "ark-live_distance-arm64",
                                           "ark-duplicate_map-arm64",
                                           "ark-implicit_null_checks-arm64",
                                           "ark-multiple_stackmaps-arm32",
                                           "ark-single_stackmap-x86_64",
                                           "ark-live_distance-arm32",
                                           "ark-rand-s1-000000",
                                           "ark-rand-s1-000014",
                                           "ark-rand-s1-000038",
                                           "ark-rand-s1-000065",
                                           "ark-rand-s1-000115",
                                           "ark-rand-s1-000127",
                                           "ark-rand-s1-000154",
                                           "ark-rand-s1-000201",
                                           "ark-rand-s1-000238"};

struct Outcome {
  int rejected = 0;   // Decode refused to open it
  int opened = 0;     // opened; some query may have failed, Validate() refused it
  int validated = 0;  // Validate() accepted it, and it matched the reference decoder
};

// Opens `bytes` and runs every query; true if Validate() accepts them too.
bool Check(const IsaLayout& isa, const std::vector<uint8_t>& bytes, Outcome& outcome) {
  absl::StatusOr<CodeInfo> info = CodeInfo::Decode(bytes, isa);
  if (!info.ok()) {
    ++outcome.rejected;
    EXPECT_FALSE(info.status().message().empty());
    return false;
  }
  // Every query runs whatever it answers; none may leave the bytes.
  const absl::Status queries = ExerciseEveryArkQuery(*info);
  EXPECT_NE(queries.code(), absl::StatusCode::kInternal) << queries;
  if (!info->Validate().ok()) {
    ++outcome.opened;
    return false;
  }
  ++outcome.validated;
  EXPECT_TRUE(queries.ok()) << "Validate() accepted it, but " << queries;
  return true;
}

class ArkHostileInput : public ::testing::TestWithParam<std::string> {};

TEST_P(ArkHostileInput, EveryTruncationAndBitFlipIsRejectedOrAnswersLikeTheReference) {
  ASSERT_OK_AND_ASSIGN(
      const std::vector<ArkCodeInfoVector> vectors,
      ReadArkVectorsNamed(FRAMEPROOF_CONFORMANCE_DIR "/ark/codeinfo_vectors.jsonl", {GetParam()}));
  const ArkCodeInfoVector& vector = vectors.front();
  const IsaLayout isa = *LayoutFor(vector.log.isa);
  const std::vector<uint8_t>& original = vector.encoded;
  Outcome outcome;
  for (size_t length = 0; length < original.size(); ++length) {
    const std::vector<uint8_t> truncated(original.begin(), original.begin() + length);
    if (Check(isa, truncated, outcome)) {
      // Both dumps of what validates succeed.
      const absl::StatusOr<CodeInfo> info = CodeInfo::Decode(truncated, isa);
      EXPECT_TRUE(CodeInfoToJson(*info).ok());
      EXPECT_TRUE(CodeInfoToText(*info).ok());
    }
  }
  // A flip Validate() accepts goes through the fuzz target's oracle too, which holds it against
  // the reference decoder; the oracle's input is the ISA byte, then the CodeInfo.
  std::vector<uint8_t> flipped = {ArkIsaByte(vector.log.isa)};
  flipped.insert(flipped.end(), original.begin(), original.end());
  for (size_t bit = 8; bit < flipped.size() * 8; ++bit) {
    flipped[bit / 8] ^= static_cast<uint8_t>(1u << (bit % 8));
    if (Check(isa, std::vector<uint8_t>(flipped.begin() + 1, flipped.end()), outcome)) {
      const OracleResult result = CheckArkCodeInfoDecode(flipped);
      EXPECT_FALSE(result.has_value()) << "bit " << bit - 8 << ": " << FormatMismatch(*result);
    }
    flipped[bit / 8] ^= static_cast<uint8_t>(1u << (bit % 8));
  }
  // Every outcome occurs: the test reaches the queries and the reference, not just the errors.
  // Validate() has nothing to refuse in a CodeInfo without stack maps (encode_only's).
  EXPECT_GT(outcome.rejected, 0);
  EXPECT_GT(outcome.validated, 0);
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(original, isa));
  if (info.GetStackMapsCount() > 0) {
    EXPECT_GT(outcome.opened, 0);
  }
  std::cout << "[ HOSTILE  ] " << vector.name << ": " << outcome.rejected
            << " rejected when opened, " << outcome.opened << " opened but refused by Validate(), "
            << outcome.validated << " validated and equal to the reference\n";
}

// "ark-rand-s1-000000" is test rand_s1_000000.
INSTANTIATE_TEST_SUITE_P(EveryShape, ArkHostileInput, ::testing::ValuesIn(kVectors),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string name = info.param.substr(std::string("ark-").size());
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

}  // namespace
}  // namespace frameproof::ark
