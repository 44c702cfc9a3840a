#ifndef FRAMEPROOF_VERIFIERS_CONFORMANCE_ART_VECTOR_H_
#define FRAMEPROOF_VERIFIERS_CONFORMANCE_ART_VECTOR_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "nlohmann/json.hpp"
#include "verifiers/model/method_call_log.h"

namespace frameproof {

// One line of ../shared/conformance/art/codeinfo_vectors.jsonl (format in its README): the calls
// ART's StackMapStream received, the bytes it encoded, and what ART's CodeInfo decoded.
struct ArtCodeInfoVector {
  std::string name;
  MethodCallLog log;
  std::vector<uint8_t> encoded;
  nlohmann::json decoded;
};

// One line of dedup_vectors.jsonl: CodeInfos fed to ART's CodeInfoTableDeduper in order, the
// offsets it returned and the buffer it wrote.
struct ArtDedupVector {
  std::string name;
  std::vector<std::vector<uint8_t>> inputs;
  std::vector<uint64_t> offsets;
  std::vector<uint8_t> output;
};

// Parse errors name the JSON path of the offending field.
absl::StatusOr<ArtCodeInfoVector> ParseArtCodeInfoVector(const nlohmann::json& line);
absl::StatusOr<ArtDedupVector> ParseArtDedupVector(const nlohmann::json& line);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_CONFORMANCE_ART_VECTOR_H_
