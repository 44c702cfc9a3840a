#include "verifiers/gate/gate_plots.h"

#include <fstream>
#include <sstream>

#include "absl/container/btree_map.h"
#include "absl/container/btree_set.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "verifiers/util/directories.h"
#include "verifiers/util/subprocess.h"

namespace frameproof::gate {
namespace {

constexpr absl::Duration kGnuplotTimeout = absl::Minutes(1);
constexpr char kGnuplot[] = "gnuplot";
constexpr char kCoverageColor[] = "#1f6fb4";
constexpr char kExecColor[] = "#c0392b";
// libFuzzer's own exec/s is executions over whole seconds since start, a sawtooth; the plot
// shows executions over the gate's timestamps instead, in windows at least this long.
constexpr double kRateWindowSeconds = 1.0;

// The settings every chart shares: SVG of a fixed size, a light grid, the report's font.
constexpr char kPreamble[] =
    "set terminal svg size %d,%d dynamic noenhanced font 'DejaVu Sans,11' background '#ffffff'\n"
    "set output '%s'\n"
    "set datafile separator '\\t'\n"
    "set datafile missing '?'\n"
    "set grid lc rgb '#dddddd'\n"
    "set border lc rgb '#555555'\n";

bool WriteFile(const std::filesystem::path& path, absl::string_view text) {
  std::ofstream out(path);
  out << text;
  return static_cast<bool>(out);
}

std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Runs gnuplot on `script`; returns the SVG it wrote to `svg`, or the reason it did not.
absl::StatusOr<std::string> RunGnuplot(const std::filesystem::path& dir, const std::string& name,
                                       const std::string& script) {
  const std::filesystem::path script_path = dir / absl::StrCat(name, ".gp");
  if (!WriteFile(script_path, script)) {
    return absl::InternalError(absl::StrCat("cannot write ", script_path.string()));
  }
  std::ostringstream log;
  const CommandOutcome outcome =
      RunCommand({.argv = {kGnuplot, script_path.string()}, .timeout = kGnuplotTimeout}, log);
  if (!outcome.ok()) {
    return absl::InternalError(absl::StrCat("gnuplot ", outcome.Describe(), ": ", log.str()));
  }
  return ReadFile(dir / absl::StrCat(name, ".svg"));
}

std::string FuzzScript(const std::filesystem::path& dir, const FuzzStats& fuzz) {
  const std::string data = (dir / absl::StrCat("fuzz-", fuzz.target, ".tsv")).string();
  const std::string svg = (dir / absl::StrCat("fuzz-", fuzz.target, ".svg")).string();
  std::string script = absl::StrFormat(kPreamble, 460, 270, svg);
  absl::StrAppendFormat(&script,
                        "set title '%s' font ',12'\n"
                        "set xlabel 'seconds'\n"
                        "set ylabel 'coverage (edges)' tc rgb '%s'\n"
                        "set y2label 'exec/s' tc rgb '%s'\n"
                        "set ytics nomirror tc rgb '%s'\n"
                        "set y2tics tc rgb '%s'\n"
                        "set yrange [0:*]\nset y2range [0:*]\nset xrange [0:*]\n"
                        "set key bottom right opaque\n"
                        "plot '%s' using 1:2 with steps lw 2 lc rgb '%s' title 'coverage', \\\n"
                        "     '' using 1:3 axes x1y2 with linespoints lw 1.5 pt 7 ps 0.5 lc rgb "
                        "'%s' title 'exec/s (1 s windows)'\n",
                        fuzz.target, kCoverageColor, kExecColor, kCoverageColor, kExecColor, data,
                        kCoverageColor, kExecColor);
  std::string rows = "# seconds\tcoverage\texec/s (window ending here; ? before the first)\n";
  const FuzzSample* window_start = nullptr;
  for (const FuzzSample& sample : fuzz.samples) {
    std::string rate = "?";
    if (window_start == nullptr) {
      window_start = &sample;
    } else if (sample.seconds - window_start->seconds >= kRateWindowSeconds) {
      rate = absl::StrFormat(
          "%.0f", (sample.execs - window_start->execs) / (sample.seconds - window_start->seconds));
      window_start = &sample;
    }
    absl::StrAppendFormat(&rows, "%.2f\t%d\t%s\n", sample.seconds, sample.coverage, rate);
  }
  WriteFile(data, rows);
  return script;
}

// Rows are resolvers (labels), columns runners; a runner without a label's step shows a gap.
std::string ThroughputScript(const std::filesystem::path& dir,
                             const std::vector<const Throughput*>& throughputs) {
  absl::btree_set<std::string> runners;
  absl::btree_map<std::string, absl::btree_map<std::string, double>> rates;
  std::vector<std::string> labels;  // in run order
  for (const Throughput* throughput : throughputs) {
    runners.insert(throughput->runner);
    if (!rates.contains(throughput->label)) labels.push_back(throughput->label);
    rates[throughput->label][throughput->runner] = throughput->per_second();
  }
  std::string rows = "resolver";
  for (const std::string& runner : runners) absl::StrAppend(&rows, "\t", runner);
  rows += "\n";
  for (const std::string& label : labels) {
    rows += label;
    for (const std::string& runner : runners) {
      const auto rate = rates[label].find(runner);
      absl::StrAppend(&rows, "\t",
                      rate == rates[label].end() ? "?" : absl::StrFormat("%.0f", rate->second));
    }
    rows += "\n";
  }
  const std::string data = (dir / "throughput.tsv").string();
  WriteFile(data, rows);
  std::string script = absl::StrFormat(kPreamble, 620, 300, (dir / "throughput.svg").string());
  absl::StrAppendFormat(&script,
                        "set title 'execution verifier: cases per second per runner' font ',12'\n"
                        "set style data histograms\n"
                        "set style histogram clustered gap 1\n"
                        "set style fill solid 0.85 border -1\n"
                        "set boxwidth 0.9\n"
                        "set ylabel 'cases/s'\n"
                        "set yrange [0:*]\n"
                        "set key outside top center horizontal\n"
                        "plot '%s' using 2:xtic(1) title columnheader(2) lc rgb '%s'",
                        data, kCoverageColor);
  for (size_t column = 3; column <= runners.size() + 1; ++column) {
    absl::StrAppendFormat(&script, ", '' using %d title columnheader(%d) lc rgb '%s'", column,
                          column, kExecColor);
  }
  script += "\n";
  return script;
}

}  // namespace

Plots RenderPlots(const GateReport& report) {
  Plots plots;
  const std::filesystem::path dir = report.config.report_dir / "plots";
  if (const absl::Status made = MakeDirectories(dir); !made.ok()) {
    plots.problem = absl::StrCat(made.message(), ": no plots");
    return plots;
  }
  if (!IsExecutable(kGnuplot)) {
    plots.problem = "gnuplot is not installed (scripts/setup installs gnuplot-nox): no plots";
    return plots;
  }
  std::vector<const Throughput*> throughputs;
  for (const StepResult& step : report.steps) {
    if (step.throughput.has_value()) throughputs.push_back(&*step.throughput);
    if (!step.fuzz.has_value() || step.fuzz->samples.empty()) continue;
    const std::string name = absl::StrCat("fuzz-", step.fuzz->target);
    absl::StatusOr<std::string> svg = RunGnuplot(dir, name, FuzzScript(dir, *step.fuzz));
    if (!svg.ok()) {
      plots.problem = std::string(svg.status().message());
      continue;
    }
    plots.fuzz.push_back(
        {step.fuzz->target, absl::StrCat("plots/", name, ".svg"), *std::move(svg)});
  }
  if (!throughputs.empty()) {
    absl::StatusOr<std::string> svg =
        RunGnuplot(dir, "throughput", ThroughputScript(dir, throughputs));
    if (svg.ok()) {
      plots.throughput =
          Plot{"cases per second per runner", "plots/throughput.svg", *std::move(svg)};
    } else {
      plots.problem = std::string(svg.status().message());
    }
  }
  return plots;
}

}  // namespace frameproof::gate
