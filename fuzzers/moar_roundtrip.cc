// Fuzz target "moar_roundtrip": structure-aware. Any bytes become a valid MoarVM compilation unit
// (verifiers/generators/moar_unit_generator.h), which is written, read back and compared
// (CheckMoarRoundTrip in verifiers/moar/moar_oracle.h).

#include <cstddef>
#include <cstdint>

#include "verifiers/moar/moar_oracle.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  frameproof::AbortOnMismatch(frameproof::moar::CheckMoarRoundTrip({data, size}));
  return 0;
}
