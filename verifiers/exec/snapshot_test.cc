// Golden snapshots as JSON: a plan with callers and safepoints, and its expected state at every
// call site in both dialects, survive the round trip; a snapshot whose states do not match its
// safepoints is refused with the field named.

#include "verifiers/exec/snapshot.h"

#include "core/base/status_testing.h"
#include "gtest/gtest.h"

namespace frameproof {
namespace {

MethodPlan PlanWithASafepointAndACaller() {
  MethodPlan plan;
  plan.seed = 9;
  plan.resolver = ResolverKind::kClass;
  plan.target_id = 5;
  plan.frames = {PlannedFrame{
      10, 4, {{VRegType::kReference, LocationClass::kCalleeSavedRegister, 0x10000040}}}};
  plan.safepoints = {PlannedSafepoint{
      {PlannedFrame{10, 2, {{VRegType::kReference, LocationClass::kStackSlot, 0x10000080}}}}}};
  plan.callers = {PlannedCaller{
      {PlannedFrame{20, 6, {{VRegType::kReference, LocationClass::kStackSlot, 0x100000c0}}}}}};
  return plan;
}

TEST(Snapshot, PlansWithSafepointsRoundTripWithEverySitesState) {
  const Snapshot snapshot = SnapshotOf(PlanWithASafepointAndACaller());
  ASSERT_EQ(snapshot.safepoints_expected_ark.size(), 1u);
  // At the safepoint, the caller's object has not moved yet; at the call, it has once.
  EXPECT_EQ(snapshot.expected_at(Metainfo::kArk, 0).gc_roots,
            (std::vector<uint32_t>{0x10000080, 0x100000c0}));
  EXPECT_EQ(snapshot.expected_at(Metainfo::kArk, 1).gc_roots,
            (std::vector<uint32_t>{0x10000040, 0x101000c0}));

  const nlohmann::json json = SnapshotToJson(snapshot);
  ASSERT_TRUE(json["plan"].contains("safepoints"));
  ASSERT_OK_AND_ASSIGN(const Snapshot parsed, SnapshotFromJson(json));
  EXPECT_EQ(parsed.plan, snapshot.plan);
  EXPECT_EQ(parsed.safepoints_expected_art, snapshot.safepoints_expected_art);
  EXPECT_EQ(parsed.safepoints_expected_ark, snapshot.safepoints_expected_ark);
  EXPECT_TRUE(PlanGivesRecordedStates(parsed, Metainfo::kArt));
  EXPECT_TRUE(PlanGivesRecordedStates(parsed, Metainfo::kArk));
}

TEST(Snapshot, RecordedStatesComeOnePerCallSiteInCodeOrder) {
  const Snapshot snapshot = SnapshotOf(PlanWithASafepointAndACaller());
  const std::vector<FrameState> states = RecordedStatesBySite(snapshot, Metainfo::kArt);
  ASSERT_EQ(states.size(), 2u);
  EXPECT_EQ(states[0], snapshot.safepoints_expected_art[0]);
  EXPECT_EQ(states[1], snapshot.expected_art);
}

TEST(Snapshot, PlansWithoutSafepointsKeepTheirShape) {
  MethodPlan plan = PlanWithASafepointAndACaller();
  plan.safepoints.clear();
  const nlohmann::json json = SnapshotToJson(SnapshotOf(plan));
  EXPECT_FALSE(json["plan"].contains("safepoints"));
  EXPECT_FALSE(json.contains("expected_at_safepoints"));
}

TEST(Snapshot, ARecordedSafepointStateThatNoLongerMatchesIsNoticed) {
  Snapshot snapshot = SnapshotOf(PlanWithASafepointAndACaller());
  snapshot.safepoints_expected_ark[0].frames[0].dex_pc = 3;
  EXPECT_TRUE(PlanGivesRecordedStates(snapshot, Metainfo::kArt));
  EXPECT_FALSE(PlanGivesRecordedStates(snapshot, Metainfo::kArk));
}

TEST(Snapshot, SafepointsWithoutTheirStatesAreRefused) {
  nlohmann::json json = SnapshotToJson(SnapshotOf(PlanWithASafepointAndACaller()));
  json["expected_at_safepoints"] = nlohmann::json::array();
  EXPECT_EQ(SnapshotFromJson(json).status().message(),
            "expected_at_safepoints: 0 states for 1 safepoints");
  json.erase("expected_at_safepoints");
  EXPECT_FALSE(SnapshotFromJson(json).ok());
}

}  // namespace
}  // namespace frameproof
