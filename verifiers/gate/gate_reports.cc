#include "verifiers/gate/gate_reports.h"

#include <fstream>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "verifiers/gate/gate_plots.h"

namespace frameproof::gate {
namespace {

constexpr size_t kFailuresShownPerStep = 5;

// Escapes text for XML and HTML content and attribute values alike.
std::string Escape(absl::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        // XML 1.0 forbids most control characters, which crash output can carry.
        if (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t') {
          out += '?';
        } else {
          out += c;
        }
    }
  }
  return out;
}

// Text for a Markdown table cell: no pipes or newlines.
std::string Cell(absl::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '|') {
      out += "\\|";
    } else if (c == '\n') {
      out += ' ';
    } else {
      out += c;
    }
  }
  return out;
}

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

constexpr char kStyle[] = R"css(
:root { --pass:#1e7e34; --fail:#c62828; --skip:#b26a00; --muted:#5f6b7a; --line:#e3e7ec; }
* { box-sizing: border-box; }
body { font: 14px/1.45 "DejaVu Sans", system-ui, sans-serif; color:#1d2430; margin:0; background:#f5f7fa; }
main { max-width: 1180px; margin: 0 auto; padding: 24px; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 17px; margin: 28px 0 10px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
.banner { display:flex; align-items:center; gap:20px; padding:18px 22px; border-radius:8px; color:#fff; }
.banner.pass { background: var(--pass); } .banner.fail { background: var(--fail); }
.banner .verdict { font-size: 30px; font-weight: 700; letter-spacing: 1px; }
.banner .what { font-size: 16px; }
.meta { color: var(--muted); margin: 10px 0 0; display:flex; flex-wrap:wrap; gap: 4px 18px; }
.meta b { color:#1d2430; font-weight:600; }
code, pre { font-family: "DejaVu Sans Mono", monospace; font-size: 12.5px; }
pre.cmd { background:#1d2430; color:#e8edf3; padding:8px 10px; border-radius:5px; overflow-x:auto; margin:6px 0; white-space: pre-wrap; word-break: break-all; }
.card { background:#fff; border:1px solid var(--line); border-radius:8px; padding:14px 16px; margin: 10px 0; }
.card.fail { border-left: 5px solid var(--fail); } .card.skip { border-left: 5px solid var(--skip); }
.card h3 { margin:0 0 6px; font-size: 15px; }
.case { margin: 8px 0 0 4px; } .case .msg { color:#444; }
table { border-collapse: collapse; width: 100%; background:#fff; border:1px solid var(--line); }
th, td { text-align:left; padding: 5px 9px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { background:#eef1f5; font-weight:600; font-size: 13px; }
td.num, th.num { text-align:right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr.FAIL td { background:#fdecea; } tr.SKIP td { background:#fff6e5; }
.badge { display:inline-block; min-width: 44px; text-align:center; padding: 1px 7px; border-radius: 10px; color:#fff; font-size: 12px; font-weight:700; }
.badge.PASS { background: var(--pass); } .badge.FAIL { background: var(--fail); } .badge.SKIP { background: var(--skip); }
.bar { position:relative; background:#eef1f5; border-radius:3px; height: 14px; min-width: 120px; }
.bar span { position:absolute; left:0; top:0; bottom:0; border-radius:3px; background:#4a90c2; }
.bar.low span { background: var(--fail); }
.plots { display:grid; grid-template-columns: repeat(auto-fill, minmax(470px, 1fr)); gap: 12px; }
.plots img { width:100%; background:#fff; border:1px solid var(--line); border-radius:6px; }
.wide img { width:100%; max-width: 760px; background:#fff; border:1px solid var(--line); border-radius:6px; }
nav { margin: 8px 0 0; } nav a { margin-right: 14px; }
.note { color: var(--muted); }
a { color:#1f5fa0; }
)css";

std::string Badge(const StepResult& step) {
  const std::string status(StepStatusName(step.status));
  return absl::StrCat("<span class=\"badge ", status, "\">", Escape(step.Verdict()), "</span>");
}

std::string SvgImage(const Plot& plot) {
  return absl::StrCat("<img alt=\"", Escape(plot.title), "\" src=\"data:image/svg+xml;base64,",
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
                    Badge(step), " ", Escape(step.name), "</h3><div>", Escape(step.note),
                    "</div>\n");
    const std::vector<const GateCase*> failed = FailedCases(step);
    for (size_t i = 0; i < failed.size() && i < kFailuresShownPerStep; ++i) {
      absl::StrAppend(&html, "<div class=\"case\"><b>", Escape(failed[i]->name), "</b>",
                      failed[i]->message.empty() ? "" : ": ", "<span class=\"msg\">",
                      Escape(failed[i]->message), "</span>");
      if (!failed[i]->reproduce.empty()) {
        absl::StrAppend(&html, "<pre class=\"cmd\">", Escape(failed[i]->reproduce), "</pre>");
      }
      html += "</div>\n";
    }
    if (failed.size() > kFailuresShownPerStep) {
      absl::StrAppend(&html, "<div class=\"note\">... and ", failed.size() - kFailuresShownPerStep,
                      " more failing cases (junit.xml lists them all)</div>\n");
    }
    if (failed.empty() && !step.reproduce.empty()) {
      absl::StrAppend(&html, "<pre class=\"cmd\">", Escape(step.reproduce), "</pre>\n");
    }
    if (!step.log.empty()) {
      absl::StrAppend(&html, "<div class=\"note\">log: <a href=\"", Escape(step.log), "\">",
                      Escape(step.log), "</a></div>");
    }
    html += "</div>\n";
  }
  absl::StrAppend(&html, "<div class=\"note\">rerun the whole gate:</div><pre class=\"cmd\">",
                  Escape(report.rerun), "</pre>\n");
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
      absl::StrAppend(&html, Escape(step.name));
    } else {
      absl::StrAppend(&html, "<a href=\"", Escape(step.log), "\">", Escape(step.name), "</a>");
    }
    absl::StrAppend(&html, "</td><td class=\"num\">", step.CountCases(StepStatus::kPass),
                    "</td><td class=\"num\">", step.CountCases(StepStatus::kFail),
                    "</td><td class=\"num\">", step.CountCases(StepStatus::kSkip),
                    "</td><td class=\"num\">", Seconds(step.seconds), "</td><td>",
                    Escape(step.note), "</td></tr>\n");
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
        Escape(step.name), coverage.min_line_percent);
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
          total ? "<b>" : "", Escape(file->file), total ? "</b>" : "",
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
        &html, "<tr class=\"", StepStatusName(step->status), "\"><td>", Escape(fuzz.target),
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
                          Escape(row->runner), Escape(row->label), row->cases, row->seconds,
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
    absl::StrAppend(&md, "| ", step.Verdict(), " | ", Cell(step.name), " | ",
                    step.CountCases(StepStatus::kPass), " | ", step.CountCases(StepStatus::kFail),
                    " | ", Seconds(step.seconds), " | ", Cell(step.note), " |\n");
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
      absl::StrAppend(&md, "| ", Cell(file->file), " | ", Percent(file->lines), " | ",
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
                            Escape(step.name), Escape(gate_case.name), gate_case.seconds);
      const std::string text =
          absl::StrCat(gate_case.message,
                       gate_case.reproduce.empty() ? "" : "\nreproduce: ", gate_case.reproduce,
                       step.log.empty() ? "" : "\nlog: ", step.log);
      if (gate_case.status == StepStatus::kFail) {
        ++suite_failures;
        absl::StrAppend(&body, ">\n      <failure message=\"", Escape(gate_case.message), "\">",
                        Escape(text), "</failure>\n    </testcase>\n");
      } else if (gate_case.status == StepStatus::kSkip) {
        ++suite_skipped;
        absl::StrAppend(&body, ">\n      <skipped message=\"", Escape(gate_case.message),
                        "\"/>\n    </testcase>\n");
      } else {
        body += "/>\n";
      }
    }
    tests += cases.size();
    failures += suite_failures;
    skipped += suite_skipped;
    absl::StrAppendFormat(&suites,
                          "  <testsuite name=\"%s\" tests=\"%d\" failures=\"%d\" errors=\"0\" "
                          "skipped=\"%d\" time=\"%.3f\">\n%s  </testsuite>\n",
                          Escape(step.name), cases.size(), suite_failures, suite_skipped,
                          step.seconds, body);
  }
  return absl::StrFormat(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<testsuites name=\"frameproof gate (seed %d)\" tests=\"%d\" failures=\"%d\" errors=\"0\" "
      "skipped=\"%d\" time=\"%.3f\">\n%s</testsuites>\n",
      report.config.seed, tests, failures, skipped, report.seconds, suites);
}

std::string MarkdownSummary(const GateReport& report) {
  std::string md =
      absl::StrCat("# frameproof gate: ", GateVerdict(report), ": ", Headline(report), "\n\n");
  absl::StrAppendFormat(&md,
                        "- seed %d, budget %s, arches %s, %.0fs, started %s%s%s\n"
                        "- rerun: `%s`\n",
                        report.config.seed, absl::FormatDuration(report.config.budget),
                        Arches(report.config), report.seconds, report.started,
                        report.commit.empty() ? "" : ", commit ", report.commit, report.rerun);
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
      GateVerdict(report), "</title>\n<style>", kStyle, "</style></head>\n<body><main>\n");
  absl::StrAppend(&html, "<h1>frameproof release gate</h1>\n<div class=\"banner ",
                  report.passed ? "pass" : "fail", "\"><div class=\"verdict\">",
                  GateVerdict(report), "</div><div class=\"what\">", Escape(Headline(report)),
                  "</div></div>\n");
  absl::StrAppendFormat(
      &html,
      "<div class=\"meta\"><span>seed <b>%d</b></span><span>budget <b>%s</b></span>"
      "<span>arches <b>%s</b></span><span>time <b>%.0fs</b></span><span>started <b>%s</b></span>"
      "%s%s</div>\n",
      report.config.seed, Escape(absl::FormatDuration(report.config.budget)),
      Escape(Arches(report.config)), report.seconds, Escape(report.started),
      report.commit.empty()
          ? ""
          : absl::StrCat("<span>commit <b>", Escape(report.commit), "</b></span>"),
      report.config.planted.empty()
          ? ""
          : absl::StrCat("<span>planted bugs <b>", Escape(report.config.planted), "</b></span>"));
  HtmlNavigation(report, html);
  HtmlFailures(report, html);
  HtmlSteps(report, html);
  HtmlCoverage(report, html);
  HtmlFuzzing(report, plots, html);
  HtmlThroughput(report, plots, html);
  if (!plots.problem.empty()) {
    absl::StrAppend(&html, "<p class=\"note\">", Escape(plots.problem), "</p>\n");
  }
  absl::StrAppend(&html,
                  "<h2 id=\"files\">In this folder</h2><p><a href=\"junit.xml\">junit.xml</a> (one "
                  "testsuite per "
                  "step) &middot; <a href=\"summary.md\">summary.md</a> &middot; <a "
                  "href=\"cases.txt\">cases.txt</a> (every case, for comparing runs) &middot; "
                  "<a href=\"logs/\">logs/</a></p>\n<pre class=\"cmd\">",
                  Escape(report.rerun), "</pre>\n</main></body></html>\n");
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
