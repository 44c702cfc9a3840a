#ifndef FRAMEPROOF_VERIFIERS_MOAR_MOAR_ORACLE_H_
#define FRAMEPROOF_VERIFIERS_MOAR_MOAR_ORACLE_H_

// The oracles of the MoarVM fuzz targets: moar_bytecode (hostile bytes through the reader, the
// dump and the writer) and moar_roundtrip (valid units from bytes through the writer and back).

#include <cstdint>

#include "absl/types/span.h"
#include "verifiers/model/mismatch.h"

namespace frameproof::moar {

// Reads `bytes` as a bytecode file (a unit, or a precompiled module). Rejecting them is fine (the
// sanitizers watch how); a file the reader accepts must also pass the structure-only read, dump,
// and write back to exactly `bytes`, because the reader accepts only the layout the writer
// writes.
OracleResult CheckMoarBytecode(absl::Span<const uint8_t> bytes);

// Builds a valid file from `bytes` (GenerateMoarFile), writes it, and reads it back: the reader
// must accept it and give the same file, writing that again must give the same bytes, and it
// must dump.
OracleResult CheckMoarRoundTrip(absl::Span<const uint8_t> bytes);

}  // namespace frameproof::moar

#endif  // FRAMEPROOF_VERIFIERS_MOAR_MOAR_ORACLE_H_
