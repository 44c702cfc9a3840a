#ifndef FRAMEPROOF_VERIFIERS_UTIL_JSON_DIFF_H_
#define FRAMEPROOF_VERIFIERS_UTIL_JSON_DIFF_H_

#include <optional>
#include <string>

#include "nlohmann/json.hpp"

namespace frameproof {

// The first place where `actual` does not match `expected`, as "path: expected X, got Y", or
// nullopt if it matches. Objects match when every key of `expected` matches in `actual` (extra
// keys in `actual` are allowed); arrays match element by element; scalars match by value.
std::optional<std::string> FirstJsonDifference(const nlohmann::json& expected,
                                               const nlohmann::json& actual,
                                               const std::string& path = "");

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_UTIL_JSON_DIFF_H_
