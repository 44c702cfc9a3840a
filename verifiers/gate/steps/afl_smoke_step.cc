// "afl/<target>": a time-boxed AFL++ run of one codec fuzz target from its seed corpus, on the afl
// preset (afl-clang-fast++, persistent mode). The project promises two engines from one source;
// this step runs the second on every gate. Its plot_data becomes the exec/s and edge series the
// report draws beside libFuzzer's; each saved crash is a failing case with its reproduction.

#include <fstream>
#include <sstream>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "verifiers/gate/steps/steps.h"

namespace frameproof::gate {
namespace {

constexpr char kAflFuzz[] = "afl-fuzz";
// Time for AFL++ to calibrate the seeds before -V starts counting, and to write its stats.
constexpr absl::Duration kAflGrace = absl::Minutes(3);
// Per-input time limit; "+" skips seeds that exceed it instead of aborting.
constexpr char kAflTimeout[] = "2000+";
constexpr size_t kKeptOutputBytes = 64 * 1024;

std::string ReadText(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The saved crashes (not AFL++'s README.txt beside them).
std::vector<std::string> CrashFiles(const std::filesystem::path& dir) {
  std::vector<std::string> crashes;
  for (const std::string& file : FilesIn(dir)) {
    if (absl::StartsWith(std::filesystem::path(file).filename().string(), "id:")) {
      crashes.push_back(file);
    }
  }
  return crashes;
}

// `line` without the terminal colour codes AFL++ prints even without its UI.
std::string WithoutColours(absl::string_view line) {
  std::string plain;
  for (size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '\x1b' && i + 1 < line.size() && line[i + 1] == '[') {
      i = line.find('m', i);
      if (i == absl::string_view::npos) break;
      continue;
    }
    plain += line[i];
  }
  return plain;
}

}  // namespace

Step AflSmokeStep(const GateConfig& config, std::string target, absl::Duration time) {
  const std::string binary_name = absl::StrCat(config.Variant(target), "_afl");
  const int64_t seconds = absl::ToInt64Seconds(time);
  const InstructionSet host = NativeInstructionSet();
  const std::string name = absl::StrCat("afl/", target);
  return Step{
      name,
      absl::StrCat("AFL++ ", binary_name, " for ", seconds, "s (", GateConfig::RunnerName(host),
                   ")"),
      {{"afl", {binary_name}}},
      [name, target, seconds, binary_name](StepContext& context, StepResult& result) {
        const GateConfig& config = context.config();
        const InstructionSet host = NativeInstructionSet();
        const std::string binary = (config.BuildDir("afl") / "fuzzers" / binary_name).string();
        if (!CanRun(config, host, binary, result)) return;
        if (!IsExecutable(kAflFuzz)) {
          Skip(result, "afl-fuzz is not installed (scripts/setup installs afl++)");
          return;
        }
        const std::filesystem::path work = FreshWorkDir(config, name);
        const std::filesystem::path out = work / "out";

        FuzzStats stats;
        stats.target = absl::StrCat(target, "_afl");  // beside libFuzzer's row for `target`
        stats.seed = FuzzSeed(config.seed, target);
        std::vector<std::string> argv = {kAflFuzz,
                                         "-i",
                                         absl::StrCat("corpora/", target),
                                         "-o",
                                         out.string(),
                                         "-s",
                                         absl::StrCat(stats.seed),
                                         "-V",
                                         absl::StrCat(seconds),
                                         "-t",
                                         kAflTimeout};
        if (std::filesystem::exists(absl::StrCat("fuzzers/", target, ".dict"))) {
          argv.insert(argv.end(), {"-x", absl::StrCat("fuzzers/", target, ".dict")});
        }
        argv.insert(argv.end(), {"--", binary});
        // A plain log instead of the screen; no CPU pinning and no core_pattern demands, since the
        // gate shares the machine with other steps.
        const Command command{.argv = argv,
                              .env = {{"AFL_NO_UI", "1"},
                                      {"AFL_NO_AFFINITY", "1"},
                                      {"AFL_SKIP_CPUFREQ", "1"},
                                      {"AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES", "1"},
                                      {"AFL_FAST_CAL", "1"}},
                              .timeout = absl::Seconds(seconds) + kAflGrace};
        std::string output;
        const CommandOutcome outcome = context.Run(command, [&](double, absl::string_view line) {
          if (output.size() < kKeptOutputBytes) {
            absl::StrAppend(&output, WithoutColours(line), "\n");
          }
        });
        const std::filesystem::path instance = out / "default";
        stats.samples = ParseAflPlotData(ReadText(instance / "plot_data"));
        const std::optional<AflStats> totals =
            ParseAflFuzzerStats(ReadText(instance / "fuzzer_stats"));
        const std::vector<std::string> crashes = CrashFiles(instance / "crashes");
        stats.crashes = crashes.size();
        stats.corpus = totals.has_value() ? totals->corpus : FilesIn(instance / "queue").size();
        result.fuzz = std::move(stats);
        for (const std::string& crash : crashes) {
          AddCase(result, FailedCase(absl::StrCat(target, ": ",
                                                  std::filesystem::path(crash).filename().string()),
                                     "AFL++ saved a crashing input",
                                     ReproduceArtifactLine(config, target, host, crash)));
        }
        if (!totals.has_value()) {
          // AFL++ stopped before writing its stats: say why, from its "PROGRAM ABORT" lines.
          const std::string report = FirstReportLine(output);
          return Fail(result, absl::StrCat("afl-fuzz ", outcome.Describe(), " without stats",
                                           report.empty() ? "" : ": ", report));
        }
        if (crashes.empty()) {
          AddCase(result, PassedCase(absl::StrCat(target, ": no crash in ", seconds,
                                                  "s from AFL++ seed ", result.fuzz->seed)));
        }
        result.note = absl::StrCat(
            totals->execs, " runs, ", static_cast<uint64_t>(totals->exec_per_second),
            " exec/s, edges ", totals->edges, ", corpus ", totals->corpus,
            totals->hangs > 0 ? absl::StrCat(", ", totals->hangs, " slow inputs (not failures)")
                              : "",
            crashes.empty() ? "" : absl::StrCat(", ", crashes.size(), " crash(es)"));
      }};
}

}  // namespace frameproof::gate
