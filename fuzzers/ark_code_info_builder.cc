// Fuzz target "ark_code_info_builder". What it checks: CheckArkCodeInfoBuilder in
// verifiers/codec/ark_oracles.h.

#include <cstddef>
#include <cstdint>

#include "verifiers/codec/ark_oracles.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  frameproof::AbortOnMismatch(frameproof::ark::CheckArkCodeInfoBuilder({data, size}));
  return 0;
}
