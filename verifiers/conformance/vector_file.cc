#include "verifiers/conformance/vector_file.h"

#include <algorithm>
#include <fstream>
#include <ostream>

#include "absl/strings/str_cat.h"

namespace frameproof {

absl::StatusOr<ConformanceCounts> RunVectorFile(absl::string_view path,
                                                const ConformanceOptions& options,
                                                std::ostream& out, const VectorCheck& check) {
  std::ifstream file{std::string(path)};
  if (!file) return absl::NotFoundError(absl::StrCat("cannot open ", path));
  ConformanceCounts counts;
  std::string line;
  for (int line_number = 1; std::getline(file, line); ++line_number) {
    if (line.empty()) continue;
    const nlohmann::json json = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    const bool named = json.is_object() && json.contains("name") && json["name"].is_string();
    const std::string name =
        named ? json["name"].get<std::string>() : absl::StrCat(path, ":", line_number);
    if (!options.only_vector.empty() && name != options.only_vector) continue;
    const std::optional<std::string> failure =
        json.is_discarded() ? std::optional<std::string>("not valid JSON") : check(json);
    if (failure.has_value()) {
      ++counts.failed;
      out << "FAIL " << name << ": " << *failure << "\n";
    } else {
      ++counts.passed;
      if (options.verbose) out << "PASS " << name << "\n";
    }
  }
  if (!options.only_vector.empty() && counts.passed + counts.failed == 0) {
    return absl::NotFoundError(
        absl::StrCat("no vector named '", options.only_vector, "' in ", path));
  }
  out << counts.passed << " passed, " << counts.failed << " failed\n";
  return counts;
}

std::optional<std::string> FirstByteDifference(absl::Span<const uint8_t> expected,
                                               absl::Span<const uint8_t> actual) {
  const size_t common = std::min(expected.size(), actual.size());
  for (size_t i = 0; i < common; ++i) {
    if (expected[i] != actual[i]) {
      return absl::StrCat("byte ", i, ": expected 0x", absl::Hex(expected[i], absl::kZeroPad2),
                          ", got 0x", absl::Hex(actual[i], absl::kZeroPad2), " (lengths ",
                          expected.size(), " and ", actual.size(), ")");
    }
  }
  if (expected.size() != actual.size()) {
    return absl::StrCat("length: expected ", expected.size(), " bytes, got ", actual.size());
  }
  return std::nullopt;
}

}  // namespace frameproof
