// The MoarVM oracles on their seeds and on generated inputs: silent on the healthy code, and
// reporting a planted writer bug with their own mismatch classes.

#include "verifiers/moar/moar_oracle.h"

#include <iostream>
#include <string>
#include <vector>

#include "core/base/planted_bug.h"
#include "gtest/gtest.h"
#include "verifiers/util/dump_sampling.h"
#include "verifiers/util/oracle_inputs.h"

namespace frameproof::moar {
namespace {

constexpr uint64_t kSeed = 7;

std::vector<std::vector<uint8_t>> Inputs(const std::string& target, int generated) {
  return OracleInputs(std::string(FRAMEPROOF_CORPORA_DIR) + "/" + target, generated, 2048, kSeed);
}

class MoarOracle : public testing::Test {
 protected:
  void TearDown() override { PlantBug(planted::kNone); }
};

TEST_F(MoarOracle, BytecodeSeedsAreAcceptedAndPass) {
  const std::vector<std::vector<uint8_t>> seeds = Inputs("moar_bytecode", 0);
  ASSERT_GE(seeds.size(), 11u);
  for (const std::vector<uint8_t>& seed : seeds) {
    const OracleResult result = CheckMoarBytecode(seed);
    EXPECT_FALSE(result.has_value()) << FormatMismatch(*result);
  }
}

TEST_F(MoarOracle, BytecodeRejectsHostileBytesQuietly) {
  for (const std::vector<uint8_t>& input : Inputs("moar_roundtrip", 50)) {
    const OracleResult result = CheckMoarBytecode(input);
    EXPECT_FALSE(result.has_value()) << FormatMismatch(*result);
  }
}

TEST_F(MoarOracle, BytecodeReportsAWriterThatDropsTheCallsitePad) {
  PlantBug(planted::kMoarCallsitePadDropped);
  const OracleResult result = CheckMoarBytecode(Inputs("moar_bytecode", 0).front());
  ASSERT_TRUE(result.has_value());
  EXPECT_EQ(result->kind, MismatchClass::kMoarWriteBackDiffers) << FormatMismatch(*result);
}

// A header reader that loses a dependency line still finds the unit: only the writer's bytes
// show it, on the seeds that are precompiled modules with dependencies (Rakudo's SL and snapper).
TEST_F(MoarOracle, BytecodeReportsAPrecompHeaderReaderThatDropsADependency) {
  PlantBug(planted::kMoarPrecompHeaderDropsLastDependency);
  int reported = 0;
  for (const std::vector<uint8_t>& seed : Inputs("moar_bytecode", 0)) {
    const OracleResult result = CheckMoarBytecode(seed);
    if (!result.has_value()) continue;
    EXPECT_EQ(result->kind, MismatchClass::kMoarWriteBackDiffers) << FormatMismatch(*result);
    ++reported;
  }
  EXPECT_EQ(reported, 2);
}

TEST_F(MoarOracle, RoundTripReportsAPrecompHeaderReaderThatDropsADependency) {
  PlantBug(planted::kMoarPrecompHeaderDropsLastDependency);
  OracleResult result;
  for (const std::vector<uint8_t>& input : Inputs("moar_roundtrip", 100)) {
    if ((result = CheckMoarRoundTrip(input)).has_value()) break;
  }
  ASSERT_TRUE(result.has_value())
      << "moar_roundtrip missed moar-precomp-header-drops-last-dependency";
  EXPECT_EQ(result->kind, MismatchClass::kMoarRoundTripDiffers) << FormatMismatch(*result);
}

TEST_F(MoarOracle, GeneratedUnitsRoundTrip) {
  for (const std::vector<uint8_t>& input : Inputs("moar_roundtrip", 300)) {
    const OracleResult result = CheckMoarRoundTrip(input);
    ASSERT_FALSE(result.has_value()) << FormatMismatch(*result);
  }
}

// The round trip dumps one input in kDumpEveryNthInput (dump_sampling.h). The dump decodes every
// instruction, but so does the full read: a planted frame decoder bug is reported by the read on
// every input, dumped or not.
TEST_F(MoarOracle, RoundTripReportsAFrameDecoderBugOnInputsItDoesNotDump) {
  PlantBug(planted::kMoarDispatchNamedArgTwice);
  OracleResult result;
  int runs = 0;
  for (const std::vector<uint8_t>& input : Inputs("moar_roundtrip", 400)) {
    if (DumpsInput(input)) continue;
    ++runs;
    if ((result = CheckMoarRoundTrip(input)).has_value()) break;
  }
  ASSERT_TRUE(result.has_value()) << "moar_roundtrip missed moar-dispatch-named-arg-twice";
  EXPECT_EQ(result->kind, MismatchClass::kMoarRejectedValidUnit) << FormatMismatch(*result);
  std::cout << "[ PLANTED  ] moar-dispatch-named-arg-twice: moar_roundtrip reported after " << runs
            << " undumped runs\n";
}

TEST_F(MoarOracle, RoundTripReportsAWriterThatDropsTheCallsitePad) {
  PlantBug(planted::kMoarCallsitePadDropped);
  OracleResult result;
  for (const std::vector<uint8_t>& input : Inputs("moar_roundtrip", 100)) {
    if ((result = CheckMoarRoundTrip(input)).has_value()) break;
  }
  ASSERT_TRUE(result.has_value()) << "moar_roundtrip missed moar-callsite-pad-dropped";
  EXPECT_TRUE(result->kind == MismatchClass::kMoarRejectedValidUnit ||
              result->kind == MismatchClass::kMoarRoundTripDiffers)
      << FormatMismatch(*result);
}

}  // namespace
}  // namespace frameproof::moar
