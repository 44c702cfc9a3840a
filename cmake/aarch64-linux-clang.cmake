# Cross toolchain for arm64 fuzzing: Debian's clang targeting aarch64-linux-gnu, with libFuzzer and
# the sanitizer runtimes from libclang-rt-14-dev:arm64 and the arm64 multiarch -dev packages.
# No sysroot: the clang driver finds the cross libstdc++ and /usr/lib/aarch64-linux-gnu by itself.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER clang)
set(CMAKE_CXX_COMPILER clang++)
set(CMAKE_C_COMPILER_TARGET aarch64-linux-gnu)
set(CMAKE_CXX_COMPILER_TARGET aarch64-linux-gnu)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)

# QEMU with "/" as the interpreter prefix, as in aarch64-linux-gnu.cmake (which says why): here
# it matters at once, since libFuzzer starts a thread for its RSS limit.
find_program(FRAMEPROOF_QEMU_AARCH64 qemu-aarch64 REQUIRED)
set(CMAKE_CROSSCOMPILING_EMULATOR ${FRAMEPROOF_QEMU_AARCH64} -L /)

set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
