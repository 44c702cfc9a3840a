#ifndef FRAMEPROOF_VERIFIERS_EXEC_SNAPSHOT_H_
#define FRAMEPROOF_VERIFIERS_EXEC_SNAPSHOT_H_

// Golden snapshots: a plan and the frame state a runtime must decode for it, as JSON with a
// stable key order (corpora/snapshots/*.json). They are data, reviewed like code.

#include <string>

#include "absl/status/statusor.h"
#include "arch/method_plan.h"
#include "nlohmann/json.hpp"
#include "verifiers/exec/frame_state.h"

namespace frameproof {

// The expected states in both dialects: ART's dex registers ("expected_art") and Ark's vregs
// ("expected_ark"), each what ExpectedFrameState gives for the plan when it was recorded.
struct Snapshot {
  MethodPlan plan;
  FrameState expected_art;
  FrameState expected_ark;
  const FrameState& expected(Metainfo metainfo) const {
    return metainfo == Metainfo::kArk ? expected_ark : expected_art;
  }
};

nlohmann::json SnapshotToJson(const Snapshot& snapshot);

// Parses a snapshot; errors name the field that is missing or malformed.
absl::StatusOr<Snapshot> SnapshotFromJson(const nlohmann::json& json);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_EXEC_SNAPSHOT_H_
