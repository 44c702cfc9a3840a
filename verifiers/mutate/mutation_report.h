#ifndef FRAMEPROOF_VERIFIERS_MUTATE_MUTATION_REPORT_H_
#define FRAMEPROOF_VERIFIERS_MUTATE_MUTATION_REPORT_H_

// The mutation run's report folder, in the gate's style: summary.md, junit.xml (one testcase per
// mutant; a survivor is a failure), index.html, survivors.diff and mutants.tsv.

#include <filesystem>
#include <string>

#include "absl/status/status.h"
#include "verifiers/mutate/mutation_run.h"

namespace frameproof::mutate {

// The median gate-step seconds to kill, over the killed mutants (0 if none).
double MedianSecondsToKill(const MutationReport& report);

// The one-line verdict: "score 87.5% (140 of 160 compiled mutants killed), ...".
std::string Headline(const MutationReport& report);

// summary.md: the scores, the killing steps, per-file scores, and every survivor with its diff
// and rerun line.
std::string MarkdownSummary(const MutationReport& report);

// junit.xml: a killed, equivalent or not-compiled mutant passes or is skipped; a survivor fails
// with its diff and rerun line.
std::string JunitXml(const MutationReport& report);

// index.html: the summary as one self-contained page.
std::string HtmlReport(const MutationReport& report);

// survivors.diff: every survivor's diff, preceded by a comment with its key and rerun line.
std::string SurvivorsDiff(const MutationReport& report);

// mutants.tsv: "key<TAB>status<TAB>step<TAB>step seconds<TAB>build seconds" per mutant.
std::string MutantTable(const MutationReport& report);

// Writes all of the above into `dir`.
absl::Status WriteMutationReports(const MutationReport& report, const std::filesystem::path& dir);

}  // namespace frameproof::mutate

#endif  // FRAMEPROOF_VERIFIERS_MUTATE_MUTATION_REPORT_H_
