#include "verifiers/gate/gate_config.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "core/base/instruction_set.h"
#include "verifiers/util/qemu_user.h"
#include "verifiers/util/subprocess.h"

namespace frameproof::gate {

std::filesystem::path GateConfig::BuildDir(absl::string_view preset) const {
  return repo / absl::StrCat(build_prefix, preset);
}

absl::string_view GateConfig::PresetFor(InstructionSet isa) {
  return isa == NativeInstructionSet() ? "dev" : "aarch64";
}

bool GateConfig::HasArch(InstructionSet isa) const {
  return std::find(arches.begin(), arches.end(), isa) != arches.end();
}

std::string GateConfig::Variant(absl::string_view binary) const {
  return planted.empty() ? std::string(binary) : absl::StrCat(binary, "_planted");
}

std::filesystem::path GateConfig::FrameproofBinary(InstructionSet isa) const {
  return BuildDir(PresetFor(isa)) / "verifiers" / Variant("frameproof");
}

std::vector<std::string> GateConfig::Runner(InstructionSet isa,
                                            std::vector<std::string> argv) const {
  if (isa == NativeInstructionSet()) return argv;
  std::vector<std::string> emulated = {kQemuAarch64, "-L", kQemuInterpreterPrefix};
  emulated.insert(emulated.end(), argv.begin(), argv.end());
  return emulated;
}

std::string GateConfig::RunnerName(InstructionSet isa) {
  return absl::StrCat(InstructionSetName(isa),
                      isa == NativeInstructionSet() ? " native" : " qemu-user");
}

std::vector<std::pair<std::string, std::string>> GateConfig::Environment() const {
  if (planted.empty()) return {};
  return {{kPlantedBugEnvironmentVariable, planted}};
}

std::string GateConfig::ReproductionLine(const std::vector<std::string>& argv) const {
  // Paths below the repository, or beside it (../shared), as a shell at its root sees them.
  std::vector<std::string> relative;
  relative.reserve(argv.size());
  const std::string inside = repo.string() + "/";
  const std::string beside = repo.parent_path().string() + "/";
  for (const std::string& arg : argv) {
    relative.push_back(
        absl::StrReplaceAll(absl::StrReplaceAll(arg, {{inside, ""}}), {{beside, "../"}}));
  }
  std::string line = ShellLine(relative);
  return planted.empty() ? line
                         : absl::StrCat(kPlantedBugEnvironmentVariable, "=", planted, " ", line);
}

std::string GateConfig::RepoRelative(const std::filesystem::path& path) const {
  const std::filesystem::path relative = path.lexically_relative(repo);
  if (relative.empty() || *relative.begin() == "..") return path.string();
  return relative.string();
}

}  // namespace frameproof::gate
