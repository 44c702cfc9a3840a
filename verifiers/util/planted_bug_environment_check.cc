// Linked into every planted program a user starts from a shell (the frameproof_planted tool and
// the planted fuzz and replay binaries), which hold every layer: a bug name in
// FRAMEPROOF_PLANTED_BUG that no layer knows ends the program before it starts, since a typo
// would otherwise test the healthy code under the name of a bug.

#include <cstdio>
#include <cstdlib>
#include <string>

#include "verifiers/util/planted_verifier_bugs.h"

namespace frameproof {
namespace {

constexpr int kExitUnknownPlantedBug = 2;  // the usage-error status of every frameproof tool

bool RefuseUnknownPlantedBugs() {
  const char* names = std::getenv(kPlantedBugEnvironmentVariable);
  if (names == nullptr) return true;
  const std::string problem = PlantedBugNamingProblem(names);
  if (problem.empty()) return true;
  std::fprintf(stderr, "%s: %s\n", kPlantedBugEnvironmentVariable, problem.c_str());
  std::exit(kExitUnknownPlantedBug);
}

[[maybe_unused]] const bool kPlantedBugNamesChecked = RefuseUnknownPlantedBugs();

}  // namespace
}  // namespace frameproof
