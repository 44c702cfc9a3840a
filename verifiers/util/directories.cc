#include "verifiers/util/directories.h"

#include <cstdlib>
#include <string>
#include <system_error>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace frameproof {
namespace {

// The variables libstdc++'s temp_directory_path reads, in its order.
constexpr const char* kTempDirVariables[] = {"TMPDIR", "TMP", "TEMP", "TEMPDIR"};

// "TMPDIR is '/x'" for the variable the standard function took, or what it fell back to.
std::string WhereItLooked() {
  for (const char* name : kTempDirVariables) {
    if (const char* value = std::getenv(name); value != nullptr) {
      return absl::StrCat(name, " is '", value, "'");
    }
  }
  return "none of TMPDIR, TMP, TEMP and TEMPDIR is set, so it is /tmp";
}

}  // namespace

absl::Status MakeDirectories(const std::filesystem::path& dir) {
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (!error) return absl::OkStatus();
  return absl::FailedPreconditionError(
      absl::StrCat("cannot create ", dir.string(), ": ", error.message()));
}

absl::StatusOr<std::filesystem::path> TempDirectory() {
  std::error_code error;
  std::filesystem::path path = std::filesystem::temp_directory_path(error);
  if (!error) return path;
  return absl::FailedPreconditionError(absl::StrCat(
      "no directory for temporary files: ", WhereItLooked(), " (", error.message(), ")"));
}

}  // namespace frameproof
