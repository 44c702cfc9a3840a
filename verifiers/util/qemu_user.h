#ifndef FRAMEPROOF_VERIFIERS_UTIL_QEMU_USER_H_
#define FRAMEPROOF_VERIFIERS_UTIL_QEMU_USER_H_

// How this project runs another ISA's binaries: QEMU user mode, the same emulator the aarch64
// preset gives ctest (cmake/aarch64-linux-gnu.cmake).

namespace frameproof {

inline constexpr char kQemuAarch64[] = "qemu-aarch64";
// The interpreter prefix: "/", so the multiarch loader runs with the multiarch libc it belongs to.
inline constexpr char kQemuInterpreterPrefix[] = "/";

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_UTIL_QEMU_USER_H_
