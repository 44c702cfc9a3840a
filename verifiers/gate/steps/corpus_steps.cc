// The differential corpus steps: a script writes fresh random inputs, has an outside tool and
// frameproof read each one, and prints a line per case that differs.
//   "llvm-corpus": LLVM modules compiled by llc for x86_64 and AArch64 (objects and ld.lld links)
//     must print exactly as llvm-readobj prints them, and every function frameproof can re-encode
//     must decode back to its records.
//   "moar-corpus": NQP and Raku programs (even cases NQP, odd cases Raku) compiled by nqp and
//     rakudo must dump exactly as moar --dump dumps them, and write back byte for byte.
//   "moar-hostile": single-bit flips of the MoarVM seeds, which frameproof must reject or write
//     back; a flip that crashes or hangs moar --dump is a finding about MoarVM.

#include <optional>

#include "absl/container/btree_map.h"
#include "absl/strings/str_cat.h"
#include "core/base/instruction_set.h"
#include "verifiers/gate/steps/steps.h"

namespace frameproof::gate {
namespace {

constexpr absl::Duration kCorpusTimeout = absl::Minutes(60);

// One corpus script and how to read its output.
struct CorpusScript {
  const char* step;    // the step's name
  const char* script;  // relative to the repository
  const char* what;    // what `count` counts, and against what
  const char* item;    // the name of one case in the report
  std::optional<uint64_t> (*parse_failure)(absl::string_view line);  // the failing case, if any
  // The case an outside tool failed on, if the line reports one (nullptr: the script reports
  // none): a finding, not a failure.
  std::optional<uint64_t> (*parse_finding)(absl::string_view line) = nullptr;
  // Whether the script keeps its inputs in --out DIR (the step's folder of the report), for the
  // reproduction lines it prints.
  bool keeps_inputs = false;
};

constexpr CorpusScript kLlvmCorpus = {
    "llvm-corpus", "scripts/llvm-stackmaps-corpus",
    " modules x {x86_64, aarch64} x {object, linked} vs llvm-readobj", "module",
    ParseLlvmCorpusFailureLine};
constexpr CorpusScript kMoarCorpus = {
    "moar-corpus", "scripts/moar-corpus",
    " NQP and Raku programs through nqp, rakudo and moar: moar-dump vs moar --dump, and the "
    "writer",
    "unit",
    ParseMoarCorpusFailureLine};
constexpr CorpusScript kMoarHostile = {
    "moar-hostile", "scripts/moar-hostile",
    " single-bit flips of the MoarVM seeds through moar --dump and frameproof: frameproof rejects "
    "or writes back, MoarVM's crashes are findings",
    "flip", ParseMoarHostileFailureLine, ParseMoarHostileFindingLine, /*keeps_inputs=*/true};

Step CorpusStep(const GateConfig& config, const CorpusScript& corpus, uint64_t count) {
  return Step{corpus.step,
              absl::StrCat(corpus.script, ", ", count, corpus.what),
              {{std::string(GateConfig::PresetFor(NativeInstructionSet())),
                {config.Variant("frameproof")}}},
              [&corpus, count](StepContext& context, StepResult& result) {
                const GateConfig& config = context.config();
                const InstructionSet host = NativeInstructionSet();  // the tools run on the host
                const std::string binary = config.FrameproofBinary(host).string();
                if (!CanRun(config, host, binary, result)) return;
                const std::string seed = absl::StrCat(config.seed);
                const std::string kept = (config.report_dir / corpus.step).string();
                const auto command = [&](uint64_t first, uint64_t cases) {
                  std::vector<std::string> argv = {corpus.script,       "--seed",
                                                   seed,                "--first",
                                                   absl::StrCat(first), "--count",
                                                   absl::StrCat(cases), "--frameproof",
                                                   binary};
                  if (corpus.keeps_inputs) argv.insert(argv.end(), {"--out", kept});
                  return argv;
                };
                absl::btree_map<uint64_t, std::string> failures;  // case -> first report line
                const CommandOutcome outcome = context.Run(
                    {.argv = command(0, count), .timeout = kCorpusTimeout},
                    [&](double, absl::string_view line) {
                      if (const std::optional<uint64_t> failed = corpus.parse_failure(line)) {
                        failures.try_emplace(*failed, std::string(line));
                      }
                      if (corpus.parse_finding == nullptr) return;
                      if (const std::optional<uint64_t> found = corpus.parse_finding(line)) {
                        result.findings.push_back(
                            GateCase{.name = absl::StrCat(corpus.item, " ", *found),
                                     .message = std::string(line),
                                     .reproduce = config.ReproductionLine(command(*found, 1))});
                      }
                    });
                for (uint64_t i = 0; i < count; ++i) {
                  const std::string name = absl::StrCat(corpus.item, " ", i);
                  const auto failure = failures.find(i);
                  AddCase(result, failure == failures.end()
                                      ? PassedCase(name)
                                      : FailedCase(name, failure->second,
                                                   config.ReproductionLine(command(i, 1))));
                }
                NoteCounts(result);
                if (!outcome.ok() && failures.empty()) {
                  Fail(result,
                       absl::StrCat(corpus.script, " ", outcome.Describe(), " (see the log)"));
                }
              }};
}

}  // namespace

Step LlvmCorpusStep(const GateConfig& config, uint64_t modules) {
  return CorpusStep(config, kLlvmCorpus, modules);
}

Step MoarCorpusStep(const GateConfig& config, uint64_t units) {
  return CorpusStep(config, kMoarCorpus, units);
}

Step MoarHostileStep(const GateConfig& config, uint64_t flips) {
  return CorpusStep(config, kMoarHostile, flips);
}

}  // namespace frameproof::gate
