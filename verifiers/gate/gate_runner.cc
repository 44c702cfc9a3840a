#include "verifiers/gate/gate_runner.h"

#include <chrono>
#include <fstream>
#include <iomanip>
#include <ostream>
#include <sstream>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "absl/time/clock.h"
#include "core/base/version.h"
#include "verifiers/gate/step.h"
#include "verifiers/util/directories.h"

namespace frameproof::gate {
namespace {

constexpr size_t kConsoleNoteWidth = 90;

double SecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::string GitDescribe(const std::filesystem::path& repo) {
  std::ostringstream log;
  std::string first_line;
  const CommandOutcome outcome =
      RunCommand({.argv = {"git", "-C", repo.string(), "describe", "--always", "--dirty"},
                  .timeout = absl::Seconds(10)},
                 log, [&](double, absl::string_view line) {
                   if (first_line.empty()) first_line = std::string(line);
                 });
  return outcome.ok() ? first_line : "";
}

std::string RerunLine(const GateConfig& config) {
  std::vector<std::string> argv = {"scripts/gate", "--seed", absl::StrCat(config.seed), "--budget",
                                   absl::FormatDuration(config.budget)};
  std::vector<std::string> arches;
  for (InstructionSet isa : config.arches) arches.emplace_back(InstructionSetName(isa));
  argv.insert(argv.end(), {"--arch", absl::StrJoin(arches, ",")});
  const auto add_list = [&](const char* flag, const std::vector<std::string>& values) {
    if (!values.empty()) argv.insert(argv.end(), {flag, absl::StrJoin(values, ",")});
  };
  add_list("--only", config.only);
  add_list("--exclude", config.exclude);
  add_list("--allow-skip", config.allow_skip);
  if (!config.planted.empty()) argv.insert(argv.end(), {"--planted", config.planted});
  return ShellLine(argv);
}

bool AnyMatch(const std::vector<std::string>& patterns, absl::string_view name) {
  for (const std::string& pattern : patterns) {
    if (StepNameMatches(pattern, name)) return true;
  }
  return false;
}

std::string Clip(absl::string_view text, size_t width) {
  return text.size() <= width ? std::string(text) : absl::StrCat(text.substr(0, width - 3), "...");
}

}  // namespace

absl::StatusOr<std::vector<BuildRecord>> ReadBuildRecords(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) return absl::NotFoundError(absl::StrCat("cannot read the build record ", file.string()));
  std::vector<BuildRecord> records;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty()) continue;
    const std::vector<std::string> fields = absl::StrSplit(line, '\t');
    BuildRecord record;
    if (fields.size() != 4 || (fields[1] != "PASS" && fields[1] != "FAIL") ||
        !absl::SimpleAtod(fields[2], &record.seconds)) {
      return absl::InvalidArgumentError(absl::StrCat(
          file.string(), ":", number, ": expected preset<TAB>PASS|FAIL<TAB>seconds<TAB>log"));
    }
    record.preset = fields[0];
    record.ok = fields[1] == "PASS";
    record.log = fields[3];
    records.push_back(std::move(record));
  }
  return records;
}

size_t GateReport::CountSteps(StepStatus status) const {
  size_t count = 0;
  for (const StepResult& step : steps) count += step.status == status ? 1 : 0;
  return count;
}

size_t GateReport::CountFindings() const {
  size_t count = 0;
  for (const StepResult& step : steps) count += step.findings.size();
  return count;
}

std::string StepLogPath(absl::string_view name) {
  return absl::StrCat("logs/", absl::StrReplaceAll(name, {{"/", "-"}}), ".log");
}

StepResult RunStep(const GateConfig& config, const Step& step, std::ostream& progress) {
  StepResult result;
  result.name = step.name;
  result.log = StepLogPath(step.name);
  const auto start = std::chrono::steady_clock::now();
  {
    std::ofstream log(config.report_dir / result.log);
    log << "# " << step.name << ": " << step.description << "\n";
    StepContext context(config, log, progress);
    step.run(context, result);
  }
  result.seconds = SecondsSince(start);
  if (result.status == StepStatus::kSkip) {
    result.skip_allowed = AnyMatch(config.allow_skip, step.name);
  }
  return result;
}

