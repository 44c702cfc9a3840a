#ifndef FRAMEPROOF_VERIFIERS_CONFORMANCE_ARK_CONFORMANCE_H_
#define FRAMEPROOF_VERIFIERS_CONFORMANCE_ARK_CONFORMANCE_H_

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "nlohmann/json.hpp"
#include "verifiers/conformance/vector_file.h"
#include "verifiers/model/ark_call_log.h"

namespace frameproof::ark {

// One line of ../shared/conformance/ark/codeinfo_vectors.jsonl (format in its README): the calls
// Ark's CodeInfoBuilder received, the bytes it encoded, and what Ark's CodeInfo decoded.
struct ArkCodeInfoVector {
  std::string name;
  std::string producer;  // "test", "codegen" or "llvm": whose call pattern the log imitates
  CallLog log;
  std::vector<uint8_t> encoded;
  nlohmann::json decoded;
};

// The vectors' ISA names: "arm64", "x86_64", and "arm32" for Ark's AARCH32 (our kArm).
std::optional<InstructionSet> ParseVectorIsa(absl::string_view name);
absl::string_view VectorIsaName(InstructionSet isa);

// Parse errors name the JSON path of the offending field.
absl::StatusOr<ArkCodeInfoVector> ParseArkCodeInfoVector(const nlohmann::json& line);

// The vectors named `names` from the JSONL file at `path`, in the order of `names`. Only lines
// that mention a wanted name are parsed as JSON: the file is 14 MB, and a test that wants a few
// vectors should not pay for all 300. Fails naming the file, or the first name it does not hold.
absl::StatusOr<std::vector<ArkCodeInfoVector>> ReadArkVectorsNamed(
    absl::string_view path, absl::Span<const std::string> names);

// Replays `vector`: the calls on CodeInfoBuilder must give Ark's bytes; Ark's bytes must open,
// validate, and decode to `decoded` in every field. Returns the first difference, or nullopt.
std::optional<std::string> CheckArkCodeInfoVector(const ArkCodeInfoVector& vector);

// RunVectorFile over Ark's vectors.
absl::StatusOr<ConformanceCounts> RunArkVectorFile(absl::string_view path,
                                                   const ConformanceOptions& options,
                                                   std::ostream& out);

}  // namespace frameproof::ark

#endif  // FRAMEPROOF_VERIFIERS_CONFORMANCE_ARK_CONFORMANCE_H_
