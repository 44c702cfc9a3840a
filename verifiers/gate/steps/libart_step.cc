// "conformance/art11-libart": frameproof's Android 11 format against Debian's libart.so.

#include "absl/strings/str_cat.h"
#include "verifiers/gate/steps/steps.h"

namespace frameproof::gate {
namespace {

constexpr absl::Duration kLibartTimeout = absl::Minutes(30);

}  // namespace

Step LibartStep(const GateConfig& config, uint64_t methods) {
  // libart.so is x86_64 (Debian's android-libart), so the step runs the native frameproof; the
  // CodeInfos it checks are of every ISA.
  const InstructionSet isa = NativeInstructionSet();
  return Step{
      "conformance/art11-libart",
      absl::StrCat("frameproof conformance art11-libart: the ART vectors and ", methods,
                   " generated methods in the Android 11 format, read by Debian's libart.so"),
      {{std::string(GateConfig::PresetFor(isa)), {config.Variant("frameproof"), "libart_oracle"}}},
      [methods, isa](StepContext& context, StepResult& result) {
        const GateConfig& config = context.config();
        const std::filesystem::path vectors =
            config.shared / "conformance" / "art" / "codeinfo_vectors.jsonl";
        if (!std::filesystem::exists(vectors)) {
          return Fail(result,
                      absl::StrCat("missing ", vectors.string(),
                                   " (pass --shared, or FRAMEPROOF_SHARED to scripts/gate)"));
        }
        const std::string binary = config.FrameproofBinary(isa).string();
        if (!CanRun(config, isa, binary, result)) return;
        const std::vector<std::string> base = {binary,         "conformance",
                                               "art11-libart", vectors.string(),
                                               "--seed",       absl::StrCat(config.seed),
                                               "--methods",    absl::StrCat(methods)};
        std::vector<std::string> verbose = base;
        verbose.push_back("--verbose");
        RunVerdictCommand(context, result,
                          {.argv = config.Runner(isa, verbose), .timeout = kLibartTimeout},
                          [&](const std::string& name) {
                            std::vector<std::string> one = base;
                            one.insert(one.end(), {"--vector", name});
                            return config.Runner(isa, one);
                          });
      }};
}

}  // namespace frameproof::gate
