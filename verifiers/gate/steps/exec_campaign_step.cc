// "exec/<isa>/<resolver>": a seeded execution-verifier campaign. Its cases are a pure function of
// the gate's seed and the case count, so the same seed and budget rerun exactly the same plans.

#include <optional>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "arch/metainfo.h"
#include "verifiers/gate/steps/steps.h"

namespace frameproof::gate {
namespace {

constexpr absl::Duration kCampaignTimeout = absl::Minutes(60);

}  // namespace

Step ExecCampaignStep(const GateConfig& config, InstructionSet isa, ResolverKind resolver,
                      uint64_t cases) {
  const std::string arch(InstructionSetName(isa));
  const std::string kind(ResolverKindName(resolver));
  return Step{
      absl::StrCat("exec/", arch, "/", kind),
      absl::StrCat("frameproof verify exec --resolver ", kind, ", ", cases,
                   " cases over Ark's and ART's metainfo (", GateConfig::RunnerName(isa), ")"),
      {{std::string(GateConfig::PresetFor(isa)), {config.Variant("frameproof")}}},
      [arch, kind, isa, cases](StepContext& context, StepResult& result) {
        const GateConfig& config = context.config();
        const std::string binary = config.FrameproofBinary(isa).string();
        if (!CanRun(config, isa, binary, result)) return;
        const std::string seed = absl::StrCat(config.seed);
        uint64_t passed = 0;
        uint64_t failed = 0;
        double seconds = 0;
        std::vector<std::string> rates;
        // Ark's dialect (the default) takes the odd case, ART's the rest.
        for (const Metainfo metainfo : kAllMetainfos) {
          const uint64_t share = metainfo == Metainfo::kArk ? (cases + 1) / 2 : cases / 2;
          if (share == 0) continue;
          const std::string dialect(NameOf(kMetainfoNames, metainfo));
          const auto command = [&](absl::string_view count_flag, uint64_t count) {
            return config.Runner(
                isa, {binary, "verify", "exec", "--arch", arch, "--metainfo", dialect, "--seed",
                      seed, "--resolver", kind, std::string(count_flag), absl::StrCat(count)});
          };
          uint64_t run_passed = 0;
          uint64_t run_failed = 0;
          uint64_t rate = 0;
          bool counted = false;
          std::optional<size_t> open_failure;  // the case whose detail lines are arriving
          const CommandOutcome outcome = context.Run(
              {.argv = command("--cases", share), .timeout = kCampaignTimeout},
              [&](double, absl::string_view line) {
                const absl::string_view detail = absl::StripLeadingAsciiWhitespace(line);
                if (const std::optional<uint64_t> index = ParseExecFailLine(line)) {
                  AddCase(result, FailedCase(absl::StrCat(dialect, " ", line.substr(5)), "",
                                             config.ReproductionLine(command("--case", *index))));
                  open_failure = result.cases.size() - 1;
                } else if (const std::optional<Counts> counts = ParseCountsLine(line)) {
                  run_passed = counts->passed;
                  run_failed = counts->failed;
                  counted = true;
                } else if (const std::optional<uint64_t> reported = ParseExecRateLine(line)) {
                  rate = *reported;
                } else if (open_failure.has_value() && absl::StartsWith(detail, "[") &&
                           result.cases[*open_failure].message.empty()) {
                  // "  [exec-got-wrong] GOT slot 2 holds ...": the first broken post-condition.
                  result.cases[*open_failure].message = std::string(detail);
                }
              });
          if (!counted || run_passed + run_failed != share) {
            return Fail(result,
                        absl::StrCat("the ", dialect, " campaign ended without its counts (",
                                     outcome.Describe(), ")"));
          }
          if (!outcome.ok() && run_failed == 0) {
            return Fail(result, absl::StrCat("frameproof verify exec --metainfo ", dialect, " ",
                                             outcome.Describe()));
          }
          passed += run_passed;
          failed += run_failed;
          seconds += rate > 0 ? static_cast<double>(share) / rate : outcome.seconds;
          if (rate > 0) rates.push_back(absl::StrCat(dialect, " ", rate, " cases/s"));
        }
        if (passed > 0) {
          // The passing cases as one: the seed and the range name them all.
          result.cases.insert(result.cases.begin(),
                              PassedCase(absl::StrCat(kind, " cases of seed ", config.seed,
                                                      " in both dialects: ", passed, " passed")));
        }
        result.note = absl::StrCat(passed, " passed, ", failed, " failed");
        if (!rates.empty()) absl::StrAppend(&result.note, ", ", absl::StrJoin(rates, ", "));
        result.throughput = Throughput{GateConfig::RunnerName(isa), kind, passed + failed, seconds};
      }};
}

}  // namespace frameproof::gate
