// "replay/<target>/<isa>": every regression and seed input of a fuzz target through its replay
// binary. One process replays the inputs; when one aborts, the rest go to the next process, so
// each input gets its own verdict without a process per input (in a mutation run, the first
// failed input ends the step).

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "verifiers/gate/steps/steps.h"

namespace frameproof::gate {
namespace {

constexpr absl::Duration kReplayTimeout = absl::Minutes(10);

}  // namespace

Step ReplayStep(const GateConfig& config, std::string target, InstructionSet isa) {
  const std::string preset(GateConfig::PresetFor(isa));
  const std::string replay = absl::StrCat(config.Variant(target), "_replay");
  return Step{
      absl::StrCat("replay/", target, "/", InstructionSetName(isa)),
      absl::StrCat(target, "_replay over corpora/regressions/", target, " and corpora/", target,
                   " (", GateConfig::RunnerName(isa), ")"),
      {{preset, {replay}}},
      [target, isa, preset, replay](StepContext& context, StepResult& result) {
        const GateConfig& config = context.config();
        const std::string binary = (config.BuildDir(preset) / "fuzzers" / replay).string();
        if (!CanRun(config, isa, binary, result)) return;
        std::vector<std::string> inputs = FilesIn(absl::StrCat("corpora/regressions/", target));
        const std::vector<std::string> seeds = FilesIn(absl::StrCat("corpora/", target));
        inputs.insert(inputs.end(), seeds.begin(), seeds.end());
        if (inputs.empty()) return Fail(result, absl::StrCat("no inputs for ", target));

        // The replay binary names each input before running it ("replay: FILE (N bytes)"); an
        // input named by a process that then failed is the one that failed.
        absl::flat_hash_set<std::string> done;
        while (done.size() < inputs.size()) {
          std::vector<std::string> argv = {binary};
          for (const std::string& input : inputs) {
            if (!done.contains(input)) argv.push_back(input);
          }
          const size_t done_before = done.size();
          std::string current;
          std::string output;  // since the last marker: the failing input's report
          const CommandOutcome outcome =
              context.Run({.argv = config.Runner(isa, argv), .timeout = kReplayTimeout},
                          [&](double, absl::string_view line) {
                            std::optional<std::string> input = ParseReplayLine(line);
                            if (!input.has_value()) {
                              absl::StrAppend(&output, line, "\n");
                              return;
                            }
                            if (!current.empty()) AddCase(result, PassedCase(current));
                            current = *std::move(input);
                            done.insert(current);
                            output.clear();
                          });
          if (outcome.ok()) {
            if (!current.empty()) AddCase(result, PassedCase(current));
            break;
          }
          if (current.empty() || done.size() == done_before) {
            // Nothing new was named: replaying the same inputs again would fail the same way.
            return Fail(result, absl::StrCat(config.RepoRelative(binary), " ", outcome.Describe(),
                                             " before replaying an input it was given"));
          }
          const std::string report = FirstReportLine(output);
          AddCase(result,
                  FailedCase(current,
                             absl::StrCat(outcome.Describe(), report.empty() ? "" : ": ", report),
                             config.ReproductionLine(config.Runner(isa, {binary, current}))));
          if (config.first_failure_ends_step) break;
        }
        NoteCounts(result);
      }};
}

}  // namespace frameproof::gate
