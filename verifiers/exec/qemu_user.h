#ifndef FRAMEPROOF_VERIFIERS_EXEC_QEMU_USER_H_
#define FRAMEPROOF_VERIFIERS_EXEC_QEMU_USER_H_

// How this project runs another ISA's binaries: QEMU user mode with the Debian cross sysroot, the
// same emulator the aarch64 preset gives ctest.

namespace frameproof {

inline constexpr char kQemuAarch64[] = "qemu-aarch64";
inline constexpr char kArm64SysRoot[] = "/usr/aarch64-linux-gnu";

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_EXEC_QEMU_USER_H_
