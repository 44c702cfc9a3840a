// The twelve scenario vectors of ../shared/conformance/ark, each on arm64, x86_64 and arm32, as
// specifications: every test replays the vector's calls through CodeInfoBuilder (the bytes must be
// Ark's), opens Ark's bytes, and then states what Ark's own code_info_test.cpp and
// bit_table_test.cpp assert about them.

#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/ark/code_info.h"
#include "core/base/status_testing.h"
#include "core/bits/bit_utils.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "verifiers/conformance/ark_conformance.h"

namespace frameproof::ark {
namespace {

using ::testing::ElementsAre;
using Location = VRegInfo::Location;
using Type = VRegInfo::Type;
using VRegType = VRegInfo::VRegType;

constexpr char kVectorFile[] = FRAMEPROOF_CONFORMANCE_DIR "/ark/codeinfo_vectors.jsonl";

VRegInfo Live(uint32_t value, Location location, Type type, uint32_t index,
              VRegType vreg_type = VRegType::kVReg) {
  return VRegInfo{
      .value = value, .location = location, .type = type, .vreg_type = vreg_type, .index = index};
}
const VRegInfo kDead{};

std::vector<uint32_t> SetBits(const BitMemoryRegion& region) {
  std::vector<uint32_t> bits;
  for (uint32_t i = 0; i < region.size_in_bits(); ++i) {
    if (region.LoadBit(i)) bits.push_back(i);
  }
  return bits;
}

class ArkScenario : public testing::TestWithParam<InstructionSet> {
 protected:
  // Replays ark-<scenario>-<this ISA>: CodeInfoBuilder must write Ark's bytes, and they must open
  // and validate. The opened CodeInfo is `info_`.
  void Replay(const std::string& scenario) {
    const std::string name = absl::StrCat("ark-", scenario, "-", VectorIsaName(GetParam()));
    ASSERT_OK_AND_ASSIGN(std::vector<ArkCodeInfoVector> vectors,
                         ReadArkVectorsNamed(kVectorFile, {name}));
    vector_ = std::move(vectors.front());
    ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> ours, ReplayCallLog(vector_.log));
    ASSERT_EQ(ours, vector_.encoded) << name << ": CodeInfoBuilder wrote other bytes than Ark";
    ASSERT_OK_AND_ASSIGN(isa_, LayoutFor(GetParam()));
    ASSERT_OK_AND_ASSIGN(info_, CodeInfo::Decode(vector_.encoded, isa_));
    ASSERT_OK(info_.Validate());
  }

  // Map `row`, after checking it exists.
  StackMap Map(uint32_t row) {
    EXPECT_LT(row, info_.GetStackMapsCount());
    return info_.GetStackMap(row);
  }
  // The slot a 64-bit or 32-bit CFrame gives spill k (Ark's test's formula).
  uint32_t SpillSlot(uint32_t k) const {
    return isa_.Is32Bit() ? 2 * k + 1 + isa_.register_count : k + isa_.register_count;
  }

