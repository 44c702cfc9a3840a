// The llvm_stackmaps fuzz target's oracle catches a bug planted in the CodeInfo conversion,
// starting from its seed corpus (sections llc produced).

#include <string>

#include "core/base/planted_bug.h"
#include "gtest/gtest.h"
#include "verifiers/llvm/llvm_round_trip.h"
#include "verifiers/util/oracle_inputs.h"

namespace frameproof {
namespace {

constexpr uint64_t kSeed = 3;
constexpr int kMaxRuns = 200;
constexpr size_t kMaxSize = 4096;

TEST(LlvmPlantedBugs, RoundTripReportsAnIndirectOffsetOffByOneSlot) {
  const auto inputs = OracleInputs(std::string(FRAMEPROOF_CORPORA_DIR) + "/llvm_stackmaps",
                                   kMaxRuns, kMaxSize, kSeed);
  for (const auto& input : inputs) ASSERT_FALSE(CheckLlvmStackMapsSection(input).has_value());
  PlantBug(planted::kLlvmIndirectOffByOneSlot);
  OracleResult found;
  int runs = 0;
  for (const auto& input : inputs) {
    ++runs;
    if ((found = CheckLlvmStackMapsSection(input))) break;
  }
  PlantBug(planted::kNone);
  ASSERT_TRUE(found.has_value()) << "missed in " << runs << " runs";
  EXPECT_EQ(found->kind, MismatchClass::kLlvmConversionDiffers);
  EXPECT_NE(found->detail.find("decoded sp+"), std::string::npos) << found->detail;
  std::cout << "[ PLANTED  ] llvm-indirect-off-by-one-slot: caught after " << runs
            << " runs: " << FormatMismatch(*found) << "\n";
}

}  // namespace
}  // namespace frameproof
