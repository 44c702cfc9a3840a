#ifndef FRAMEPROOF_VERIFIERS_EXEC_SNAPSHOT_H_
#define FRAMEPROOF_VERIFIERS_EXEC_SNAPSHOT_H_

// Golden snapshots: a plan and the frame state a runtime must decode for it, as JSON with a
// stable key order (corpora/snapshots/*.json). They are data, reviewed like code.

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "arch/method_plan.h"
#include "nlohmann/json.hpp"
#include "verifiers/exec/frame_state.h"

namespace frameproof {

// The expected states in both dialects: ART's dex registers ("expected_art") and Ark's vregs
// ("expected_ark"), each what ExpectedFrameState gives for the plan when it was recorded; for a
// plan with safepoints, also each safepoint's ("expected_at_safepoints", ExpectedFrameStateAt).
struct Snapshot {
  MethodPlan plan;
  FrameState expected_art;
  FrameState expected_ark;
  std::vector<FrameState> safepoints_expected_art;  // one per plan.safepoints
  std::vector<FrameState> safepoints_expected_ark;
  const FrameState& expected(Metainfo metainfo) const {
    return metainfo == Metainfo::kArk ? expected_ark : expected_art;
  }
  // At call site `site` (method_plan.h): a safepoint's, or the plan's call.
  const FrameState& expected_at(Metainfo metainfo, size_t site) const {
    const std::vector<FrameState>& safepoints =
        metainfo == Metainfo::kArk ? safepoints_expected_ark : safepoints_expected_art;
    return site < safepoints.size() ? safepoints[site] : expected(metainfo);
  }
};

// The snapshot of `plan`: its expected states, computed now.
Snapshot SnapshotOf(const MethodPlan& plan);

// Whether `snapshot`'s plan still gives every expected state it records in `metainfo`'s dialect.
bool PlanGivesRecordedStates(const Snapshot& snapshot, Metainfo metainfo);
// The states it records in `metainfo`'s dialect, one per call site of its plan (method_plan.h):
// what a run of the plan is held to (RunExecCaseAgainst).
std::vector<FrameState> RecordedStatesBySite(const Snapshot& snapshot, Metainfo metainfo);

nlohmann::json SnapshotToJson(const Snapshot& snapshot);

// Parses a snapshot; errors name the field that is missing or malformed.
absl::StatusOr<Snapshot> SnapshotFromJson(const nlohmann::json& json);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_EXEC_SNAPSHOT_H_
