#ifndef FRAMEPROOF_VERIFIERS_GATE_CTEST_SELECTION_H_
#define FRAMEPROOF_VERIFIERS_GATE_CTEST_SELECTION_H_

// Which ctest tests a rebuild can have changed. A mutation run rebuilds after each mutant; a test
// whose programs the rebuild did not relink runs the same machine code as on the unmutated tree,
// so it cannot kill the mutant and is not worth its time.

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"

namespace frameproof::gate {

struct CtestSelection {
  // The tests to run: ctest's 1-based test numbers, in its order but for the first `first`, the
  // tests whose programs were built below the folder asked to go first.
  std::vector<size_t> numbers;
  size_t first = 0;
  size_t total = 0;  // every test the tree has
};

// When `path` was last written, or nothing if it is not a regular file.
using WriteTimeOf =
    std::function<std::optional<std::filesystem::file_time_type>(const std::filesystem::path&)>;

// The ctest label of tests that only compile the tree (the ClusterFuzzLite build contract): a
// mutant that built has already passed what they check.
inline constexpr char kCompileOnlyLabel[] = "compile-only";

// From `ctest --show-only=json-v1` over `build_dir`, the tests to run after a rebuild that began at
// `since`: those with a file of `build_dir` written at or after `since` in their command, and
// those whose command names no file of `build_dir` at all (a script or an installed tool: what
// it runs is not known, so it runs), but no test labelled kCompileOnlyLabel. Tests with a program
// below `build_dir`/`first_from` (a source folder, built beside its tests) come first: they are
// the likeliest to see a change there. Fails, naming the problem, if `listing` is not such JSON.
absl::StatusOr<CtestSelection> SelectTestsRebuiltSince(
    absl::string_view listing, const std::filesystem::path& build_dir,
    std::filesystem::file_time_type since, const WriteTimeOf& write_time,
    const std::filesystem::path& first_from = {});

// The ctest -I argument that runs exactly the tests numbered `numbers` (by number, since ctest
// refuses a -R pattern past a few kilobytes, and a rebuild can select hundreds of tests).
std::string TestNumbersArgument(absl::Span<const size_t> numbers);

}  // namespace frameproof::gate

#endif  // FRAMEPROOF_VERIFIERS_GATE_CTEST_SELECTION_H_
