#include "verifiers/util/json_diff.h"

#include "absl/strings/str_cat.h"

namespace frameproof {
namespace {

constexpr size_t kMaxShownChars = 160;

std::string Shown(const nlohmann::json& value) {
  std::string text = value.dump();
  if (text.size() > kMaxShownChars) text = text.substr(0, kMaxShownChars) + "...";
  return text;
}

}  // namespace

std::optional<std::string> FirstJsonDifference(const nlohmann::json& expected,
                                               const nlohmann::json& actual,
                                               const std::string& path) {
  const std::string where = path.empty() ? "<top>" : path;
  if (expected.is_object()) {
    if (!actual.is_object()) {
      return absl::StrCat(where, ": expected an object, got ", Shown(actual));
    }
    for (const auto& [key, value] : expected.items()) {
      const std::string child = path.empty() ? key : absl::StrCat(path, ".", key);
      if (!actual.contains(key)) return absl::StrCat(child, ": missing");
      if (auto difference = FirstJsonDifference(value, actual.at(key), child)) return difference;
    }
    return std::nullopt;
  }
  if (expected.is_array()) {
    if (!actual.is_array()) return absl::StrCat(where, ": expected an array, got ", Shown(actual));
    const size_t common = std::min(expected.size(), actual.size());
    for (size_t i = 0; i < common; ++i) {
      if (auto difference =
              FirstJsonDifference(expected[i], actual[i], absl::StrCat(path, "[", i, "]"))) {
        return difference;
      }
    }
    if (expected.size() != actual.size()) {
      return absl::StrCat(where, ": expected ", expected.size(), " elements, got ", actual.size());
    }
    return std::nullopt;
  }
  if (expected != actual) {
    return absl::StrCat(where, ": expected ", Shown(expected), ", got ", Shown(actual));
  }
  return std::nullopt;
}

}  // namespace frameproof
