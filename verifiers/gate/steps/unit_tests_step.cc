// "unit-tests/<isa>": the ctest suite of one preset, one case per ctest test; and a mutation run's
// "folder-tests/<isa>": the tests built from the mutated folder alone.

#include <cstdint>
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
  const CommandOutcome outcome =
      context.Run({.argv = {"ctest", "--test-dir", dir.string(), "--show-only=json-v1"},
                   .env = {GateConfig::NoPlantedBugs()},
                   .timeout = kListingTimeout,
                   .stdout_file = listing_file.string()});
  const std::optional<std::string> listing = ReadFileText(listing_file.string());
  if (!outcome.ok() || !listing.has_value()) {
    return absl::UnavailableError(absl::StrCat("ctest --show-only=json-v1 ", outcome.Describe()));
  }
  return SelectTestsRebuiltSince(*listing, dir, since, WriteTime, first_from);
}

// Which of a preset's tests one unit-tests run covers.
enum class TestScope : uint8_t {
  kAll,         // every test (in a mutation run, every test whose program was rebuilt)
  kFolderOnly,  // a mutation run's tests built from config.tests_first_from alone
};

// Runs `scope`'s ctest tests of `preset` into `result`, one case per test.
void RunUnitTests(StepContext& context, StepResult& result, InstructionSet isa,
                  const std::string& preset, TestScope scope) {
  const GateConfig& config = context.config();
  const std::filesystem::path dir = config.BuildDir(preset);
  if (!CanRun(config, isa, dir / "CTestTestfile.cmake", result)) return;
  if (scope == TestScope::kFolderOnly && !config.tests_rebuilt_since.has_value()) {
    return Fail(result, "the tests of one folder are chosen only in a mutation run");
  }
  const std::string junit_stem =
      absl::StrCat(InstructionSetName(isa), scope == TestScope::kFolderOnly ? "-folder" : "");
  const std::filesystem::path ctest_dir = config.report_dir / "ctest";
  MakeDirectories(ctest_dir).IgnoreError();
  std::vector<std::string> argv = {"ctest",
                                   "--test-dir",
                                   dir.string(),
                                   "-j",
                                   absl::StrCat(config.jobs),
                                   "--timeout",
                                   absl::StrCat(kPerTestTimeoutSeconds),
                                   "--output-on-failure",
                                   "--no-tests=error"};
  if (config.first_failure_ends_step) argv.push_back("--stop-on-failure");
  // Each pass is one ctest run over some tests (all of them when not a mutation run).
  std::vector<std::vector<size_t>> passes = {{}};
  std::string selected;  // after the counts: how many of the tree's tests ran
  if (config.tests_rebuilt_since.has_value()) {
    const absl::StatusOr<CtestSelection> selection =
        ListTestsRebuiltSince(context, dir, *config.tests_rebuilt_since, config.tests_first_from,
                              ctest_dir / absl::StrCat(junit_stem, "-tests.json"));
    if (!selection.ok()) {
      return Fail(result, absl::StrCat("cannot list the tests: ", selection.status().message()));
    }
    const auto split = selection->numbers.begin() + selection->first;
    if (scope == TestScope::kFolderOnly) {
      passes = {{selection->numbers.begin(), split}};
    } else {
      passes = {{selection->numbers.begin(), split}, {split, selection->numbers.end()}};
    }
    std::erase_if(passes, [](const std::vector<size_t>& pass) { return pass.empty(); });
    if (passes.empty()) {
      result.note = scope == TestScope::kFolderOnly
                        ? absl::StrCat("no test program built from ",
                                       config.tests_first_from.string(), " was rebuilt")
                        : absl::StrCat("no test program was rebuilt: none of the ",
                                       selection->total, " tests can see the change");
      return;
    }
    if (scope == TestScope::kFolderOnly) {
      selected = absl::StrCat(" (the tests built from ", config.tests_first_from.string(), ")");
    } else if (config.tests_first_from.empty()) {
      selected = absl::StrCat(" (the ", selection->numbers.size(), " of ", selection->total,
                              " tests whose programs were rebuilt)");
    } else {
      selected = absl::StrCat(" (the ", selection->numbers.size(), " of ", selection->total,
                              " tests whose programs were rebuilt, ", selection->first,
                              " built from ", config.tests_first_from.string(), " first)");
    }
  }
  CommandOutcome outcome;
  for (size_t p = 0; p < passes.size(); ++p) {
    std::vector<std::string> pass_argv = argv;
    // One JUnit file per pass, so the second does not overwrite the first.
    const std::string junit =
        (ctest_dir / absl::StrCat(junit_stem, p == 0 ? "" : "-rest", ".xml")).string();
    pass_argv.insert(pass_argv.end(), {"--output-junit", junit});
    if (!passes[p].empty()) {
      pass_argv.insert(pass_argv.end(), {"-I", TestNumbersArgument(passes[p])});
    }
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
                test->name, absl::StrCat("ctest: ", test->verdict, " (output in ", result.log, ")"),
                config.ReproductionLine({"ctest", "--test-dir", dir.string(), "-R",
                                         ExactTestPattern(test->name), "--output-on-failure"}));
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
}

}  // namespace

Step UnitTestsStep(const GateConfig&, InstructionSet isa) {
  const std::string preset(GateConfig::PresetFor(isa));
  return Step{absl::StrCat("unit-tests/", InstructionSetName(isa)),
              absl::StrCat("ctest over build/", preset, " (", GateConfig::RunnerName(isa), ")"),
              {{preset, {}}},
              [isa, preset](StepContext& context, StepResult& result) {
                RunUnitTests(context, result, isa, preset, TestScope::kAll);
              }};
}

Step FolderTestsStep(const GateConfig&, InstructionSet isa, const std::filesystem::path& folder,
                     std::vector<std::string> programs) {
  const std::string preset(GateConfig::PresetFor(isa));
  return Step{absl::StrCat("folder-tests/", InstructionSetName(isa)),
              absl::StrCat("ctest over the tests of build/", preset, "/", folder.string(), " (",
                           GateConfig::RunnerName(isa), ")"),
              {{preset, std::move(programs)}},
              [isa, preset](StepContext& context, StepResult& result) {
                RunUnitTests(context, result, isa, preset, TestScope::kFolderOnly);
              }};
}

}  // namespace frameproof::gate
