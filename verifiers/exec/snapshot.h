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

struct Snapshot {
  MethodPlan plan;
  FrameState expected;
};

nlohmann::json SnapshotToJson(const Snapshot& snapshot);

// Parses a snapshot; errors name the field that is missing or malformed.
absl::StatusOr<Snapshot> SnapshotFromJson(const nlohmann::json& json);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_EXEC_SNAPSHOT_H_
