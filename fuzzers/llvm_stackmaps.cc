// Fuzz target "llvm_stackmaps": arbitrary .llvm_stackmaps section bytes go to the parser, then,
// if valid, to the renderings and the CodeInfo round trip (CheckLlvmStackMapsSection in
// verifiers/llvm/llvm_round_trip.h). Seeded with the sections of corpora/llvm/.

#include <cstddef>
#include <cstdint>

#include "verifiers/llvm/llvm_round_trip.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  frameproof::AbortOnMismatch(frameproof::CheckLlvmStackMapsSection({data, size}));
  return 0;
}
