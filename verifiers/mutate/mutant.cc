#include "verifiers/mutate/mutant.h"

#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"

namespace frameproof::mutate {

std::string Mutant::Key() const {
  return absl::StrCat(file, ":", line, ":", column, ":", MutationOperatorName(op), ":",
                      replacement);
}

std::string Mutant::Describe() const {
  if (op == MutationOperator::kStatementRemoved) {
    // One line however many the statement spans.
    return absl::StrCat(
        "statement removed: '",
        absl::StrJoin(absl::StrSplit(original, absl::ByAnyChar(" \n\t"), absl::SkipEmpty()), " "),
        "'");
  }
  return absl::StrCat("'", original, "' -> '", replacement, "'");
}

std::optional<MutantKey> ParseMutantKey(absl::string_view key) {
  // The replacement comes last and may itself hold ':' (or be empty), so split four times only.
  const std::vector<absl::string_view> parts = absl::StrSplit(key, absl::MaxSplits(':', 4));
  if (parts.size() != 5 || parts[0].empty()) return std::nullopt;
  MutantKey parsed;
  parsed.file = std::string(parts[0]);
  const std::optional<MutationOperator> op = EnumNamed(kMutationOperatorNames, parts[3]);
  if (!absl::SimpleAtoi(parts[1], &parsed.line) || !absl::SimpleAtoi(parts[2], &parsed.column) ||
      parsed.line == 0 || parsed.column == 0 || !op.has_value()) {
    return std::nullopt;
  }
  parsed.op = *op;
  parsed.replacement = std::string(parts[4]);
  return parsed;
}

bool Matches(const MutantKey& key, const Mutant& mutant) {
  return key.file == mutant.file && key.line == mutant.line && key.column == mutant.column &&
         key.op == mutant.op && key.replacement == mutant.replacement;
}

}  // namespace frameproof::mutate
