// Fuzz target "code_info_android11". What it checks: CheckAndroid11AgainstLibart in
// verifiers/libart/libart_fuzz_oracle.h (Android 11 CodeInfos, Debian's libart.so as the oracle).

#include <cstddef>
#include <cstdint>

#include "verifiers/libart/libart_fuzz_oracle.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  frameproof::AbortOnMismatch(frameproof::CheckAndroid11AgainstLibart({data, size}));
  return 0;
}
