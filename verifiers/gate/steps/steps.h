#ifndef FRAMEPROOF_VERIFIERS_GATE_STEPS_STEPS_H_
#define FRAMEPROOF_VERIFIERS_GATE_STEPS_STEPS_H_

// The gate's steps, one factory per kind. Each step runs this repository's own verifiers and
// outside oracles as child processes, so a crash stays inside its step, and names its failures
// with a one-line reproduction.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "arch/resolver_kind.h"
#include "core/base/instruction_set.h"
#include "verifiers/gate/step.h"

namespace frameproof::gate {

// Every factory takes the config for the builds its step needs (planted variants when planted
// bugs are on); the step reads the config again when it runs.

// "unit-tests/<isa>": ctest over the dev build, or the aarch64 build under QEMU.
Step UnitTestsStep(const GateConfig& config, InstructionSet isa);

// "folder-tests/<isa>": in a mutation run (config.tests_rebuilt_since set), the tests built from
// the source folder config.tests_first_from alone, after building only their `programs` (targets
// of `isa`'s preset below `folder`). Seconds where the whole suite waits for a whole rebuild.
Step FolderTestsStep(const GateConfig& config, InstructionSet isa,
                     const std::filesystem::path& folder, std::vector<std::string> programs);

enum class ConformanceSuite : uint8_t { kArtCodeInfo, kArtDedup, kArkCodeInfo };

// "conformance/art/<isa>", "conformance/art-dedup/<isa>", "conformance/ark/<isa>": ART's and
// Ark's vectors from the shared folder.
Step ConformanceStep(const GateConfig& config, ConformanceSuite suite, InstructionSet isa);

// Runs `frameproof conformance <arguments...>` on `isa` as the step's verdict, the vectors file
// `vectors` first among them: --verbose names each vector, and a failed one is reproduced with
// `--vector NAME`. Fails the step, saying how to point at the shared folder, where `vectors` is
// missing.
void RunConformanceVectors(StepContext& context, StepResult& result, InstructionSet isa,
                           absl::string_view mode, const std::filesystem::path& vectors,
                           const std::vector<std::string>& options, absl::Duration timeout);
// "conformance/art11-libart": the ART vectors laid out for Android 11 and `methods` generated
// methods in that format, every answer of Debian's Android 11 libart.so against frameproof's
// (frameproof conformance art11-libart), run natively; planned on x86_64 hosts when x86_64 is
// selected.
// Skips, saying why, where libart.so cannot load.
Step LibartStep(const GateConfig& config, uint64_t methods);

// "snapshots/<isa>": the golden snapshots in corpora/snapshots.
Step SnapshotsStep(const GateConfig& config, InstructionSet isa);

// "replay/<target>/<isa>": every input of corpora/regressions/<target> and corpora/<target>
// through the target's replay binary.
Step ReplayStep(const GateConfig& config, std::string target, InstructionSet isa);

// "exec/<isa>/<resolver>": a seeded execution-verifier campaign of `cases` cases.
Step ExecCampaignStep(const GateConfig& config, InstructionSet isa, ResolverKind resolver,
                      uint64_t cases);

// "llvm-corpus": `modules` random LLVM modules through llc, llvm-readobj and frameproof.
Step LlvmCorpusStep(const GateConfig& config, uint64_t modules);

// "moar-corpus": `units` random NQP and Raku programs through nqp, rakudo, moar, moar --dump and
// frameproof.
Step MoarCorpusStep(const GateConfig& config, uint64_t units);

// "moar-hostile": `flips` seeded single-bit flips of the MoarVM seeds (units and precompiled
// modules) through moar --dump and frameproof. frameproof's crashes, hangs and bad write-backs
// fail it; MoarVM's crashes and hangs are findings, listed apart.
Step MoarHostileStep(const GateConfig& config, uint64_t flips);

// "llvm-exec/<isa>": `frameproof verify llvm-exec` over `programs` seeded programs.
Step LlvmExecStep(const GateConfig& config, InstructionSet isa, uint64_t programs);

// "fuzz/<target>": libFuzzer for `time` from the target's seeds, seeded from the gate's seed.
Step FuzzSmokeStep(const GateConfig& config, std::string target, InstructionSet isa,
                   absl::Duration time);

// "afl/<target>": AFL++ for `time` from the target's seeds on this host, seeded from the gate's
// seed: the second engine, on the afl preset's persistent-mode build of the same source.
Step AflSmokeStep(const GateConfig& config, std::string target, absl::Duration time);

// The seed of an engine run of `target` in a gate run seeded `seed`: never 0, which libFuzzer
// takes as "random".
uint32_t FuzzSeed(uint64_t seed, absl::string_view target);

// The line that replays `artifact` through the target's replay binary (scripts/reproduce).
std::string ReproduceArtifactLine(const GateConfig& config, const std::string& target,
                                  InstructionSet isa, const std::string& artifact);

// The failing case of a fuzz engine that ended `how` ("killed by SIGSEGV") without writing a
// crash artifact, so that no handler of its own ran. `last_input_file` is what the engine
// recorded (verifiers/util/last_input.h). The input it names is kept in `artifacts`; if it was
// running, the case reruns it with `reproduce_input(kept path)`, else (the engine died between
// inputs) with `rerun_engine`, as it does when there is no record at all.
GateCase EngineDeathCase(const std::string& target, const std::string& how,
                         const std::filesystem::path& last_input_file,
                         const std::filesystem::path& artifacts,
                         const std::function<std::string(const std::string&)>& reproduce_input,
                         const std::string& rerun_engine);

// "coverage/consumer-path": line coverage of CodeInfo decoding and the stack walker under the
// coverage build's workloads, held to the configured floor.
Step CoverageStep(const GateConfig& config);

}  // namespace frameproof::gate

#endif  // FRAMEPROOF_VERIFIERS_GATE_STEPS_STEPS_H_