GateReport RunGate(const GateConfig& config, std::vector<Step> steps,
                   const std::vector<BuildRecord>& builds, std::ostream& progress) {
  const auto gate_start = std::chrono::steady_clock::now();
  GateReport report;
  report.config = config;
  report.version = kVersion;
  report.started = absl::FormatTime("%Y-%m-%dT%H:%M:%SZ", absl::Now(), absl::UTCTimeZone());
  report.commit = GitDescribe(config.repo);
  report.rerun = RerunLine(config);
  if (const absl::Status made = MakeDirectories(config.report_dir / "logs"); !made.ok()) {
    progress << "gate: " << made.message() << "; the steps run without their logs\n";
  }

  std::vector<std::string> failed_builds;
  for (const BuildRecord& build : builds) {
    StepResult result;
    result.name = absl::StrCat("build/", build.preset);
    result.status = build.ok ? StepStatus::kPass : StepStatus::kFail;
    result.seconds = build.seconds;
    result.log = build.log;
    result.note = build.ok ? "built" : "the build failed; its log says why";
    result.reproduce = absl::StrCat("cmake --build --preset ", build.preset);
    if (!build.ok) failed_builds.push_back(build.preset);
    report.steps.push_back(std::move(result));
  }

  std::string stopped_by;  // the step that ended a --fail-fast run
  for (const StepResult& build : report.steps) {
    if (config.fail_fast && !build.Acceptable() && stopped_by.empty()) stopped_by = build.name;
  }
  for (size_t i = 0; i < steps.size(); ++i) {
    const Step& step = steps[i];
    StepResult result;
    result.name = step.name;
    result.log = StepLogPath(step.name);
    progress << absl::StrFormat("[%2d/%d] %s: %s", i + 1, steps.size(), step.name, step.description)
             << std::endl;
    const auto start = std::chrono::steady_clock::now();
    std::string failed_build;
    for (const BuildNeed& need : step.builds) {
      if (std::find(failed_builds.begin(), failed_builds.end(), need.preset) !=
          failed_builds.end()) {
        failed_build = need.preset;
      }
    }
    if (!stopped_by.empty()) {
      Skip(result, absl::StrCat("not run: ", stopped_by, " failed and --fail-fast is set"));
    } else if (!failed_build.empty()) {
      Skip(result, absl::StrCat("not run: build/", failed_build, " failed"));
    } else {
      result = RunStep(config, step, progress);
    }
    result.seconds = SecondsSince(start);
    if (result.status == StepStatus::kSkip)
      result.skip_allowed = AnyMatch(config.allow_skip, step.name);
    progress << absl::StrFormat("        %-4s %7.1fs  %s", result.Verdict(), result.seconds,
                                Clip(result.note, kConsoleNoteWidth))
             << std::endl;
    if (result.status == StepStatus::kFail) {
      for (const GateCase& gate_case : result.cases) {
        if (gate_case.status != StepStatus::kFail) continue;
        progress << "        first failure: " << gate_case.name
                 << (gate_case.message.empty() ? "" : ": ") << Clip(gate_case.message, 200) << "\n";
        break;
      }
      if (!result.reproduce.empty()) progress << "        reproduce: " << result.reproduce << "\n";
      progress << "        log: " << (config.report_dir / result.log).string() << std::endl;
    }
    if (config.fail_fast && !result.Acceptable() && stopped_by.empty()) stopped_by = step.name;
    report.steps.push_back(std::move(result));
  }
  report.passed = true;
  for (const StepResult& result : report.steps) report.passed &= result.Acceptable();
  report.seconds = SecondsSince(gate_start);
  return report;
}

void PrintSummary(const GateReport& report, std::ostream& out) {
  size_t width = 4;
  for (const StepResult& step : report.steps) width = std::max(width, step.name.size());
  out << "\n"
      << absl::StrFormat("%-*s  %-14s %8s  %s", width, "step", "result", "time", "note") << "\n";
  for (const StepResult& step : report.steps) {
    out << absl::StrFormat("%-*s  %-14s %7.1fs  %s", width, step.name, step.Verdict(), step.seconds,
                           Clip(step.note, kConsoleNoteWidth))
        << "\n";
  }
  const size_t bad = std::count_if(report.steps.begin(), report.steps.end(),
                                   [](const StepResult& step) { return !step.Acceptable(); });
  for (const StepResult& step : report.steps) {
    if (step.findings.empty()) continue;
    out << absl::StrFormat(
        "findings about the tools under test, not frameproof: %s, %d (first: %s)\n", step.name,
        step.findings.size(), step.findings.front().message);
  }
  if (report.passed) {
    out << absl::StrFormat("gate: PASS, %d steps in %.0fs (seed %d, frameproof %s)\n",
                           report.steps.size(), report.seconds, report.config.seed, report.version);
    return;
  }
  out << absl::StrFormat("gate: FAIL, %d of %d steps did not pass in %.0fs (frameproof %s)\n", bad,
                         report.steps.size(), report.seconds, report.version);
  for (const StepResult& step : report.steps) {
    if (step.Acceptable()) continue;
    out << "  " << step.name << " " << StepStatusName(step.status) << ": " << step.note << "\n";
    if (!step.reproduce.empty()) out << "    reproduce: " << step.reproduce << "\n";
  }
  out << "rerun the gate: " << report.rerun << "\n";
}

}  // namespace frameproof::gate
