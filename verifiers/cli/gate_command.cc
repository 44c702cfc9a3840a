// `frameproof gate`: the release gate. Plans the steps, runs them, decides, and writes the report.

#include <unistd.h>

#include <iostream>

#include "absl/container/btree_set.h"
#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/time/clock.h"
#include "verifiers/cli/commands.h"
#include "verifiers/cli/option_parsing.h"
#include "verifiers/gate/gate_reports.h"
#include "verifiers/gate/gate_runner.h"
#include "verifiers/gate/steps/gate_plan.h"
#include "verifiers/util/directories.h"
#include "verifiers/util/planted_verifier_bugs.h"

namespace frameproof {
namespace {

constexpr char kGateUsage[] = R"(usage: frameproof gate [options]

Runs every verifier and decides whether this tree may be released. Each step reports PASS, FAIL
or SKIP with its counts and time; the gate exits 0 only if every step passed (or skipped with
--allow-skip naming it). scripts/gate builds what the steps need, then runs this.

Steps, in order: conformance/<suite>/<isa>, snapshots/<isa>, replay/<target>/<isa>,
exec/<isa>/<resolver>, llvm-corpus, moar-corpus, unit-tests/<isa>, fuzz/<target>,
coverage/consumer-path.

options:
  --budget D          time for the fuzz smokes, exec campaigns and corpora together
                      (e.g. 90s, 10m, 1h; default 6m): 35% libFuzzer and 15% AFL++, each
                      split evenly over the targets, 25% exec campaigns, 15% LLVM modules,
                      5% llvm-exec programs, 4% MoarVM units, 1% MoarVM bit flips
  --seed S            seed of every randomized step (decimal or 0x hex; default: from the
                      clock, printed); the same seed and budget give the same cases
  --report DIR        where junit.xml, summary.md, index.html, cases.txt and logs/ go
                      (default: <build prefix>gate)
  --arch LIST         ISAs to verify: x86_64,arm64 (default both; arm64 runs under QEMU)
  --fail-fast         stop at the first step that fails the gate (the rest are skipped)
  --allow-skip GLOBS  steps whose SKIP does not fail the gate (e.g. 'fuzz/exec_arm64')
  --only GLOBS        run just the matching steps (e.g. 'exec/*,snapshots/*')
  --exclude GLOBS     leave out the matching steps
  --planted BUGS      switch planted bugs on (core/base/planted_bug.h): the steps run the
                      *_planted binaries with FRAMEPROOF_PLANTED_BUG set; the gate must fail
  --min-coverage P    consumer-path line coverage floor in percent (default 85)
  --llc PATH          the llc the llvm-exec steps compile with (default: llc on PATH, Debian's
                      llc-14); its own release's llvm-as and llvm-reduce go with it
  --llc-args FLAGS    that llc's flags (default -O2)
  -j N                ctest parallelism (default 2)
  --list              print the planned steps and exit
  --print-builds      print "PRESET [TARGET...]" for each build the steps need, and exit
  --repo DIR          the repository root (default: the current directory)
  --shared DIR        the shared data folder (default: <repo>/../shared)
  --build-prefix P    build trees are <repo>/<P><preset> (default build/)
  --builds FILE       build outcomes recorded by scripts/gate, shown as build/<preset> steps
GLOBS are comma-separated shell patterns; '*' also matches '/'.
Exit status: 0 the gate passed, 1 it did not, 2 usage error.
)";

std::string CheckPlanted(const std::string& names) {
  if (const std::string problem = PlantedBugNamingProblem(names); !problem.empty()) {
    return absl::StrCat("--planted: ", problem);
  }
  bool none = false;
  ForEachPlantedBugName(names, [&](absl::string_view name) { none |= name == "none"; });
  return none ? "--planted: 'none' plants no bug: the gate would pass on the healthy code" : "";
}

// Prints each preset the steps need once, in first-needed order, with the union of its targets;
// a preset some step needs whole is printed without targets.
void PrintBuilds(const std::vector<gate::Step>& steps) {
  std::vector<std::string> presets;
  absl::flat_hash_map<std::string, absl::btree_set<std::string>> targets;
  absl::flat_hash_set<std::string> whole;
  for (const gate::Step& step : steps) {
    for (const gate::BuildNeed& need : step.builds) {
      if (!targets.contains(need.preset)) presets.push_back(need.preset);
      targets[need.preset].insert(need.targets.begin(), need.targets.end());
      if (need.targets.empty()) whole.insert(need.preset);
    }
  }
  for (const std::string& preset : presets) {
    std::cout << preset;
    if (!whole.contains(preset)) std::cout << " " << absl::StrJoin(targets[preset], " ");
    std::cout << "\n";
  }
}

}  // namespace