  ArkCodeInfoVector vector_;  // info_ views its bytes
  IsaLayout isa_;
  CodeInfo info_;
};

// CodeInfoTest.SingleStackmap.
TEST_P(ArkScenario, SingleStackmapHasItsRootsAndThreeVRegs) {
  ASSERT_NO_FATAL_FAILURE(Replay("single_stackmap"));
  const StackMap map = info_.FindStackMapForNativePc(20);
  ASSERT_TRUE(map.IsValid());
  EXPECT_EQ(map.GetBytecodePc(), 10u);
  EXPECT_EQ(map.GetNativePcUnpacked(isa_.instruction_alignment), 20u);
  EXPECT_TRUE(map.HasRootsRegMaskIndex());
  EXPECT_TRUE(map.HasRootsStackMaskIndex());
  EXPECT_TRUE(map.HasVRegMaskIndex());
  EXPECT_TRUE(map.HasVRegMapIndex());
  EXPECT_EQ(*info_.GetRootsRegMask(map), 1u << 12);
  const BitMemoryRegion stack_roots = *info_.GetRootsStackMask(map);
  EXPECT_EQ(stack_roots.size_in_bits(), 3u);
  EXPECT_THAT(SetBits(stack_roots), ElementsAre(2));
  EXPECT_EQ(info_.GetVRegMask(map)->PopCount(), 3u);

  const VRegList vregs = *info_.GetVRegList(map);
  EXPECT_THAT(vregs, ElementsAre(Live(1, Location::kFpRegister, Type::kInt64, 0),
                                 Live(SpillSlot(2), Location::kSlot, Type::kObject, 1),
                                 Live(12, Location::kRegister, Type::kObject, 2)));
  // The static roots are exactly the two reference vregs: register 12, then the spill slot.
  std::vector<std::pair<uint32_t, Location>> roots;
  ASSERT_OK(info_.EnumerateStaticRoots(
      map, [&](const VRegInfo& root) { roots.emplace_back(root.value, root.location); }));
  EXPECT_THAT(roots, ElementsAre(std::pair(vregs[2].value, Location::kRegister),
                                 std::pair(vregs[1].value, Location::kSlot)));
}

// CodeInfoTest.MultipleStackmaps.
TEST_P(ArkScenario, MultipleStackmapsDecodeEachLevelAcrossDeltaEncodedMaps) {
  ASSERT_NO_FATAL_FAILURE(Replay("multiple_stackmaps"));
  ASSERT_EQ(info_.GetStackMapsCount(), 3u);
  const StackMap first = info_.FindStackMapForNativePc(20);
  const StackMap second = info_.FindStackMapForNativePc(40);
  const StackMap third = info_.FindStackMapForNativePc(60);
  ASSERT_TRUE(first.IsValid() && second.IsValid() && third.IsValid());
  EXPECT_FALSE(info_.FindStackMapForNativePc(90).IsValid());

  // First map: depth 2, a Method* outermost, then method id 0x123456 innermost.
  EXPECT_EQ(*info_.GetInlineDepth(first), 1);
  EXPECT_THAT(*info_.GetVRegList(first),
              ElementsAre(Live(1, Location::kRegister, Type::kInt64, 0),
                          Live(2, Location::kSlot, Type::kObject, 1), kDead));
  const InlineInfo outer = *info_.GetInlineInfo(first, 0);
  const InlineInfo inner = *info_.GetInlineInfo(first, 1);
  EXPECT_EQ(outer.GetIsLast(), 0u);
  EXPECT_EQ(inner.GetIsLast(), 1u);
  EXPECT_TRUE(std::holds_alternative<MethodPointer>(*info_.GetMethod(outer)));
  EXPECT_EQ(std::get<PandaMethodId>(*info_.GetMethod(inner)).id, 0x123456u);
  EXPECT_THAT(*info_.GetInlineVRegList(first, 0),
              ElementsAre(Live(3, Location::kSlot, Type::kObject, 0),
                          Live(10, Location::kFpRegister, Type::kFloat64, 1)));
  EXPECT_THAT(*info_.GetInlineVRegList(first, 1),
              ElementsAre(Live(10, Location::kFpRegister, Type::kFloat64, 0)));

  // Second map: depth 1, method id 0xabcdef; its second inline vreg is dead.
  EXPECT_EQ(*info_.GetInlineDepth(second), 0);
  EXPECT_EQ(std::get<PandaMethodId>(*info_.GetMethod(*info_.GetInlineInfo(second, 0))).id,
            0xABCDEFu);
  EXPECT_THAT(*info_.GetVRegList(second),
              ElementsAre(Live(10, Location::kFpRegister, Type::kFloat64, 0),
                          Live(30, Location::kRegister, Type::kObject, 1),
                          Live(20, Location::kSlot, Type::kBool, 2)));
  EXPECT_THAT(*info_.GetInlineVRegList(second, 0),
              ElementsAre(Live(2, Location::kSlot, Type::kObject, 0), kDead));

  // Third map: no inlining, and every vreg dead.
  EXPECT_EQ(*info_.GetInlineDepth(third), -1);
  EXPECT_THAT(*info_.GetVRegList(third), ElementsAre(kDead, kDead, kDead));
}

// CodeInfoTest.Constants: three 64-bit constants share deduplicated 32-bit halves.
TEST_P(ArkScenario, ConstantsRoundTripThroughDeduplicatedHalves) {
  ASSERT_NO_FATAL_FAILURE(Replay("constants"));
  const VRegList vregs = *info_.GetVRegList(Map(0));
  ASSERT_EQ(vregs.size(), 3u);
  EXPECT_EQ(*info_.GetConstant(vregs[0]), 0u);
  EXPECT_EQ(*info_.GetConstant(vregs[1]), 0x1234567890ABCDEFu);
  EXPECT_EQ(vregs[1].vreg_type, VRegType::kAcc);
  EXPECT_EQ(*info_.GetConstant(vregs[2]), 0x12345678u);
  EXPECT_EQ(info_.constants().NumRows(), 3u);  // 0, 0x90ABCDEF, 0x12345678 (0x12345678 twice)
}

// aot_test.cpp: Encode() on a fresh builder.
TEST_P(ArkScenario, EncodeOnAFreshBuilderIsEightZeroBytes) {
  ASSERT_NO_FATAL_FAILURE(Replay("encode_only"));
  EXPECT_EQ(vector_.encoded, std::vector<uint8_t>(8, 0));
  EXPECT_EQ(info_.header(), CodeInfoHeader{});
}

// intrinsic_codegen_test.cpp: BeginMethod(0, 0) adds the Constants row 0 and nothing else.
TEST_P(ArkScenario, BeginMethodAloneAddsTheConstantZero) {
  ASSERT_NO_FATAL_FAILURE(Replay("begin_method_only"));
  EXPECT_EQ(info_.header().table_mask, 1u << static_cast<uint32_t>(TableId::kConstants));
  EXPECT_EQ(info_.constants().NumRows(), 1u);
  EXPECT_EQ(info_.constants().GetRow(0).GetValue(), 0u);
}

// codegen.cpp: the smallest compiled method, the prologue's map without vregs.
TEST_P(ArkScenario, PrologueMapRecordsNoVRegs) {
  ASSERT_NO_FATAL_FAILURE(Replay("prologue_only"));
  ASSERT_EQ(info_.GetStackMapsCount(), 1u);
  const StackMap map = Map(0);
  EXPECT_EQ(map.GetBytecodePc(), 0u);
  EXPECT_FALSE(map.HasRegMap());
  EXPECT_TRUE(info_.GetVRegList(map)->empty());
  EXPECT_EQ(info_.header().vregs_count, 2u);
  EXPECT_NE(info_.header().callee_reg_mask, 0u);
}

// bit_table_test.cpp Bitmap: every prefix of 0xBADDCAFEDEADF00D as a roots stack mask.
TEST_P(ArkScenario, BitmapPrefixesGiveOneRowPerSetBit) {
  ASSERT_NO_FATAL_FAILURE(Replay("bitmap_prefixes"));
  constexpr uint64_t kPattern = 0xBADDCAFEDEADF00Dull;
  ASSERT_EQ(info_.GetStackMapsCount(), 65u);
  EXPECT_EQ(info_.roots_stack_masks().NumRows(), static_cast<uint32_t>(std::popcount(kPattern)));
  EXPECT_EQ(info_.roots_stack_masks().NumColumnBits(0), 64u);
  for (uint32_t length = 0; length <= 64; ++length) {
    std::vector<uint32_t> expected;
    for (uint32_t bit = 0; bit < length; ++bit) {
      if ((kPattern >> bit) & 1) expected.push_back(bit);
    }
    EXPECT_EQ(SetBits(*info_.GetRootsStackMask(Map(length))), expected) << "prefix " << length;
  }
}

// bit_table_test.cpp BitmapDeduplication: equal vectors share a row, sizes included.
TEST_P(ArkScenario, BitmapDeduplicationKeepsSizeAndBits) {
  ASSERT_NO_FATAL_FAILURE(Replay("bitmap_dedup"));
  EXPECT_EQ(info_.roots_stack_masks().NumRows(), 6u);
  EXPECT_EQ(info_.roots_stack_masks().NumColumnBits(0), 234u);
  // Maps 1 and 4 pass the same 48-bit vector and share its row.
  EXPECT_EQ(Map(1).GetRootsStackMaskIndex(), Map(4).GetRootsStackMaskIndex());
  // A size-0 vector records no row.
  EXPECT_FALSE(Map(2).HasRootsStackMaskIndex());
}

// bit_table_test.cpp Deduplication: only whole lists that were once appended are found again.
TEST_P(ArkScenario, InlineInfoListsDeduplicateAsWholeLists) {
  ASSERT_NO_FATAL_FAILURE(Replay("dedup"));
  std::vector<uint32_t> starts;
  for (uint32_t row = 0; row < info_.GetStackMapsCount(); ++row) {
    starts.push_back(Map(row).GetInlineInfoIndex());
  }
  EXPECT_THAT(starts, ElementsAre(0, 1, 0, 2, 1, 2, 3, 1, 5, 3, 5));
}

// code_info_builder.cpp: an unchanged vreg is emitted again once 32 maps have passed.
TEST_P(ArkScenario, UnchangedVRegsAreReemittedEvery33Maps) {
  ASSERT_NO_FATAL_FAILURE(Replay("live_distance"));
  ASSERT_EQ(info_.GetStackMapsCount(), 70u);
  std::vector<uint32_t> emitting_vreg_0;
  for (uint32_t row = 0; row < info_.GetStackMapsCount(); ++row) {
    const BitMemoryRegion mask = *info_.GetVRegMask(Map(row));
    if (mask.size_in_bits() > 0 && mask.LoadBit(0)) emitting_vreg_0.push_back(row);
  }
  EXPECT_THAT(emitting_vreg_0, ElementsAre(0, 33, 66));
  // Whichever map emitted it, every map still decodes the same value.
  for (uint32_t row = 0; row < info_.GetStackMapsCount(); ++row) {
    EXPECT_EQ((*info_.GetVRegList(Map(row)))[0], (*info_.GetVRegList(Map(0)))[0]) << row;
  }
}

// code_info_builder.cpp: a map equal in all eight cells to an earlier one is merged into it.
TEST_P(ArkScenario, IdenticalMapsMerge) {
  ASSERT_NO_FATAL_FAILURE(Replay("duplicate_map"));
  EXPECT_EQ(info_.GetStackMapsCount(), 3u);  // from 5 BeginStackMap calls
  // The repeated map whose vregs did not change has no mask and the empty list's map index.
  EXPECT_FALSE(Map(2).HasVRegMaskIndex());
  EXPECT_EQ(*info_.GetVRegList(Map(2)), *info_.GetVRegList(Map(1)));
}

// codegen.cpp: each implicit null check is followed by a stack map at its pc.
TEST_P(ArkScenario, ImplicitNullChecksEachHaveAStackMapAtTheirPc) {
  ASSERT_NO_FATAL_FAILURE(Replay("implicit_null_checks"));
  const BitTable<ImplicitNullChecks>& checks = info_.implicit_null_checks();
  ASSERT_GT(checks.NumRows(), 0u);
  for (uint32_t row = 0; row < checks.NumRows(); ++row) {
    const ImplicitNullChecks check = checks.GetRow(row);
    EXPECT_LE(check.GetOffset(), check.GetInstNativePc());
    EXPECT_TRUE(info_.FindStackMapForNativePc(check.GetInstNativePc()).IsValid()) << row;
  }
}

INSTANTIATE_TEST_SUITE_P(EveryIsa, ArkScenario,
                         testing::Values(InstructionSet::kArm64, InstructionSet::kX86_64,
                                         InstructionSet::kArm),
                         [](const testing::TestParamInfo<InstructionSet>& info) {
                           return std::string(VectorIsaName(info.param));
                         });

}  // namespace
}  // namespace frameproof::ark
