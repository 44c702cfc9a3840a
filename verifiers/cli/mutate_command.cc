// `frameproof mutate`: measures how much of the production code the gate guards, by running
// the gate's steps against seeded source mutants in a scratch copy of the tree.

#include <iostream>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/time/time.h"
#include "verifiers/cli/commands.h"
#include "verifiers/cli/option_parsing.h"
#include "verifiers/mutate/mutant_generator.h"
#include "verifiers/mutate/mutation_report.h"
#include "verifiers/mutate/mutation_run.h"

namespace frameproof {
namespace {

constexpr char kMutateUsage[] = R"(usage: frameproof mutate [options]

Mutation testing of the production code against the release gate. Draws a seeded sample of
source mutants of core/ and arch/ (relational and equality operators flipped, && and ||
swapped, a negation dropped, a returned flag inverted, a constant, shift count or mask off by
one, a statement removed), applies each to a scratch copy of the repository, rebuilds only what
the next gate step needs, and runs the gate's steps cheapest first (snapshots, replays,
conformance, the mutated folder's tests, exec and corpus steps, unit tests, fuzz smokes) until
one fails. scripts/mutate builds this command and runs it.

options:
  --seed S            which mutants (default 1); the same seed and count name the same
                      mutants on every machine
  --count N           how many (default 200)
  --files GLOBS       which production files (default core/*,arch/*)
  --mutant KEY        run exactly this mutant (repeatable); KEY is file:line:column:op:text as
                      reports print it
  --budget D          start no new mutant after D (e.g. 90m, 4h; default: none)
  --commit REV        mutate this commit of the repository instead of the checkout as it is,
                      so a run can go on over several sittings while the checkout moves on
  --resume            carry on the run <work-dir>/journal.tsv records: its baseline and every
                      mutant it holds are not run again (the sources, sample and gate must be
                      the same; it says so if not)
  --list              print the sampled mutants and exit, without building anything
  --gate-seed S       seed of the gate's randomized steps (default 1)
  --gate-budget D     the gate budget whose shares size the steps (default 6m, the gate's)
  --arch LIST         ISAs of the gate steps: x86_64,arm64 (default both)
  --only GLOBS, --exclude GLOBS   which gate steps face the mutants
  --equivalents FILE  the reviewed equivalent mutants (default: the list in the sources run,
                      verifiers/mutate/equivalents.txt of --commit's commit or of the checkout)
  --work-dir DIR      the scratch tree and the report (default <repo>/build/mutate)
  --repo DIR          the repository (default: the current directory)
  --shared DIR        the shared data folder (default: <repo>/../shared)
  -j N                build parallelism (default 2)
Report: <work-dir>/report/{index.html,summary.md,junit.xml,survivors.diff,mutants.tsv,logs/};
each mutant's outcome is also appended to <work-dir>/journal.tsv as it ends.
Exit status: 0 every run mutant was killed or is listed equivalent, 1 some survived or the run
could not start, 2 usage error.
)";

}  // namespace

int RunMutateCommand(const std::vector<std::string>& args) {
  mutate::MutateConfig config;
  std::error_code error;
  config.repo = std::filesystem::current_path(error);
  std::string work_dir;
  std::string shared;
  std::string equivalents;
  bool list = false;
  const auto usage_error = [](const std::string& message) {
    std::cerr << "frameproof mutate: " << message << " (try --help)\n";
    return kExitUsage;
  };
  const auto parse_duration = [](const std::string& value, absl::Duration* out) {
    return absl::ParseDuration(value, out) && *out > absl::ZeroDuration();
  };
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    const bool has_value = i + 1 < args.size();
    const std::string value = has_value ? args[i + 1] : "";
    if (arg == "--help" || arg == "-h") {
      std::cout << kMutateUsage;
      return kExitOk;
    } else if (arg == "--list") {
      list = true;
      continue;
    } else if (arg == "--resume") {
      config.resume = true;
      continue;
    } else if (!has_value) {
      return usage_error(absl::StrCat("unknown option '", arg, "', or it needs a value"));
    }
    ++i;
    if (arg == "--seed" || arg == "--gate-seed") {
      if (!ParseSeed(value, arg == "--seed" ? &config.seed : &config.gate.seed)) {
        return usage_error(
            absl::StrCat(arg, " wants a decimal or 0x hex number, not '", value, "'"));
      }
    } else if (arg == "--count") {
      if (!absl::SimpleAtoi(value, &config.count) || config.count == 0) {
        return usage_error(absl::StrCat("--count wants a positive number, not '", value, "'"));
      }
    } else if (arg == "--files") {
      if (!ParseList(value, &config.file_globs)) return usage_error("--files needs patterns");
    } else if (arg == "--mutant") {
      config.mutant_keys.push_back(value);
    } else if (arg == "--budget" || arg == "--gate-budget") {
      if (!parse_duration(value, arg == "--budget" ? &config.budget : &config.gate.budget)) {
        return usage_error(
            absl::StrCat(arg, " wants a duration such as 90s, 10m or 1h, not '", value, "'"));
      }
    } else if (arg == "--arch") {
      if (const std::string problem = ParseArchList(value, &config.gate.arches); !problem.empty()) {
        return usage_error(problem);
      }
    } else if (arg == "--only" || arg == "--exclude") {
      if (!ParseList(value, arg == "--only" ? &config.gate.only : &config.gate.exclude)) {
        return usage_error(absl::StrCat(arg, " needs patterns"));
      }
    } else if (arg == "--commit") {
      config.commit = value;
    } else if (arg == "--equivalents") {
      equivalents = value;
    } else if (arg == "--work-dir") {
      work_dir = value;
    } else if (arg == "--repo") {
      config.repo = value;
    } else if (arg == "--shared") {
      shared = value;
    } else if (arg == "-j" || arg == "--jobs") {
      if (!absl::SimpleAtoi(value, &config.gate.jobs) || config.gate.jobs < 1) {
        return usage_error(absl::StrCat(arg, " wants a positive number, not '", value, "'"));
      }
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
  if (config.file_globs.empty()) ParseList(mutate::kDefaultFileGlobs, &config.file_globs);
  config.gate.shared = shared.empty() ? (config.repo / ".." / "shared").lexically_normal()
                                      : std::filesystem::absolute(shared).lexically_normal();
  config.work_dir = work_dir.empty() ? config.repo / "build" / "mutate"
                                     : std::filesystem::absolute(work_dir).lexically_normal();
  if (!equivalents.empty()) config.equivalents = std::filesystem::absolute(equivalents);

  const absl::StatusOr<mutate::MutantSelection> selection = mutate::SelectMutants(config);
  if (!selection.ok()) return usage_error(std::string(selection.status().message()));
  config.equivalents = mutate::EquivalentsListFor(config, selection->source);
  const absl::StatusOr<mutate::EquivalentMutants> equivalent_list =
      mutate::EquivalentMutants::Read(config.equivalents);
  if (!equivalent_list.ok()) return usage_error(std::string(equivalent_list.status().message()));
  // Reports and rerun lines name the commit itself, not a branch that will have moved on.
  if (!config.commit.empty()) config.commit = selection->source.label;
  const size_t chosen = selection->chosen.size();
  const size_t population = selection->population.size();
  if (list) {
    for (const mutate::Mutant& mutant : selection->chosen) {
      std::cout << mutant.Key() << "\t" << mutant.Describe() << "\n";
    }
    std::cout << chosen << " of " << population << " mutants\n";
    return kExitOk;
  }
  std::cout << "mutate: " << chosen << " of " << population << " mutants of "
            << absl::StrJoin(config.file_globs, ",") << ", " << mutate::SelectionDescription(config)
            << "; scratch tree and report in " << config.work_dir.string() << std::endl;
  const absl::StatusOr<mutate::MutationReport> report =
      mutate::RunMutants(config, *selection, *equivalent_list, std::cout);
  if (!report.ok()) {
    std::cerr << "frameproof mutate: " << report.status().message() << "\n";
    return kExitFailure;
  }
  const std::filesystem::path report_dir = config.work_dir / "report";
  if (const absl::Status written = mutate::WriteMutationReports(*report, report_dir);
      !written.ok()) {
    std::cerr << "frameproof mutate: " << written.message() << "\n";
    return kExitFailure;
  }
  std::cout << "\nmutate: " << mutate::Headline(*report) << "\n"
            << absl::StrFormat("median gate-step time to kill: %.1fs\n",
                               mutate::MedianSecondsToKill(*report));
  for (const mutate::MutantResult& result : report->results) {
    if (result.status != mutate::MutantStatus::kSurvived) continue;
    std::cout << "survived: " << result.mutant.Key() << "  " << result.mutant.Describe() << "\n"
              << "  rerun: " << report->RerunLine(result) << "\n";
  }
  for (const std::string& stale : report->stale_equivalents) {
    std::cout << "equivalent entry to review (no such mutant now): " << stale << "\n";
  }
  std::cout << "report: " << (report_dir / "index.html").string()
            << " (also summary.md, junit.xml, survivors.diff, mutants.tsv)\n";
  return report->Count(mutate::MutantStatus::kSurvived) == 0 ? kExitOk : kExitFailure;
}

}  // namespace frameproof
