#include "verifiers/gate/step.h"

#include <fnmatch.h>

#include <algorithm>
#include <ostream>

#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"

namespace frameproof::gate {
namespace {

constexpr double kHeartbeatSeconds = 30;
constexpr size_t kHeartbeatLineLimit = 100;

}  // namespace

uint64_t StepResult::CountCases(StepStatus wanted) const {
  uint64_t count = 0;
  for (const GateCase& gate_case : cases) count += gate_case.status == wanted ? 1 : 0;
  return count;
}

CommandOutcome StepContext::Run(Command command, const LineCallback& on_line) {
  std::vector<std::pair<std::string, std::string>> env = config_.Environment();
  env.insert(env.end(), command.env.begin(), command.env.end());
  command.env = std::move(env);
  command.timeout = std::min(command.timeout, config_.command_time_limit);
  double next_heartbeat = kHeartbeatSeconds;
  const LineCallback watch = [&](double seconds, absl::string_view line) {
    if (on_line) on_line(seconds, line);
    if (seconds >= next_heartbeat && !line.empty()) {
      next_heartbeat = seconds + kHeartbeatSeconds;
      progress_ << "      " << static_cast<int64_t>(seconds)
                << "s: " << line.substr(0, kHeartbeatLineLimit) << std::endl;
    }
  };
  return RunCommand(command, log_, watch);
}

void Skip(StepResult& result, std::string reason) {
  result.status = StepStatus::kSkip;
  result.note = std::move(reason);
}

void Fail(StepResult& result, std::string note) {
  result.status = StepStatus::kFail;
  result.note = std::move(note);
}

std::filesystem::path FreshWorkDir(const GateConfig& config, absl::string_view step_name) {
  const std::filesystem::path work = config.report_dir / "work" / std::string(step_name);
  std::error_code ignored;
  std::filesystem::remove_all(work, ignored);
  MakeDirectories(work).IgnoreError();
  return work;
}

GateCase PassedCase(std::string name) {
  GateCase gate_case;
  gate_case.name = std::move(name);
  return gate_case;
}

GateCase FailedCase(std::string name, std::string message, std::string reproduce) {
  GateCase gate_case;
  gate_case.name = std::move(name);
  gate_case.status = StepStatus::kFail;
  gate_case.message = std::move(message);
  gate_case.reproduce = std::move(reproduce);
  return gate_case;
}

void AddCase(StepResult& result, GateCase gate_case) {
  if (gate_case.status == StepStatus::kFail) {
    if (result.status == StepStatus::kPass) result.status = StepStatus::kFail;
    if (result.reproduce.empty()) result.reproduce = gate_case.reproduce;
  }
  result.cases.push_back(std::move(gate_case));
}

void NoteCounts(StepResult& result) {
  result.note = absl::StrCat(result.CountCases(StepStatus::kPass), " passed, ",
                             result.CountCases(StepStatus::kFail), " failed");
}

std::vector<std::string> FilesIn(const std::filesystem::path& dir) {
  std::vector<std::string> files;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(dir, error)) {
    const std::string name = entry.path().filename().string();
    // Hidden files (.keep) hold a folder in git; they are not inputs.
    if (entry.is_regular_file() && !name.empty() && name[0] != '.') {
      files.push_back(entry.path().string());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

bool CanRun(const GateConfig& config, InstructionSet isa, const std::filesystem::path& binary,
            StepResult& result) {
  std::error_code error;
  if (!std::filesystem::exists(binary, error)) {
    Skip(result, absl::StrCat(config.RepoRelative(binary),
                              " is not built (scripts/gate builds what the steps need)"));
    return false;
  }
  const std::vector<std::string> runner = config.Runner(isa, {binary.string()});
  if (runner.size() > 1 && !IsExecutable(runner.front())) {
    Skip(result, absl::StrCat(runner.front(), " is not installed (scripts/setup installs it)"));
    return false;
  }
  return true;
}

void RunVerdictCommand(
    StepContext& context, StepResult& result, Command command,
    const std::function<std::vector<std::string>(const std::string&)>& reproduce) {
  std::string last_line;
  std::string skipped;
  const CommandOutcome outcome =
      context.Run(std::move(command), [&](double, absl::string_view line) {
        if (!line.empty()) last_line = std::string(line);
        if (absl::ConsumePrefix(&line, "SKIP: ")) {
          skipped = std::string(line);
          return;
        }
        std::optional<GateCase> gate_case = ParseVerdictLine(line);
        if (!gate_case.has_value()) return;
        if (gate_case->status == StepStatus::kFail) {
          gate_case->reproduce = context.config().ReproductionLine(reproduce(gate_case->name));
        }
        AddCase(result, *std::move(gate_case));
      });
  if (!skipped.empty() && result.cases.empty()) return Skip(result, skipped);
  if (result.cases.empty() || (!outcome.ok() && result.CountCases(StepStatus::kFail) == 0)) {
    return Fail(result, absl::StrCat(outcome.Describe(), ": ", last_line));
  }
  NoteCounts(result);
}

bool StepNameMatches(absl::string_view pattern, absl::string_view name) {
  return fnmatch(std::string(pattern).c_str(), std::string(name).c_str(), 0) == 0;
}

}  // namespace frameproof::gate
