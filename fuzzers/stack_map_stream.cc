// Fuzz target "stack_map_stream". What it checks: CheckStackMapStream in
// verifiers/codec/codec_oracles.h.

#include <cstddef>
#include <cstdint>

#include "verifiers/codec/codec_oracles.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  frameproof::AbortOnMismatch(frameproof::CheckStackMapStream({data, size}));
  return 0;
}
