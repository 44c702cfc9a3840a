#ifndef FRAMEPROOF_VERIFIERS_MUTATE_MUTATION_JOURNAL_H_
#define FRAMEPROOF_VERIFIERS_MUTATE_MUTATION_JOURNAL_H_

// A mutation run's results, appended to a file as each mutant ends, so a run cut short by its
// budget or a closed terminal is carried on by `--resume`: a later run of the same sources,
// sample and gate runs only what the journal lacks.

#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "verifiers/mutate/mutation_run.h"

namespace frameproof::mutate {

// One gate step as the baseline ran it on the unmutated tree.
struct BaselineStep {
  std::string name;
  double seconds = 0;
};

class MutationJournal {
 public:
  // Opens the journal at `path` for the run `run_key` names (its sources' fingerprint, sample and
  // gate). With `resume`, keeps what a journal of the same run holds and fails, saying which run
  // it holds, if it is another's; without, starts an empty one.
  static absl::StatusOr<MutationJournal> Open(const std::filesystem::path& path,
                                              std::string run_key, bool resume);

  // The steps that passed on the unmutated tree, in the order they ran; empty until recorded.
  const std::vector<BaselineStep>& baseline() const { return baseline_; }
  absl::Status RecordBaseline(std::vector<BaselineStep> steps);

  // The recorded outcome of the mutant whose key is `key`: status, step, note, reproduction
  // line and times (not the mutant or its diff, which the caller has).
  std::optional<MutantResult> Find(const std::string& key) const;
  // Appends `result`, a killed, surviving or not-compiled mutant; other statuses are not
  // outcomes of a run and are not kept.
  absl::Status Record(const MutantResult& result);
  size_t recorded() const { return results_.size(); }

 private:
  MutationJournal(std::filesystem::path path, std::string run_key)
      : path_(std::move(path)), run_key_(std::move(run_key)) {}
  absl::Status Append(const std::string& line);

  std::filesystem::path path_;
  std::string run_key_;
  std::vector<BaselineStep> baseline_;
  absl::flat_hash_map<std::string, MutantResult> results_;
};

}  // namespace frameproof::mutate

#endif  // FRAMEPROOF_VERIFIERS_MUTATE_MUTATION_JOURNAL_H_
