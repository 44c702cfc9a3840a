# Cross toolchain for arm64: Debian's aarch64-linux-gnu-g++ with the arm64 multiarch -dev packages
# (/usr/lib/aarch64-linux-gnu). ctest runs every target binary under QEMU user-mode.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)

# QEMU's interpreter prefix is "/": the binaries link the multiarch libraries, so they must run
# with the multiarch loader and libc (libc6:arm64), which belong together. The cross sysroot
# (-L /usr/aarch64-linux-gnu) would pair its own loader with the multiarch libc it falls back to,
# and that pair spins forever in fork() and pthread_create().
find_program(FRAMEPROOF_QEMU_AARCH64 qemu-aarch64 REQUIRED)
set(CMAKE_CROSSCOMPILING_EMULATOR ${FRAMEPROOF_QEMU_AARCH64} -L /)

# Headers are shared between architectures in /usr/include; libraries and CMake package files
# come from the multiarch directory selected by CMAKE_LIBRARY_ARCHITECTURE.
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
