#ifndef FRAMEPROOF_VERIFIERS_UTIL_SCRATCH_DIR_TESTING_H_
#define FRAMEPROOF_VERIFIERS_UTIL_SCRATCH_DIR_TESTING_H_

// Test-only: a directory that belongs to the running test alone. Include from *_test.cc files
// only.
//
// ctest runs every case of a test program as its own process, two or more at a time, and the
// aarch64 suite runs the same cases again; a fixed name under the temporary folder is therefore
// shared by whichever cases happen to run together, and one case's clean-up deletes another's
// files. A scratch directory is named after the test and the process, so nothing else writes it.

#include <unistd.h>

#include <filesystem>
#include <iostream>
#include <string>
#include <system_error>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "gtest/gtest.h"

namespace frameproof {

// An empty directory <temp>/frameproof-<suite>.<test>-<pid>-<n>, made on construction, where n
// counts the process's scratch directories. It is removed on destruction if the test has not
// failed; a failed test leaves it to be read.
class ScratchDir {
 public:
  ScratchDir() {
    const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
    // Parameterized names hold '/' ("Prefix/Suite.Case/0"), which would nest directories.
    const std::string name =
        test == nullptr
            ? "outside-a-test"
            : absl::StrReplaceAll(absl::StrCat(test->test_suite_name(), ".", test->name()),
                                  {{"/", "_"}});
    path_ = std::filesystem::path(::testing::TempDir()) /
            absl::StrCat("frameproof-", name, "-", getpid(), "-", made_++);
    std::error_code error;
    std::filesystem::remove_all(path_, error);
    std::filesystem::create_directories(path_, error);
    EXPECT_FALSE(error) << "cannot make the scratch directory " << path_ << ": " << error.message();
  }
  ~ScratchDir() {
    if (::testing::Test::HasFailure()) {
      std::cerr << "the failed test's scratch directory is kept: " << path_ << "\n";
      return;
    }
    std::error_code error;
    std::filesystem::remove_all(path_, error);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  const std::filesystem::path& path() const { return path_; }

 private:
  static inline int made_ = 0;
  std::filesystem::path path_;
};

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_UTIL_SCRATCH_DIR_TESTING_H_
