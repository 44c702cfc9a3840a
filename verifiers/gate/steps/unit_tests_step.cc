// "unit-tests/<isa>": the ctest suite of one preset, one case per ctest test.

#include <optional>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "verifiers/gate/ctest_selection.h"
#include "verifiers/gate/steps/steps.h"
#include "verifiers/util/file_bytes.h"

namespace frameproof::gate {
namespace {

constexpr absl::Duration kCtestTimeout = absl::Minutes(90);
constexpr absl::Duration kListingTimeout = absl::Minutes(5);
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

std::optional<std::filesystem::file_time_type> WriteTime(const std::filesystem::path& path) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error)) return std::nullopt;
  const std::filesystem::file_time_type written = std::filesystem::last_write_time(path, error);
  if (error) return std::nullopt;
  return written;
}

// The tests of `dir` that a rebuild begun at `since` can have changed, from ctest's own listing,
// those built from the source folder `first_from` first.
absl::StatusOr<CtestSelection> ListTestsRebuiltSince(StepContext& context,
                                                     const std::filesystem::path& dir,
                                                     std::filesystem::file_time_type since,
                                                     const std::filesystem::path& first_from,
                                                     const std::filesystem::path& listing_file) {
  const CommandOutcome outcome = context.Run({.argv = {"ctest", "--test-dir", dir.string(),
                                                       "--show-only=json-v1"},
                                              .env = {GateConfig::NoPlantedBugs()},
                                              .timeout = kListingTimeout,
                                              .stdout_file = listing_file.string()});
  const std::optional<std::string> listing = ReadFileText(listing_file.string());
  if (!outcome.ok() || !listing.has_value()) {
    return absl::UnavailableError(
        absl::StrCat("ctest --show-only=json-v1 ", outcome.Describe()));
  }
  return SelectTestsRebuiltSince(*listing, dir, since, WriteTime, first_from);
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
        std::vector<std::string> argv = {"ctest",
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
        // Each pass is one ctest run over some tests (all of them when not a mutation run).
        std::vector<std::vector<size_t>> passes = {{}};
        std::string selected;  // after the counts: how many of the tree's tests ran
        if (config.tests_rebuilt_since.has_value()) {
          const absl::StatusOr<CtestSelection> selection = ListTestsRebuiltSince(
              context, dir, *config.tests_rebuilt_since, config.tests_first_from,
              junit.parent_path() / absl::StrCat(InstructionSetName(isa), "-tests.json"));
          if (!selection.ok()) {
            return Fail(result, absl::StrCat("cannot list the tests: ",
                                             selection.status().message()));
          }
          if (selection->numbers.empty()) {
            result.note = absl::StrCat("no test program was rebuilt: none of the ",
                                       selection->total, " tests can see the change");
            return;
          }
          const auto split = selection->numbers.begin() + selection->first;
          passes = {{selection->numbers.begin(), split}, {split, selection->numbers.end()}};
          std::erase_if(passes, [](const std::vector<size_t>& pass) { return pass.empty(); });
          argv.push_back("--stop-on-failure");
          selected = absl::StrCat(" (the ", selection->numbers.size(), " of ", selection->total,
                                  " tests whose programs were rebuilt, ", selection->first,
                                  " built from ", config.tests_first_from.string(), " first)");
        }
        CommandOutcome outcome;
        for (const std::vector<size_t>& pass : passes) {
          std::vector<std::string> pass_argv = argv;
          if (!pass.empty()) pass_argv.insert(pass_argv.end(), {"-I", TestNumbersArgument(pass)});
          outcome = context.Run(
              {.argv = pass_argv, .env = {GateConfig::NoPlantedBugs()}, .timeout = kCtestTimeout},
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
                                               ExactTestPattern(test->name),
                                               "--output-on-failure"}));
                  gate_case.seconds = test->seconds;
                }
                AddCase(result, std::move(gate_case));
              });
          if (!outcome.ok() || result.status == StepStatus::kFail) break;
        }
        if (result.cases.empty()) {
          return Fail(result, absl::StrCat("ctest reported no tests (", outcome.Describe(), ")"));
        }
        NoteCounts(result);
        result.note += selected;
        if (!outcome.ok() && result.status == StepStatus::kPass) {
          Fail(result, absl::StrCat("ctest ", outcome.Describe(), " after ", result.note));
        }
      }};
}

}  // namespace frameproof::gate
