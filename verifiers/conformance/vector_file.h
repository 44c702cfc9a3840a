#ifndef FRAMEPROOF_VERIFIERS_CONFORMANCE_VECTOR_FILE_H_
#define FRAMEPROOF_VERIFIERS_CONFORMANCE_VECTOR_FILE_H_

// Replaying a JSONL file of conformance vectors, whatever produced them: one verdict per line,
// then the totals.

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "nlohmann/json.hpp"

namespace frameproof {

struct ConformanceCounts {
  int passed = 0;
  int failed = 0;
};

struct ConformanceOptions {
  bool verbose = false;     // also print "PASS <name>" for each passing vector
  std::string only_vector;  // check just the vector with this name (a reproduction)
};

// Checks one parsed line; returns its first difference from what the vector records (a parse
// error included), or nullopt if it conforms.
using VectorCheck = std::function<std::optional<std::string>(const nlohmann::json& line)>;

// Checks every line of the JSONL file at `path`, printing "FAIL <name>: <first difference>" per
// failing vector to `out` and, last, "N passed, M failed". A vector is named by its "name" field
// (or path:line). Fails only if the file cannot be read or `options.only_vector` names no vector.
absl::StatusOr<ConformanceCounts> RunVectorFile(absl::string_view path,
                                                const ConformanceOptions& options,
                                                std::ostream& out, const VectorCheck& check);

// "byte 17: expected 0x3a, got 0x3b (lengths 40 and 40)", or the difference in length.
std::optional<std::string> FirstByteDifference(absl::Span<const uint8_t> expected,
                                               absl::Span<const uint8_t> actual);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_CONFORMANCE_VECTOR_FILE_H_
