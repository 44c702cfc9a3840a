#ifndef FRAMEPROOF_VERIFIERS_CONFORMANCE_ART_CONFORMANCE_H_
#define FRAMEPROOF_VERIFIERS_CONFORMANCE_ART_CONFORMANCE_H_

#include <iosfwd>
#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "verifiers/conformance/art_vector.h"
#include "verifiers/conformance/vector_file.h"

namespace frameproof {

// Replays `vector`: drives StackMapStream with its calls, compares the bytes with ART's, decodes
// ART's bytes and compares every decoded field. Returns the first difference, or nullopt.
std::optional<std::string> CheckArtCodeInfoVector(const ArtCodeInfoVector& vector);

// Runs CodeInfoTableDeduper over the vector's inputs and compares the offsets, the output buffer,
// and that every input decodes identically from the deduplicated buffer.
std::optional<std::string> CheckArtDedupVector(const ArtDedupVector& vector);

enum class ArtVectorFile { kCodeInfo, kDedup };

// Checks every line of a JSONL file, printing "FAIL <name>: <first difference>" per failing
// vector to `out` and, last, "N passed, M failed". Fails only if the file cannot be read or
// `options.only_vector` names no vector in it.
absl::StatusOr<ConformanceCounts> RunArtVectorFile(absl::string_view path, ArtVectorFile kind,
                                                   const ConformanceOptions& options,
                                                   std::ostream& out);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_CONFORMANCE_ART_CONFORMANCE_H_
