// Lowering a plan's values to homes and CodeInfo: floating-point values go to vector registers
// and everything else to general ones, as both calling conventions pass them; the CodeInfo's
// frame info names the callee-saved registers each ABI preserves.

#include "arch/method_code_info.h"

#include <cstdint>
#include <vector>

#include "arch/method_plan.h"
#include "arch/vreg_homes.h"
#include "core/art/code_info.h"
#include "core/base/status_testing.h"
#include "gtest/gtest.h"

namespace frameproof {
namespace {

MethodPlan OneFrame(std::vector<PlannedVReg> vregs) {
  MethodPlan plan;
  plan.frames.push_back(PlannedFrame{.method_index = 7, .dex_pc = 3, .vregs = std::move(vregs)});
  return plan;
}

uint32_t Bits(uint32_t first, uint32_t last) {
  uint32_t mask = 0;
  for (uint32_t bit = first; bit <= last; ++bit) mask |= 1u << bit;
  return mask;
}

class MethodCodeInfoTest : public testing::TestWithParam<InstructionSet> {};

TEST_P(MethodCodeInfoTest, FloatingPointValuesLiveInVectorRegistersAndTheRestInGeneralOnes) {
  struct Expected {
    VRegType type;
    RegisterBank bank;
  };
  const Expected expected[] = {{VRegType::kInt32, RegisterBank::kGeneral},
                               {VRegType::kFloat, RegisterBank::kFloat},
                               {VRegType::kDouble, RegisterBank::kFloat},
                               {VRegType::kInt64, RegisterBank::kGeneral},
                               {VRegType::kReference, RegisterBank::kGeneral}};
  std::vector<PlannedVReg> vregs;
  for (const Expected& e : expected) {
    vregs.push_back({.type = e.type, .location = LocationClass::kCallerSavedRegister, .value = 1});
  }
  ASSERT_OK_AND_ASSIGN(const MethodHomes homes, AssignHomes(OneFrame(vregs), GetParam()));
  ASSERT_EQ(homes.frames[0].size(), std::size(expected));
  for (size_t i = 0; i < std::size(expected); ++i) {
    SCOPED_TRACE(NameOf(kVRegTypeNames, expected[i].type));
    EXPECT_EQ(homes.frames[0][i].where, LocationClass::kCallerSavedRegister);
    EXPECT_EQ(homes.frames[0][i].reg.bank, expected[i].bank);
  }
}

// System V preserves rbx, r12-r15 beside the frame pointer rbp and no xmm register; AAPCS64
// preserves x19-x28 and d8-d15 beside the frame pointer x29.
TEST_P(MethodCodeInfoTest, FrameInfoNamesTheAbisCalleeSavedRegisters) {
  const MethodPlan plan =
      OneFrame({{.type = VRegType::kInt32, .location = LocationClass::kStackSlot, .value = 5}});
  ASSERT_OK_AND_ASSIGN(const std::vector<CallSiteHomes> sites,
                       AssignCallSiteHomes(plan, GetParam()));
  const StackMapAt maps[] = {{.native_pc = 8, .site = 0}};
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes,
                       EncodeMethodCodeInfo(sites, GetParam(), Metainfo::kArt, maps, 64));
  ASSERT_OK_AND_ASSIGN(const FrameInfo frame, CodeInfo::DecodeFrameInfo(bytes));
  EXPECT_EQ(frame.frame_size_in_bytes, sites[0].homes.layout.frame_size());
  if (GetParam() == InstructionSet::kX86_64) {
    EXPECT_EQ(frame.core_spill_mask, 1u << 3 | Bits(12, 15));
    EXPECT_EQ(frame.fp_spill_mask, 0u);
  } else {
    EXPECT_EQ(frame.core_spill_mask, Bits(19, 28));
    EXPECT_EQ(frame.fp_spill_mask, Bits(8, 15));
  }
}

// Each call site is assigned on its own, in one frame: a safepoint with three stack values and
// a call with one reuse the first spill slot, and the frame holds all three.
TEST_P(MethodCodeInfoTest, CallSitesShareOneFrameLayout) {
  const PlannedVReg stack{
      .type = VRegType::kInt32, .location = LocationClass::kStackSlot, .value = 1};
  MethodPlan plan = OneFrame({stack, stack, stack});
  plan.safepoints = {PlannedSafepoint{plan.frames}};
  plan.frames[0].vregs = {stack, {.type = VRegType::kInt32, .location = LocationClass::kNone}};
  plan.frames[0].vregs.resize(3, PlannedVReg{.type = VRegType::kInt32});
  ASSERT_OK_AND_ASSIGN(const std::vector<CallSiteHomes> sites,
                       AssignCallSiteHomes(plan, GetParam()));
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ((*sites[0].frames)[0].vregs[2].location, LocationClass::kStackSlot);
  EXPECT_EQ(sites[0].homes.frames[0][0].frame_slot, sites[1].homes.frames[0][0].frame_slot);
  EXPECT_EQ(sites[0].homes.layout.frame_size(), sites[1].homes.layout.frame_size());
  EXPECT_EQ(sites[0].homes.layout.SpillSlot(2), sites[0].homes.frames[0][2].frame_slot);
}

// ART's register maps are deltas between consecutive stack maps: each map still decodes to its
// own site's locations, the unchanged ones found in the map before it.
TEST_P(MethodCodeInfoTest, EachStackMapDecodesToItsOwnSitesLocations) {
  const PlannedVReg constant{
      .type = VRegType::kInt32, .location = LocationClass::kConstant, .value = 5};
  MethodPlan plan = OneFrame({constant, constant});
  plan.safepoints = {PlannedSafepoint{plan.frames}};
  plan.frames[0].vregs[1].value = 6;
  ASSERT_OK_AND_ASSIGN(const std::vector<CallSiteHomes> sites,
                       AssignCallSiteHomes(plan, GetParam()));
  const StackMapAt maps[] = {{.native_pc = 8, .site = 0}, {.native_pc = 16, .site = 1}};
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes,
                       EncodeMethodCodeInfo(sites, GetParam(), Metainfo::kArt, maps, 64));
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  ASSERT_EQ(info.GetNumberOfStackMaps(), 2u);
  const DexRegisterMap first = info.GetDexRegisterMapOf(info.GetStackMapAt(0));
  const DexRegisterMap second = info.GetDexRegisterMapOf(info.GetStackMapAt(1));
  ASSERT_EQ(first.size(), 2u);
  ASSERT_EQ(second.size(), 2u);
  EXPECT_EQ(first[1], (DexRegisterLocation{DexRegisterKind::kConstant, 5}));
  EXPECT_EQ(second[0], (DexRegisterLocation{DexRegisterKind::kConstant, 5}));  // from map 0
  EXPECT_EQ(second[1], (DexRegisterLocation{DexRegisterKind::kConstant, 6}));
}

INSTANTIATE_TEST_SUITE_P(Isas, MethodCodeInfoTest,
                         testing::Values(InstructionSet::kX86_64, InstructionSet::kArm64),
                         [](const testing::TestParamInfo<InstructionSet>& info) {
                           return std::string(InstructionSetName(info.param));
                         });

}  // namespace
}  // namespace frameproof
