#ifndef FRAMEPROOF_VERIFIERS_GATE_GATE_REPORTS_H_
#define FRAMEPROOF_VERIFIERS_GATE_GATE_REPORTS_H_

// The gate's report folder: JUnit XML for any CI, a Markdown summary, a self-contained HTML page
// with the plots, and the case list that two runs with one seed must agree on.

#include <filesystem>
#include <string>

#include "absl/status/status.h"
#include "verifiers/gate/gate_plots.h"
#include "verifiers/gate/gate_runner.h"

namespace frameproof::gate {

// junit.xml: one <testsuite> per step and one <testcase> per case; a failure's text carries its
// message and reproduction line, a skip its reason.
std::string JunitXml(const GateReport& report);

// summary.md: the verdict, the failures with their reproduction lines, and the step, coverage,
// fuzzing and throughput tables.
std::string MarkdownSummary(const GateReport& report);

// cases.txt: "step<TAB>status<TAB>case" per case, in run order.
std::string CaseList(const GateReport& report);

// index.html: everything in summary.md plus the plots (SVG inlined as data URIs), with no
// outside resources, so the one file can be mailed or archived.
std::string HtmlReport(const GateReport& report, const Plots& plots);

// Writes junit.xml, summary.md, cases.txt, the plots and index.html into config.report_dir.
// Plots need gnuplot; without it the page says so and everything else is written.
absl::Status WriteReports(const GateReport& report);

}  // namespace frameproof::gate

#endif  // FRAMEPROOF_VERIFIERS_GATE_GATE_REPORTS_H_