int RunGateCommand(const std::vector<std::string>& args) {
  gate::GateConfig config;
  std::error_code error;
  config.repo = std::filesystem::current_path(error);
  std::string report_dir;
  std::string shared;
  std::filesystem::path builds_file;
  bool list = false;
  bool print_builds = false;
  bool have_seed = false;
  const auto usage_error = [](const std::string& message) {
    std::cerr << "frameproof gate: " << message << " (try --help)\n";
    return kExitUsage;
  };
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    const bool has_value = i + 1 < args.size();
    const std::string value = has_value ? args[i + 1] : "";
    if (arg == "--help" || arg == "-h") {
      std::cout << kGateUsage;
      return kExitOk;
    } else if (arg == "--fail-fast") {
      config.fail_fast = true;
    } else if (arg == "--list") {
      list = true;
    } else if (arg == "--print-builds") {
      print_builds = true;
    } else if (!has_value) {
      return usage_error(absl::StrCat("unknown option '", arg, "', or it needs a value"));
    } else if (arg == "--budget") {
      if (!absl::ParseDuration(value, &config.budget) || config.budget <= absl::ZeroDuration()) {
        return usage_error(
            absl::StrCat("--budget wants a duration such as 90s, 10m or 1h, not '", value, "'"));
      }
      ++i;
    } else if (arg == "--seed") {
      if (!ParseSeed(value, &config.seed)) {
        return usage_error(
            absl::StrCat("--seed wants a decimal or 0x hex number, not '", value, "'"));
      }
      have_seed = true;
      ++i;
    } else if (arg == "--report") {
      report_dir = args[++i];
    } else if (arg == "--arch") {
      if (const std::string problem = ParseArchList(value, &config.arches); !problem.empty()) {
        return usage_error(problem);
      }
      ++i;
    } else if (arg == "--allow-skip" || arg == "--only" || arg == "--exclude") {
      std::vector<std::string>* list_out = arg == "--allow-skip" ? &config.allow_skip
                                           : arg == "--only"     ? &config.only
                                                                 : &config.exclude;
      if (!ParseList(args[++i], list_out)) return usage_error(absl::StrCat(arg, " needs patterns"));
    } else if (arg == "--llc") {
      config.llc = args[++i];
    } else if (arg == "--llc-args") {
      config.llc_flags = args[++i];
    } else if (arg == "--planted") {
      if (const std::string problem = CheckPlanted(value); !problem.empty()) {
        return usage_error(problem);
      }
      config.planted = args[++i];
    } else if (arg == "--min-coverage") {
      if (!absl::SimpleAtod(value, &config.min_line_coverage) || config.min_line_coverage < 0 ||
          config.min_line_coverage > 100) {
        return usage_error(absl::StrCat("--min-coverage wants a percentage, not '", value, "'"));
      }
      ++i;
    } else if (arg == "-j" || arg == "--jobs") {
      if (!absl::SimpleAtoi(value, &config.jobs) || config.jobs < 1) {
        return usage_error(absl::StrCat(arg, " wants a positive number, not '", value, "'"));
      }
      ++i;
    } else if (arg == "--repo") {
      config.repo = args[++i];
    } else if (arg == "--shared") {
      shared = args[++i];
    } else if (arg == "--build-prefix") {
      config.build_prefix = args[++i];
    } else if (arg == "--builds") {
      builds_file = std::filesystem::absolute(args[++i]);  // before the gate enters the repo
    } else {
      return usage_error(absl::StrCat("unknown option '", arg, "'"));
    }
  }
  config.repo = std::filesystem::absolute(config.repo).lexically_normal();
  if (!std::filesystem::exists(config.repo / "fuzzers" / "targets.txt")) {
    return usage_error(absl::StrCat(config.repo.string(),
                                    " is not a frameproof checkout; run from the repository root "
                                    "or pass --repo"));
  }
  config.shared = shared.empty() ? (config.repo / ".." / "shared").lexically_normal()
                                 : std::filesystem::absolute(shared).lexically_normal();
  config.report_dir = report_dir.empty() ? config.BuildDir("gate")
                                         : std::filesystem::absolute(report_dir).lexically_normal();
  if (!have_seed) {
    config.seed =
        static_cast<uint64_t>(absl::ToUnixNanos(absl::Now())) ^ static_cast<uint64_t>(getpid());
    config.seed &= 0xffffffffu;  // short enough to retype
  }
  // Every step runs at the repository root, so corpora/... paths and reproduction lines are
  // relative to it.
  std::filesystem::current_path(config.repo, error);
  if (error) return usage_error(absl::StrCat("cannot enter ", config.repo.string()));

  absl::StatusOr<std::vector<gate::Step>> steps = gate::PlanGate(config);
  if (!steps.ok()) return usage_error(std::string(steps.status().message()));
  if (print_builds) {
    PrintBuilds(*steps);
    return kExitOk;
  }
  if (list) {
    for (const gate::Step& step : *steps) {
      std::cout << step.name << "\t" << step.description << "\n";
    }
    return kExitOk;
  }
  std::vector<gate::BuildRecord> builds;
  if (!builds_file.empty()) {
    absl::StatusOr<std::vector<gate::BuildRecord>> read = gate::ReadBuildRecords(builds_file);
    if (!read.ok()) return usage_error(std::string(read.status().message()));
    builds = *std::move(read);
  }
  if (const absl::Status made = MakeDirectories(config.report_dir); !made.ok()) {
    std::cerr << "frameproof gate: " << made.message() << "\n";
    return kExitFailure;
  }
  std::cout << "gate: seed " << config.seed << ", budget " << absl::FormatDuration(config.budget)
            << ", " << steps->size() << " steps"
            << (builds.empty() ? "" : absl::StrCat(" after ", builds.size(), " builds"))
            << ", report in " << config.report_dir.string()
            << (config.planted.empty() ? "" : absl::StrCat(", planted: ", config.planted)) << "\n";
  const gate::GateReport report = gate::RunGate(config, *std::move(steps), builds, std::cout);
  gate::PrintSummary(report, std::cout);
  if (const absl::Status written = gate::WriteReports(report); !written.ok()) {
    std::cerr << "frameproof gate: " << written.message() << "\n";
    return kExitFailure;
  }
  std::cout << "report: " << (config.report_dir / "index.html").string() << " (also junit.xml, "
            << "summary.md, cases.txt)\n";
  return report.passed ? kExitOk : kExitFailure;
}

}  // namespace frameproof
