// Every oracle bites: with a bug planted in the codec (core/base/planted_bug.h), the fuzz target
// that covers that code reports it, with the expected mismatch class, within a bounded number of
// runs from its seed corpus.

#include <string>

#include "core/base/planted_bug.h"
#include "gtest/gtest.h"
#include "verifiers/codec/ark_oracles.h"
#include "verifiers/codec/codec_oracles.h"
#include "verifiers/util/oracle_inputs.h"

namespace frameproof {
namespace {

constexpr uint64_t kSeed = 7;

struct PlantedCase {
  PlantedBug bug;
  std::string target;
  OracleResult (*oracle)(absl::Span<const uint8_t>);
  MismatchClass expected;
  int max_runs;  // seeds plus generated inputs
  size_t max_size;
};

class PlantedBugs : public testing::TestWithParam<PlantedCase> {
 protected:
  void TearDown() override { PlantBug(planted::kNone); }
};

TEST_P(PlantedBugs, TargetReportsThePlantedBug) {
  const PlantedCase& c = GetParam();
  const auto inputs = OracleInputs(std::string(FRAMEPROOF_CORPORA_DIR) + "/" + c.target, c.max_runs,
                                   c.max_size, kSeed);
  PlantBug(c.bug);
  int runs = 0;
  OracleResult found;
  for (const auto& input : inputs) {
    if (runs++ == c.max_runs) break;
    found = c.oracle(input);
    if (found.has_value()) break;
  }
  PlantBug(planted::kNone);
  ASSERT_TRUE(found.has_value()) << c.target << " missed " << c.bug.name() << " in " << runs
                                 << " runs";
  EXPECT_EQ(found->kind, c.expected)
      << "reported [" << MismatchClassName(found->kind) << "] " << found->detail;
  std::cout << "[ PLANTED  ] " << c.bug.name() << ": " << c.target << " reported ["
            << MismatchClassName(found->kind) << "] after " << runs << " runs: " << found->detail
            << "\n";
}

INSTANTIATE_TEST_SUITE_P(
    EveryOracle, PlantedBugs,
    testing::Values(
        PlantedCase{planted::kVarintPayloadOffByOne, "bits", CheckBits,
                    MismatchClass::kInterleavedVarintRoundTrip, 200, 256},
        PlantedCase{planted::kDedupReturnsWrongRun, "bit_table", CheckBitTable,
                    MismatchClass::kBitTableDedup, 200, 512},
        PlantedCase{planted::kBitmapTrimDropsTopBit, "bit_table", CheckBitTable,
                    MismatchClass::kBitmapTableRoundTrip, 200, 512},
        PlantedCase{planted::kBitmapTrimDropsTopBit, "stack_map_stream", CheckStackMapStream,
                    MismatchClass::kProductionDiffersFromLog, 200, 1024},
        PlantedCase{planted::kSearchDistance31, "stack_map_stream", CheckStackMapStream,
                    MismatchClass::kProductionDiffersFromLog, 400, 2048},
        PlantedCase{planted::kRegisterMaskShiftDropped, "stack_map_stream", CheckStackMapStream,
                    MismatchClass::kProductionDiffersFromLog, 100, 1024},
        PlantedCase{planted::kCatchMapFoundByNativePc, "stack_map_stream", CheckStackMapStream,
                    MismatchClass::kProductionDiffersFromLog, 200, 1024},
        PlantedCase{planted::kDedupBackReferenceOffByOne, "code_info_dedup", CheckCodeInfoDedup,
                    MismatchClass::kDedupDecodeDiffers, 100, 1024},
        PlantedCase{planted::kBackReferenceBiasedByOne, "code_info_dedup", CheckCodeInfoDedup,
                    MismatchClass::kDecodersDisagree, 100, 1024},
        PlantedCase{planted::kRegisterMaskShiftDropped, "code_info_decode", CheckCodeInfoDecode,
                    MismatchClass::kDecodersDisagree, 100, 256},
        PlantedCase{planted::kArkVRegListSkipsNoPrefix, "ark_code_info_builder",
                    ark::CheckArkCodeInfoBuilder, MismatchClass::kProductionDiffersFromLog, 300,
                    2048},
        PlantedCase{planted::kArkVRegListSkipsNoPrefix, "ark_code_info_decode",
                    ark::CheckArkCodeInfoDecode, MismatchClass::kDecodersDisagree, 100, 512},
        PlantedCase{planted::kArkStaticRootsOddSpills, "ark_code_info_builder",
                    ark::CheckArkCodeInfoBuilder, MismatchClass::kDecodersDisagree, 300, 2048},
        PlantedCase{planted::kArkStaticRootsOddSpills, "ark_code_info_decode",
                    ark::CheckArkCodeInfoDecode, MismatchClass::kDecodersDisagree, 100, 512}),
    [](const testing::TestParamInfo<PlantedCase>& info) {
      std::string name;
      for (char ch : std::string(info.param.bug.name()) + "_in_" + info.param.target) {
        name.push_back(std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_');
      }
      return name;
    });

}  // namespace
}  // namespace frameproof
