// "fuzz/<target>": a time-boxed libFuzzer run of one fuzz target from its seed corpus, with
// libFuzzer's seed derived from the gate's. Progress lines become the exec/s and coverage series
// the report plots; a crash, timeout or OOM artifact is a failing case with its reproduction.

#include <fstream>
#include <optional>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "core/base/instruction_set.h"
#include "core/base/internal/fnv_hash.h"
#include "core/base/prng.h"
#include "verifiers/gate/steps/steps.h"
#include "verifiers/util/last_input.h"

namespace frameproof::gate {
namespace {

// Time for libFuzzer to load the corpus before -max_total_time starts and to write its stats.
constexpr absl::Duration kFuzzGrace = absl::Minutes(3);
constexpr absl::string_view kLibFuzzerOptions[] = {"max_len", "timeout", "rss_limit_mb"};

// fuzzers/<target>.options: libFuzzer's "key = value" lines, as ClusterFuzz reads them.
std::vector<std::string> OptionFlags(const std::string& target) {
  std::vector<std::string> flags;
  std::ifstream in(absl::StrCat("fuzzers/", target, ".options"));
  std::string line;
  while (std::getline(in, line)) {
    const std::vector<absl::string_view> parts = absl::StrSplit(line, absl::MaxSplits('=', 1));
    if (parts.size() != 2) continue;
    const absl::string_view key = absl::StripAsciiWhitespace(parts[0]);
    for (absl::string_view known : kLibFuzzerOptions) {
      if (key == known) {
        flags.push_back(absl::StrCat("-", key, "=", absl::StripAsciiWhitespace(parts[1])));
      }
    }
  }
  return flags;
}

// The libFuzzer build for `isa`: clang natively, clang cross-compiling for arm64 under QEMU.
std::string FuzzPresetFor(InstructionSet isa) {
  return isa == NativeInstructionSet() ? "fuzz" : "fuzz-aarch64";
}

// How a fuzzer of `isa` runs here: LeakSanitizer cannot run under QEMU (it needs ptrace).
Command FuzzCommand(const GateConfig& config, InstructionSet isa, std::vector<std::string> argv,
                    absl::Duration timeout) {
  if (isa == NativeInstructionSet()) return {.argv = std::move(argv), .timeout = timeout};
  return {.argv = config.Runner(isa, std::move(argv)),
          .env = {{"ASAN_OPTIONS", "detect_leaks=0"}},
          .timeout = timeout};
}

}  // namespace

uint32_t FuzzSeed(uint64_t seed, absl::string_view target) {
  Fnv1aHasher hasher;
  for (char c : target) hasher.AddByte(static_cast<uint8_t>(c));
  Prng prng(seed ^ (uint64_t{hasher.hash()} << 32));
  const uint32_t derived = prng.Next32();
  return derived == 0 ? 1 : derived;
}

std::string ReproduceArtifactLine(const GateConfig& config, const std::string& target,
                                  InstructionSet isa, const std::string& artifact) {
  std::vector<std::string> reproduce = {"scripts/reproduce", config.RepoRelative(artifact),
                                        "--target", target};
  if (isa != NativeInstructionSet()) {
    reproduce.insert(reproduce.end(), {"--arch", std::string(InstructionSetName(isa))});
  }
  if (!config.planted.empty()) reproduce.insert(reproduce.end(), {"--planted", config.planted});
  return ShellLine(reproduce);
}

GateCase EngineDeathCase(const std::string& target, const std::string& how,
                         const std::filesystem::path& last_input_file,
                         const std::filesystem::path& artifacts,
                         const std::function<std::string(const std::string&)>& reproduce_input,
                         const std::string& rerun_engine) {
  const std::string died = absl::StrCat("libFuzzer ", how, " without a crash report");
  const absl::StatusOr<LastInput> last = ReadLastInput(last_input_file.string());
  if (!last.ok()) {
    return FailedCase(absl::StrCat(target, ": engine died"),
                      absl::StrCat(died, "; no record of its last input (", last.status().message(),
                                   "); rerun the engine with the same seed"),
                      rerun_engine);
  }
  const std::string kept =
      (artifacts / absl::StrCat(last->running ? "engine-died-in-input-" : "engine-died-after-",
                                absl::Hex(Fnv1a(last->bytes), absl::kZeroPad8)))
          .string();
  MakeDirectories(artifacts).IgnoreError();
  std::ofstream(kept, std::ios::binary)
      .write(reinterpret_cast<const char*>(last->bytes.data()),
             static_cast<std::streamsize>(last->bytes.size()));
  if (last->running) {
    return FailedCase(absl::StrCat(target, ": ", std::filesystem::path(kept).filename().string()),
                      absl::StrCat(died, " while running the kept input ", kept, " (",
                                   last->bytes.size(), " bytes)"),
                      reproduce_input(kept));
  }
  return FailedCase(absl::StrCat(target, ": engine died"),
                    absl::StrCat(died, " between inputs, in the engine rather than the target; ",
                                 "the last input it ran completed and is kept as ", kept,
                                 "; rerun the engine with the same seed"),
                    rerun_engine);
}

Step FuzzSmokeStep(const GateConfig& config, std::string target, InstructionSet isa,
                   absl::Duration time) {
  const std::string preset = FuzzPresetFor(isa);
  const std::string fuzzer = absl::StrCat(config.Variant(target), "_fuzzer");
  const int64_t seconds = absl::ToInt64Seconds(time);
  const std::string name = absl::StrCat("fuzz/", target);
  return Step{
      name,
      absl::StrCat("libFuzzer ", target, "_fuzzer for ", seconds, "s (",
                   GateConfig::RunnerName(isa), ")"),
      {{preset, {fuzzer}}},
      [name, target, isa, seconds, preset, fuzzer](StepContext& context, StepResult& result) {
        const GateConfig& config = context.config();
        const std::string binary = (config.BuildDir(preset) / "fuzzers" / fuzzer).string();
        if (!CanRun(config, isa, binary, result)) return;
        const std::filesystem::path work = FreshWorkDir(config, name);
        const std::filesystem::path corpus = work / "corpus";
        const std::filesystem::path artifacts = work / "artifacts";
        MakeDirectories(corpus).IgnoreError();
        MakeDirectories(artifacts).IgnoreError();

        FuzzStats stats;
        stats.target = target;
        stats.seed = FuzzSeed(config.seed, target);
        std::vector<std::string> argv = {
            binary, absl::StrCat("-seed=", stats.seed), absl::StrCat("-max_total_time=", seconds),
            "-print_final_stats=1", absl::StrCat("-artifact_prefix=", artifacts.string(), "/")};
        const std::vector<std::string> options = OptionFlags(target);
        argv.insert(argv.end(), options.begin(), options.end());
        if (std::filesystem::exists(absl::StrCat("fuzzers/", target, ".dict"))) {
          argv.push_back(absl::StrCat("-dict=fuzzers/", target, ".dict"));
        }
        argv.push_back(corpus.string());
        argv.push_back(absl::StrCat("corpora/", target));

        // The engine keeps its input in progress here, for a death that leaves no artifact.
        const std::filesystem::path last_input = work / "last-input";
        Command command = FuzzCommand(config, isa, argv, absl::Seconds(seconds) + kFuzzGrace);
        command.env.emplace_back(kLastInputEnvironmentVariable, last_input.string());

        std::string output;  // the crash report, if any
        const CommandOutcome outcome =
            context.Run(std::move(command), [&](double elapsed, absl::string_view line) {
              if (std::optional<FuzzSample> sample = ParseLibFuzzerStatusLine(line, elapsed)) {
                stats.samples.push_back(*sample);
              } else if (output.size() < 64 * 1024) {
                absl::StrAppend(&output, line, "\n");
              }
            });
        stats.corpus = FilesIn(corpus).size();
        const std::vector<std::string> found = FilesIn(artifacts);
        stats.crashes = found.size();
        const std::string report = FirstReportLine(output);
        for (const std::string& artifact : found) {
          AddCase(result,
                  FailedCase(absl::StrCat(target, ": ",
                                          std::filesystem::path(artifact).filename().string()),
                             report.empty() ? outcome.Describe() : report,
                             ReproduceArtifactLine(config, target, isa, artifact)));
        }
        const FuzzSample last = stats.samples.empty() ? FuzzSample{} : stats.samples.back();
        result.fuzz = std::move(stats);
        if (found.empty()) {
          if (!outcome.ok() && !outcome.timed_out && outcome.started) {
            // Dead with no artifact: no handler of the engine ran. Keep what it was running.
            AddCase(result, EngineDeathCase(
                                target, outcome.Describe(), last_input, artifacts,
                                [&](const std::string& kept) {
                                  return ReproduceArtifactLine(config, target, isa, kept);
                                },
                                config.ReproductionLine(config.Runner(isa, argv))));
            result.fuzz->crashes = 1;
            result.note = absl::StrCat("libFuzzer ", outcome.Describe(),
                                       " with no crash report; its last input is kept");
            return;
          }
          if (!outcome.ok()) {
            return Fail(result, absl::StrCat("libFuzzer ", outcome.Describe(),
                                             report.empty() ? "" : ": ", report));
          }
          // Named by what the seed and budget fix, not by how many runs fit: case lists of two
          // runs with one seed must agree.
          AddCase(result, PassedCase(absl::StrCat(target, ": no crash in ", seconds,
                                                  "s from libFuzzer seed ", result.fuzz->seed)));
        }
        result.note = absl::StrCat(last.execs, " runs, ", last.exec_per_second, " exec/s, cov ",
                                   last.coverage, ", ft ", last.features, ", corpus ",
                                   result.fuzz->corpus, found.empty() ? "" : ", ",
                                   found.empty() ? "" : absl::StrCat(found.size(), " crash(es)"));
      }};
}

}  // namespace frameproof::gate
