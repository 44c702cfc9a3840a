#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "verifiers/util/planted_verifier_bugs.h"

namespace frameproof {
namespace {

template <typename Table>
void AppendNames(const Table& table, std::vector<absl::string_view>& names) {
  for (const auto& [bug, name] : table) names.push_back(name);
}

}  // namespace

std::string PlantedBugNamingProblem(absl::string_view names) {
  const std::optional<absl::string_view> unknown = FirstUnknownPlantedBug(
      names, kCorePlantedBugNames, kArchPlantedBugNames, kVerifierPlantedBugNames);
  if (!unknown.has_value()) return "";
  std::vector<absl::string_view> known;
  AppendNames(kCorePlantedBugNames, known);
  AppendNames(kArchPlantedBugNames, known);
  AppendNames(kVerifierPlantedBugNames, known);
  return absl::StrCat("'", *unknown, "' names no planted bug; known: ", absl::StrJoin(known, " "));
}

}  // namespace frameproof
