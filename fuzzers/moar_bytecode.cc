// Fuzz target "moar_bytecode": arbitrary bytes as a MoarVM bytecode file, through the reader,
// the dump and the writer (CheckMoarBytecode in verifiers/moar/moar_oracle.h). Seeded with
// Debian's smallest nqp unit and the generated units of corpora/moar.

#include <cstddef>
#include <cstdint>

#include "verifiers/moar/moar_oracle.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  frameproof::AbortOnMismatch(frameproof::moar::CheckMoarBytecode({data, size}));
  return 0;
}
