// What a mutation run's report says: the two scores, the median time to kill, and every
// survivor with its diff and the line that reruns it.

#include "verifiers/mutate/mutation_report.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "verifiers/mutate/mutant_generator.h"

namespace frameproof::mutate {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

MutantResult Result(const Mutant& mutant, MutantStatus status, absl::string_view step,
                    double seconds) {
  MutantResult result;
  result.mutant = mutant;
  result.status = status;
  result.killed_by = std::string(step);
  result.step_seconds = seconds;
  result.diff = "--- a/core/f.cc\n+++ b/core/f.cc\n@@ -1,1 +1,1 @@\n-a < b\n+a <= b\n";
  return result;
}

MutationReport SampleReport() {
  const std::vector<Mutant> mutants =
      FindMutants("core/f.cc", "bool f(int a, int b) { return a < b && a != 0 || b > 3; }");
  EXPECT_GE(mutants.size(), 6u);
  MutationReport report;
  report.config.seed = 1;
  report.config.count = 6;
  report.config.file_globs = {"core/*", "arch/*"};
  report.population = 40;
  report.steps = {"conformance/art/x86_64", "exec/x86_64/Class"};
  report.baseline_seconds = {2.0, 11.0};
  report.results = {Result(mutants[0], MutantStatus::kKilled, "conformance/art/x86_64", 2),
                    Result(mutants[1], MutantStatus::kKilled, "exec/x86_64/Class", 13),
                    Result(mutants[2], MutantStatus::kKilled, "conformance/art/x86_64", 3),
                    Result(mutants[3], MutantStatus::kSurvived, "", 40),
                    Result(mutants[4], MutantStatus::kNotCompiled, "build/dev", 0)};
  MutantResult equivalent = Result(mutants[5], MutantStatus::kEquivalent, "", 0);
  equivalent.equivalent = "a != 0 is implied";
  report.results.push_back(equivalent);
  return report;
}

TEST(MutationReport, ScoresCountKilledOverCompiledWithAndWithoutEquivalents) {
  const MutationReport report = SampleReport();
  EXPECT_DOUBLE_EQ(report.Score(), 60.0);                    // 3 of 5 compiled
  EXPECT_DOUBLE_EQ(report.ScoreWithoutEquivalents(), 75.0);  // 3 of 4
  EXPECT_DOUBLE_EQ(MedianSecondsToKill(report), 3.0);
  EXPECT_EQ(Headline(report),
            "score 60.0% (3 killed of 5 compiled mutants, 1 of them marked equivalent); 75.0% of "
            "the non-equivalent ones; 1 not compiled");
}

TEST(MutationReport, SurvivorsAreJunitFailuresWithTheirDiffAndRerunLine) {
  const MutationReport report = SampleReport();
  const std::string xml = JunitXml(report);
  EXPECT_THAT(xml, HasSubstr("tests=\"6\" failures=\"1\" errors=\"0\" skipped=\"2\""));
  EXPECT_THAT(xml, HasSubstr("<failure message=\"survived every gate step\">--- a/core/f.cc"));
  EXPECT_THAT(xml, HasSubstr("-a &lt; b"));
  EXPECT_THAT(xml, HasSubstr(report.RerunLine(report.results[3])));
}

TEST(MutationReport, SummaryNamesSurvivorsKillingStepsAndFiles) {
  const MutationReport report = SampleReport();
  const std::string md = MarkdownSummary(report);
  EXPECT_THAT(md, HasSubstr("## Survivors\n\n### " + report.results[3].mutant.Key()));
  EXPECT_THAT(md, HasSubstr("| conformance/art/x86_64 | 2 | 2.0s |"));
  EXPECT_THAT(md, HasSubstr("| exec/x86_64/Class | 1 | 11.0s |"));
  EXPECT_THAT(md, HasSubstr("| core/f.cc | 3 | 1 | 1 | 1 | 75% |"));
  EXPECT_THAT(md, HasSubstr("rerun: `scripts/mutate --seed 1 --count 6 --gate-seed 1`"));
  EXPECT_THAT(md, HasSubstr("6 mutants sampled (seed 1) from"));
  EXPECT_EQ(report.RerunLine(report.results[3]),
            "scripts/mutate --mutant " + report.results[3].mutant.Key() + " --gate-seed 1");
}

// A survivor of a narrowed gate reruns against the same gate, or the rerun would not say the same.
TEST(MutationReport, RerunLinesNameTheGateTheMutantsFaced) {
  MutationReport report = SampleReport();
  report.config.gate.arches = {InstructionSet::kX86_64};
  report.config.gate.exclude = {"unit-tests/*", "fuzz/*"};
  EXPECT_EQ(report.RerunLine(report.results[3]),
            "scripts/mutate --mutant " + report.results[3].mutant.Key() +
                " --gate-seed 1 --arch x86_64 --exclude 'unit-tests/*,fuzz/*'");
  EXPECT_EQ(report.RunLine(),
            "scripts/mutate --seed 1 --count 6 --gate-seed 1 --arch x86_64 --exclude "
            "'unit-tests/*,fuzz/*'");
}

// A run of named mutants repeats with the same names, not with a sample.
TEST(MutationReport, RunLineOfNamedMutantsNamesThem) {
  MutationReport report = SampleReport();
  report.config.mutant_keys = {"core/f.cc:1:3:relational:<=", "core/g.cc:2:1:statement-removed:"};
  EXPECT_EQ(report.RunLine(),
            "scripts/mutate --mutant 'core/f.cc:1:3:relational:<=' --mutant "
            "core/g.cc:2:1:statement-removed: --gate-seed 1");
  EXPECT_THAT(MarkdownSummary(report), HasSubstr("6 mutants named by --mutant from"));
}

// A kill by a step the run adds per mutant (the mutated folder's tests) is counted like any other;
// it has no baseline time of its own.
TEST(MutationReport, KillsByAFolderTestsStepGetARowWithoutABaseline) {
  MutationReport report = SampleReport();
  report.results[1].killed_by = "folder-tests/x86_64";
  const std::string md = MarkdownSummary(report);
  EXPECT_THAT(md, HasSubstr("| exec/x86_64/Class | 0 | 11.0s |\n| folder-tests/x86_64 | 1 | - |"));
  EXPECT_THAT(HtmlReport(report),
              HasSubstr("<tr><td>folder-tests/x86_64</td><td class=\"num\">1</td><td "
                        "class=\"num\">-</td></tr>"));
}

// A file none of whose mutants was judged (here only one not compiled and one not run) has no
// score; "100%" would claim kills that never happened.
TEST(MutationReport, AFileWithNoJudgedMutantShowsADashForItsScore) {
  MutationReport report = SampleReport();
  MutantResult not_run = report.results[0];
  not_run.mutant.file = "core/g.cc";
  not_run.status = MutantStatus::kNotRun;
  MutantResult not_compiled = not_run;
  not_compiled.status = MutantStatus::kNotCompiled;
  report.results.push_back(not_run);
  report.results.push_back(not_compiled);
  EXPECT_THAT(MarkdownSummary(report), HasSubstr("| core/g.cc | 0 | 0 | 0 | 1 | - |"));
  EXPECT_THAT(HtmlReport(report), HasSubstr("style=\"width:0.0%\"></span></div>-</td>"));
}

TEST(MutationReport, SurvivorsDiffHoldsOnlySurvivors) {
  const MutationReport report = SampleReport();
  const std::string diff = SurvivorsDiff(report);
  EXPECT_THAT(diff, HasSubstr("# " + report.results[3].mutant.Key()));
  EXPECT_THAT(diff, Not(HasSubstr(report.results[0].mutant.Key())));
  EXPECT_THAT(HtmlReport(report), HasSubstr("<tr class=\"FAIL\">"));
}

}  // namespace
}  // namespace frameproof::mutate
