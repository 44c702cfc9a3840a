#ifndef FRAMEPROOF_CORE_MOAR_BYTECODE_WRITER_H_
#define FRAMEPROOF_CORE_MOAR_BYTECODE_WRITER_H_

// Writing a CompilationUnit as a .moarvm file, laid out as MoarVM's assembler lays it out.

#include <cstdint>
#include <vector>

#include "core/moar/compilation_unit.h"
#include "core/moar/moar_file.h"

namespace frameproof::moar {

// The bytes of `unit`: the header, then each segment in header order on an 8-byte boundary with
// zero padding, frames' bytecode back to back in frame order, and each frame's annotations at its
// annotation_offset. For a unit ReadCompilationUnit returned, these are the bytes it read.
// The unit's annotation runs must tile their segment (ReadCompilationUnit checks it); a run placed
// elsewhere is written where it says, and the segment grows to hold it.
std::vector<uint8_t> WriteCompilationUnit(const CompilationUnit& unit);

// The file's bytes: the precompilation header, if it has one (WritePrecompHeader), then the unit.
// For a file ReadMoarFile returned, these are the bytes it read.
std::vector<uint8_t> WriteMoarFile(const MoarFile& file);

}  // namespace frameproof::moar

#endif  // FRAMEPROOF_CORE_MOAR_BYTECODE_WRITER_H_
