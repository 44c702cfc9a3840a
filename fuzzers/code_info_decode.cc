// Fuzz target "code_info_decode". What it checks: CheckCodeInfoDecode in
// verifiers/codec/codec_oracles.h.

#include <cstddef>
#include <cstdint>

#include "verifiers/codec/codec_oracles.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  frameproof::AbortOnMismatch(frameproof::CheckCodeInfoDecode({data, size}));
  return 0;
}
