// "conformance/<suite>/<isa>": ART's and Ark's own vectors, replayed by frameproof on each ISA.

#include "absl/strings/str_cat.h"
#include "verifiers/gate/steps/steps.h"

namespace frameproof::gate {
namespace {

constexpr absl::Duration kConformanceTimeout = absl::Minutes(30);

struct SuiteFiles {
  absl::string_view mode;    // frameproof conformance's first argument
  absl::string_view folder;  // <shared>/conformance/<folder>/
  absl::string_view file;
};

SuiteFiles FilesOf(ConformanceSuite suite) {
  switch (suite) {
    case ConformanceSuite::kArtCodeInfo:
      return {"art", "art", "codeinfo_vectors.jsonl"};
    case ConformanceSuite::kArtDedup:
      return {"art-dedup", "art", "dedup_vectors.jsonl"};
    case ConformanceSuite::kArkCodeInfo:
      return {"ark", "ark", "codeinfo_vectors.jsonl"};
  }
  return {};
}

}  // namespace

Step ConformanceStep(const GateConfig& config, ConformanceSuite suite, InstructionSet isa) {
  const SuiteFiles files = FilesOf(suite);
  return Step{
      absl::StrCat("conformance/", files.mode, "/", InstructionSetName(isa)),
      absl::StrCat("frameproof conformance ", files.mode, " ", files.file, " (",
                   GateConfig::RunnerName(isa), ")"),
      {{std::string(GateConfig::PresetFor(isa)), {config.Variant("frameproof")}}},
      [files, isa](StepContext& context, StepResult& result) {
        RunConformanceVectors(context, result, isa, files.mode,
                              context.config().shared / "conformance" / std::string(files.folder) /
                                  std::string(files.file),
                              {}, kConformanceTimeout);
      }};
}

void RunConformanceVectors(StepContext& context, StepResult& result, InstructionSet isa,
                           absl::string_view mode, const std::filesystem::path& vectors,
                           const std::vector<std::string>& options, absl::Duration timeout) {
  const GateConfig& config = context.config();
  if (!std::filesystem::exists(vectors)) {
    return Fail(result, absl::StrCat("missing ", vectors.string(),
                                     " (pass --shared, or FRAMEPROOF_SHARED to scripts/gate)"));
  }
  const std::string binary = config.FrameproofBinary(isa).string();
  if (!CanRun(config, isa, binary, result)) return;
  std::vector<std::string> base = {binary, "conformance", std::string(mode), vectors.string()};
  base.insert(base.end(), options.begin(), options.end());
  std::vector<std::string> verbose = base;
  verbose.push_back("--verbose");
  RunVerdictCommand(context, result, {.argv = config.Runner(isa, verbose), .timeout = timeout},
                    [&](const std::string& vector) {
                      std::vector<std::string> one = base;
                      one.insert(one.end(), {"--vector", vector});
                      return config.Runner(isa, one);
                    });
}

}  // namespace frameproof::gate
