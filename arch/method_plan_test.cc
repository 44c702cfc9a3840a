// A plan as it stands at one call site of its method.

#include "arch/method_plan.h"

#include "gtest/gtest.h"

namespace frameproof {
namespace {

PlannedFrame Frame(uint32_t method_index, uint32_t dex_pc, uint64_t value) {
  return PlannedFrame{
      method_index, dex_pc, {PlannedVReg{VRegType::kInt32, LocationClass::kStackSlot, value}}};
}

MethodPlan PlanWithASafepoint() {
  MethodPlan plan;
  plan.seed = 0x5eed;
  plan.resolver = ResolverKind::kInitClass;
  plan.frames = {Frame(4, 12, 1)};
  plan.safepoints = {PlannedSafepoint{{Frame(4, 3, 2)}}};
  plan.callers = {PlannedCaller{{Frame(9, 20, 3)}}};
  plan.target_id = 77;
  plan.vtable_index = 5;
  plan.class_initialized = true;
  plan.arguments = {11, 22};
  return plan;
}

// That each enumerator is named once is checked where the tables are declared (NamesEachOnce).
TEST(PlanNames, VRegTypesAndLocationClassesParseFromTheirNames) {
  EXPECT_FALSE(EnumNamed(kVRegTypeNames, "").has_value());
  EXPECT_FALSE(EnumNamed(kLocationClassNames, "").has_value());
  EXPECT_EQ(EnumNamed(kVRegTypeNames, "double"), VRegType::kDouble);
  EXPECT_EQ(EnumNamed(kLocationClassNames, "stack"), LocationClass::kStackSlot);
}

TEST(AtCallSite, ASafepointSiteHasThatSafepointsFramesAndEverythingElseOfTheCall) {
  const MethodPlan plan = PlanWithASafepoint();
  MethodPlan expected = plan;
  expected.frames = plan.safepoints[0].frames;
  expected.safepoints.clear();
  EXPECT_EQ(AtCallSite(plan, 0), expected);
}

TEST(AtCallSite, TheLastSiteIsTheCallWithItsOwnFrames) {
  const MethodPlan plan = PlanWithASafepoint();
  ASSERT_EQ(CallSiteCount(plan), 2u);
  MethodPlan expected = plan;
  expected.safepoints.clear();
  EXPECT_EQ(AtCallSite(plan, 1), expected);
}

}  // namespace
}  // namespace frameproof
