# Cross toolchain for arm64: Debian's aarch64-linux-gnu-g++ with the arm64 multiarch -dev packages
# (/usr/lib/aarch64-linux-gnu). ctest runs every target binary under QEMU user-mode, with the
# cross toolchain's sysroot as the ELF interpreter prefix.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)

set(FRAMEPROOF_AARCH64_SYSROOT /usr/aarch64-linux-gnu CACHE PATH "ELF interpreter prefix for QEMU")
find_program(FRAMEPROOF_QEMU_AARCH64 qemu-aarch64 REQUIRED)
set(CMAKE_CROSSCOMPILING_EMULATOR ${FRAMEPROOF_QEMU_AARCH64} -L ${FRAMEPROOF_AARCH64_SYSROOT})

# Headers are shared between architectures in /usr/include; libraries and CMake package files
# come from the multiarch directory selected by CMAKE_LIBRARY_ARCHITECTURE.
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
