// The libart oracle bites: with a bug planted in frameproof's Android 11 codec that frameproof's
// own checks cannot see (its encoder and decoder agree, or both copies of a table read the same),
// Debian's libart.so disagrees, with the expected mismatch class.

#include <cstdint>
#include <iostream>
#include <memory>
#include <vector>

#include "core/base/planted_bug.h"
#include "gtest/gtest.h"
#include "verifiers/generators/call_log_generator.h"
#include "verifiers/libart/libart_abi.h"
#include "verifiers/libart/libart_differential.h"
#include "verifiers/libart/libart_fuzz_oracle.h"
#include "verifiers/util/oracle_inputs.h"

namespace frameproof {
namespace {

LibartOracle& Oracle() {
  static LibartOracle* const oracle = [] {
    absl::StatusOr<std::unique_ptr<LibartOracle>> started =
        LibartOracle::Start(LibartOracle::DefaultPath());
    EXPECT_TRUE(started.ok()) << started.status();
    return started.ok() ? started->release() : nullptr;
  }();
  return *oracle;
}

class PlantedAndroid11Bug : public testing::Test {
 protected:
  void SetUp() override {
    if (!libart::kLayoutsDeclared) GTEST_SKIP() << "libart.so of Debian's android-libart is x86_64";
  }
  void TearDown() override { PlantBug(planted::kNone); }
};

MethodCallLog Generated(uint32_t seed) {
  const std::vector<uint8_t> bytes = {static_cast<uint8_t>(seed), static_cast<uint8_t>(seed >> 8),
                                      0xa5};
  ByteSource source(bytes, ByteSource::Sizes::kAny);
  return AsAndroid11Log(GenerateCallLog(source));
}

TEST_F(PlantedAndroid11Bug, CatchLookupTakingTheFirstMapIsCaught) {
  // Android 11's own encoder never writes two catch maps at one dex pc, so frameproof's verify
  // mode cannot see which one the lookup takes; today's encoder does, and libart reads those
  // bytes once they are laid out for Android 11.
  PlantBug(planted::kAndroid11CatchLookupTakesFirst);
  OracleResult found;
  uint32_t seed = 0;
  for (; seed < 500 && !found; ++seed) {
    const std::vector<uint8_t> bytes(seed & 0xff, static_cast<uint8_t>(seed));
    ByteSource source(bytes, ByteSource::Sizes::kAny);
    const MethodCallLog log = AsAndroid11Log(GenerateCallLog(source), RepeatedCatchDexPc::kKept);
    found = CheckLogRelaidAgainstLibart(Oracle(), log);
  }
  ASSERT_TRUE(found.has_value()) << "missed in " << seed << " methods";
  EXPECT_EQ(found->kind, MismatchClass::kLibartDiffersFromProduction) << found->detail;
  EXPECT_NE(found->detail.find("GetCatchStackMapForDexPc"), std::string::npos) << found->detail;
  std::cout << "[ PLANTED  ] after " << seed << " methods: " << found->detail.substr(0, 160)
            << "\n";
}

TEST_F(PlantedAndroid11Bug, SwappedSpillMasksInTheHeaderAreCaught) {
  // Writer and readers swap alike, so frameproof reads back what it was told; libart does not.
  PlantBug(planted::kAndroid11HeaderSwapsSpillMasks);
  OracleResult found;
  uint32_t seed = 0;
  for (; seed < 100 && !found; ++seed) found = CheckMethodAgainstLibart(Oracle(), Generated(seed));
  ASSERT_TRUE(found.has_value()) << "missed in " << seed << " methods";
  EXPECT_EQ(found->kind, MismatchClass::kLibartDiffersFromLog) << found->detail;
  EXPECT_NE(found->detail.find("spill mask"), std::string::npos) << found->detail;
  std::cout << "[ PLANTED  ] after " << seed << " methods: " << found->detail.substr(0, 120)
            << "\n";
}

TEST_F(PlantedAndroid11Bug, SharingTwinTablesWithinOneCodeInfoIsCaught) {
  PlantBug(planted::kAndroid11DedupWithinCodeInfo);
  const std::vector<MethodCallLog> logs = {TwinTablesLog(), TwinTablesLog()};
  const OracleResult found = CheckDedupeAgainstLibart(Oracle(), logs);
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(found->kind, MismatchClass::kLibartDedupDiffers) << found->detail;
}

TEST_F(PlantedAndroid11Bug, PointingAtTheFirstCopyIsCaught) {
  // Both copies read the same, so frameproof's decode of the output cannot tell; libart's bytes
  // can.
  PlantBug(planted::kAndroid11DedupPointsAtFirstCopy);
  const std::vector<MethodCallLog> logs = {TwinTablesLog(), TwinTablesLog()};
  const OracleResult found = CheckDedupeAgainstLibart(Oracle(), logs);
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(found->kind, MismatchClass::kLibartDedupDiffers) << found->detail;
}

TEST_F(PlantedAndroid11Bug, FuzzTargetReportsTheCatchLookupBug) {
  // code_info_android11 from its seed corpus and generated inputs, as the fuzz engines run it.
  const std::vector<std::vector<uint8_t>> inputs = OracleInputs(
      std::string(FRAMEPROOF_CORPORA_DIR) + "/code_info_android11", 600, 512, /*seed=*/7);
  PlantBug(planted::kAndroid11CatchLookupTakesFirst);
  OracleResult found;
  size_t runs = 0;
  for (; runs < inputs.size() && !found; ++runs) found = CheckAndroid11AgainstLibart(inputs[runs]);
  ASSERT_TRUE(found.has_value()) << "missed in " << runs << " inputs";
  EXPECT_EQ(found->kind, MismatchClass::kLibartDiffersFromProduction) << found->detail;
  std::cout << "[ PLANTED  ] code_info_android11 after " << runs << " inputs\n";
}

TEST_F(PlantedAndroid11Bug, HealthyCodecPassesTheSameInputs) {
  const std::vector<MethodCallLog> logs = {TwinTablesLog(), TwinTablesLog()};
  EXPECT_FALSE(CheckDedupeAgainstLibart(Oracle(), logs).has_value());
  for (uint32_t seed = 0; seed < 50; ++seed) {
    const OracleResult result = CheckMethodAgainstLibart(Oracle(), Generated(seed));
    ASSERT_FALSE(result.has_value()) << FormatMismatch(*result);
  }
  for (const std::vector<uint8_t>& input : OracleInputs(
           std::string(FRAMEPROOF_CORPORA_DIR) + "/code_info_android11", 600, 512, /*seed=*/7)) {
    const OracleResult result = CheckAndroid11AgainstLibart(input);
    ASSERT_FALSE(result.has_value()) << FormatMismatch(*result);
  }
}

}  // namespace
}  // namespace frameproof
