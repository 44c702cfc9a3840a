#ifndef FRAMEPROOF_CORE_MOAR_BYTECODE_READER_H_
#define FRAMEPROOF_CORE_MOAR_BYTECODE_READER_H_

// Reading a .moarvm file, or a Rakudo precompiled module, into a model, validating all of it.

#include <cstdint>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "core/moar/compilation_unit.h"
#include "core/moar/moar_file.h"

namespace frameproof::moar {

// Reads and validates `bytes` as a version-7 compilation unit. Every offset, count and index is
// checked against the file with 64-bit arithmetic before it is used, so hostile bytes get an
// error naming the segment, item, field and byte offset; nothing is read outside `bytes`, and
// memory stays within a small multiple of the file's size. Every frame's bytecode is decoded and
// checked (DecodeFrameCode).
//
// Strict where MoarVM is loose: the magic must open the file (no junk prefix), the HLL name must
// be an existing string (MoarVM lets it equal the count), and the layout must be the one MoarVM's
// assembler writes: segments in header order, each on an 8-byte boundary after the previous one,
// zero padding, frames' bytecode back to back in frame order, frames' annotation runs never overlapping
// (what lies between them is kept as unclaimed annotations). So WriteCompilationUnit gives back exactly the bytes read.
absl::StatusOr<CompilationUnit> ReadCompilationUnit(absl::Span<const uint8_t> bytes);

// ReadCompilationUnit without decoding the frames' bytecode: every other check, and the same
// guarantees on hostile bytes. For tools that report each frame's code errors separately.
absl::StatusOr<CompilationUnit> ReadCompilationUnitStructure(absl::Span<const uint8_t> bytes);

// What MoarVM loads: a bare unit (a file starting with "MOARVM\r\n", read by
// ReadCompilationUnit), or a precompiled module, whose Rakudo header (ReadPrecompHeader) is read
// first and whose unit, starting after it, is held to every check a bare unit is. Error offsets
// are file offsets. A file that starts with neither is an error: unlike `moar --dump`, which
// searches the file for the magic, nothing before a unit is skipped but Rakudo's header.
absl::StatusOr<MoarFile> ReadMoarFile(absl::Span<const uint8_t> bytes);
// ReadMoarFile without decoding the frames' bytecode (ReadCompilationUnitStructure).
absl::StatusOr<MoarFile> ReadMoarFileStructure(absl::Span<const uint8_t> bytes);

}  // namespace frameproof::moar

#endif  // FRAMEPROOF_CORE_MOAR_BYTECODE_READER_H_
