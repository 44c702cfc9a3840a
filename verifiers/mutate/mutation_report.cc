#include "verifiers/mutate/mutation_report.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "core/base/status_macros.h"
#include "verifiers/gate/report_markup.h"
#include "verifiers/util/directories.h"

namespace frameproof::mutate {
namespace {

using gate::MarkdownCell;
using gate::MarkupEscape;

struct Tally {
  size_t killed = 0;
  size_t survived = 0;
  size_t not_compiled = 0;
  size_t equivalent = 0;
  // killed / (killed + survived), as "97%", or a dash when no mutant of it was judged (all
  // equivalent, not compiled or not run), which no percentage describes.
  std::string Score() const {
    const size_t judged = killed + survived;
    return judged == 0 ? "-" : absl::StrFormat("%.0f%%", 100.0 * killed / judged);
  }
  // The width of the score bar, in percent.
  double BarPercent() const {
    const size_t judged = killed + survived;
    return judged == 0 ? 0.0 : 100.0 * killed / judged;
  }
};

void Count(const MutantResult& result, Tally& tally) {
  switch (result.status) {
    case MutantStatus::kKilled:
      ++tally.killed;
      break;
    case MutantStatus::kSurvived:
      ++tally.survived;
      break;
    case MutantStatus::kNotCompiled:
      ++tally.not_compiled;
      break;
    case MutantStatus::kEquivalent:
      ++tally.equivalent;
      break;
    case MutantStatus::kNotRun:
      break;
  }
}

// Per file, in path order.
std::map<std::string, Tally> PerFile(const MutationReport& report) {
  std::map<std::string, Tally> files;
  for (const MutantResult& result : report.results) Count(result, files[result.mutant.file]);
  return files;
}

// One row of the killing-steps table.
struct StepKills {
  std::string step;
  size_t killed = 0;
  std::optional<double> baseline_seconds;  // none for a step the baseline did not run
};

// Kills per gate step, in the order the mutants face them, then the steps a run adds per mutant
// (its folder-tests steps), in the order of their first kill.
std::vector<StepKills> KillsPerStep(const MutationReport& report) {
  std::vector<StepKills> rows;
  for (size_t i = 0; i < report.steps.size(); ++i) {
    rows.push_back({report.steps[i], 0, report.baseline_seconds[i]});
  }
  for (const MutantResult& result : report.results) {
    if (result.status != MutantStatus::kKilled) continue;
    auto row = std::find_if(rows.begin(), rows.end(),
                            [&](const StepKills& kills) { return kills.step == result.killed_by; });
    if (row == rows.end())
      row = rows.insert(rows.end(), StepKills{result.killed_by, 0, std::nullopt});
    ++row->killed;
  }
  return rows;
}

std::string BaselineCell(const StepKills& row) {
  return row.baseline_seconds.has_value() ? absl::StrFormat("%.1fs", *row.baseline_seconds) : "-";
}

std::vector<const MutantResult*> WithStatus(const MutationReport& report, MutantStatus status) {
  std::vector<const MutantResult*> found;
  for (const MutantResult& result : report.results) {
    if (result.status == status) found.push_back(&result);
  }
  return found;
}

std::string Verdict(const MutationReport& report) {
  return absl::StrFormat("%.1f%%", report.ScoreWithoutEquivalents());
}

}  // namespace

double MedianSecondsToKill(const MutationReport& report) {
  std::vector<double> seconds;
  for (const MutantResult* result : WithStatus(report, MutantStatus::kKilled)) {
    seconds.push_back(result->step_seconds);
  }
  if (seconds.empty()) return 0;
  std::sort(seconds.begin(), seconds.end());
  const size_t middle = seconds.size() / 2;
  return seconds.size() % 2 == 1 ? seconds[middle] : (seconds[middle - 1] + seconds[middle]) / 2;
}

std::string Headline(const MutationReport& report) {
  const size_t killed = report.Count(MutantStatus::kKilled);
  const size_t survived = report.Count(MutantStatus::kSurvived);
  const size_t equivalent = report.Count(MutantStatus::kEquivalent);
  std::string line = absl::StrFormat(
      "score %.1f%% (%d killed of %d compiled mutants, %d of them marked equivalent); "
      "%.1f%% of the non-equivalent ones; %d not compiled",
      report.Score(), killed, killed + survived + equivalent, equivalent,
      report.ScoreWithoutEquivalents(), report.Count(MutantStatus::kNotCompiled));
  if (const size_t not_run = report.Count(MutantStatus::kNotRun); not_run > 0) {
    absl::StrAppend(&line, "; ", not_run, " not run (budget or --arch)");
  }
  return line;
}

std::string MarkdownSummary(const MutationReport& report) {
  std::string md = absl::StrCat("# frameproof mutate: ", Headline(report), "\n\n");
  absl::StrAppendFormat(
      &md,
      "- %d mutants %s from %d, %d gate steps each at most, gate seed %d, gate "
      "budget %s\n- median gate-step time to kill: %.1fs; the run took %.0fs, started %s%s%s%s\n"
      "- rerun: `%s`\n",
      report.results.size(), SelectionDescription(report.config), report.population,
      report.steps.size(), report.config.gate.seed, absl::FormatDuration(report.config.gate.budget),
      MedianSecondsToKill(report), report.seconds, report.started,
      report.commit.empty() ? "" : ", commit ", report.commit,
      report.resumed == 0
          ? ""
          : absl::StrCat("; ", report.resumed,
                         " mutants' outcomes come from the journal of an earlier sitting"),
      report.RunLine());
  if (!report.stale_equivalents.empty()) {
    absl::StrAppend(&md, "\n**Equivalents to review** (their code moved): ",
                    absl::StrJoin(report.stale_equivalents, ", "), "\n");
  }
  const std::vector<const MutantResult*> survivors = WithStatus(report, MutantStatus::kSurvived);
  if (!survivors.empty()) {
    md += "\n## Survivors\n\n";
    for (const MutantResult* result : survivors) {
      absl::StrAppend(&md, "### ", result->mutant.Key(), "\n\n", result->mutant.Describe(),
                      "\n\n```diff\n", result->diff, "```\n\n```\n", report.RerunLine(*result),
                      "\n```\n\n");
    }
  }
  md += "\n## Killing steps\n\n| step | killed | baseline |\n|---|---:|---:|\n";
  for (const StepKills& row : KillsPerStep(report)) {
    absl::StrAppendFormat(&md, "| %s | %d | %s |\n", MarkdownCell(row.step), row.killed,
                          BaselineCell(row));
  }
  md +=
      "\n## Per file\n\n| file | killed | survived | equivalent | not compiled | score |\n"
      "|---|---:|---:|---:|---:|---:|\n";
  for (const auto& [file, tally] : PerFile(report)) {
    absl::StrAppendFormat(&md, "| %s | %d | %d | %d | %d | %s |\n", MarkdownCell(file),
                          tally.killed, tally.survived, tally.equivalent, tally.not_compiled,
                          tally.Score());
  }
  md +=
      "\n## Every mutant\n\n| mutant | change | result | step | step time | build time |\n"
      "|---|---|---|---|---:|---:|\n";
  for (const MutantResult& result : report.results) {
    absl::StrAppendFormat(
        &md, "| %s | %s | %s | %s | %.1fs | %.1fs |\n", MarkdownCell(result.mutant.Key()),
        MarkdownCell(result.mutant.Describe().substr(0, 80)), MutantStatusName(result.status),
        MarkdownCell(result.status == MutantStatus::kEquivalent ? result.equivalent
                                                                : result.killed_by),
        result.step_seconds, result.build_seconds);
  }
  return md;
}

std::string JunitXml(const MutationReport& report) {
  std::string cases;
  size_t failures = 0;
  size_t skipped = 0;
  for (const MutantResult& result : report.results) {
    absl::StrAppendFormat(&cases, "    <testcase classname=\"%s\" name=\"%s\" time=\"%.3f\"",
                          MarkupEscape(result.mutant.file), MarkupEscape(result.mutant.Key()),
                          result.step_seconds);
    switch (result.status) {
      case MutantStatus::kKilled:
        absl::StrAppend(&cases, "><system-out>killed by ", MarkupEscape(result.killed_by), ": ",
                        MarkupEscape(result.kill_note), "</system-out></testcase>\n");
        break;
      case MutantStatus::kSurvived:
        ++failures;
        absl::StrAppend(&cases, "><failure message=\"survived every gate step\">",
                        MarkupEscape(result.diff), "\n", MarkupEscape(report.RerunLine(result)),
                        "</failure></testcase>\n");
        break;
      case MutantStatus::kNotCompiled:
      case MutantStatus::kEquivalent:
      case MutantStatus::kNotRun:
        ++skipped;
        absl::StrAppend(&cases, "><skipped message=\"", MutantStatusName(result.status), ": ",
                        MarkupEscape(result.status == MutantStatus::kEquivalent ? result.equivalent
                                                                                : result.kill_note),
                        "\"/></testcase>\n");
        break;
    }
  }
  return absl::StrFormat(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"frameproof mutate (seed "
      "%d)\" tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"%d\" time=\"%.3f\">\n"
      "  <testsuite name=\"mutants\" tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"%d\" "
      "time=\"%.3f\">\n%s  </testsuite>\n</testsuites>\n",
      report.config.seed, report.results.size(), failures, skipped, report.seconds,
      report.results.size(), failures, skipped, report.seconds, cases);
}

std::string HtmlReport(const MutationReport& report) {
  const bool clean = report.Count(MutantStatus::kSurvived) == 0;
  std::string html = absl::StrCat(
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
      "<title>frameproof mutate: ",
      Verdict(report), "</title>\n<style>", gate::kReportStyle, "</style></head>\n<body><main>\n",
      "<h1>frameproof mutation run</h1>\n<div class=\"banner ", clean ? "pass" : "fail",
      "\"><div class=\"verdict\">", Verdict(report), "</div><div class=\"what\">",
      MarkupEscape(Headline(report)), "</div></div>\n");
  absl::StrAppendFormat(
      &html,
      "<div class=\"meta\"><span>seed <b>%d</b></span><span>mutants <b>%d of %d</b></span>"
      "<span>gate seed <b>%d</b></span><span>gate budget <b>%s</b></span><span>median time to "
      "kill <b>%.1fs</b></span><span>time <b>%.0fs</b></span><span>started <b>%s</b></span>%s"
      "</div>\n",
      report.config.seed, report.results.size(), report.population, report.config.gate.seed,
      MarkupEscape(absl::FormatDuration(report.config.gate.budget)), MedianSecondsToKill(report),
      report.seconds, MarkupEscape(report.started),
      report.commit.empty()
          ? ""
          : absl::StrCat("<span>commit <b>", MarkupEscape(report.commit), "</b></span>"));
  if (!report.stale_equivalents.empty()) {
    absl::StrAppend(&html, "<div class=\"card skip\"><h3>Equivalents to review</h3>",
                    MarkupEscape(absl::StrJoin(report.stale_equivalents, ", ")), "</div>\n");
  }
  const std::vector<const MutantResult*> survivors = WithStatus(report, MutantStatus::kSurvived);
  if (!survivors.empty()) html += "<h2>Survivors</h2>\n";
  for (const MutantResult* result : survivors) {
    absl::StrAppend(&html, "<div class=\"card fail\"><h3>", MarkupEscape(result->mutant.Key()),
                    "</h3><div>", MarkupEscape(result->mutant.Describe()), "</div><pre>",
                    MarkupEscape(result->diff), "</pre><pre class=\"cmd\">",
                    MarkupEscape(report.RerunLine(*result)), "</pre></div>\n");
  }
  html +=
      "<h2>Killing steps</h2>\n<table><tr><th>step</th><th class=\"num\">killed</th>"
      "<th class=\"num\">baseline</th></tr>\n";
  for (const StepKills& row : KillsPerStep(report)) {
    absl::StrAppendFormat(&html,
                          "<tr><td>%s</td><td class=\"num\">%d</td><td class=\"num\">%s</td>"
                          "</tr>\n",
                          MarkupEscape(row.step), row.killed, BaselineCell(row));
  }
  html +=
      "</table>\n<h2>Per file</h2>\n<table><tr><th>file</th><th class=\"num\">killed</th>"
      "<th class=\"num\">survived</th><th class=\"num\">equivalent</th><th class=\"num\">not "
      "compiled</th><th>score</th></tr>\n";
  for (const auto& [file, tally] : PerFile(report)) {
    absl::StrAppendFormat(
        &html,
        "<tr><td>%s</td><td class=\"num\">%d</td><td class=\"num\">%d</td><td "
        "class=\"num\">%d</td><td class=\"num\">%d</td><td><div class=\"bar%s\"><span "
        "style=\"width:%.1f%%\"></span></div>%s</td></tr>\n",
        MarkupEscape(file), tally.killed, tally.survived, tally.equivalent, tally.not_compiled,
        tally.survived > 0 ? " low" : "", tally.BarPercent(), tally.Score());
  }
  html +=
      "</table>\n<h2>Every mutant</h2>\n<table><tr><th>mutant</th><th>change</th><th>result"
      "</th><th>step or reason</th><th class=\"num\">step time</th><th class=\"num\">build "
      "time</th></tr>\n";
  for (const MutantResult& result : report.results) {
    const bool survived = result.status == MutantStatus::kSurvived;
    absl::StrAppendFormat(
        &html,
        "<tr%s><td>%s</td><td><code>%s</code></td><td>%s</td><td>%s</td><td "
        "class=\"num\">%.1fs</td><td class=\"num\">%.1fs</td></tr>\n",
        survived ? " class=\"FAIL\"" : "", MarkupEscape(result.mutant.Key()),
        MarkupEscape(result.mutant.Describe().substr(0, 80)), MutantStatusName(result.status),
        MarkupEscape(result.status == MutantStatus::kEquivalent ? result.equivalent
                                                                : result.killed_by),
        result.step_seconds, result.build_seconds);
  }
  absl::StrAppend(
      &html,
      "</table>\n<h2>In this folder</h2><p><a href=\"junit.xml\">junit.xml</a> &middot; "
      "<a href=\"summary.md\">summary.md</a> &middot; <a href=\"survivors.diff\">"
      "survivors.diff</a> &middot; <a href=\"mutants.tsv\">mutants.tsv</a> &middot; "
      "<a href=\"logs/\">logs/</a> (the killing step's log per mutant)</p>\n"
      "<pre class=\"cmd\">",
      MarkupEscape(report.RunLine()), "</pre>\n</main></body></html>\n");
  return html;
}

std::string SurvivorsDiff(const MutationReport& report) {
  std::string diff;
  for (const MutantResult* result : WithStatus(report, MutantStatus::kSurvived)) {
    absl::StrAppend(&diff, "# ", result->mutant.Key(), "\n# rerun: ", report.RerunLine(*result),
                    "\n", result->diff);
  }
  return diff;
}

std::string MutantTable(const MutationReport& report) {
  std::string table = "# key\tstatus\tstep\tstep_seconds\tbuild_seconds\n";
  for (const MutantResult& result : report.results) {
    absl::StrAppendFormat(&table, "%s\t%s\t%s\t%.1f\t%.1f\n", result.mutant.Key(),
                          MutantStatusName(result.status), result.killed_by, result.step_seconds,
                          result.build_seconds);
  }
  return table;
}

absl::Status WriteMutationReports(const MutationReport& report, const std::filesystem::path& dir) {
  FP_RETURN_IF_ERROR(MakeDirectories(dir));
  const std::pair<const char*, std::string> files[] = {
      {"summary.md", MarkdownSummary(report)}, {"junit.xml", JunitXml(report)},
      {"index.html", HtmlReport(report)},      {"survivors.diff", SurvivorsDiff(report)},
      {"mutants.tsv", MutantTable(report)},
  };
  for (const auto& [name, text] : files) {
    std::ofstream out(dir / name);
    out << text;
    if (!out) return absl::InternalError(absl::StrCat("cannot write ", (dir / name).string()));
  }
  return absl::OkStatus();
}

}  // namespace frameproof::mutate
