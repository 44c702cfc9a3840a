// Ark's own vectors catch what no decode can. With ark-live-distance-31 planted, the builder
// re-emits an unchanged vreg one map early: every decoder reads the same values from that stream,
// the fuzz target's round trips agree with themselves, and only the bytes Ark wrote differ.

#include <optional>
#include <string>
#include <vector>

#include "core/base/planted_bug.h"
#include "core/base/status_testing.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "verifiers/conformance/ark_conformance.h"

namespace frameproof::ark {
namespace {

using ::testing::HasSubstr;

constexpr char kVectorFile[] = FRAMEPROOF_CONFORMANCE_DIR "/ark/codeinfo_vectors.jsonl";

class ArkConformancePlanted : public testing::TestWithParam<std::string> {
 protected:
  void TearDown() override { PlantBug(planted::kNone); }
};

TEST_P(ArkConformancePlanted, LiveDistanceOneMapShortWritesOtherBytesThanArk) {
  ASSERT_OK_AND_ASSIGN(const std::vector<ArkCodeInfoVector> vectors,
                       ReadArkVectorsNamed(kVectorFile, {GetParam()}));
  EXPECT_EQ(CheckArkCodeInfoVector(vectors.front()), std::nullopt) << "healthy";
  PlantBug(planted::kArkLiveDistance31);
  const std::optional<std::string> difference = CheckArkCodeInfoVector(vectors.front());
  PlantBug(planted::kNone);
  ASSERT_TRUE(difference.has_value()) << GetParam() << " missed ark-live-distance-31";
  EXPECT_THAT(*difference, HasSubstr("encoded"));
  std::cout << "[ PLANTED  ] ark-live-distance-31: " << GetParam() << ": " << *difference << "\n";
}

INSTANTIATE_TEST_SUITE_P(EveryIsa, ArkConformancePlanted,
                         testing::Values("ark-live_distance-arm64", "ark-live_distance-x86_64",
                                         "ark-live_distance-arm32"),
                         [](const testing::TestParamInfo<std::string>& info) {
                           std::string name;
                           for (char ch : info.param) {
                             name.push_back(std::isalnum(static_cast<unsigned char>(ch)) ? ch
                                                                                         : '_');
                           }
                           return name;
                         });

}  // namespace
}  // namespace frameproof::ark
