#ifndef FRAMEPROOF_VERIFIERS_UTIL_TEMP_DIR_H_
#define FRAMEPROOF_VERIFIERS_UTIL_TEMP_DIR_H_

#include <filesystem>

#include "absl/status/statusor.h"

namespace frameproof {

// The directory for temporary files: the first of TMPDIR, TMP, TEMP and TEMPDIR that is set, else
// /tmp, as std::filesystem::temp_directory_path chooses it. Where that is not a directory, an
// error names the variable and its value instead of the exception the standard function throws.
absl::StatusOr<std::filesystem::path> TempDirectory();

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_UTIL_TEMP_DIR_H_
