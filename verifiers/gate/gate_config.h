#ifndef FRAMEPROOF_VERIFIERS_GATE_GATE_CONFIG_H_
#define FRAMEPROOF_VERIFIERS_GATE_GATE_CONFIG_H_

// Everything a gate run depends on: where the repository, its build trees and the report are,
// the seed, the budget, the ISAs, and the verdict policy. Two runs with equal configs run the
// same steps over the same cases.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "core/base/instruction_set.h"
#include "core/base/planted_bug.h"

namespace frameproof::gate {

inline constexpr absl::Duration kDefaultBudget = absl::Minutes(6);
inline constexpr double kDefaultMinLineCoverage = 85.0;

struct GateConfig {
  std::filesystem::path repo;           // the repository root
  std::filesystem::path shared;         // the shared data folder (conformance/art/*.jsonl)
  std::string build_prefix = "build/";  // build trees are repo/<build_prefix><preset>
  std::filesystem::path report_dir;
  uint64_t seed = 1;
  absl::Duration budget = kDefaultBudget;
  std::vector<InstructionSet> arches = {InstructionSet::kX86_64, InstructionSet::kArm64};
  int jobs = 2;
  bool fail_fast = false;
  std::vector<std::string> allow_skip;  // step-name globs whose SKIP is accepted
  std::vector<std::string> only;        // run just the steps these globs match
  std::vector<std::string> exclude;     // leave out the steps these globs match
  std::string planted;                  // planted bugs to switch on (comma list), or empty
  std::string llc;                      // the llc the llvm-exec steps judge (empty: llc on PATH)
  std::string llc_flags;                // its flags (empty: llvm-exec's default)
  double min_line_coverage = kDefaultMinLineCoverage;
  // No command a step runs may take longer (each keeps its own, shorter, limit). A mutation run
  // sets it so that a mutant that makes a verifier loop forever is killed, not waited for.
  absl::Duration command_time_limit = absl::InfiniteDuration();
  // Set by a mutation run to when it began rebuilding for a mutant: the unit-tests steps then run
  // only the ctest tests whose programs were written since (ctest_selection.h), not every test.
  std::optional<std::filesystem::file_time_type> tests_rebuilt_since;
  // Set by a mutation run, where one failure is the verdict: a step stops at its first failed
  // case instead of judging the rest. A mutant that hangs every input would otherwise cost the
  // command time limit once per input.
  bool first_failure_ends_step = false;
  // Set by a mutation run to the source folder the mutant changed ("core/bits"): the tests built
  // there run first, as the likeliest to fail.
  std::filesystem::path tests_first_from;

  // repo/<build_prefix><preset>.
  std::filesystem::path BuildDir(absl::string_view preset) const;
  // The preset whose binaries run `isa`'s code: dev natively, aarch64 under QEMU.
  static absl::string_view PresetFor(InstructionSet isa);
  bool HasArch(InstructionSet isa) const;
  // The name of a binary, with "_planted" appended when planted bugs are on.
  std::string Variant(absl::string_view binary) const;
  // The frameproof command that runs `isa`'s code (planted when planted bugs are on).
  std::filesystem::path FrameproofBinary(InstructionSet isa) const;
  // `argv` prefixed with what runs a binary of `isa` here: nothing natively, QEMU otherwise.
  std::vector<std::string> Runner(InstructionSet isa, std::vector<std::string> argv) const;
  // "x86_64 native" or "arm64 qemu-user".
  static std::string RunnerName(InstructionSet isa);
  // The environment every step's commands get: the planted bugs, if any.
  std::vector<std::pair<std::string, std::string>> Environment() const;
  // What a command that must see no planted bug adds to Environment(): the unit tests and the
  // coverage workloads test the healthy build, and plant their own bugs where they mean to.
  static std::pair<std::string, std::string> NoPlantedBugs() {
    return {kPlantedBugEnvironmentVariable, ""};
  }
  // `argv` as a line to paste into a shell at the repository root, with the environment it needs.
  std::string ReproductionLine(const std::vector<std::string>& argv) const;
  // `path` relative to the repository root where it lies below it.
  std::string RepoRelative(const std::filesystem::path& path) const;
};

}  // namespace frameproof::gate

#endif  // FRAMEPROOF_VERIFIERS_GATE_GATE_CONFIG_H_
