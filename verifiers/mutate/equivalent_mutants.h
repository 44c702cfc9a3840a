#ifndef FRAMEPROOF_VERIFIERS_MUTATE_EQUIVALENT_MUTANTS_H_
#define FRAMEPROOF_VERIFIERS_MUTATE_EQUIVALENT_MUTANTS_H_

// The reviewed list of equivalent mutants: edits that cannot change what the program does, so
// no gate could kill them and they do not count against the score. One entry per line:
//
//   <mutant key>  # <why it cannot change behaviour>
//
// '#' starts a comment line; blank lines are ignored. The reason is required.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "verifiers/mutate/mutant.h"

namespace frameproof::mutate {

// Where a tree keeps its reviewed list, relative to the tree's root. Its keys name lines of that
// tree, so a run over a commit reads the commit's own list.
inline constexpr char kEquivalentsListPath[] = "verifiers/mutate/equivalents.txt";

struct EquivalentMutant {
  MutantKey key;
  std::string key_text;
  std::string reason;
  int line = 0;  // in the list file
};

class EquivalentMutants {
 public:
  // Parses the list; an entry without a key, or without a reason, is an error naming its line.
  static absl::StatusOr<EquivalentMutants> Parse(absl::string_view text,
                                                 absl::string_view source_name);
  // Reads and parses `path`; a missing file is an empty list.
  static absl::StatusOr<EquivalentMutants> Read(const std::filesystem::path& path);

  // Why `mutant` is equivalent, if the list says it is.
  std::optional<std::string> Reason(const Mutant& mutant) const;
  // The entries whose file is among `files` but that name none of `mutants`: the code moved
  // under them, and they need review.
  std::vector<std::string> Stale(const std::vector<Mutant>& mutants,
                                 const std::vector<std::string>& files) const;

  const std::vector<EquivalentMutant>& entries() const { return entries_; }

 private:
  std::vector<EquivalentMutant> entries_;
};

}  // namespace frameproof::mutate

#endif  // FRAMEPROOF_VERIFIERS_MUTATE_EQUIVALENT_MUTANTS_H_
