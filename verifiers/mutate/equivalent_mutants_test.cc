// The reviewed list of equivalent mutants: its format, its errors, and what it matches.

#include "verifiers/mutate/equivalent_mutants.h"

#include <algorithm>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "verifiers/mutate/mutant_generator.h"
#include "verifiers/util/file_bytes.h"

namespace frameproof::mutate {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

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

// The repository's own list names mutants of today's sources. Code moves under its entries
// with every change, and a mutation run that would report them is hours away: a stale entry
// fails here, where the change that moved it is made.
TEST(EquivalentMutants, EveryEntryOfTheRepositorysListNamesAMutantOfItsFile) {
  const std::filesystem::path root = FRAMEPROOF_SOURCE_DIR;
  const absl::StatusOr<EquivalentMutants> list =
      EquivalentMutants::Read(root / kEquivalentsListPath);
  ASSERT_TRUE(list.ok()) << list.status();
  ASSERT_THAT(list->entries(), testing::Not(IsEmpty()));
  std::vector<std::string> files;
  std::vector<Mutant> mutants;
  for (const EquivalentMutant& entry : list->entries()) {
    const std::string& file = entry.key.file;
    if (std::find(files.begin(), files.end(), file) != files.end()) continue;
    files.push_back(file);
    const std::optional<std::string> source = ReadFileText((root / file).string());
    ASSERT_TRUE(source.has_value()) << "equivalents.txt:" << entry.line << " names " << file;
    for (Mutant& mutant : FindMutants(file, *source)) mutants.push_back(std::move(mutant));
  }
  EXPECT_THAT(list->Stale(mutants, files), IsEmpty())
      << "re-key each entry to its mutant's new line (frameproof mutate --list --files FILE "
         "--count 5000 prints every key) after checking its reason still holds";
}

}  // namespace
}  // namespace frameproof::mutate
