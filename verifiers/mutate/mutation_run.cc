#include "verifiers/mutate/mutation_run.h"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <optional>
#include <ostream>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "absl/time/clock.h"
#include "core/base/status_macros.h"
#include "verifiers/gate/gate_runner.h"
#include "verifiers/gate/steps/gate_plan.h"
#include "verifiers/gate/steps/steps.h"
#include "verifiers/mutate/mutant_generator.h"
#include "verifiers/mutate/mutation_journal.h"
#include "verifiers/mutate/step_order.h"
#include "verifiers/util/directories.h"
#include "verifiers/util/file_bytes.h"
#include "verifiers/util/subprocess.h"

namespace frameproof::mutate {
namespace {

// A step on the unmutated tree is given this many times its baseline time, and at least
// kMinStepTimeLimit, before a mutant that slowed it down counts as hanging it.
constexpr double kStepTimeLimitFactor = 5;
constexpr absl::Duration kMinStepTimeLimit = absl::Minutes(2);
constexpr double kHeartbeatSeconds = 60;
constexpr std::chrono::seconds kWriteTimeSlack(1);
constexpr absl::string_view kTestProgramSuffix = "_test";

double SecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Runs `argv` with its output in `log_file`; returns the outcome and, through `first_error`,
// the first line that looks like a compiler or build error.
CommandOutcome RunLogged(const std::vector<std::string>& argv,
                         const std::filesystem::path& log_file,
                         std::string* first_error = nullptr) {
  std::ofstream log(log_file, std::ios::app);
  return RunCommand(Command{argv}, log, [&](double, absl::string_view line) {
    if (first_error != nullptr && first_error->empty() &&
        (absl::StrContains(line, "error:") || absl::StrContains(line, "Error "))) {
      *first_error = std::string(line.substr(0, 300));
    }
  });
}

// Production source: headers and sources, not tests, benchmarks or planted-bug hooks.
bool IsProductionSource(absl::string_view file) {
  if (!absl::EndsWith(file, ".h") && !absl::EndsWith(file, ".cc")) return false;
  const absl::string_view name = file.substr(file.rfind('/') + 1);
  for (absl::string_view marker : {"_test.", "_testing.", "_bench.", "_benchmark.", "planted"}) {
    if (absl::StrContains(name, marker)) return false;
  }
  return true;
}

bool MatchesAny(const std::vector<std::string>& globs, absl::string_view file) {
  return std::any_of(globs.begin(), globs.end(),
                     [&](const std::string& glob) { return gate::StepNameMatches(glob, file); });
}

// The scratch tree's build trees, configured once and built incrementally: a build need is
// built at most once per mutant.
class ScratchBuilds {
 public:
  ScratchBuilds(const std::filesystem::path& tree, const std::filesystem::path& shared,
                const std::filesystem::path& log, int jobs)
      : tree_(tree), shared_(shared), log_(log), jobs_(jobs) {}

  // Builds `need` unless it is built for the current mutant; on failure `error` gets the first
  // error line.
  bool Build(const gate::BuildNeed& need, std::string* error) {
    const std::string key = absl::StrCat(need.preset, " ", absl::StrJoin(need.targets, " "));
    if (built_.contains(key) || built_.contains(need.preset + " ")) return true;
    if (!configured_.contains(need.preset)) {
      const CommandOutcome configure = RunLogged(
          {"cmake", "-S", tree_.string(), "--preset", need.preset,
           absl::StrCat("-DFRAMEPROOF_CONFORMANCE_DIR=", (shared_ / "conformance").string())},
          log_, error);
      if (!configure.ok()) {
        if (error->empty()) *error = absl::StrCat("cmake --preset ", need.preset, " failed");
        return false;
      }
      configured_.insert(need.preset);
    }
    std::vector<std::string> argv = {"cmake", "--build", (tree_ / "build" / need.preset).string(),
                                     "-j", absl::StrCat(jobs_)};
    if (!need.targets.empty()) {
      argv.push_back("--target");
      argv.insert(argv.end(), need.targets.begin(), need.targets.end());
    }
    const CommandOutcome outcome = RunLogged(argv, log_, error);
    if (!outcome.ok()) {
      if (error->empty()) *error = absl::StrCat("build/", need.preset, ": ", outcome.Describe());
      return false;
    }
    built_.insert(key);
    return true;
  }

