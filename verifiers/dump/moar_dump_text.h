#ifndef FRAMEPROOF_VERIFIERS_DUMP_MOAR_DUMP_TEXT_H_
#define FRAMEPROOF_VERIFIERS_DUMP_MOAR_DUMP_TEXT_H_

// A compilation unit printed exactly as `moar --dump` (MoarVM 2022.12, src/core/bytecodedump.c)
// prints it, quirks included, so the two can be compared byte for byte.

#include <string>

#include "absl/status/statusor.h"
#include "core/moar/compilation_unit.h"

namespace frameproof::moar {

// The dump of `unit`: SC dependencies, callsites, then every frame with its locals, lexicals and
// instructions (annotations and labels interleaved). Fails, naming the frame, if a frame's code
// does not decode (DecodeFrameCode), which a unit ReadCompilationUnit accepted always does; and
// with FAILED_PRECONDITION where `moar --dump` itself crashes on an accepted unit (a lexical
// operand that leaves the unit's outer frames before its last hop: MoarVM follows a null outer).
//
// MoarVM's quirks, kept: 64-bit types are named int, num and uint; numbers print with %f;
// unsigned literals print as the signed integers of their width; branch targets print as
// label_N(INDEX) with INDEX the target's instruction index and labels numbered per frame by
// target offset; every piece MoarVM formats into its 1024-byte buffer is cut at 1,023 bytes;
// strings print raw but NFC-normalised (MoarVM keeps them in NFG), latin-1 ones re-encoded as
// UTF-8, and end at their first NUL (MoarVM formats them as C strings).
absl::StatusOr<std::string> MoarDumpText(const CompilationUnit& unit);

}  // namespace frameproof::moar

#endif  // FRAMEPROOF_VERIFIERS_DUMP_MOAR_DUMP_TEXT_H_
