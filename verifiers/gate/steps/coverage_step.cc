// "coverage/consumer-path": how much of the code a runtime runs to explain a frame (CodeInfo
// decoding and queries, the bit readers under them, and the stack walker) the gate's own
// workloads reach, from the coverage preset's clang source-based coverage.

#include <fstream>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "core/base/instruction_set.h"
#include "nlohmann/json.hpp"
#include "verifiers/gate/steps/steps.h"

namespace frameproof::gate {
namespace {

constexpr absl::Duration kWorkloadTimeout = absl::Minutes(20);
constexpr absl::string_view kPreset = "coverage";
constexpr absl::string_view kStepName = "coverage/consumer-path";
constexpr int kExecCasesPerResolver = 100;

// The consumer path: what a runtime embeds to read CodeInfo and walk a frame.
constexpr absl::string_view kConsumerPath[] = {
    "core/bits/bit_memory_region.h",
    "core/bits/bit_memory_region.cc",
    "core/bits/bit_memory_reader.h",
    "core/bits/checked_bit_reader.cc",
    "core/bits/varint.h",
    "core/bit_table/bit_table.h",
    "core/art/code_info.h",
    "core/art/code_info.cc",
    "core/art/code_info_validate.cc",
    "core/art/code_info_queries.cc",
    "core/art/stack_map.h",
    "core/art/stack_map.cc",
    "core/art/dex_register_location.cc",
    "verifiers/exec/stack_walker.cc",
    "verifiers/exec/art_frame_reader.cc",
};

// The binaries of the coverage build the workloads run, relative to the build tree.
constexpr absl::string_view kFrameproof = "verifiers/frameproof";
constexpr absl::string_view kCodeInfoTest = "core/art/code_info_test";
constexpr absl::string_view kExecTest = "verifiers/exec/exec_test";
constexpr absl::string_view kDecodeReplay = "fuzzers/code_info_decode_replay";
constexpr absl::string_view kBinaries[] = {kFrameproof, kCodeInfoTest, kExecTest, kDecodeReplay};

struct Workload {
  std::string name;
  std::vector<std::string> argv;
};

std::vector<Workload> Workloads(const GateConfig& config, const std::filesystem::path& build) {
  const auto bin = [&](absl::string_view relative) {
    return (build / std::string(relative)).string();
  };
  const std::string arch(InstructionSetName(NativeInstructionSet()));
  return {
      {"code_info_test", {bin(kCodeInfoTest)}},
      {"exec_test (stack walker)", {bin(kExecTest)}},
      {"code_info_decode corpora",
       {bin(kDecodeReplay), "corpora/code_info_decode", "corpora/regressions/code_info_decode"}},
      {"ART conformance vectors",
       {bin(kFrameproof), "conformance", "art",
        (config.shared / "conformance" / "art" / "codeinfo_vectors.jsonl").string()}},
      {absl::StrCat("exec campaign, ", kExecCasesPerResolver, " cases per resolver"),
       {bin(kFrameproof), "verify", "exec", "--arch", arch, "--metainfo", "art", "--seed",
        absl::StrCat(config.seed), "--cases", absl::StrCat(kExecCasesPerResolver)}},
  };
}

CoverageCounts CountsOf(const nlohmann::json& summary, const char* kind) {
  const nlohmann::json& counts = summary.value(kind, nlohmann::json::object());
  return {counts.value("covered", uint64_t{0}), counts.value("count", uint64_t{0})};
}

void AddCounts(CoverageCounts& sum, const CoverageCounts& more) {
  sum.covered += more.covered;
  sum.count += more.count;
}

// The consumer-path files of `llvm-cov export -summary-only` output, with their total.
absl::StatusOr<CoverageSummary> ReadCoverage(const std::filesystem::path& export_json,
                                             const GateConfig& config) {
  std::ifstream in(export_json);
  const nlohmann::json json = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (json.is_discarded() || !json.contains("data") || !json["data"].is_array() ||
      json["data"].empty()) {
    return absl::DataLossError(absl::StrCat(export_json.string(), " is not llvm-cov export JSON"));
  }
  CoverageSummary summary;
  summary.total.file = "total";
  summary.min_line_percent = config.min_line_coverage;
  for (const nlohmann::json& file : json["data"][0].value("files", nlohmann::json::array())) {
    const std::string relative = config.RepoRelative(file.value("filename", ""));
    bool wanted = false;
    for (absl::string_view path : kConsumerPath) wanted |= relative == path;
    if (!wanted) continue;
    const nlohmann::json& counts = file.value("summary", nlohmann::json::object());
    FileCoverage entry{relative, CountsOf(counts, "lines"), CountsOf(counts, "functions"),
                       CountsOf(counts, "regions"), CountsOf(counts, "branches")};
    AddCounts(summary.total.lines, entry.lines);
    AddCounts(summary.total.functions, entry.functions);
    AddCounts(summary.total.regions, entry.regions);
    AddCounts(summary.total.branches, entry.branches);
    summary.files.push_back(std::move(entry));
  }
  std::sort(summary.files.begin(), summary.files.end(),
            [](const FileCoverage& a, const FileCoverage& b) { return a.file < b.file; });
  if (summary.files.empty()) {
    return absl::NotFoundError("llvm-cov reported none of the consumer-path files");
  }
  return summary;
}

// The first of `names` on PATH, or empty.
std::string FindTool(std::initializer_list<const char*> names) {
  for (const char* name : names) {
    if (IsExecutable(name)) return name;
  }
  return "";
}

}  // namespace

Step CoverageStep(const GateConfig& config) {
  std::vector<std::string> targets;
  for (absl::string_view binary : kBinaries) {
    targets.push_back(std::filesystem::path(std::string(binary)).filename().string());
  }
  return Step{
      std::string(kStepName),
      absl::StrFormat("line coverage of CodeInfo decoding and the stack walker (floor %.0f%%)",
                      config.min_line_coverage),
      {{std::string(kPreset), targets}},
      [](StepContext& context, StepResult& result) {
        const GateConfig& config = context.config();
        const std::filesystem::path build = config.BuildDir(kPreset);
        const InstructionSet host = NativeInstructionSet();
        for (absl::string_view binary : kBinaries) {
          if (!CanRun(config, host, build / std::string(binary), result)) return;
        }
        const std::string profdata = FindTool({"llvm-profdata-14", "llvm-profdata"});
        const std::string cov = FindTool({"llvm-cov-14", "llvm-cov"});
        if (profdata.empty() || cov.empty()) {
          return Skip(result, "llvm-profdata or llvm-cov is not installed (scripts/setup)");
        }
        const std::filesystem::path work = FreshWorkDir(config, kStepName);
        MakeDirectories(work / "profiles").IgnoreError();
        const std::string profile_pattern = (work / "profiles" / "%p-%m.profraw").string();

        for (Workload& workload : Workloads(config, build)) {
          const CommandOutcome outcome = context.Run(
              {.argv = workload.argv,
               .env = {{"LLVM_PROFILE_FILE", profile_pattern}, GateConfig::NoPlantedBugs()},
               .timeout = kWorkloadTimeout});
          AddCase(result, outcome.ok() ? PassedCase(workload.name)
                                       : FailedCase(workload.name, outcome.Describe(),
                                                    config.ReproductionLine(workload.argv)));
        }

        const std::vector<std::string> profiles = FilesIn(work / "profiles");
        if (profiles.empty()) return Fail(result, "the workloads wrote no coverage profiles");
        std::vector<std::string> merge = {profdata, "merge", "-sparse", "-o",
                                          (work / "merged.profdata").string()};
        merge.insert(merge.end(), profiles.begin(), profiles.end());
        if (const CommandOutcome merged = context.Run({.argv = merge, .timeout = kWorkloadTimeout});
            !merged.ok()) {
          return Fail(result, absl::StrCat("llvm-profdata merge ", merged.Describe()));
        }
        // Every binary's coverage mapping, for llvm-cov's -object list.
        std::vector<std::string> objects = {(build / std::string(kBinaries[0])).string()};
        for (size_t i = 1; i < std::size(kBinaries); ++i) {
          objects.insert(objects.end(), {"-object", (build / std::string(kBinaries[i])).string()});
        }
        const std::string instr =
            absl::StrCat("-instr-profile=", (work / "merged.profdata").string());
        std::vector<std::string> export_argv = {cov, "export", "-summary-only", instr};
        export_argv.insert(export_argv.end(), objects.begin(), objects.end());
        const std::filesystem::path export_json = work / "export.json";
        if (const CommandOutcome exported = context.Run({.argv = export_argv,
                                                         .timeout = kWorkloadTimeout,
                                                         .stdout_file = export_json.string()});
            !exported.ok()) {
          return Fail(result, absl::StrCat("llvm-cov export ", exported.Describe()));
        }
        // The annotated sources, for readers who want the uncovered lines.
        std::vector<std::string> show = {
            cov, "show", "-format=html", instr,
            absl::StrCat("-output-dir=", (config.report_dir / "coverage").string())};
        show.insert(show.end(), objects.begin(), objects.end());
        for (absl::string_view path : kConsumerPath) show.emplace_back(path);
        (void)context.Run({.argv = show, .timeout = kWorkloadTimeout});

        absl::StatusOr<CoverageSummary> summary = ReadCoverage(export_json, config);
        if (!summary.ok()) return Fail(result, std::string(summary.status().message()));
        const double lines = summary->total.lines.percent();
        result.coverage = *std::move(summary);
        result.note = absl::StrFormat(
            "lines %.1f%%, functions %.1f%%, regions %.1f%%, branches %.1f%% over %d files", lines,
            result.coverage->total.functions.percent(), result.coverage->total.regions.percent(),
            result.coverage->total.branches.percent(), result.coverage->files.size());
        if (result.status != StepStatus::kPass) {
          result.note = absl::StrCat("a workload failed, so coverage is incomplete; ", result.note);
        } else if (lines < config.min_line_coverage) {
          Fail(result, absl::StrFormat("consumer-path line coverage %.1f%% is below the floor of "
                                       "%.1f%% (--min-coverage); %s",
                                       lines, config.min_line_coverage, result.note));
        }
      }};
}

}  // namespace frameproof::gate
