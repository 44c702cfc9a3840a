// Fuzz target "ark_code_info_decode". What it checks: CheckArkCodeInfoDecode in
// verifiers/codec/ark_oracles.h.

#include <cstddef>
#include <cstdint>

#include "verifiers/codec/ark_oracles.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  frameproof::AbortOnMismatch(frameproof::ark::CheckArkCodeInfoDecode({data, size}));
  return 0;
}
