#ifndef FRAMEPROOF_VERIFIERS_UTIL_DIRECTORIES_H_
#define FRAMEPROOF_VERIFIERS_UTIL_DIRECTORIES_H_

#include <filesystem>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace frameproof {

// Makes `dir` and any missing parents; an error says which folder and why ("cannot create
// /dev/null/x: Not a directory"). Never throws, unlike std::filesystem's overload without an
// error code.
absl::Status MakeDirectories(const std::filesystem::path& dir);

// The directory for temporary files: the first of TMPDIR, TMP, TEMP and TEMPDIR that is set, else
// /tmp, as std::filesystem::temp_directory_path chooses it. Where that is not a directory, an
// error names the variable and its value instead of the exception the standard function throws.
absl::StatusOr<std::filesystem::path> TempDirectory();

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_UTIL_DIRECTORIES_H_
