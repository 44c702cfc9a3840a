#ifndef FRAMEPROOF_CORE_BASE_STATUS_MACROS_H_
#define FRAMEPROOF_CORE_BASE_STATUS_MACROS_H_

#include "absl/status/status.h"
#include "absl/status/statusor.h"

// Returns the status of `expr` from the enclosing function if it is not OK.
#define FP_RETURN_IF_ERROR(expr)                                \
  do {                                                          \
    if (::absl::Status fp_status_ = (expr); !fp_status_.ok()) { \
      return fp_status_;                                        \
    }                                                           \
  } while (false)

#define FP_STATUS_MACROS_CONCAT_INNER(a, b) a##b
#define FP_STATUS_MACROS_CONCAT(a, b) FP_STATUS_MACROS_CONCAT_INNER(a, b)

// `lhs = *expr` if `expr` (an absl::StatusOr) is OK; otherwise returns its status.
#define FP_ASSIGN_OR_RETURN(lhs, expr) \
  FP_ASSIGN_OR_RETURN_IMPL(FP_STATUS_MACROS_CONCAT(fp_statusor_, __LINE__), lhs, expr)
#define FP_ASSIGN_OR_RETURN_IMPL(statusor, lhs, expr) \
  auto statusor = (expr);                             \
  if (!statusor.ok()) return statusor.status();       \
  lhs = *std::move(statusor)

#endif  // FRAMEPROOF_CORE_BASE_STATUS_MACROS_H_
