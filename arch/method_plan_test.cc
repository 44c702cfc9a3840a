// A plan as it stands at one call site of its method.

#include "arch/method_plan.h"

#include "absl/container/flat_hash_set.h"
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

// Each entry of `table` names its own enumerator by a name of its own. A table declared longer
// than its list is padded with unnamed entries for the first enumerator, which "" would then parse
// as.
template <typename Enum, size_t N>
void ExpectEveryEntryNamedOnce(const EnumNameTable<Enum, N>& table) {
  absl::flat_hash_set<Enum> enumerators;
  absl::flat_hash_set<absl::string_view> names;
  for (const auto& [value, name] : table) {
    EXPECT_FALSE(name.empty()) << "an unnamed entry for enumerator " << static_cast<int>(value);
    EXPECT_TRUE(enumerators.insert(value).second) << "enumerator " << static_cast<int>(value);
    EXPECT_TRUE(names.insert(name).second) << name;
  }
  EXPECT_FALSE(EnumNamed(table, "").has_value());
}

TEST(PlanNames, EveryVRegTypeAndLocationClassIsNamedOnce) {
  ExpectEveryEntryNamedOnce(kVRegTypeNames);
  ExpectEveryEntryNamedOnce(kLocationClassNames);
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
