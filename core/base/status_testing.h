#ifndef FRAMEPROOF_CORE_BASE_STATUS_TESTING_H_
#define FRAMEPROOF_CORE_BASE_STATUS_TESTING_H_

// Test-only helpers for absl::Status results. Include from *_test.cc files only.

#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "core/base/hex.h"
#include "core/base/status_macros.h"
#include "gtest/gtest.h"

#define ASSERT_OK(expr)                                       \
  do {                                                        \
    const ::absl::Status assert_ok_status_ = (expr);          \
    ASSERT_TRUE(assert_ok_status_.ok()) << assert_ok_status_; \
  } while (false)

// `lhs` may be a declaration, so it cannot be parenthesized.
// NOLINTBEGIN(bugprone-macro-parentheses)
#define ASSERT_OK_AND_ASSIGN(lhs, expr) \
  ASSERT_OK_AND_ASSIGN_IMPL(FP_STATUS_MACROS_CONCAT(statusor_, __LINE__), lhs, expr)
#define ASSERT_OK_AND_ASSIGN_IMPL(statusor, lhs, expr) \
  auto statusor = (expr);                              \
  ASSERT_TRUE(statusor.ok()) << statusor.status();     \
  lhs = *std::move(statusor)
// NOLINTEND(bugprone-macro-parentheses)

namespace frameproof {

// The status has `code` and its message contains `substring`.
inline ::testing::AssertionResult FailsWith(const absl::Status& status, absl::StatusCode code,
                                            absl::string_view substring) {
  if (status.code() != code) {
    return ::testing::AssertionFailure()
           << "expected " << absl::StatusCodeToString(code) << ", got " << status;
  }
  if (status.message().find(substring) == absl::string_view::npos) {
    return ::testing::AssertionFailure()
           << "message \"" << status.message() << "\" does not contain \"" << substring << "\"";
  }
  return ::testing::AssertionSuccess();
}

// Bytes written as hex in a test ("c0 02 20 ..."); a typo fails the test.
inline std::vector<uint8_t> TestBytes(absl::string_view hex) {
  absl::StatusOr<std::vector<uint8_t>> bytes = FromHex(hex);
  EXPECT_TRUE(bytes.ok()) << bytes.status();
  return bytes.ok() ? *std::move(bytes) : std::vector<uint8_t>();
}

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_BASE_STATUS_TESTING_H_
