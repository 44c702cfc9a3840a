#ifndef FRAMEPROOF_VERIFIERS_MUTATE_SOURCE_TREE_H_
#define FRAMEPROOF_VERIFIERS_MUTATE_SOURCE_TREE_H_

// The sources a mutation run measures: the user's checkout as it is, or one commit of it, so a
// long run can be carried on over several sittings while the checkout moves on.

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace frameproof::mutate {

struct SourceTree {
  std::filesystem::path root;      // where the files are read from
  std::vector<std::string> files;  // every file git knows there, relative, in path order
  std::string label;         // `git describe --always --dirty` of the checkout, or the commit's
  uint64_t fingerprint = 0;  // of every file's path and bytes: equal trees, equal fingerprints
};

// The files of `repo`'s checkout (tracked, and new ones git does not ignore) or, when `commit`
// is not empty, of that commit, exported under `scratch`/commits/. Fails naming the git command
// that failed.
absl::StatusOr<SourceTree> OpenSourceTree(const std::filesystem::path& repo,
                                          const std::string& commit,
                                          const std::filesystem::path& scratch);

// The fingerprint of `files` under `root`: FNV-1a over each path and its bytes, with the counts
// mixed in. Fails naming a file it cannot read.
absl::StatusOr<uint64_t> FingerprintFiles(const std::filesystem::path& root,
                                          const std::vector<std::string>& files);

}  // namespace frameproof::mutate

#endif  // FRAMEPROOF_VERIFIERS_MUTATE_SOURCE_TREE_H_
