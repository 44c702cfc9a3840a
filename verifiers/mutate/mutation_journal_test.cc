// What the journal keeps between sittings of a mutation run, and when it refuses to.

#include "verifiers/mutate/mutation_journal.h"

#include <filesystem>
#include <fstream>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "verifiers/mutate/mutant_generator.h"
#include "verifiers/util/file_bytes.h"
#include "verifiers/util/scratch_dir_testing.h"

namespace frameproof::mutate {
namespace {

using ::testing::HasSubstr;

constexpr char kRun[] = "00000000deadbeef scripts/mutate --seed 1 --count 200 --gate-seed 1";

std::vector<Mutant> SomeMutants() {
  return FindMutants("core/f.cc", "bool f(int a, int b) { return a < b && a != 0 || b > 3; }");
}

MutantResult Outcome(const Mutant& mutant, MutantStatus status, absl::string_view step) {
  MutantResult result;
  result.mutant = mutant;
  result.status = status;
  result.killed_by = std::string(step);
  result.step_seconds = 25.5;
  result.build_seconds = 4.25;
  return result;
}

TEST(MutationJournal, AResumedJournalGivesBackTheBaselineAndEveryOutcome) {
  const ScratchDir scratch;
  const std::filesystem::path path = scratch.path() / "everything.tsv";
  const std::vector<Mutant> mutants = SomeMutants();
  {
    absl::StatusOr<MutationJournal> journal = MutationJournal::Open(path, kRun, false);
    ASSERT_TRUE(journal.ok()) << journal.status();
    ASSERT_TRUE(
        journal->RecordBaseline({{"snapshots/x86_64", 1.25}, {"unit-tests/x86_64", 550}}).ok());
    MutantResult killed = Outcome(mutants[0], MutantStatus::kKilled, "snapshots/x86_64");
    killed.kill_note = "site 3 differs:\tvreg 2\nexpected 7";  // tabs and newlines survive
    killed.reproduce = "build/dev/verifiers/frameproof verify snapshots --case 'a b'";
    ASSERT_TRUE(journal->Record(killed).ok());
    ASSERT_TRUE(journal->Record(Outcome(mutants[1], MutantStatus::kSurvived, "")).ok());
    ASSERT_TRUE(journal->Record(Outcome(mutants[2], MutantStatus::kNotCompiled, "build/dev")).ok());
  }
  absl::StatusOr<MutationJournal> resumed = MutationJournal::Open(path, kRun, true);
  ASSERT_TRUE(resumed.ok()) << resumed.status();
  ASSERT_EQ(resumed->baseline().size(), 2u);
  EXPECT_EQ(resumed->baseline()[1].name, "unit-tests/x86_64");
  EXPECT_DOUBLE_EQ(resumed->baseline()[1].seconds, 550);
  EXPECT_EQ(resumed->recorded(), 3u);

  const std::optional<MutantResult> killed = resumed->Find(mutants[0].Key());
  ASSERT_TRUE(killed.has_value());
  EXPECT_EQ(killed->status, MutantStatus::kKilled);
  EXPECT_EQ(killed->killed_by, "snapshots/x86_64");
  EXPECT_EQ(killed->kill_note, "site 3 differs:\tvreg 2\nexpected 7");
  EXPECT_EQ(killed->reproduce, "build/dev/verifiers/frameproof verify snapshots --case 'a b'");
  EXPECT_DOUBLE_EQ(killed->step_seconds, 25.5);
  EXPECT_DOUBLE_EQ(killed->build_seconds, 4.25);
  EXPECT_EQ(resumed->Find(mutants[1].Key())->status, MutantStatus::kSurvived);
  EXPECT_EQ(resumed->Find(mutants[2].Key())->killed_by, "build/dev");
  EXPECT_FALSE(resumed->Find(mutants[3].Key()).has_value());
}

TEST(MutationJournal, OutcomesThatAreNotARunsAreNotKept) {
  const ScratchDir scratch;
  const std::filesystem::path path = scratch.path() / "not-run.tsv";
  const std::vector<Mutant> mutants = SomeMutants();
  {
    absl::StatusOr<MutationJournal> journal = MutationJournal::Open(path, kRun, false);
    ASSERT_TRUE(journal.ok());
    ASSERT_TRUE(journal->Record(Outcome(mutants[0], MutantStatus::kNotRun, "")).ok());
    ASSERT_TRUE(journal->Record(Outcome(mutants[1], MutantStatus::kEquivalent, "")).ok());
  }
  absl::StatusOr<MutationJournal> resumed = MutationJournal::Open(path, kRun, true);
  ASSERT_TRUE(resumed.ok());
  EXPECT_EQ(resumed->recorded(), 0u);
}

TEST(MutationJournal, ResumingTheJournalOfAnotherRunFailsNamingBothRuns) {
  const ScratchDir scratch;
  const std::filesystem::path path = scratch.path() / "other-run.tsv";
  ASSERT_TRUE(MutationJournal::Open(path, kRun, false).ok());
  const absl::StatusOr<MutationJournal> other =
      MutationJournal::Open(path, "00000000cafef00d scripts/mutate --seed 2", true);
  ASSERT_FALSE(other.ok());
  EXPECT_EQ(other.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(other.status().message(), HasSubstr("00000000deadbeef"));
  EXPECT_THAT(other.status().message(), HasSubstr("00000000cafef00d"));
  EXPECT_THAT(other.status().message(), HasSubstr("without --resume"));
}

TEST(MutationJournal, OpeningWithoutResumeStartsOver) {
  const ScratchDir scratch;
  const std::filesystem::path path = scratch.path() / "start-over.tsv";
  const std::vector<Mutant> mutants = SomeMutants();
  {
    absl::StatusOr<MutationJournal> journal = MutationJournal::Open(path, kRun, false);
    ASSERT_TRUE(
        journal->Record(Outcome(mutants[0], MutantStatus::kKilled, "snapshots/arm64")).ok());
  }
  ASSERT_TRUE(MutationJournal::Open(path, kRun, false).ok());
  absl::StatusOr<MutationJournal> resumed = MutationJournal::Open(path, kRun, true);
  ASSERT_TRUE(resumed.ok());
  EXPECT_EQ(resumed->recorded(), 0u);
  EXPECT_TRUE(resumed->baseline().empty());
}

TEST(MutationJournal, ResumingWithoutAJournalStartsAnEmptyOne) {
  const ScratchDir scratch;
  const std::filesystem::path path = scratch.path() / "absent.tsv";
  absl::StatusOr<MutationJournal> journal = MutationJournal::Open(path, kRun, true);
  ASSERT_TRUE(journal.ok()) << journal.status();
  EXPECT_EQ(journal->recorded(), 0u);
  EXPECT_TRUE(std::filesystem::exists(path));
}

TEST(MutationJournal, ALineCutOffByAKilledRunIsDroppedAndItsMutantRunsAgain) {
  const ScratchDir scratch;
  const std::filesystem::path path = scratch.path() / "cut-off.tsv";
  const std::vector<Mutant> mutants = SomeMutants();
  {
    absl::StatusOr<MutationJournal> journal = MutationJournal::Open(path, kRun, false);
    ASSERT_TRUE(
        journal->Record(Outcome(mutants[0], MutantStatus::kKilled, "snapshots/arm64")).ok());
  }
  {
    std::ofstream append(path, std::ios::app);
    append << "mutant\t" << mutants[1].Key() << "\tkill";  // the process died here
  }
  {
    absl::StatusOr<MutationJournal> resumed = MutationJournal::Open(path, kRun, true);
    ASSERT_TRUE(resumed.ok()) << resumed.status();
    EXPECT_TRUE(resumed->Find(mutants[0].Key()).has_value());
    EXPECT_FALSE(resumed->Find(mutants[1].Key()).has_value());
    ASSERT_TRUE(resumed->Record(Outcome(mutants[1], MutantStatus::kSurvived, "")).ok());
  }
  absl::StatusOr<MutationJournal> again = MutationJournal::Open(path, kRun, true);
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_EQ(again->Find(mutants[1].Key())->status, MutantStatus::kSurvived);
}

TEST(MutationJournal, AMalformedLineIsRefusedNamingItsLine) {
  const ScratchDir scratch;
  const std::filesystem::path path = scratch.path() / "malformed.tsv";
  ASSERT_TRUE(MutationJournal::Open(path, kRun, false).ok());
  {
    std::ofstream append(path, std::ios::app);
    append << "mutant\tcore/f.cc:1:1:relational:<=\tkilled-ish\tx\t1\t1\t\t\n";
  }
  const absl::StatusOr<MutationJournal> resumed = MutationJournal::Open(path, kRun, true);
  ASSERT_FALSE(resumed.ok());
  EXPECT_THAT(resumed.status().message(), HasSubstr("malformed.tsv:3: a bad mutant line"));
}

}  // namespace
}  // namespace frameproof::mutate
