#include "verifiers/gate/gate_reports.h"

#include <fstream>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "verifiers/gate/gate_plots.h"
#include "verifiers/gate/report_markup.h"

namespace frameproof::gate {
namespace {

constexpr size_t kFailuresShownPerStep = 5;

std::string Arches(const GateConfig& config) {
  std::vector<std::string> names;
  for (InstructionSet isa : config.arches) names.emplace_back(InstructionSetName(isa));
  return absl::StrJoin(names, ",");
}

std::vector<const GateCase*> FailedCases(const StepResult& step) {
  std::vector<const GateCase*> failed;
  for (const GateCase& gate_case : step.cases) {
    if (gate_case.status == StepStatus::kFail) failed.push_back(&gate_case);
  }
  return failed;
}

std::string Seconds(double seconds) { return absl::StrFormat("%.1fs", seconds); }

std::string Percent(const CoverageCounts& counts) {
  return absl::StrFormat("%.1f%% (%d/%d)", counts.percent(), counts.covered, counts.count);
}

// "all 45 steps passed" or "2 of 45 steps did not pass".
std::string Headline(const GateReport& report) {
  const size_t bad = std::count_if(report.steps.begin(), report.steps.end(),
                                   [](const StepResult& step) { return !step.Acceptable(); });
  return report.passed ? absl::StrFormat("all %d steps passed", report.steps.size())
                       : absl::StrFormat("%d of %d steps did not pass", bad, report.steps.size());
}

absl::string_view GateVerdict(const GateReport& report) { return report.passed ? "PASS" : "FAIL"; }

// ---------------------------------------------------------------------------------------------
// HTML


std::string Badge(const StepResult& step) {
  const std::string status(StepStatusName(step.status));
  return absl::StrCat("<span class=\"badge ", status, "\">", MarkupEscape(step.Verdict()), "</span>");
}

std::string SvgImage(const Plot& plot) {
  return absl::StrCat("<img alt=\"", MarkupEscape(plot.title), "\" src=\"data:image/svg+xml;base64,",
                      absl::Base64Escape(plot.svg), "\">");
}

// Links to the sections this report has.
void HtmlNavigation(const GateReport& report, std::string& html) {
  bool coverage = false, fuzzing = false, throughput = false;
  for (const StepResult& step : report.steps) {
    coverage |= step.coverage.has_value();
    fuzzing |= step.fuzz.has_value();
    throughput |= step.throughput.has_value();
  }
  html += "<nav>";
  if (!report.passed) html += "<a href=\"#failures\">what failed</a>";
  html += "<a href=\"#steps\">steps</a>";
  if (coverage) html += "<a href=\"#coverage\">coverage</a>";
  if (fuzzing) html += "<a href=\"#fuzzing\">fuzzing</a>";
  if (throughput) html += "<a href=\"#throughput\">cases per second</a>";
  html += "<a href=\"#files\">files</a></nav>\n";
}

void HtmlFailures(const GateReport& report, std::string& html) {
  if (report.passed) return;
  html += "<h2 id=\"failures\">What did not pass, and how to reproduce it</h2>\n";
  for (const StepResult& step : report.steps) {
    if (step.Acceptable()) continue;
    const std::string status(StepStatusName(step.status));
    absl::StrAppend(&html, "<div class=\"card ", status == "FAIL" ? "fail" : "skip", "\"><h3>",
                    Badge(step), " ", MarkupEscape(step.name), "</h3><div>", MarkupEscape(step.note),
                    "</div>\n");
    const std::vector<const GateCase*> failed = FailedCases(step);
    for (size_t i = 0; i < failed.size() && i < kFailuresShownPerStep; ++i) {
      absl::StrAppend(&html, "<div class=\"case\"><b>", MarkupEscape(failed[i]->name), "</b>",
                      failed[i]->message.empty() ? "" : ": ", "<span class=\"msg\">",
                      MarkupEscape(failed[i]->message), "</span>");
      if (!failed[i]->reproduce.empty()) {
        absl::StrAppend(&html, "<pre class=\"cmd\">", MarkupEscape(failed[i]->reproduce), "</pre>");
      }
      html += "</div>\n";
    }
    if (failed.size() > kFailuresShownPerStep) {
      absl::StrAppend(&html, "<div class=\"note\">... and ", failed.size() - kFailuresShownPerStep,
                      " more failing cases (junit.xml lists them all)</div>\n");
    }
    if (failed.empty() && !step.reproduce.empty()) {
      absl::StrAppend(&html, "<pre class=\"cmd\">", MarkupEscape(step.reproduce), "</pre>\n");
    }
    if (!step.log.empty()) {
      absl::StrAppend(&html, "<div class=\"note\">log: <a href=\"", MarkupEscape(step.log), "\">",
                      MarkupEscape(step.log), "</a></div>");
    }
    html += "</div>\n";
  }
  absl::StrAppend(&html, "<div class=\"note\">rerun the whole gate:</div><pre class=\"cmd\">",
                  MarkupEscape(report.rerun), "</pre>\n");
}

// The findings about the tools the steps run (MoarVM crashing on a flipped unit): listed apart,
// since they say nothing against frameproof.
constexpr char kFindingsTitle[] = "Findings about the tools under test (they do not fail the gate)";

void HtmlFindings(const GateReport& report, std::string& html) {
  if (report.CountFindings() == 0) return;
  absl::StrAppend(&html, "<h2 id=\"findings\">", kFindingsTitle, "</h2>\n");
  for (const StepResult& step : report.steps) {
    if (step.findings.empty()) continue;
    absl::StrAppend(&html, "<div class=\"card skip\"><h3>", MarkupEscape(step.name), ": ",
                    step.findings.size(), " findings</h3>\n");
    for (const GateCase& finding : step.findings) {
      absl::StrAppend(&html, "<div class=\"case\"><b>", MarkupEscape(finding.name),
                      "</b>: <span class=\"msg\">", MarkupEscape(finding.message),
                      "</span><pre class=\"cmd\">", MarkupEscape(finding.reproduce),
                      "</pre></div>\n");
    }
    html += "</div>\n";
  }
}

void HtmlSteps(const GateReport& report, std::string& html) {
  html +=
      "<h2 id=\"steps\">Steps</h2>\n<table><tr><th>result</th><th>step</th><th "
      "class=\"num\">passed</th>"
      "<th class=\"num\">failed</th><th class=\"num\">skipped</th><th class=\"num\">time</th>"
      "<th>note</th></tr>\n";
  for (const StepResult& step : report.steps) {
    absl::StrAppend(&html, "<tr class=\"", StepStatusName(step.status), "\"><td>", Badge(step),
                    "</td><td>");
    if (step.log.empty()) {
      absl::StrAppend(&html, MarkupEscape(step.name));
    } else {
      absl::StrAppend(&html, "<a href=\"", MarkupEscape(step.log), "\">", MarkupEscape(step.name), "</a>");
    }
    absl::StrAppend(&html, "</td><td class=\"num\">", step.CountCases(StepStatus::kPass),
                    "</td><td class=\"num\">", step.CountCases(StepStatus::kFail),
                    "</td><td class=\"num\">", step.CountCases(StepStatus::kSkip),
                    "</td><td class=\"num\">", Seconds(step.seconds), "</td><td>",
                    MarkupEscape(step.note), "</td></tr>\n");
  }
  html += "</table>\n";
}

void HtmlCoverage(const GateReport& report, std::string& html) {
  for (const StepResult& step : report.steps) {
    if (!step.coverage.has_value()) continue;
    const CoverageSummary& coverage = *step.coverage;
    absl::StrAppendFormat(
        &html,
        "<h2 id=\"coverage\">Coverage of the consumer path</h2>\n<p class=\"note\">CodeInfo "
        "decoding, the bit readers under it and the stack walker, under the "
        "gate's workloads (%s). The floor is %.0f%% of lines. Annotated "
        "sources: <a href=\"coverage/index.html\">coverage/index.html</a>.</p>\n",
        MarkupEscape(step.name), coverage.min_line_percent);
    html +=
        "<table><tr><th>file</th><th>lines</th><th class=\"num\">lines</th>"
        "<th class=\"num\">functions</th><th class=\"num\">regions</th>"
        "<th class=\"num\">branches</th></tr>\n";
    std::vector<const FileCoverage*> rows;
    for (const FileCoverage& file : coverage.files) rows.push_back(&file);
    rows.push_back(&coverage.total);
    for (const FileCoverage* file : rows) {
      const double percent = file->lines.percent();
      const bool total = file == &coverage.total;
      absl::StrAppendFormat(
          &html,
          "<tr><td>%s%s%s</td><td><div class=\"bar%s\"><span style=\"width:%.1f%%\"></span></div>"
          "</td><td class=\"num\">%s</td><td class=\"num\">%s</td><td class=\"num\">%s</td>"
          "<td class=\"num\">%s</td></tr>\n",
          total ? "<b>" : "", MarkupEscape(file->file), total ? "</b>" : "",
          percent < coverage.min_line_percent ? " low" : "", percent, Percent(file->lines),
          Percent(file->functions), Percent(file->regions), Percent(file->branches));
    }
    html += "</table>\n";
  }
}

void HtmlFuzzing(const GateReport& report, const Plots& plots, std::string& html) {
  std::vector<const StepResult*> fuzz_steps;
  for (const StepResult& step : report.steps) {
    if (step.fuzz.has_value()) fuzz_steps.push_back(&step);
  }
  if (fuzz_steps.empty()) return;
  html += "<h2 id=\"fuzzing\">Fuzz smoke: coverage and exec/s over time</h2>\n";
  if (!plots.fuzz.empty()) {
    html += "<div class=\"plots\">\n";
    for (const Plot& plot : plots.fuzz) absl::StrAppend(&html, SvgImage(plot), "\n");
    html += "</div>\n";
  }
  html +=
      "<table><tr><th>target</th><th>result</th><th class=\"num\">runs</th>"
      "<th class=\"num\">exec/s</th><th class=\"num\">coverage</th>"
      "<th class=\"num\">features</th><th class=\"num\">corpus</th>"
      "<th class=\"num\">crashes</th><th class=\"num\">libFuzzer seed</th></tr>\n";
  for (const StepResult* step : fuzz_steps) {
    const FuzzStats& fuzz = *step->fuzz;
    const FuzzSample last = fuzz.samples.empty() ? FuzzSample{} : fuzz.samples.back();
    absl::StrAppend(
        &html, "<tr class=\"", StepStatusName(step->status), "\"><td>", MarkupEscape(fuzz.target),
        "</td><td>", Badge(*step), "</td><td class=\"num\">", last.execs, "</td><td class=\"num\">",
        last.exec_per_second, "</td><td class=\"num\">", last.coverage, "</td><td class=\"num\">",
        last.features, "</td><td class=\"num\">", fuzz.corpus, "</td><td class=\"num\">",
        fuzz.crashes, "</td><td class=\"num\">", fuzz.seed, "</td></tr>\n");
  }
  html += "</table>\n";
}

void HtmlThroughput(const GateReport& report, const Plots& plots, std::string& html) {
  std::vector<const Throughput*> rows;
  for (const StepResult& step : report.steps) {
    if (step.throughput.has_value()) rows.push_back(&*step.throughput);
  }
  if (rows.empty()) return;
  html += "<h2 id=\"throughput\">Cases per second per runner</h2>\n";
  if (plots.throughput.has_value()) {
    absl::StrAppend(&html, "<div class=\"wide\">", SvgImage(*plots.throughput), "</div>\n");
  }
  html +=
      "<table><tr><th>runner</th><th>resolver</th><th class=\"num\">cases</th>"
      "<th class=\"num\">seconds</th><th class=\"num\">cases/s</th></tr>\n";
  for (const Throughput* row : rows) {
    absl::StrAppendFormat(&html,
                          "<tr><td>%s</td><td>%s</td><td class=\"num\">%d</td>"
                          "<td class=\"num\">%.2f</td><td class=\"num\">%.0f</td></tr>\n",
                          MarkupEscape(row->runner), MarkupEscape(row->label), row->cases, row->seconds,
                          row->per_second());
  }
  html += "</table>\n";
}

// ---------------------------------------------------------------------------------------------
// Markdown

void MarkdownTables(const GateReport& report, std::string& md) {
  md +=
      "\n## Steps\n\n| result | step | passed | failed | time | note "
      "|\n|---|---|--:|--:|--:|---|\n";
  for (const StepResult& step : report.steps) {
    absl::StrAppend(&md, "| ", step.Verdict(), " | ", MarkdownCell(step.name), " | ",
                    step.CountCases(StepStatus::kPass), " | ", step.CountCases(StepStatus::kFail),
                    " | ", Seconds(step.seconds), " | ", MarkdownCell(step.note), " |\n");
  }
  for (const StepResult& step : report.steps) {
    if (!step.coverage.has_value()) continue;
    absl::StrAppendFormat(
        &md,
        "\n## Consumer-path coverage (floor %.0f%% of lines)\n\n"
        "| file | lines | functions | regions | branches |\n|---|--:|--:|--:|--:|\n",
        step.coverage->min_line_percent);
    std::vector<const FileCoverage*> rows;
    for (const FileCoverage& file : step.coverage->files) rows.push_back(&file);
    rows.push_back(&step.coverage->total);
    for (const FileCoverage* file : rows) {
      absl::StrAppend(&md, "| ", MarkdownCell(file->file), " | ", Percent(file->lines), " | ",
                      Percent(file->functions), " | ", Percent(file->regions), " | ",
                      Percent(file->branches), " |\n");
    }
  }
  bool fuzz_header = false;
  for (const StepResult& step : report.steps) {
    if (!step.fuzz.has_value()) continue;
    if (!fuzz_header) {
      md +=
          "\n## Fuzz smoke\n\n| target | result | runs | exec/s | coverage | features | corpus | "
          "crashes |\n|---|---|--:|--:|--:|--:|--:|--:|\n";
      fuzz_header = true;
    }
    const FuzzSample last = step.fuzz->samples.empty() ? FuzzSample{} : step.fuzz->samples.back();
    absl::StrAppend(&md, "| ", step.fuzz->target, " | ", step.Verdict(), " | ", last.execs, " | ",
                    last.exec_per_second, " | ", last.coverage, " | ", last.features, " | ",
                    step.fuzz->corpus, " | ", step.fuzz->crashes, " |\n");
  }
  bool throughput_header = false;
  for (const StepResult& step : report.steps) {
    if (!step.throughput.has_value()) continue;
    if (!throughput_header) {
      md +=
          "\n## Cases per second per runner\n\n| runner | resolver | cases | cases/s |\n"
          "|---|---|--:|--:|\n";
      throughput_header = true;
    }
    absl::StrAppendFormat(&md, "| %s | %s | %d | %.0f |\n", step.throughput->runner,
                          step.throughput->label, step.throughput->cases,
                          step.throughput->per_second());
  }
}

}  // namespace

std::string JunitXml(const GateReport& report) {
  uint64_t tests = 0;
  uint64_t failures = 0;
  uint64_t skipped = 0;
  std::string suites;
  for (const StepResult& step : report.steps) {
    // A step with no cases of its own (a build, a skipped step) is one test case.
    std::vector<GateCase> cases = step.cases;
    if (cases.empty() || (step.status != StepStatus::kPass && FailedCases(step).empty())) {
      cases.push_back({step.name, step.status, step.seconds, step.note, step.reproduce});
    }
    uint64_t suite_failures = 0;
    uint64_t suite_skipped = 0;
    std::string body;
    for (const GateCase& gate_case : cases) {
      absl::StrAppendFormat(&body, "    <testcase classname=\"%s\" name=\"%s\" time=\"%.3f\"",
                            MarkupEscape(step.name), MarkupEscape(gate_case.name), gate_case.seconds);
      const std::string text =
          absl::StrCat(gate_case.message,
                       gate_case.reproduce.empty() ? "" : "\nreproduce: ", gate_case.reproduce,
                       step.log.empty() ? "" : "\nlog: ", step.log);
      if (gate_case.status == StepStatus::kFail) {
        ++suite_failures;
        absl::StrAppend(&body, ">\n      <failure message=\"", MarkupEscape(gate_case.message), "\">",
                        MarkupEscape(text), "</failure>\n    </testcase>\n");
      } else if (gate_case.status == StepStatus::kSkip) {
        ++suite_skipped;
        absl::StrAppend(&body, ">\n      <skipped message=\"", MarkupEscape(gate_case.message),
                        "\"/>\n    </testcase>\n");
      } else {
        body += "/>\n";
      }
    }
    // Findings pass: they are about the tool the step ran, not about frameproof.
    for (const GateCase& finding : step.findings) {
      absl::StrAppendFormat(
          &body,
          "    <testcase classname=\"%s findings\" name=\"%s\" time=\"0\">\n"
          "      <system-out>%s\nreproduce: %s</system-out>\n    </testcase>\n",
          MarkupEscape(step.name), MarkupEscape(finding.name), MarkupEscape(finding.message),
          MarkupEscape(finding.reproduce));
    }
    cases.insert(cases.end(), step.findings.begin(), step.findings.end());
    tests += cases.size();
    failures += suite_failures;
    skipped += suite_skipped;
    absl::StrAppendFormat(&suites,
                          "  <testsuite name=\"%s\" tests=\"%d\" failures=\"%d\" errors=\"0\" "
                          "skipped=\"%d\" time=\"%.3f\">\n%s  </testsuite>\n",
                          MarkupEscape(step.name), cases.size(), suite_failures, suite_skipped,
                          step.seconds, body);
  }
  return absl::StrFormat(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<testsuites name=\"frameproof %s gate (seed %d)\" tests=\"%d\" failures=\"%d\" "
      "errors=\"0\" skipped=\"%d\" time=\"%.3f\">\n%s</testsuites>\n",
      MarkupEscape(report.version), report.config.seed, tests, failures, skipped, report.seconds,
      suites);
}

std::string MarkdownSummary(const GateReport& report) {
  std::string md =
      absl::StrCat("# frameproof gate: ", GateVerdict(report), ": ", Headline(report), "\n\n");
  absl::StrAppendFormat(&md,
                        "- frameproof %s, seed %d, budget %s, arches %s, %.0fs, started %s%s%s\n"
                        "- rerun: `%s`\n",
                        report.version, report.config.seed,
                        absl::FormatDuration(report.config.budget), Arches(report.config),
                        report.seconds, report.started, report.commit.empty() ? "" : ", commit ",
                        report.commit, report.rerun);
  if (!report.config.planted.empty()) {
    absl::StrAppend(&md, "- planted bugs switched on: ", report.config.planted, "\n");
  }
  if (!report.passed) {
    md += "\n## What did not pass\n\n";
    for (const StepResult& step : report.steps) {
      if (step.Acceptable()) continue;
      absl::StrAppend(&md, "### ", step.Verdict(), " ", step.name, "\n\n", step.note, "\n\n");
      const std::vector<const GateCase*> failed = FailedCases(step);
      for (size_t i = 0; i < failed.size() && i < kFailuresShownPerStep; ++i) {
        absl::StrAppend(&md, "- ", failed[i]->name,
                        failed[i]->message.empty() ? "" : absl::StrCat(": ", failed[i]->message),
                        "\n");
        if (!failed[i]->reproduce.empty()) {
          absl::StrAppend(&md, "  ```\n  ", failed[i]->reproduce, "\n  ```\n");
        }
      }
      if (failed.empty() && !step.reproduce.empty()) {
        absl::StrAppend(&md, "```\n", step.reproduce, "\n```\n");
      }
      if (!step.log.empty()) absl::StrAppend(&md, "\nlog: `", step.log, "`\n\n");
    }
  }
  if (report.CountFindings() > 0) {
    absl::StrAppend(&md, "\n## ", kFindingsTitle, "\n\n");
    for (const StepResult& step : report.steps) {
      for (const GateCase& finding : step.findings) {
        absl::StrAppend(&md, "- ", step.name, ", ", finding.name, ": ", finding.message,
                        "\n  ```\n  ", finding.reproduce, "\n  ```\n");
      }
    }
  }
  MarkdownTables(report, md);
  return md;
}

std::string CaseList(const GateReport& report) {
  std::string list;
  for (const StepResult& step : report.steps) {
    for (const GateCase& gate_case : step.cases) {
      absl::StrAppend(&list, step.name, "\t", StepStatusName(gate_case.status), "\t",
                      gate_case.name, "\n");
    }
  }
  return list;
}

std::string HtmlReport(const GateReport& report, const Plots& plots) {
  std::string html = absl::StrCat(
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>frameproof gate: ",
      GateVerdict(report), "</title>\n<style>", kReportStyle, "</style></head>\n<body><main>\n");
  absl::StrAppend(&html, "<h1>frameproof release gate</h1>\n<div class=\"banner ",
                  report.passed ? "pass" : "fail", "\"><div class=\"verdict\">",
                  GateVerdict(report), "</div><div class=\"what\">", MarkupEscape(Headline(report)),
                  "</div></div>\n");
  absl::StrAppendFormat(
      &html,
      "<div class=\"meta\"><span>frameproof <b>%s</b></span><span>seed <b>%d</b></span>"
      "<span>budget <b>%s</b></span>"
      "<span>arches <b>%s</b></span><span>time <b>%.0fs</b></span><span>started <b>%s</b></span>"
      "%s%s</div>\n",
      MarkupEscape(report.version), report.config.seed,
      MarkupEscape(absl::FormatDuration(report.config.budget)), MarkupEscape(Arches(report.config)),
      report.seconds, MarkupEscape(report.started),
      report.commit.empty()
          ? ""
          : absl::StrCat("<span>commit <b>", MarkupEscape(report.commit), "</b></span>"),
      report.config.planted.empty()
          ? ""
          : absl::StrCat("<span>planted bugs <b>", MarkupEscape(report.config.planted), "</b></span>"));
  HtmlNavigation(report, html);
  HtmlFailures(report, html);
  HtmlFindings(report, html);
  HtmlSteps(report, html);
  HtmlCoverage(report, html);
  HtmlFuzzing(report, plots, html);
  HtmlThroughput(report, plots, html);
  if (!plots.problem.empty()) {
    absl::StrAppend(&html, "<p class=\"note\">", MarkupEscape(plots.problem), "</p>\n");
  }
  absl::StrAppend(&html,
                  "<h2 id=\"files\">In this folder</h2><p><a href=\"junit.xml\">junit.xml</a> (one "
                  "testsuite per "
                  "step) &middot; <a href=\"summary.md\">summary.md</a> &middot; <a "
                  "href=\"cases.txt\">cases.txt</a> (every case, for comparing runs) &middot; "
                  "<a href=\"logs/\">logs/</a></p>\n<pre class=\"cmd\">",
                  MarkupEscape(report.rerun), "</pre>\n</main></body></html>\n");
  return html;
}

absl::Status WriteReports(const GateReport& report) {
  const std::filesystem::path& dir = report.config.report_dir;
  const Plots plots = RenderPlots(report);
  const std::pair<const char*, std::string> files[] = {
      {"junit.xml", JunitXml(report)},
      {"summary.md", MarkdownSummary(report)},
      {"cases.txt", CaseList(report)},
      {"index.html", HtmlReport(report, plots)},
  };
  for (const auto& [name, text] : files) {
    std::ofstream out(dir / name);
    out << text;
    if (!out) return absl::InternalError(absl::StrCat("cannot write ", (dir / name).string()));
  }
  return absl::OkStatus();
}

}  // namespace frameproof::gate
