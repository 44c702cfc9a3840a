// "snapshots/<isa>": the golden execution snapshots, each decoded again on the ISA.

#include "absl/strings/str_cat.h"
#include "verifiers/gate/steps/steps.h"

namespace frameproof::gate {
namespace {

constexpr absl::Duration kSnapshotsTimeout = absl::Minutes(30);

}  // namespace

Step SnapshotsStep(const GateConfig& config, InstructionSet isa) {
  const std::string arch(InstructionSetName(isa));
  return Step{
      absl::StrCat("snapshots/", arch),
      absl::StrCat("frameproof verify snapshots corpora/snapshots (", GateConfig::RunnerName(isa),
                   ")"),
      {{std::string(GateConfig::PresetFor(isa)), {config.Variant("frameproof")}}},
      [arch, isa](StepContext& context, StepResult& result) {
        const GateConfig& config = context.config();
        const std::string binary = config.FrameproofBinary(isa).string();
        if (!CanRun(config, isa, binary, result)) return;
        // Relative: the gate runs at the repository root, and the case names stay portable.
        const std::string dir = "corpora/snapshots";
        RunVerdictCommand(
            context, result,
            {.argv = config.Runner(
                 isa, {binary, "verify", "snapshots", dir, "--arch", arch, "--verbose"}),
             .timeout = kSnapshotsTimeout},
            [&](const std::string& file) {
              return config.Runner(isa, {binary, "verify", "snapshots", file, "--arch", arch});
            });
      }};
}

}  // namespace frameproof::gate
