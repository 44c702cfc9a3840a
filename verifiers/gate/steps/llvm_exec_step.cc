// "llvm-exec/<isa>": seeded LLVM IR programs compiled by llc and run (arm64 under qemu-aarch64);
// frameproof must recover every stack map location from the running program's machine state.
// A compiler finding the known-findings file holds is llc's, not frameproof's: it is listed
// among the step's findings and fails nothing.
// frameproof itself runs on the host for both ISAs: only the generated programs are foreign.

#include <algorithm>
#include <iterator>
#include <optional>

#include "absl/container/btree_map.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "verifiers/gate/steps/steps.h"

namespace frameproof::gate {
namespace {

constexpr absl::Duration kLlvmExecTimeout = absl::Minutes(60);
// The findings of Debian's llc that public reports describe, relative to the repository.
constexpr char kKnownFindings[] = "corpora/llvm_modules/known_findings.tsv";

}  // namespace

Step LlvmExecStep(const GateConfig& config, InstructionSet isa, uint64_t programs) {
  const std::string arch(InstructionSetName(isa));
  const std::string name = absl::StrCat("llvm-exec/", arch);
  return Step{
      name,
      absl::StrCat("frameproof verify llvm-exec, ", programs, " llc programs run ",
                   isa == NativeInstructionSet() ? "natively" : "under qemu-aarch64"),
      {{std::string(GateConfig::PresetFor(NativeInstructionSet())),
        {config.Variant("frameproof")}}},
      [name, arch, isa, programs](StepContext& context, StepResult& result) {
        const GateConfig& config = context.config();
        const InstructionSet host = NativeInstructionSet();
        const std::string binary = config.FrameproofBinary(host).string();
        if (!CanRun(config, isa, binary, result)) return;
        const std::string seed = absl::StrCat(config.seed);
        const auto command = [&](absl::string_view count_flag, uint64_t count) {
          std::vector<std::string> argv = {binary,
                                           "verify",
                                           "llvm-exec",
                                           "--arch",
                                           arch,
                                           "--seed",
                                           seed,
                                           std::string(count_flag),
                                           absl::StrCat(count)};
          if (!config.llc.empty()) argv.insert(argv.end(), {"--llc", config.llc});
          if (!config.llc_flags.empty()) argv.insert(argv.end(), {"--llc-args", config.llc_flags});
          argv.insert(argv.end(), {"--known", (config.repo / kKnownFindings).string()});
          return argv;
        };
        absl::btree_map<uint64_t, std::string> failures;  // program -> first detail line
        std::optional<uint64_t> open_failure;
        std::optional<Counts> counts;
        // The programs of failures stay beside the report (reproductions leave the flag out).
        std::vector<std::string> argv = command("--cases", programs);
        const std::filesystem::path work = FreshWorkDir(config, name);
        argv.insert(argv.end(), {"--work-dir", work.string()});
        const CommandOutcome outcome = context.Run(
            {.argv = std::move(argv), .timeout = kLlvmExecTimeout},
            [&](double, absl::string_view line) {
              if (const std::optional<uint64_t> index = ParseLlvmExecFailLine(line)) {
                failures.try_emplace(*index, std::string(line));
                open_failure = index;
              } else if (const std::optional<uint64_t> known = ParseLlvmExecKnownLine(line)) {
                // llc's bug, which a public report describes: listed, never a failure.
                result.findings.push_back(
                    GateCase{.name = absl::StrCat("program ", *known),
                             .message = std::string(line.substr(0, line.find(": reproduce: "))),
                             .reproduce = config.ReproductionLine(command("--case", *known))});
                open_failure.reset();
              } else if (const std::optional<Counts> parsed = ParseCountsLine(line)) {
                counts = parsed;
              } else if (open_failure.has_value() && absl::StartsWith(line, "  ") &&
                         failures[*open_failure].find('\n') == std::string::npos) {
                // The first finding of the failure: a problem, or a table row marked '*'; not
                // the site's heading, the table's header, a row that matched or the paths.
                const absl::string_view finding = absl::StripLeadingAsciiWhitespace(line);
                constexpr absl::string_view kNotFindings[] = {"case ", "location ", "#",
                                                              "program:", "reproduce:"};
                if (std::none_of(std::begin(kNotFindings), std::end(kNotFindings),
                                 [&](absl::string_view prefix) {
                                   return absl::StartsWith(finding, prefix);
                                 })) {
                  absl::StrAppend(&failures[*open_failure], "\n", finding);
                }
              }
            });
        if (!counts.has_value() || counts->passed + counts->failed != programs) {
          return Fail(result, absl::StrCat("frameproof verify llvm-exec ended without its counts (",
                                           outcome.Describe(), ")"));
        }
        for (uint64_t i = 0; i < programs; ++i) {
          const auto failure = failures.find(i);
          const std::string name = absl::StrCat("program ", i);
          AddCase(result, failure == failures.end()
                              ? PassedCase(name)
                              : FailedCase(name, failure->second,
                                           config.ReproductionLine(command("--case", i))));
        }
        NoteCounts(result);
        result.throughput = Throughput{GateConfig::RunnerName(isa), "llvm-exec programs", programs,
                                       outcome.seconds};
        if (!outcome.ok() && failures.empty()) {
          Fail(result, absl::StrCat("frameproof verify llvm-exec ", outcome.Describe()));
        }
      }};
}

}  // namespace frameproof::gate
