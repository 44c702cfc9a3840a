#include "verifiers/gate/ctest_selection.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "nlohmann/json.hpp"

namespace frameproof::gate {
namespace {

// True if `path` lies below `dir` (both absolute and lexically normal).
bool IsBelow(const std::filesystem::path& path, const std::filesystem::path& dir) {
  const std::filesystem::path relative = path.lexically_relative(dir);
  return !relative.empty() && *relative.begin() != "..";
}

bool HasLabel(const nlohmann::json& test, absl::string_view label) {
  const auto properties = test.find("properties");
  if (properties == test.end() || !properties->is_array()) return false;
  for (const nlohmann::json& property : *properties) {
    if (!property.is_object() || property.value("name", "") != "LABELS") continue;
    const auto values = property.find("value");
    if (values == property.end() || !values->is_array()) continue;
    for (const nlohmann::json& value : *values) {
      if (value.is_string() && value.get<std::string>() == label) return true;
    }
  }
  return false;
}

}  // namespace

absl::StatusOr<CtestSelection> SelectTestsRebuiltSince(
    absl::string_view listing, const std::filesystem::path& build_dir,
    std::filesystem::file_time_type since, const WriteTimeOf& write_time,
    const std::filesystem::path& first_from) {
  const nlohmann::json json = nlohmann::json::parse(listing, nullptr, /*allow_exceptions=*/false);
  if (json.is_discarded() || !json.is_object()) {
    return absl::InvalidArgumentError("ctest --show-only=json-v1 printed no JSON object");
  }
  const auto tests = json.find("tests");
  if (tests == json.end() || !tests->is_array()) {
    return absl::InvalidArgumentError("ctest's JSON listing has no \"tests\" array");
  }
  const std::filesystem::path dir = build_dir.lexically_normal();
  const std::filesystem::path first_dir =
      first_from.empty() ? std::filesystem::path() : (dir / first_from).lexically_normal();
  CtestSelection selection;
  std::vector<size_t> later;
  for (size_t index = 0; index < tests->size(); ++index) {
    const nlohmann::json& test = (*tests)[index];
    const auto name = test.find("name");
    if (!test.is_object() || name == test.end() || !name->is_string()) {
      return absl::InvalidArgumentError(absl::StrCat("ctest's JSON listing: tests[", index,
                                                     "] has no \"name\" string"));
    }
    ++selection.total;
    if (HasLabel(test, kCompileOnlyLabel)) continue;
    bool names_build_file = false;
    bool rebuilt = false;
    bool goes_first = false;
    if (const auto command = test.find("command"); command != test.end() && command->is_array()) {
      for (const nlohmann::json& word : *command) {
        if (!word.is_string()) continue;
        const std::filesystem::path path =
            std::filesystem::path(word.get<std::string>()).lexically_normal();
        if (!path.is_absolute() || !IsBelow(path, dir)) continue;
        const std::optional<std::filesystem::file_time_type> written = write_time(path);
        if (!written.has_value()) continue;
        names_build_file = true;
        rebuilt = rebuilt || *written >= since;
        goes_first = goes_first || (!first_dir.empty() && IsBelow(path, first_dir));
      }
    }
    if (!rebuilt && names_build_file) continue;
    (goes_first ? selection.numbers : later).push_back(index + 1);
  }
  selection.first = selection.numbers.size();
  selection.numbers.insert(selection.numbers.end(), later.begin(), later.end());
  return selection;
}

// ctest's -I is Start,End,Stride followed by test numbers; 0,0,0 selects by the numbers alone.
std::string TestNumbersArgument(absl::Span<const size_t> numbers) {
  return absl::StrCat("0,0,0,", absl::StrJoin(numbers, ","));
}

}  // namespace frameproof::gate
