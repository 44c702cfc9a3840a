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
        RunConformanceVectors(
            context, result, isa, "art11-libart",
            context.config().shared / "conformance" / "art" / "codeinfo_vectors.jsonl",
            {"--seed", absl::StrCat(context.config().seed), "--methods", absl::StrCat(methods)},
            kLibartTimeout);
      }};
}

}  // namespace frameproof::gate
