// "llvm-corpus": the LLVM stack map differential. Fresh random modules, compiled by llc for x86_64
// and AArch64 (objects and ld.lld links), must print exactly as llvm-readobj prints them, and every
// function frameproof can re-encode must decode back to its records.

#include <optional>

#include "absl/container/btree_map.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "core/base/instruction_set.h"
#include "verifiers/gate/steps/steps.h"

namespace frameproof::gate {
namespace {

constexpr absl::Duration kCorpusTimeout = absl::Minutes(60);

}  // namespace

Step LlvmCorpusStep(const GateConfig& config, uint64_t modules) {
  return Step{"llvm-corpus",
              absl::StrCat("scripts/llvm-stackmaps-corpus, ", modules,
                           " modules x {x86_64, aarch64} x {object, linked} vs llvm-readobj"),
              {{std::string(GateConfig::PresetFor(NativeInstructionSet())),
                {config.Variant("frameproof")}}},
              [modules](StepContext& context, StepResult& result) {
                const GateConfig& config = context.config();
                const InstructionSet host = NativeInstructionSet();  // the parser runs on the host
                const std::string binary = config.FrameproofBinary(host).string();
                if (!CanRun(config, host, binary, result)) return;
                const std::string seed = absl::StrCat(config.seed);
                const auto command = [&](uint64_t first, uint64_t count) {
                  return std::vector<std::string>{"scripts/llvm-stackmaps-corpus",
                                                  "--seed",
                                                  seed,
                                                  "--first",
                                                  absl::StrCat(first),
                                                  "--count",
                                                  absl::StrCat(count),
                                                  "--frameproof",
                                                  binary};
                };
                absl::btree_map<uint64_t, std::string> failures;  // module -> first report line
                const CommandOutcome outcome = context.Run(
                    {.argv = command(0, modules), .timeout = kCorpusTimeout},
                    [&](double, absl::string_view line) {
                      if (const std::optional<uint64_t> module = ParseLlvmCorpusFailureLine(line)) {
                        failures.try_emplace(*module, std::string(line));
                      }
                    });
                for (uint64_t module = 0; module < modules; ++module) {
                  const std::string name = absl::StrCat("module ", module);
                  const auto failure = failures.find(module);
                  AddCase(result, failure == failures.end()
                                      ? PassedCase(name)
                                      : FailedCase(name, failure->second,
                                                   config.ReproductionLine(command(module, 1))));
                }
                NoteCounts(result);
                if (!outcome.ok() && failures.empty()) {
                  Fail(result, absl::StrCat("scripts/llvm-stackmaps-corpus ", outcome.Describe(),
                                            " (see the log)"));
                }
              }};
}

}  // namespace frameproof::gate
