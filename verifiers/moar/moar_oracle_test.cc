// The moar_bytecode oracle on its seeds: silent on the healthy code, and reporting a planted
// writer bug with its own mismatch class.

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "core/base/planted_bug.h"
#include "gtest/gtest.h"
#include "verifiers/moar/moar_oracle.h"

namespace frameproof::moar {
namespace {

std::vector<std::vector<uint8_t>> Seeds() {
  std::vector<std::vector<uint8_t>> seeds;
  for (const auto& entry :
       std::filesystem::directory_iterator(FRAMEPROOF_CORPORA_DIR "/moar_bytecode")) {
    std::ifstream in(entry.path(), std::ios::binary);
    seeds.emplace_back(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  return seeds;
}

class MoarOracle : public testing::Test {
 protected:
  void TearDown() override { PlantBug(PlantedBug::kNone); }
};

TEST_F(MoarOracle, EverySeedIsAcceptedAndPasses) {
  const std::vector<std::vector<uint8_t>> seeds = Seeds();
  ASSERT_GE(seeds.size(), 11u);
  for (const std::vector<uint8_t>& seed : seeds) {
    const OracleResult result = CheckMoarBytecode(seed);
    EXPECT_FALSE(result.has_value()) << FormatMismatch(*result);
  }
}

TEST_F(MoarOracle, ReportsAWriterThatDropsTheCallsitePad) {
  PlantBug(PlantedBug::kMoarCallsitePadDropped);
  const std::vector<std::vector<uint8_t>> seeds = Seeds();
  const OracleResult result = CheckMoarBytecode(seeds.front());
  ASSERT_TRUE(result.has_value());
  EXPECT_EQ(result->kind, MismatchClass::kMoarWriteBackDiffers) << FormatMismatch(*result);
}

TEST_F(MoarOracle, HostileBytesAreRejectedQuietly) {
  const std::vector<uint8_t> junk(200, 0xab);
  EXPECT_FALSE(CheckMoarBytecode(junk).has_value());
  EXPECT_FALSE(CheckMoarBytecode({}).has_value());
}

}  // namespace
}  // namespace frameproof::moar
