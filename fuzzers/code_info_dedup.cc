// Fuzz target "code_info_dedup". What it checks: CheckCodeInfoDedup in
// verifiers/codec/codec_oracles.h.

#include <cstddef>
#include <cstdint>

#include "verifiers/codec/codec_oracles.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  frameproof::AbortOnMismatch(frameproof::CheckCodeInfoDedup({data, size}));
  return 0;
}
