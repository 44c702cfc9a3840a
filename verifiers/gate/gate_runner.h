#ifndef FRAMEPROOF_VERIFIERS_GATE_GATE_RUNNER_H_
#define FRAMEPROOF_VERIFIERS_GATE_GATE_RUNNER_H_

// Runs a gate's steps in order and decides: the gate passes only if every step passed, or
// skipped with --allow-skip naming it.

#include <filesystem>
#include <iosfwd>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "verifiers/gate/gate_config.h"
#include "verifiers/gate/step.h"
#include "verifiers/gate/step_result.h"

namespace frameproof::gate {

// A build scripts/gate ran before the gate: it becomes the step "build/<preset>".
struct BuildRecord {
  std::string preset;
  bool ok = false;
  double seconds = 0;
  std::string log;  // its log, relative to the report directory
};

// Reads scripts/gate's build record: one "preset<TAB>PASS|FAIL<TAB>seconds<TAB>log" per line.
absl::StatusOr<std::vector<BuildRecord>> ReadBuildRecords(const std::filesystem::path& file);

struct GateReport {
  GateConfig config;
  std::vector<StepResult> steps;  // the builds first, then the steps in the order they ran
  bool passed = false;
  double seconds = 0;
  std::string version;  // frameproof's release (core/base/version.h) that ran the gate
  std::string started;  // UTC, RFC 3339
  std::string commit;   // `git describe --always --dirty` of the repository, if it is a checkout
  std::string rerun;    // the scripts/gate line that repeats this run

  size_t CountSteps(StepStatus status) const;
  size_t CountFindings() const;
};

// The log file of step `name`, relative to the report directory.
std::string StepLogPath(absl::string_view name);

// Runs one step with its log at config.report_dir / StepLogPath(step.name) (whose folder must
// exist), timed, its SKIP allowed or not as config.allow_skip says.
StepResult RunStep(const GateConfig& config, const Step& step, std::ostream& progress);

// Runs `steps` after recording `builds`, writing each step's log under config.report_dir and a
// line per step to `progress`. A step whose build failed is skipped; with config.fail_fast the
// first step that fails the gate skips the rest.
GateReport RunGate(const GateConfig& config, std::vector<Step> steps,
                   const std::vector<BuildRecord>& builds, std::ostream& progress);

// The table the console ends with: one row per step, the verdict, and the rerun line.
void PrintSummary(const GateReport& report, std::ostream& out);

}  // namespace frameproof::gate

#endif  // FRAMEPROOF_VERIFIERS_GATE_GATE_RUNNER_H_
