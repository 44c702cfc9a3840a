// How each dialect describes a value's home, on x86_64 where Ark's register numbers differ from
// the hardware's: rbx is hardware 3 and Ark 11, rax 0 in both; rax's caller-save slot is CFrame
// slot 13 and the first spill slot is 30 (Ark's cframe_layout.h).

#include "arch/method_code_info.h"

#include <cstdint>
#include <vector>

#include "arch/frame_layout.h"
#include "arch/vreg_homes.h"
#include "core/base/status_testing.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace frameproof {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

constexpr InstructionSet kIsa = InstructionSet::kX86_64;
constexpr uint32_t kArkRbx = 11;
constexpr uint32_t kRbx = 3;
constexpr uint32_t kRaxSlot = 13;
constexpr uint32_t kFirstSpillSlot = 30;

// rbx, then rax, then a spill slot, then a constant: in plan order, as AssignHomes hands them out.
MethodPlan PlanOf(std::vector<PlannedVReg> vregs) {
  MethodPlan plan;
  plan.frames.push_back(PlannedFrame{.method_index = 1, .dex_pc = 0, .vregs = std::move(vregs)});
  return plan;
}

class MetainfoLocations : public testing::Test {
 protected:
  void SetUp() override {
    plan_ = PlanOf({{VRegType::kReference, LocationClass::kCalleeSavedRegister, 0x10000010},
                    {VRegType::kReference, LocationClass::kCallerSavedRegister, 0x10000020},
                    {VRegType::kInt64, LocationClass::kStackSlot, 0x1122334455667788},
                    {VRegType::kDouble, LocationClass::kConstant, 0x400921fb54442d18},
                    {VRegType::kReference, LocationClass::kStackSlot, 0x10000030}});
    ASSERT_OK_AND_ASSIGN(homes_, AssignHomes(plan_, kIsa));
  }
  const PlannedVReg& vreg(size_t v) const { return plan_.frames[0].vregs[v]; }
  const VRegHome& home(size_t v) const { return homes_.frames[0][v]; }
  int32_t SpOffsetOfSlot(uint32_t slot) const {
    return homes_.layout.SpFromFp(FrameLayout::SlotFpOffset(slot));
  }

  MethodPlan plan_;
  MethodHomes homes_{{}, FrameLayout(kIsa, 0)};
};

TEST_F(MetainfoLocations, ArtNamesHardwareRegistersAndStackOffsets) {
  EXPECT_THAT(DexRegistersAt(vreg(0), home(0)),
              ElementsAre(DexRegisterLocation{DexRegisterKind::kInRegister, kRbx}));
  EXPECT_THAT(DexRegistersAt(vreg(1), home(1)),
              ElementsAre(DexRegisterLocation{DexRegisterKind::kInStack, SpOffsetOfSlot(kRaxSlot)}));
  const int32_t spill = SpOffsetOfSlot(kFirstSpillSlot);
  EXPECT_THAT(DexRegistersAt(vreg(2), home(2)),
              ElementsAre(DexRegisterLocation{DexRegisterKind::kInStack, spill},
                          DexRegisterLocation{DexRegisterKind::kInStack, spill + 4}));
  EXPECT_THAT(DexRegistersAt(vreg(3), home(3)),
              ElementsAre(DexRegisterLocation{DexRegisterKind::kConstant, 0x54442d18},
                          DexRegisterLocation{DexRegisterKind::kConstant, 0x400921fb}));
}

TEST_F(MetainfoLocations, ArkNamesItsOwnRegisterNumbersAndCFrameSlots) {
  EXPECT_EQ(ArkVRegAt(vreg(0), home(0), kIsa),
            (ark::VRegInfo{.value = kArkRbx, .location = ark::VRegInfo::Location::kRegister,
                           .type = ark::VRegInfo::Type::kObject}));
  EXPECT_EQ(ArkVRegAt(vreg(1), home(1), kIsa),
            (ark::VRegInfo{.value = kRaxSlot, .location = ark::VRegInfo::Location::kSlot,
                           .type = ark::VRegInfo::Type::kObject}));
  EXPECT_EQ(ArkVRegAt(vreg(2), home(2), kIsa),
            (ark::VRegInfo{.value = kFirstSpillSlot, .location = ark::VRegInfo::Location::kSlot,
                           .type = ark::VRegInfo::Type::kInt64}));
  EXPECT_EQ(ArkTypeOf(VRegType::kDouble), ark::VRegInfo::Type::kFloat64);
}

// ART: references in callee-saved registers in the register mask, the rest by stack word; Ark:
// references in registers of either kind in its register mask, spills by spill index.
TEST_F(MetainfoLocations, GcRootsAreWhereEachWalkerLooks) {
  const GcRootMasks art = GcRootsOf(plan_.frames, homes_);
  EXPECT_EQ(art.register_mask, 1u << kRbx);
  const uint32_t rax_word = static_cast<uint32_t>(SpOffsetOfSlot(kRaxSlot)) / 4;
  const uint32_t spill_word = static_cast<uint32_t>(SpOffsetOfSlot(kFirstSpillSlot + 1)) / 4;
  EXPECT_THAT(art.stack_slots, ElementsAre(std::min(rax_word, spill_word),
                                           std::max(rax_word, spill_word)));
  const ArkGcRoots ark = ArkGcRootsOf(plan_.frames, homes_, kIsa);
  EXPECT_EQ(ark.registers_mask, 1u << kArkRbx | 1u << 0);
  EXPECT_THAT(ark.spill_slots, ElementsAre(1u));
}

TEST_F(MetainfoLocations, DeadValuesAndNonReferencesAreNoRoots) {
  const MethodPlan plan =
      PlanOf({{VRegType::kReference, LocationClass::kNone, 0},
              {VRegType::kReference, LocationClass::kConstant, 0},
              {VRegType::kInt32, LocationClass::kCalleeSavedRegister, 0x10000040}});
  ASSERT_OK_AND_ASSIGN(const MethodHomes homes, AssignHomes(plan, kIsa));
  EXPECT_EQ(GcRootsOf(plan.frames, homes).register_mask, 0u);
  EXPECT_THAT(GcRootsOf(plan.frames, homes).stack_slots, IsEmpty());
  EXPECT_EQ(ArkGcRootsOf(plan.frames, homes, kIsa).registers_mask, 0u);
  EXPECT_EQ(ArkVRegAt(plan.frames[0].vregs[0], homes.frames[0][0], kIsa), ark::VRegInfo{});
}

}  // namespace
}  // namespace frameproof