  // The sources changed: everything must be rebuilt before it is used again.
  void Invalidate() { built_.clear(); }

 private:
  std::filesystem::path tree_;
  std::filesystem::path shared_;
  std::filesystem::path log_;
  int jobs_;
  absl::flat_hash_set<std::string> configured_;
  absl::flat_hash_set<std::string> built_;
};

// Copies every file of `repo` git knows into `tree` where the bytes differ, so the build trees
// under `tree` stay warm from one run to the next.
absl::Status SyncTree(const std::filesystem::path& repo, const std::vector<std::string>& files,
                      const std::filesystem::path& tree) {
  for (const std::string& file : files) {
    const std::optional<std::string> text = ReadFileText((repo / file).string());
    if (!text.has_value()) return absl::NotFoundError(absl::StrCat("cannot read ", file));
    const std::filesystem::path target = tree / file;
    if (ReadFileText(target.string()) == text) continue;
    FP_RETURN_IF_ERROR(MakeDirectories(target.parent_path()));
    if (!WriteFileText(target.string(), *text)) {
      return absl::PermissionDeniedError(absl::StrCat("cannot write ", target.string()));
    }
    std::error_code error;
    std::filesystem::permissions(target, std::filesystem::status(repo / file).permissions(), error);
  }
  return absl::OkStatus();
}

// Tests and scripts in the tree find the shared data folder at <repo>/../shared, as in a
// checkout; the scratch tree gets a link there to the one the run was given.
absl::Status LinkSharedBesideTree(const std::filesystem::path& shared,
                                  const std::filesystem::path& tree) {
  const std::filesystem::path link = tree.parent_path() / "shared";
  std::error_code error;
  if (std::filesystem::is_symlink(link, error)) {
    if (std::filesystem::read_symlink(link, error) == shared) return absl::OkStatus();
    std::filesystem::remove(link, error);
  } else if (std::filesystem::exists(link, error)) {
    return absl::FailedPreconditionError(absl::StrCat(
        link.string(), " is in the way: the scratch tree needs a link there to ", shared.string()));
  }
  std::filesystem::create_directory_symlink(shared, link, error);
  if (error) {
    return absl::PermissionDeniedError(absl::StrCat("cannot link ", link.string(), " to ",
                                                    shared.string(), ": ", error.message()));
  }
  return absl::OkStatus();
}

// The test programs (named *_test by fp_test; a program's file name is its target's) built in
// `build_dir`/<folder> for the nearest folder at or above `source_folder` that has any ("arch"
// for "arch/arm64"), with that folder; nothing if no folder up to the tree's root has one.
std::optional<std::pair<std::filesystem::path, std::vector<std::string>>> TestProgramsNear(
    const std::filesystem::path& build_dir, std::filesystem::path source_folder) {
  for (; !source_folder.empty(); source_folder = source_folder.parent_path()) {
    std::vector<std::string> programs;
    for (const std::string& file : gate::FilesIn(build_dir / source_folder)) {
      std::error_code error;
      const std::filesystem::perms perms = std::filesystem::status(file, error).permissions();
      std::string name = std::filesystem::path(file).filename().string();
      if (absl::EndsWith(name, kTestProgramSuffix) &&
          (perms & std::filesystem::perms::owner_exec) != std::filesystem::perms::none) {
        programs.push_back(std::move(name));  // the program's file name is its target's name
      }
    }
    if (!programs.empty()) return std::make_pair(source_folder, std::move(programs));
  }
  return std::nullopt;
}

std::string FormatSeconds(double seconds) {
  const int64_t whole = static_cast<int64_t>(seconds);
  if (whole >= 3600) return absl::StrFormat("%dh%02dm", whole / 3600, (whole % 3600) / 60);
  if (whole >= 60) return absl::StrFormat("%dm%02ds", whole / 60, whole % 60);
  return absl::StrFormat("%.1fs", seconds);
}

}  // namespace

size_t MutationReport::Count(MutantStatus status) const {
  return std::count_if(results.begin(), results.end(),
                       [&](const MutantResult& result) { return result.status == status; });
}

double MutationReport::Score() const {
  const size_t killed = Count(MutantStatus::kKilled);
  const size_t compiled =
      killed + Count(MutantStatus::kSurvived) + Count(MutantStatus::kEquivalent);
  return compiled == 0 ? 100.0 : 100.0 * killed / compiled;
}

double MutationReport::ScoreWithoutEquivalents() const {
  const size_t killed = Count(MutantStatus::kKilled);
  const size_t judged = killed + Count(MutantStatus::kSurvived);
  return judged == 0 ? 100.0 : 100.0 * killed / judged;
}

namespace {

// The options that name the gate the mutants faced, as scripts/mutate takes them.
std::vector<std::string> GateArguments(const MutateConfig& config) {
  std::vector<std::string> argv = {"--gate-seed", absl::StrCat(config.gate.seed)};
  if (config.gate.budget != gate::kDefaultBudget) {
    argv.insert(argv.end(), {"--gate-budget", absl::FormatDuration(config.gate.budget)});
  }
  if (config.gate.arches != gate::GateConfig().arches) {
    std::vector<std::string> names;
    for (const InstructionSet isa : config.gate.arches) names.emplace_back(InstructionSetName(isa));
    argv.insert(argv.end(), {"--arch", absl::StrJoin(names, ",")});
  }
  if (!config.gate.only.empty()) {
    argv.insert(argv.end(), {"--only", absl::StrJoin(config.gate.only, ",")});
  }
  if (!config.gate.exclude.empty()) {
    argv.insert(argv.end(), {"--exclude", absl::StrJoin(config.gate.exclude, ",")});
  }
  return argv;
}

}  // namespace

std::string MutationReport::RerunLine(const MutantResult& result) const {
  std::vector<std::string> argv = {"scripts/mutate", "--mutant", result.mutant.Key()};
  if (!config.commit.empty()) argv.insert(argv.end(), {"--commit", config.commit});
  const std::vector<std::string> gate = GateArguments(config);
  argv.insert(argv.end(), gate.begin(), gate.end());
  return ShellLine(argv);
}

std::string MutationReport::RunLine() const {
  std::vector<std::string> argv = {"scripts/mutate"};
  for (const std::string& key : config.mutant_keys) argv.insert(argv.end(), {"--mutant", key});
  if (config.mutant_keys.empty()) {
    argv.insert(argv.end(),
                {"--seed", absl::StrCat(config.seed), "--count", absl::StrCat(config.count)});
  }
  if (!config.commit.empty()) argv.insert(argv.end(), {"--commit", config.commit});
  if (absl::StrJoin(config.file_globs, ",") != kDefaultFileGlobs) {
    argv.insert(argv.end(), {"--files", absl::StrJoin(config.file_globs, ",")});
  }
  const std::vector<std::string> gate = GateArguments(config);
  argv.insert(argv.end(), gate.begin(), gate.end());
  return ShellLine(argv);
}

std::string SelectionDescription(const MutateConfig& config) {
  return config.mutant_keys.empty() ? absl::StrCat("sampled (seed ", config.seed, ")")
                                    : "named by --mutant";
}

std::filesystem::path EquivalentsListFor(const MutateConfig& config, const SourceTree& source) {
  return config.equivalents.empty() ? source.root / kEquivalentsListPath : config.equivalents;
}

absl::StatusOr<MutantSelection> SelectMutants(const MutateConfig& config) {
  FP_RETURN_IF_ERROR(MakeDirectories(config.work_dir));
  absl::StatusOr<SourceTree> source = OpenSourceTree(config.repo, config.commit, config.work_dir);
  if (!source.ok()) return source.status();
  MutantSelection selection;
  selection.source = *std::move(source);
  std::vector<Mutant>& all = selection.population;
  for (const std::string& file : selection.source.files) {
    if (!IsProductionSource(file) || !MatchesAny(config.file_globs, file)) continue;
    const std::optional<std::string> text = ReadFileText((selection.source.root / file).string());
    if (!text.has_value()) return absl::NotFoundError(absl::StrCat("cannot read ", file));
    selection.files.push_back(file);
    std::vector<Mutant> mutants = FindMutants(file, *text);
    all.insert(all.end(), std::make_move_iterator(mutants.begin()),
               std::make_move_iterator(mutants.end()));
  }
  if (config.mutant_keys.empty()) {
    selection.chosen = SampleMutants(all, config.seed, config.count);
    return selection;
  }
  for (const std::string& text : config.mutant_keys) {
    const std::optional<MutantKey> key = ParseMutantKey(text);
    if (!key.has_value()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--mutant '", text, "' is not a mutant key (file:line:column:operator:replacement)"));
    }
    const auto found = std::find_if(all.begin(), all.end(),
                                    [&](const Mutant& mutant) { return Matches(*key, mutant); });
    if (found == all.end()) {
      return absl::NotFoundError(absl::StrCat(
          "--mutant '", text, "' names no mutant of the current source (did the file change?)"));
    }
    selection.chosen.push_back(*found);
  }
  return selection;
}

absl::StatusOr<MutationReport> RunMutants(const MutateConfig& config,
                                          const MutantSelection& selection,
                                          const EquivalentMutants& equivalents,
                                          std::ostream& progress) {
  const auto run_start = std::chrono::steady_clock::now();
  MutationReport report;
  report.config = config;
  report.started = absl::FormatTime("%Y-%m-%dT%H:%M:%SZ", absl::Now(), absl::UTCTimeZone());
  const std::filesystem::path tree = config.work_dir / "tree";
  const std::filesystem::path logs = config.work_dir / "report" / "logs";
  FP_RETURN_IF_ERROR(MakeDirectories(logs));
  report.commit = selection.source.label;
  // The run is its sources' bytes, however --commit spelled them, with its sample and gate.
  MutationReport key_report;
  key_report.config = config;
  key_report.config.commit.clear();
  absl::StatusOr<MutationJournal> journal =
      MutationJournal::Open(config.work_dir / "journal.tsv",
                            absl::StrCat(absl::Hex(selection.source.fingerprint, absl::kZeroPad16),
                                         " ", key_report.RunLine()),
                            config.resume);
  if (!journal.ok()) return journal.status();
  if (config.resume) {
    progress << "mutate: resuming: the journal holds " << journal->recorded() << " mutants"
             << (journal->baseline().empty() ? "" : " and the baseline") << std::endl;
  }

  progress << "mutate: syncing the scratch tree " << tree.string() << std::endl;
  if (absl::Status synced = SyncTree(selection.source.root, selection.source.files, tree);
      !synced.ok()) {
    return synced;
  }
  if (absl::Status linked = LinkSharedBesideTree(config.gate.shared, tree); !linked.ok()) {
    return linked;
  }
  // Against the whole population, not the sample: an entry is stale only when its file no longer
  // has the mutant it names.
  const std::vector<Mutant>& mutants = selection.chosen;
  report.population = selection.population.size();
  report.stale_equivalents = equivalents.Stale(selection.population, selection.files);
  // Said now as well as in the report: a list written for other sources skews a long run's score.
  if (!report.stale_equivalents.empty()) {
    progress << "mutate: " << report.stale_equivalents.size() << " of "
             << equivalents.entries().size() << " entries of the equivalents list "
             << config.equivalents.string()
             << " name no mutant of these sources (listed at the end; review them), first: "
             << report.stale_equivalents.front() << std::endl;
  }

  gate::GateConfig gate = config.gate;
  gate.repo = tree;
  gate.build_prefix = "build/";
  gate.report_dir = config.work_dir / "gate";
  FP_RETURN_IF_ERROR(MakeDirectories(gate.report_dir / "logs"));
  // The steps name corpora and scripts relative to the repository root, as the gate does.
  std::error_code error;
  std::filesystem::current_path(tree, error);
  if (error) return absl::InternalError(absl::StrCat("cannot enter ", tree.string()));
  absl::StatusOr<std::vector<gate::Step>> planned = gate::PlanGate(gate);
  if (!planned.ok()) return planned.status();
  std::vector<gate::Step> steps = *std::move(planned);
  OrderCheapestFirst(steps);

  ScratchBuilds builds(tree, gate.shared, logs / "builds.log", gate.jobs);
  std::ofstream quiet;  // the steps' own heartbeats stay out of the mutation progress

  // The unmutated tree must pass every step, or a failure would be credited to the mutants.
  std::vector<gate::Step> usable;
  absl::flat_hash_map<std::string, double> baseline_of;  // by step name
  if (!journal->baseline().empty()) {
    // The same sources and gate passed them in an earlier sitting; the builds follow lazily.
    for (const BaselineStep& passed : journal->baseline())
      baseline_of[passed.name] = passed.seconds;
    for (const gate::Step& step : steps) {
      const auto passed = baseline_of.find(step.name);
      if (passed == baseline_of.end()) continue;
      report.steps.push_back(step.name);
      report.baseline_seconds.push_back(passed->second);
      usable.push_back(step);
    }
    progress << "mutate: baseline: " << usable.size()
             << " gate steps passed on the unmutated tree (from the journal)" << std::endl;
  } else {
    progress << "mutate: baseline: building and running " << steps.size()
             << " gate steps on the unmutated tree" << std::endl;
    for (const gate::Step& step : steps) {
      std::string build_error;
      for (const gate::BuildNeed& need : step.builds) {
        if (!builds.Build(need, &build_error)) {
          return absl::FailedPreconditionError(
              absl::StrCat("the unmutated tree does not build (", build_error,
                           "); log: ", (logs / "builds.log").string()));
        }
      }
      const gate::StepResult result = gate::RunStep(gate, step, quiet);
      progress << absl::StrFormat("  %-34s %-4s %7.1fs  %s", step.name, result.Verdict(),
                                  result.seconds, result.note.substr(0, 70))
               << std::endl;
      if (result.status == gate::StepStatus::kSkip) {
        progress << "  (left out: it cannot run here, so it cannot kill a mutant)" << std::endl;
        continue;
      }
      if (!result.Acceptable()) {
        return absl::FailedPreconditionError(
            absl::StrCat("the unmutated tree fails gate step ", step.name, ": ", result.note,
                         "; fix it or leave it out with --exclude before measuring mutants (log: ",
                         (gate.report_dir / result.log).string(), ")"));
      }
      report.steps.push_back(step.name);
      report.baseline_seconds.push_back(result.seconds);
      baseline_of[step.name] = result.seconds;
      usable.push_back(step);
    }
    std::vector<BaselineStep> passed;
    for (size_t i = 0; i < report.steps.size(); ++i) {
      passed.push_back({report.steps[i], report.baseline_seconds[i]});
    }
    if (absl::Status recorded = journal->RecordBaseline(std::move(passed)); !recorded.ok()) {
      return recorded;
    }
  }

  progress << absl::StrFormat("mutate: %d mutants, %d steps each at most, budget %s",
                              mutants.size(), usable.size(),
                              config.budget == absl::InfiniteDuration()
                                  ? std::string("none")
                                  : absl::FormatDuration(config.budget))
           << std::endl;
  const double budget_seconds = absl::ToDoubleSeconds(config.budget);
  const auto mutants_start = std::chrono::steady_clock::now();
  size_t run = 0;
  for (size_t index = 0; index < mutants.size(); ++index) {
    const Mutant& mutant = mutants[index];
    MutantResult result;
    result.mutant = mutant;
    const std::filesystem::path source = tree / mutant.file;
    const std::optional<std::string> original = ReadFileText(source.string());
    if (!original.has_value()) return absl::NotFoundError("cannot read " + source.string());
    result.diff = MutantDiff(*original, mutant);
    const std::string label = absl::StrFormat("[%*d/%d] %s", std::to_string(mutants.size()).size(),
                                              index + 1, mutants.size(), mutant.Key());
    if (std::optional<std::string> reason = equivalents.Reason(mutant); reason.has_value()) {
      result.status = MutantStatus::kEquivalent;
      result.equivalent = *std::move(reason);
      progress << label << ": equivalent (listed)" << std::endl;
      report.results.push_back(std::move(result));
      continue;
    }
    if (std::optional<MutantResult> recorded = journal->Find(mutant.Key()); recorded.has_value()) {
      recorded->mutant = mutant;
      recorded->diff = std::move(result.diff);
      progress << label << ": " << MutantStatusName(recorded->status)
               << (recorded->killed_by.empty() ? "" : " by ") << recorded->killed_by
               << " (from the journal)" << std::endl;
      report.results.push_back(*std::move(recorded));
      ++report.resumed;
      continue;
    }
    if (SecondsSince(run_start) > budget_seconds) {
      result.kill_note = "the budget ran out first";
      report.results.push_back(std::move(result));  // kNotRun
      continue;
    }
    if (const std::optional<InstructionSet> isa = IsaOfFile(mutant.file);
        isa.has_value() && !gate.HasArch(*isa)) {
      result.kill_note = absl::StrCat("only ", InstructionSetName(*isa),
                                      " steps run this code, and --arch leaves them out");
      progress << label << ": not run: " << result.kill_note << std::endl;
      report.results.push_back(std::move(result));  // kNotRun
      continue;
    }
    progress << label << ": " << mutant.Describe() << std::endl;
    if (!WriteFileText(source.string(), ApplyMutant(*original, mutant))) {
      return absl::PermissionDeniedError("cannot write " + source.string());
    }
    builds.Invalidate();
    const auto mutant_start = std::chrono::steady_clock::now();
    // A test program not relinked from here on runs the unmutated code: it cannot kill this one.
    // The kernel stamps files from a coarser clock than now(), hence the slack.
    const std::filesystem::file_time_type rebuild_start =
        std::filesystem::file_time_type::clock::now() - kWriteTimeSlack;
    double next_heartbeat = kHeartbeatSeconds;
    result.status = MutantStatus::kSurvived;
    // The mutated folder's own tests, built alone, run right after the replays: most unit-test
    // kills come from them, in seconds, where the whole suite waits behind the exec campaigns
    // and a rebuild of every test program. They are as long as that suite at most.
    std::filesystem::path tests_folder = std::filesystem::path(mutant.file).parent_path();
    std::vector<gate::Step> folder_tests;
    for (InstructionSet isa : gate.arches) {
      const auto whole = baseline_of.find(absl::StrCat("unit-tests/", InstructionSetName(isa)));
      if (whole == baseline_of.end()) continue;
      const auto near =
          TestProgramsNear(gate.BuildDir(gate::GateConfig::PresetFor(isa)), tests_folder);
      if (!near.has_value()) continue;
      tests_folder = near->first;
      folder_tests.push_back(gate::FolderTestsStep(gate, isa, near->first, near->second));
      baseline_of[folder_tests.back().name] = whole->second;
    }
    for (const gate::Step& step : StepsForMutant(mutant, usable, folder_tests)) {
      if (result.status != MutantStatus::kSurvived) break;
      if (SecondsSince(mutant_start) >= next_heartbeat) {
        next_heartbeat = SecondsSince(mutant_start) + kHeartbeatSeconds;
        progress << absl::StrFormat("      %s in: now %s",
                                    FormatSeconds(SecondsSince(mutant_start)), step.name)
                 << std::endl;
      }
      const auto build_start = std::chrono::steady_clock::now();
      std::string build_error;
      for (const gate::BuildNeed& need : step.builds) {
        if (!builds.Build(need, &build_error)) {
          result.status = MutantStatus::kNotCompiled;
          result.killed_by = absl::StrCat("build/", need.preset);
          result.kill_note = build_error;
          break;
        }
      }
      result.build_seconds += SecondsSince(build_start);
      if (result.status != MutantStatus::kSurvived) break;
      gate::GateConfig limited = gate;
      limited.tests_rebuilt_since = rebuild_start;
      limited.tests_first_from = tests_folder;
      limited.first_failure_ends_step = true;
      limited.command_time_limit = std::max(
          kMinStepTimeLimit, absl::Seconds(kStepTimeLimitFactor * baseline_of.at(step.name)));
      const gate::StepResult step_result = gate::RunStep(limited, step, quiet);
      result.step_seconds += step_result.seconds;
      if (!step_result.Acceptable()) {
        result.status = MutantStatus::kKilled;
        result.killed_by = step.name;
        result.kill_note = step_result.note;
        result.reproduce = step_result.reproduce;
        std::filesystem::copy_file(gate.report_dir / step_result.log,
                                   logs / absl::StrCat("mutant-", index + 1, ".log"),
                                   std::filesystem::copy_options::overwrite_existing, error);
      }
    }
    if (!WriteFileText(source.string(), *original)) {
      return absl::PermissionDeniedError("cannot restore " + source.string());
    }
    if (absl::Status recorded = journal->Record(result); !recorded.ok()) return recorded;
    ++run;
    const double elapsed = SecondsSince(mutants_start);
    const double left = elapsed / run * static_cast<double>(mutants.size() - index - 1);
    report.results.push_back(result);
    progress << absl::StrFormat(
                    "      %s%s%s after %s of steps (%s building) | killed %d, survived %d, "
                    "not compiled %d | ~%s left",
                    MutantStatusName(result.status), result.killed_by.empty() ? "" : " by ",
                    result.killed_by, FormatSeconds(result.step_seconds),
                    FormatSeconds(result.build_seconds), report.Count(MutantStatus::kKilled),
                    report.Count(MutantStatus::kSurvived), report.Count(MutantStatus::kNotCompiled),
                    FormatSeconds(left))
             << std::endl;
  }
  report.seconds = SecondsSince(run_start);
  return report;
}

}  // namespace frameproof::mutate
