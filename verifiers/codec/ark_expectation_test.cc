// ExpectFromLog, the ark_code_info_builder oracle's model of what a call log must decode to, held
// against Ark itself: every conformance vector's calls against the decode of the bytes Ark wrote
// for them (which the conformance tests show equal to Ark's own decode, field by field).

#include <fstream>
#include <string>
#include <vector>

#include "core/ark/code_info.h"
#include "core/base/status_testing.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "verifiers/codec/ark_oracles.h"
#include "verifiers/conformance/ark_conformance.h"
#include "verifiers/dump/ark_code_info_json.h"
#include "verifiers/reference/ark_reference_decoder.h"

namespace frameproof::ark {
namespace {

DecodedCodeInfo DecodeWithProduction(absl::Span<const uint8_t> bytes, InstructionSet isa) {
  absl::StatusOr<CodeInfo> info = CodeInfo::Decode(bytes, *LayoutFor(isa));
  EXPECT_TRUE(info.ok()) << info.status();
  EXPECT_TRUE(info->Validate().ok());
  absl::StatusOr<DecodedCodeInfo> decoded = DecodeEverything(*info);
  EXPECT_TRUE(decoded.ok()) << decoded.status();
  return *std::move(decoded);
}

TEST(ArkExpectation, EveryVectorsCallsPredictArksDecodeOfItsBytes) {
  std::ifstream file(FRAMEPROOF_CONFORMANCE_DIR "/ark/codeinfo_vectors.jsonl");
  ASSERT_TRUE(file) << "no Ark vectors in " FRAMEPROOF_CONFORMANCE_DIR;
  int vectors = 0;
  int with_merged_maps = 0;
  for (std::string line; std::getline(file, line);) {
    ASSERT_OK_AND_ASSIGN(const ArkCodeInfoVector vector,
                         ParseArkCodeInfoVector(nlohmann::json::parse(line)));
    SCOPED_TRACE(vector.name);
    const ExpectedDecode expected = ExpectFromLog(vector.log);
    EXPECT_EQ(expected.FirstDifference(DecodeWithProduction(vector.encoded, vector.log.isa)),
              std::nullopt);
    ++vectors;
    if (expected.row_count < expected.stack_maps.size()) ++with_merged_maps;
  }
  EXPECT_EQ(vectors, 300);
  // ../shared/conformance/ark/README.md §2.3: 13 vectors hold a map that merged.
  EXPECT_EQ(with_merged_maps, 13);
}

// Four maps of one vreg, the first three at one native pc (maps come in pc order, and only a map
// at an earlier row's pc can equal it). The third equals the first and merges into its row, after
// the builder has counted its v0 = r1 as written. So the fourth, which repeats r1, writes
// nothing, and a decoder reads what the last kept row (the second) wrote: r2.
CallLog LogWhoseThirdMapMerges() {
  const auto map_at = [](uint32_t native_pc, uint32_t bytecode_pc) {
    BeginStackMapCall begin;
    begin.bytecode_pc = bytecode_pc;
    begin.native_pc = native_pc;
    begin.require_vreg_map = true;
    return begin;
  };
  const auto in_register = [](uint32_t reg) {
    return AddVRegCall{VRegInfo{
        .value = reg, .location = VRegInfo::Location::kRegister, .type = VRegInfo::Type::kInt64}};
  };
  return CallLog{
      .isa = InstructionSet::kArm64,
      .calls = {BeginMethodCall{.frame_size = 16, .vregs_count = 1}, map_at(4, 10), in_register(1),
                EndStackMapCall{},                                 // row 0 writes v0 = r1
                map_at(4, 20), in_register(2), EndStackMapCall{},  // row 1 writes v0 = r2
                map_at(4, 10), in_register(1), EndStackMapCall{},  // writes v0 = r1: row 0 again
                map_at(8, 30), in_register(1), EndStackMapCall{},  // v0 unchanged: no write
                EndMethodCall{}, EncodeCall{}}};
}

// Ark's builder does this; both decoders and the model agree.
TEST(ArkExpectation, AMapAfterAMergedOneReadsTheLastKeptRowsValue) {
  const CallLog log = LogWhoseThirdMapMerges();
  const ExpectedDecode expected = ExpectFromLog(log);
  EXPECT_EQ(expected.stack_map_rows, (std::vector<uint32_t>{0, 1, 0, 2}));
  EXPECT_EQ(expected.row_count, 3u);
  ASSERT_EQ(expected.stack_maps.size(), 4u);
  EXPECT_EQ(expected.stack_maps[3].vregs[0].value, 2u);

  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, ReplayCallLog(log));
  const DecodedCodeInfo production = DecodeWithProduction(bytes, log.isa);
  ASSERT_OK_AND_ASSIGN(const DecodedCodeInfo reference,
                       reference::DecodeArkReference(bytes, VectorIsaName(log.isa)));
  for (const DecodedCodeInfo* decoded : {&production, &reference}) {
    ASSERT_EQ(decoded->stack_maps.size(), 3u);
    EXPECT_EQ(decoded->stack_maps[2].vregs[0].value, 2u);
    EXPECT_EQ(expected.FirstDifference(*decoded), std::nullopt);
  }
}

// The model is no echo of a decode: one that shows the calls' r1 instead of Ark's r2 is named.
TEST(ArkExpectation, ADecodeThatIgnoresTheMergeIsADifference) {
  const CallLog log = LogWhoseThirdMapMerges();
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, ReplayCallLog(log));
  DecodedCodeInfo decoded = DecodeWithProduction(bytes, log.isa);
  ASSERT_EQ(decoded.stack_maps.size(), 3u);
  decoded.stack_maps[2].vregs[0].value = 1;
  EXPECT_EQ(ExpectFromLog(log).FirstDifference(decoded),
            "stack map of call 3 (row 2).vregs[0][0]: expected 2, got 1");
}

}  // namespace
}  // namespace frameproof::ark
