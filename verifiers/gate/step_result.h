#ifndef FRAMEPROOF_VERIFIERS_GATE_STEP_RESULT_H_
#define FRAMEPROOF_VERIFIERS_GATE_STEP_RESULT_H_

// What one gate step found: its verdict, the cases it checked, and the measurements the report
// plots (fuzzing progress, coverage, throughput).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "core/base/enum_names.h"

namespace frameproof::gate {

enum class StepStatus : uint8_t { kPass, kFail, kSkip };

inline constexpr EnumNameTable<StepStatus, 3> kStepStatusNames = {{
    {StepStatus::kPass, "PASS"},
    {StepStatus::kFail, "FAIL"},
    {StepStatus::kSkip, "SKIP"},
}};
static_assert(NamesEachOnce(kStepStatusNames));

inline absl::string_view StepStatusName(StepStatus status) {
  return NameOf(kStepStatusNames, status);
}

// One thing a step checked: a unit test, a vector, a snapshot, an input file, a fuzz run, or a
// campaign's passing cases taken together.
struct GateCase {
  std::string name;
  StepStatus status = StepStatus::kPass;
  double seconds = 0;
  std::string message;    // why it failed or was skipped
  std::string reproduce;  // the one-line command that reruns it alone
};

// libFuzzer's progress at one moment, timestamped by the gate as the line arrived.
struct FuzzSample {
  double seconds = 0;
  uint64_t execs = 0;
  uint64_t coverage = 0;  // libFuzzer's "cov:" (edges)
  uint64_t features = 0;  // "ft:"
  uint64_t exec_per_second = 0;
};

struct FuzzStats {
  std::string target;
  uint32_t seed = 0;  // libFuzzer's -seed
  std::vector<FuzzSample> samples;
  uint64_t corpus = 0;   // inputs in the grown corpus at the end
  uint64_t crashes = 0;  // crash, timeout and OOM artifacts
};

struct CoverageCounts {
  uint64_t covered = 0;
  uint64_t count = 0;
  double percent() const { return count == 0 ? 100.0 : 100.0 * covered / count; }
};

struct FileCoverage {
  std::string file;  // relative to the repository root; "total" for the sum
  CoverageCounts lines, functions, regions, branches;
};

struct CoverageSummary {
  std::vector<FileCoverage> files;
  FileCoverage total;
  double min_line_percent = 0;  // the floor the step enforces
};

// How fast a runner went through a step's cases.
struct Throughput {
  std::string runner;  // "x86_64 native", "arm64 qemu-user"
  std::string label;   // what the cases were, e.g. the resolver
  uint64_t cases = 0;
  double seconds = 0;
  double per_second() const { return seconds > 0 ? cases / seconds : 0; }
};

struct StepResult {
  std::string name;
  StepStatus status = StepStatus::kPass;
  bool skip_allowed = false;  // a SKIP that --allow-skip names does not fail the gate
  double seconds = 0;
  std::string note;       // one line for the tables: counts, or why it failed or skipped
  std::string reproduce;  // one line that reruns the first failure
  std::string log;        // the step's log, relative to the report directory
  std::vector<GateCase> cases;
  // What an outside tool the step runs got wrong (MoarVM crashing on an input frameproof
  // rejects): reported apart from the cases, and never a reason for the gate to fail.
  std::vector<GateCase> findings;
  std::optional<FuzzStats> fuzz;
  std::optional<CoverageSummary> coverage;
  std::optional<Throughput> throughput;

  uint64_t CountCases(StepStatus status) const;
  // True if this step lets the gate pass.
  bool Acceptable() const {
    return status == StepStatus::kPass || (status == StepStatus::kSkip && skip_allowed);
  }
  // "PASS", "FAIL", "SKIP", or "SKIP (allowed)" when --allow-skip names the step.
  std::string Verdict() const {
    return status == StepStatus::kSkip && skip_allowed ? "SKIP (allowed)"
                                                       : std::string(StepStatusName(status));
  }
};

}  // namespace frameproof::gate

#endif  // FRAMEPROOF_VERIFIERS_GATE_STEP_RESULT_H_
