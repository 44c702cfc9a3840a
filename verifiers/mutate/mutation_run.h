#ifndef FRAMEPROOF_VERIFIERS_MUTATE_MUTATION_RUN_H_
#define FRAMEPROOF_VERIFIERS_MUTATE_MUTATION_RUN_H_

// A mutation run: each mutant is applied to a scratch copy of the repository (never to the
// user's tree), the build trees there are rebuilt incrementally for just what the next gate step
// needs, and the gate's own steps run cheapest first until one fails, which kills the mutant.

#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "core/base/enum_names.h"
#include "verifiers/gate/gate_config.h"
#include "verifiers/mutate/equivalent_mutants.h"
#include "verifiers/mutate/mutant.h"
#include "verifiers/mutate/source_tree.h"

namespace frameproof::mutate {

// The production code the default run mutates: the codec and every format under core/, and
// the resolver generator under arch/. Globs as in `gate --only` ('*' also matches '/').
inline constexpr char kDefaultFileGlobs[] = "core/*,arch/*";

struct MutateConfig {
  std::filesystem::path repo;      // the user's checkout; only read
  std::string commit;              // mutate this commit of `repo`; empty: the checkout as it is
  bool resume = false;             // keep what work_dir's journal holds for this very run
  std::filesystem::path work_dir;  // the scratch tree (work_dir/tree) and the report
  uint64_t seed = 1;
  size_t count = 200;
  std::vector<std::string> file_globs;               // which production files to mutate
  std::vector<std::string> mutant_keys;              // --mutant: exactly these, instead of a sample
  absl::Duration budget = absl::InfiniteDuration();  // no new mutant starts after it
  std::filesystem::path equivalents;                 // the reviewed list; empty: the sources' own
  // The gate the mutants face: its seed, budget, ISAs and step selection. repo, build_prefix
  // and report_dir are set by the run to point into the scratch tree.
  gate::GateConfig gate;
};

enum class MutantStatus : uint8_t {
  kKilled,       // a gate step failed
  kSurvived,     // every step passed
  kNotCompiled,  // a build the steps needed failed: dropped, counted apart
  kEquivalent,   // on the reviewed list: not run
  kNotRun,       // the budget ran out first, or --arch leaves out the only steps that could kill it
};

inline constexpr EnumNameTable<MutantStatus, 5> kMutantStatusNames = {{
    {MutantStatus::kKilled, "killed"},
    {MutantStatus::kSurvived, "survived"},
    {MutantStatus::kNotCompiled, "not-compiled"},
    {MutantStatus::kEquivalent, "equivalent"},
    {MutantStatus::kNotRun, "not-run"},
}};
static_assert(NamesEachOnce(kMutantStatusNames));

inline absl::string_view MutantStatusName(MutantStatus status) {
  return NameOf(kMutantStatusNames, status);
}

struct MutantResult {
  Mutant mutant;
  MutantStatus status = MutantStatus::kNotRun;
  std::string killed_by;    // the step that failed, for kKilled; the build, for kNotCompiled
  std::string kill_note;    // that step's note, the first compiler error line, or why not run
  std::string reproduce;    // that step's own reproduction line, if it gave one
  double step_seconds = 0;  // gate-step time spent on this mutant (to the kill, if killed)
  double build_seconds = 0;
  std::string diff;        // the mutant as a unified diff
  std::string equivalent;  // why, for kEquivalent
};

struct MutationReport {
  MutateConfig config;
  std::vector<MutantResult> results;
  size_t population = 0;                       // mutants of the selected files before sampling
  std::vector<std::string> steps;              // the gate steps, in the order mutants face them
  std::vector<double> baseline_seconds;        // each step on the unmutated tree
  std::vector<std::string> stale_equivalents;  // list entries that name no current mutant
  double seconds = 0;
  std::string started;  // UTC, RFC 3339
  std::string commit;   // `git describe --always --dirty` of the checkout, or of --commit
  size_t resumed = 0;   // results taken from the journal of an earlier sitting

  size_t Count(MutantStatus status) const;
  // killed / compiled, and killed / (compiled - equivalent), in percent.
  double Score() const;
  double ScoreWithoutEquivalents() const;
  // The one line that reruns `result`'s mutant.
  std::string RerunLine(const MutantResult& result) const;
  // The line that repeats this whole run.
  std::string RunLine() const;
};

// How `config` chooses its mutants, for progress lines and reports: "sampled (seed S)", or
// "named by --mutant".
std::string SelectionDescription(const MutateConfig& config);

// The mutants a run faces, drawn from every mutant of the files it selects.
struct MutantSelection {
  SourceTree source;               // where the files come from
  std::vector<std::string> files;  // the production files `config` selects, in path order
  std::vector<Mutant> population;  // every mutant of those files, in path order
  std::vector<Mutant> chosen;      // the seeded sample, or exactly config.mutant_keys
};

// Scans the files `config` selects in the checkout (or config.commit) and chooses among their
// mutants.
absl::StatusOr<MutantSelection> SelectMutants(const MutateConfig& config);

// The reviewed list a run over `source` reads: config.equivalents when given, else the list
// `source` itself holds (under --commit, the commit's, whose keys name the commit's lines).
std::filesystem::path EquivalentsListFor(const MutateConfig& config, const SourceTree& source);

// Syncs the scratch tree, checks the unmutated tree passes every selected step, then runs each
// chosen mutant (equivalents judged stale against the whole population), writing one progress line
// per mutant to `progress` and its outcome to work_dir/journal.tsv. With config.resume, the
// baseline and the mutants that journal holds for the same run are not run again. Fails only if
// the run cannot start (the scratch tree, the journal, a baseline build or a baseline step).
absl::StatusOr<MutationReport> RunMutants(const MutateConfig& config,
                                          const MutantSelection& selection,
                                          const EquivalentMutants& equivalents,
                                          std::ostream& progress);

}  // namespace frameproof::mutate

#endif  // FRAMEPROOF_VERIFIERS_MUTATE_MUTATION_RUN_H_
