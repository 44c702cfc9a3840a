#ifndef FRAMEPROOF_VERIFIERS_GATE_GATE_PLOTS_H_
#define FRAMEPROOF_VERIFIERS_GATE_GATE_PLOTS_H_

// The report's charts, drawn by gnuplot as SVG: coverage and exec/s over time per fuzz target,
// and cases per second per runner.

#include <optional>
#include <string>
#include <vector>

#include "verifiers/gate/gate_runner.h"

namespace frameproof::gate {

struct Plot {
  std::string title;
  std::string file;  // relative to the report directory
  std::string svg;   // the SVG document
};

struct Plots {
  std::vector<Plot> fuzz;          // one per fuzz target that reported progress
  std::optional<Plot> throughput;  // exec campaign cases/s, per resolver and runner
  std::string problem;             // why plots are missing, if any are
};

// Writes each chart's data and gnuplot script under report_dir/plots and runs gnuplot on them.
Plots RenderPlots(const GateReport& report);

}  // namespace frameproof::gate

#endif  // FRAMEPROOF_VERIFIERS_GATE_GATE_PLOTS_H_
