#include "verifiers/cli/foreign_isa.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "verifiers/cli/commands.h"
#include "verifiers/util/qemu_user.h"

namespace frameproof {
namespace {

// build/<preset>/verifiers/frameproof -> build/aarch64/verifiers/frameproof
std::filesystem::path DefaultArm64Binary() {
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) return {};
  return self.parent_path().parent_path().parent_path() / "aarch64" / "verifiers" / "frameproof";
}

}  // namespace

int RunForeignFrameproof(InstructionSet isa, const std::vector<std::string>& args) {
  if (isa != InstructionSet::kArm64) {
    std::cerr << "frameproof: this host cannot run " << InstructionSetName(isa)
              << " code, and only arm64 has a QEMU runner\n";
    return kExitUsage;
  }
  const char* configured = std::getenv("FRAMEPROOF_ARM64_FRAMEPROOF");
  const std::filesystem::path binary = configured != nullptr ? configured : DefaultArm64Binary();
  if (binary.empty() || !std::filesystem::exists(binary)) {
    std::cerr << "frameproof: no arm64 frameproof at '" << binary.string()
              << "'; build it with 'cmake --build --preset aarch64' or set "
                 "FRAMEPROOF_ARM64_FRAMEPROOF\n";
    return kExitUsage;
  }
  std::vector<std::string> argv = {kQemuAarch64, "-L", kQemuInterpreterPrefix, binary.string()};
  argv.insert(argv.end(), args.begin(), args.end());
  std::vector<char*> raw;
  for (std::string& arg : argv) raw.push_back(arg.data());
  raw.push_back(nullptr);
  std::cout.flush();
  const pid_t child = fork();
  if (child == 0) {
    execvp(raw[0], raw.data());
    std::cerr << "frameproof: cannot run " << kQemuAarch64
              << " (install qemu-user: scripts/setup)\n";
    _exit(kExitUsage);
  }
  int status = 0;
  if (child < 0 || waitpid(child, &status, 0) < 0) {
    std::cerr << "frameproof: could not start " << kQemuAarch64 << "\n";
    return kExitUsage;
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : kExitFailure;
}

}  // namespace frameproof
