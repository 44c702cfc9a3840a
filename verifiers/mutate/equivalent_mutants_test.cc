// The reviewed list of equivalent mutants: its format, its errors, and what it matches.

#include "verifiers/mutate/equivalent_mutants.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "verifiers/mutate/mutant_generator.h"

namespace frameproof::mutate {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

constexpr char kSource[] = "int f(int n) {\n  return n < 8 ? n : 8;\n}\n";

TEST(EquivalentMutants, ListsKeysWithTheirReasons) {
  const absl::StatusOr<EquivalentMutants> list = EquivalentMutants::Parse(
      "# reviewed\n\n"
      "core/f.cc:2:12:relational:<=  # n == 8 gives 8 either way\n",
      "equivalents.txt");
  ASSERT_TRUE(list.ok()) << list.status();
  const std::vector<Mutant> mutants = FindMutants("core/f.cc", kSource);
  ASSERT_EQ(mutants[0].Key(), "core/f.cc:2:12:relational:<=");
  EXPECT_EQ(list->Reason(mutants[0]), "n == 8 gives 8 either way");
  EXPECT_FALSE(list->Reason(mutants[1]).has_value());
}

TEST(EquivalentMutants, AnEntryWithoutAReasonIsAnErrorNamingItsLine) {
  const absl::StatusOr<EquivalentMutants> list =
      EquivalentMutants::Parse("\ncore/f.cc:2:12:relational:<=\n", "equivalents.txt");
  ASSERT_FALSE(list.ok());
  EXPECT_THAT(list.status().message(), HasSubstr("equivalents.txt:2:"));
  EXPECT_THAT(list.status().message(), HasSubstr("has no reason"));
}

TEST(EquivalentMutants, AnEntryThatIsNoKeyIsAnError) {
  const absl::StatusOr<EquivalentMutants> list =
      EquivalentMutants::Parse("core/f.cc line 2  # why\n", "equivalents.txt");
  ASSERT_FALSE(list.ok());
  EXPECT_THAT(list.status().message(), HasSubstr("equivalents.txt:1: 'core/f.cc line 2'"));
}

TEST(EquivalentMutants, EntriesWhoseCodeMovedAreStale) {
  const absl::StatusOr<EquivalentMutants> list = EquivalentMutants::Parse(
      "core/f.cc:3:12:relational:<=  # was on line 3\n"
      "core/other.cc:1:1:constant:2  # another file, not mutated in this run\n",
      "equivalents.txt");
  ASSERT_TRUE(list.ok());
  EXPECT_THAT(list->Stale(FindMutants("core/f.cc", kSource), {"core/f.cc"}),
              ElementsAre("core/f.cc:3:12:relational:<="));
}

}  // namespace
}  // namespace frameproof::mutate
