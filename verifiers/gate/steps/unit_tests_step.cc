// "unit-tests/<isa>": the ctest suite of one preset, one case per ctest test.

#include <optional>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "verifiers/gate/steps/steps.h"

namespace frameproof::gate {
namespace {

constexpr absl::Duration kCtestTimeout = absl::Minutes(90);
constexpr int kPerTestTimeoutSeconds = 600;

// `name` as a ctest -R pattern that matches it alone.
std::string ExactTestPattern(absl::string_view name) {
  std::string pattern = "^";
  for (char c : name) {
    if (absl::string_view("\\^$.|?*+()[]{}").find(c) != absl::string_view::npos) pattern += '\\';
    pattern += c;
  }
  return pattern + "$";
}

}  // namespace

Step UnitTestsStep(const GateConfig&, InstructionSet isa) {
  const std::string name = absl::StrCat("unit-tests/", InstructionSetName(isa));
  const std::string preset(GateConfig::PresetFor(isa));
  return Step{
      name,
      absl::StrCat("ctest over build/", preset, " (", GateConfig::RunnerName(isa), ")"),
      {{preset, {}}},
      [isa, preset](StepContext& context, StepResult& result) {
        const GateConfig& config = context.config();
        const std::filesystem::path dir = config.BuildDir(preset);
        if (!CanRun(config, isa, dir / "CTestTestfile.cmake", result)) return;
        const std::filesystem::path junit =
            config.report_dir / "ctest" / absl::StrCat(InstructionSetName(isa), ".xml");
        std::filesystem::create_directories(junit.parent_path());
        const std::vector<std::string> argv = {"ctest",
                                               "--test-dir",
                                               dir.string(),
                                               "-j",
                                               absl::StrCat(config.jobs),
                                               "--timeout",
                                               absl::StrCat(kPerTestTimeoutSeconds),
                                               "--output-on-failure",
                                               "--no-tests=error",
                                               "--output-junit",
                                               junit.string()};
        const CommandOutcome outcome = context.Run(
            {.argv = argv, .env = {GateConfig::NoPlantedBugs()}, .timeout = kCtestTimeout},
            [&](double, absl::string_view line) {
              std::optional<CtestResult> test = ParseCtestResultLine(line);
              if (!test.has_value()) return;
              GateCase gate_case = PassedCase(test->name);
              gate_case.seconds = test->seconds;
              if (absl::StartsWith(test->verdict, "Skipped")) {
                gate_case.status = StepStatus::kSkip;
                gate_case.message = test->verdict;
              } else if (test->verdict != "Passed") {
                gate_case = FailedCase(
                    test->name,
                    absl::StrCat("ctest: ", test->verdict, " (output in ", result.log, ")"),
                    config.ReproductionLine({"ctest", "--test-dir", dir.string(), "-R",
                                             ExactTestPattern(test->name), "--output-on-failure"}));
                gate_case.seconds = test->seconds;
              }
              AddCase(result, std::move(gate_case));
            });
        if (result.cases.empty()) {
          return Fail(result, absl::StrCat("ctest reported no tests (", outcome.Describe(), ")"));
        }
        NoteCounts(result);
        if (!outcome.ok() && result.status == StepStatus::kPass) {
          Fail(result, absl::StrCat("ctest ", outcome.Describe(), " after ", result.note));
        }
      }};
}

}  // namespace frameproof::gate
