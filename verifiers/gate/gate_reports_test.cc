// What the report files say about a gate that failed: each names the failing step and case and
// gives the reproduction line; XML and HTML escape what the tools printed.

#include "verifiers/gate/gate_reports.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace frameproof::gate {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

GateReport FailedReport() {
  GateReport report;
  report.config.seed = 42;
  report.version = "9.8.7";
  report.config.budget = absl::Minutes(6);
  report.rerun = "scripts/gate --seed 42 --budget 6m --arch x86_64,arm64";
  report.seconds = 12;
  StepResult passed;
  passed.name = "snapshots/arm64";
  passed.note = "300 passed, 0 failed";
  passed.cases = {PassedCase("corpora/snapshots/Class-0001.json")};
  StepResult failed;
  failed.name = "conformance/art/x86_64";
  failed.status = StepStatus::kFail;
  failed.log = "logs/conformance-art-x86_64.log";
  failed.note = "299 passed, 1 failed";
  failed.cases = {PassedCase("art-test1-x86_64"),
                  FailedCase("art-test2-x86_64", "byte 3: expected <0x1c>, encoded 0x1d",
                             "build/dev/verifiers/frameproof conformance art v.jsonl --vector "
                             "art-test2-x86_64")};
  failed.reproduce = failed.cases[1].reproduce;
  StepResult skipped;
  passed.findings = {GateCase{.name = "flip 40",
                             .message = "MOAR CRASH flip 40 (SL bit 4193, byte 524): SIGSEGV",
                             .reproduce = "scripts/moar-hostile --seed 42 --first 40 --count 1"}};
  skipped.name = "fuzz/exec_arm64";
  skipped.status = StepStatus::kSkip;
  skipped.note = "build/fuzz-aarch64/fuzzers/exec_arm64_fuzzer is not built";
  report.steps = {passed, failed, skipped};
  return report;
}

TEST(JunitXml, HasOneSuitePerStepAndCarriesFailuresWithTheirReproduction) {
  const std::string xml = JunitXml(FailedReport());
  EXPECT_THAT(xml, HasSubstr("<testsuites name=\"frameproof 9.8.7 gate (seed 42)\" tests=\"5\" "
                             "failures=\"1\" errors=\"0\" skipped=\"1\""));
  EXPECT_THAT(xml, HasSubstr("<testsuite name=\"conformance/art/x86_64\" tests=\"2\" "
                             "failures=\"1\""));
  EXPECT_THAT(xml, HasSubstr("<failure message=\"byte 3: expected &lt;0x1c&gt;, encoded 0x1d\">"));
  EXPECT_THAT(xml, HasSubstr("reproduce: build/dev/verifiers/frameproof conformance art v.jsonl "
                             "--vector art-test2-x86_64"));
  // A skipped step without cases is one skipped test case naming the reason.
  EXPECT_THAT(xml, HasSubstr("<skipped message=\"build/fuzz-aarch64/fuzzers/exec_arm64_fuzzer is "
                             "not built\"/>"));
  EXPECT_THAT(xml, Not(HasSubstr("<0x1c>")));
}

TEST(JunitXml, ListsFindingsAsPassingCasesOfTheirStep) {
  const std::string xml = JunitXml(FailedReport());
  EXPECT_THAT(xml, HasSubstr("<testcase classname=\"snapshots/arm64 findings\" name=\"flip 40\""));
  EXPECT_THAT(xml, HasSubstr("<system-out>MOAR CRASH flip 40 (SL bit 4193, byte 524): SIGSEGV\n"
                             "reproduce: scripts/moar-hostile --seed 42 --first 40 --count 1"));
  EXPECT_THAT(xml, HasSubstr("<testsuite name=\"snapshots/arm64\" tests=\"2\" failures=\"0\""));
}

TEST(MarkdownSummary, ListsFindingsApartFromFailures) {
  const std::string md = MarkdownSummary(FailedReport());
  EXPECT_THAT(md, HasSubstr("## Findings about the tools under test (they do not fail the gate)\n\n"
                            "- snapshots/arm64, flip 40: MOAR CRASH flip 40"));
}

TEST(MarkdownSummary, LeadsWithTheVerdictAndWhatToRerun) {
  const std::string md = MarkdownSummary(FailedReport());
  EXPECT_THAT(md, HasSubstr("# frameproof gate: FAIL: 2 of 3 steps did not pass"));
  EXPECT_THAT(md, HasSubstr("### FAIL conformance/art/x86_64"));
  EXPECT_THAT(md, HasSubstr("- art-test2-x86_64: byte 3: expected <0x1c>, encoded 0x1d"));
  EXPECT_THAT(md, HasSubstr("--vector art-test2-x86_64"));
  EXPECT_THAT(md, HasSubstr("| SKIP | fuzz/exec_arm64 |"));
  EXPECT_THAT(md, HasSubstr("- rerun: `scripts/gate --seed 42 --budget 6m --arch x86_64,arm64`"));
  EXPECT_THAT(md, HasSubstr("- frameproof 9.8.7, seed 42, budget 6m"));
}

TEST(CaseList, ListsEveryCaseOfEveryStepInOrder) {
  EXPECT_EQ(CaseList(FailedReport()),
            "snapshots/arm64\tPASS\tcorpora/snapshots/Class-0001.json\n"
            "conformance/art/x86_64\tPASS\tart-test1-x86_64\n"
            "conformance/art/x86_64\tFAIL\tart-test2-x86_64\n");
}

TEST(HtmlReport, ShowsTheVerdictTheFailuresAndNoOutsideResources) {
  const std::string html = HtmlReport(FailedReport(), Plots{});
  EXPECT_THAT(html, HasSubstr("<div class=\"verdict\">FAIL</div>"));
  EXPECT_THAT(html, HasSubstr("<span>frameproof <b>9.8.7</b></span>"));
  EXPECT_THAT(html, HasSubstr("<h2 id=\"findings\">Findings about the tools under test"));
  EXPECT_THAT(html, HasSubstr("What did not pass, and how to reproduce it"));
  EXPECT_THAT(html, HasSubstr("byte 3: expected &lt;0x1c&gt;, encoded 0x1d"));
  EXPECT_THAT(html, HasSubstr("<pre class=\"cmd\">build/dev/verifiers/frameproof conformance art "
                              "v.jsonl --vector art-test2-x86_64</pre>"));
  EXPECT_THAT(html, Not(HasSubstr("http://")));
  EXPECT_THAT(html, Not(HasSubstr("https://")));
  EXPECT_THAT(html, Not(HasSubstr("<script")));
}

}  // namespace
}  // namespace frameproof::gate
