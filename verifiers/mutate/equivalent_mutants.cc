#include "verifiers/mutate/equivalent_mutants.h"

#include <algorithm>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "verifiers/util/file_bytes.h"

namespace frameproof::mutate {

absl::StatusOr<EquivalentMutants> EquivalentMutants::Parse(absl::string_view text,
                                                           absl::string_view source_name) {
  EquivalentMutants list;
  int number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++number;
    line = absl::StripAsciiWhitespace(line);
    if (line.empty() || line[0] == '#') continue;
    const size_t hash = line.find(" #");
    const absl::string_view key_text =
        absl::StripAsciiWhitespace(line.substr(0, std::min(hash, line.size())));
    const absl::string_view reason =
        hash == absl::string_view::npos ? "" : absl::StripAsciiWhitespace(line.substr(hash + 2));
    const std::optional<MutantKey> key = ParseMutantKey(key_text);
    if (!key.has_value()) {
      return absl::InvalidArgumentError(
          absl::StrCat(source_name, ":", number, ": '", key_text,
                       "' is not a mutant key (file:line:column:operator:replacement)"));
    }
    if (reason.empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat(source_name, ":", number, ": ", key_text,
                       " has no reason; write why it cannot change behaviour after ' # '"));
    }
    list.entries_.push_back({*key, std::string(key_text), std::string(reason), number});
  }
  return list;
}

absl::StatusOr<EquivalentMutants> EquivalentMutants::Read(const std::filesystem::path& path) {
  std::error_code error;
  if (!std::filesystem::exists(path, error)) return EquivalentMutants();
  const std::optional<std::string> text = ReadFileText(path.string());
  if (!text.has_value()) return absl::NotFoundError(absl::StrCat("cannot read ", path.string()));
  return Parse(*text, path.string());
}

std::optional<std::string> EquivalentMutants::Reason(const Mutant& mutant) const {
  for (const EquivalentMutant& entry : entries_) {
    if (Matches(entry.key, mutant)) return entry.reason;
  }
  return std::nullopt;
}

std::vector<std::string> EquivalentMutants::Stale(const std::vector<Mutant>& mutants,
                                                  const std::vector<std::string>& files) const {
  std::vector<std::string> stale;
  for (const EquivalentMutant& entry : entries_) {
    if (std::find(files.begin(), files.end(), entry.key.file) == files.end()) continue;
    const bool found = std::any_of(mutants.begin(), mutants.end(), [&](const Mutant& mutant) {
      return Matches(entry.key, mutant);
    });
    if (!found) stale.push_back(entry.key_text);
  }
  return stale;
}

}  // namespace frameproof::mutate
