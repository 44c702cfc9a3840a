#ifndef FRAMEPROOF_VERIFIERS_GATE_STEP_H_
#define FRAMEPROOF_VERIFIERS_GATE_STEP_H_

// A gate step: a named check that runs commands, records the cases it checked, and says PASS,
// FAIL or SKIP. The runner times it, keeps its log and applies the verdict policy.

#include <filesystem>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "verifiers/gate/gate_config.h"
#include "verifiers/gate/output_parsers.h"
#include "verifiers/gate/step_result.h"
#include "verifiers/util/directories.h"
#include "verifiers/util/subprocess.h"

namespace frameproof::gate {

// What a running step may use: the config, its log, and a command runner that logs and shows
// progress.
class StepContext {
 public:
  StepContext(const GateConfig& config, std::ostream& log, std::ostream& progress)
      : config_(config), log_(log), progress_(progress) {}

  const GateConfig& config() const { return config_; }
  std::ostream& log() { return log_; }

  // Runs `command` with the gate's environment under its own, output into the log. Every 30
  // seconds of a long command, the latest line it printed goes to the progress stream.
  CommandOutcome Run(Command command, const LineCallback& on_line = {});

 private:
  const GateConfig& config_;
  std::ostream& log_;
  std::ostream& progress_;
};

// A build a step needs: a preset and the targets in it (none listed: every target).
struct BuildNeed {
  std::string preset;
  std::vector<std::string> targets;
};

struct Step {
  std::string name;         // "exec/arm64/Class": kind, then what it covers
  std::string description;  // one line for --list: what it runs, with its share of the budget
  std::vector<BuildNeed> builds;
  // Fills in status, note, cases and measurements. A step that sets no status passes unless one
  // of its cases failed.
  std::function<void(StepContext&, StepResult&)> run;
};

// Marks `result` skipped because `reason` (a prerequisite is missing).
void Skip(StepResult& result, std::string reason);
// Marks `result` failed with `note` (the step itself could not do its work).
void Fail(StepResult& result, std::string note);
// <report_dir>/work/<step_name>, emptied and made anew: where a step keeps its scratch files,
// a failure's evidence among them, beside the gate's report rather than in /tmp. The steps make
// their folders with MakeDirectories and go on if that fails: a folder that cannot be made fails
// the step where it first writes there, naming the file.
std::filesystem::path FreshWorkDir(const GateConfig& config, absl::string_view step_name);
// A case that passed, and one that failed with `message`, rerun alone by `reproduce`.
GateCase PassedCase(std::string name);
GateCase FailedCase(std::string name, std::string message, std::string reproduce);

// Adds a case; a failing case fails the step and, if it is the first, gives the step its
// reproduction line.
void AddCase(StepResult& result, GateCase gate_case);
// Sets the note to "N passed, M failed" over the cases.
void NoteCounts(StepResult& result);

// The non-hidden regular files directly in `dir`, sorted; none if it cannot be read.
std::vector<std::string> FilesIn(const std::filesystem::path& dir);

// True if `binary` exists and can run here for `isa`; otherwise skips `result` saying
// what is missing and how to get it.
bool CanRun(const GateConfig& config, InstructionSet isa, const std::filesystem::path& binary,
            StepResult& result);

// Runs a verifier that prints "PASS <name>" and "FAIL <name>: <why>" lines and "N passed, M
// failed": one case per line, each failure reproduced by `reproduce(case name)`. A command that
// fails without naming a failing case, or names none at all, fails the step with what it printed;
// one that prints "SKIP: <reason>" and no case skips the step for that reason.
void RunVerdictCommand(
    StepContext& context, StepResult& result, Command command,
    const std::function<std::vector<std::string>(const std::string&)>& reproduce);

// True if `name` matches the glob `pattern` ('*' and '?', as in a shell; '*' also crosses '/').
bool StepNameMatches(absl::string_view pattern, absl::string_view name);

}  // namespace frameproof::gate

#endif  // FRAMEPROOF_VERIFIERS_GATE_STEP_H_
