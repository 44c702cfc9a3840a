// How the layers' planted bugs share one set per process: a bit each, a layer planting only the
// bugs it names from the environment, and the one check of names against every layer's.
// Compiled with FRAMEPROOF_PLANTED_BUGS, as the planted variants are.

#include <cstdlib>
#include <string>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "verifiers/util/planted_verifier_bugs.h"

namespace frameproof {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

template <typename Table>
void AddBugs(const Table& table, std::vector<PlantedBug>& bugs) {
  for (const auto& [bug, name] : table) bugs.push_back(bug);
}

std::vector<PlantedBug> EveryLayersBugs() {
  std::vector<PlantedBug> bugs;
  AddBugs(kCorePlantedBugNames, bugs);
  AddBugs(kArchPlantedBugNames, bugs);
  AddBugs(kVerifierPlantedBugNames, bugs);
  return bugs;
}

class PlantedBugs : public ::testing::Test {
 protected:
  void TearDown() override {
    unsetenv(kPlantedBugEnvironmentVariable);
    PlantBug(planted::kNone);
  }
};

TEST_F(PlantedBugs, EveryBugOfEveryLayerHasABitAndANameOfItsOwn) {
  absl::flat_hash_set<uint64_t> masks;
  absl::flat_hash_set<std::string> names;
  for (const PlantedBug& bug : EveryLayersBugs()) {
    if (bug.name() == "none") {
      EXPECT_EQ(bug.mask(), 0u);
      continue;
    }
    EXPECT_NE(bug.mask(), 0u) << bug.name();
    EXPECT_TRUE(masks.insert(bug.mask()).second) << bug.name() << " shares its bit";
    EXPECT_TRUE(names.insert(std::string(bug.name())).second) << bug.name() << " is named twice";
  }
  EXPECT_EQ(masks.size(), 37u);
}

TEST_F(PlantedBugs, EachLayersBitsStartWhereTheLayerBelowEnds) {
  EXPECT_EQ(PlantedBug(planted::kDexPcLookupReadsPastLastRow).mask() << 1,
            PlantedBug(planted::kResolverSkipsCallerSaved).mask());
  EXPECT_EQ(PlantedBug(planted::kGcRootMissed).mask() << 1,
            PlantedBug(planted::kWalkStopsOneFrameEarly).mask());
}

TEST_F(PlantedBugs, TheSwitchSeesTheBugPlantedInAnyLayer) {
  PlantBug(planted::kGcRootMissed);
  EXPECT_TRUE(FP_PLANTED_BUG(kGcRootMissed));
  EXPECT_FALSE(FP_PLANTED_BUG(kWalkStopsOneFrameEarly));
  EXPECT_FALSE(FP_PLANTED_BUG(kSearchDistance31));
  PlantBug(planted::kWalkStopsOneFrameEarly);
  EXPECT_TRUE(FP_PLANTED_BUG(kWalkStopsOneFrameEarly));
  EXPECT_FALSE(FP_PLANTED_BUG(kGcRootMissed));
  PlantBug(planted::kNone);
  EXPECT_FALSE(FP_PLANTED_BUG(kWalkStopsOneFrameEarly));
}

TEST_F(PlantedBugs, ALayerPlantsOnlyTheBugsItNamesFromTheEnvironment) {
  setenv(kPlantedBugEnvironmentVariable, "search-distance-31,gc-root-missed", 1);
  PlantBug(planted::kNone);
  PlantFromEnvironment(kArchPlantedBugNames);
  EXPECT_TRUE(FP_PLANTED_BUG(kGcRootMissed));
  EXPECT_FALSE(FP_PLANTED_BUG(kSearchDistance31));  // core's to plant
  PlantFromEnvironment(kCorePlantedBugNames);
  EXPECT_TRUE(FP_PLANTED_BUG(kSearchDistance31));
  EXPECT_TRUE(FP_PLANTED_BUG(kGcRootMissed));
}

TEST_F(PlantedBugs, EveryLayersNameIsKnownAndNoneToo) {
  EXPECT_EQ(PlantedBugNamingProblem("none"), "");
  EXPECT_EQ(PlantedBugNamingProblem("search-distance-31,gc-root-missed,walk-stops-one-frame-early"),
            "");
}

TEST_F(PlantedBugs, TheFirstUnknownNameIsNamedWithEveryKnownOne) {
  const std::string problem = PlantedBugNamingProblem("gc-root-missed,gc-root-mised,also-wrong");
  EXPECT_THAT(problem, StartsWith("'gc-root-mised' names no planted bug; known: none "));
  EXPECT_THAT(problem, HasSubstr(" dex-pc-lookup-reads-past-last-row resolver-skips-caller-saved"));
  EXPECT_THAT(problem, HasSubstr(" moar-dump-pads-extension-ops-as-core"));
  EXPECT_THAT(problem, Not(HasSubstr("also-wrong")));
}

}  // namespace
}  // namespace frameproof
