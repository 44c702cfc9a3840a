#ifndef FRAMEPROOF_VERIFIERS_MOAR_MOAR_ORACLE_H_
#define FRAMEPROOF_VERIFIERS_MOAR_MOAR_ORACLE_H_

// The oracle of fuzz target moar_bytecode: hostile bytes through the MoarVM reader, the dump and
// the writer.

#include <cstdint>

#include "absl/types/span.h"
#include "verifiers/codec/mismatch.h"

namespace frameproof::moar {

// Reads `bytes` as a compilation unit. Rejecting them is fine (the sanitizers watch how); a unit
// the reader accepts must also pass the structure-only read, dump, and write back to exactly
// `bytes`, because the reader accepts only the layout the writer writes.
OracleResult CheckMoarBytecode(absl::Span<const uint8_t> bytes);

}  // namespace frameproof::moar

#endif  // FRAMEPROOF_VERIFIERS_MOAR_MOAR_ORACLE_H_
