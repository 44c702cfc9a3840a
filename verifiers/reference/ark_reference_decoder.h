#ifndef FRAMEPROOF_VERIFIERS_REFERENCE_ARK_REFERENCE_DECODER_H_
#define FRAMEPROOF_VERIFIERS_REFERENCE_ARK_REFERENCE_DECODER_H_

// An independent, deliberately plain decoder for Ark's CodeInfo, written from the format notes
// (../shared/conformance/ark/README.md §1.3 and §2) and sharing no code with core/, not even the
// enums. It is the second opinion the Ark fuzz oracles hold the production decoder against.
//
// It reads the bytes one bit at a time into plain rows, resolves every stack map completely, and
// reports the result as a DecodedCodeInfo, the plain-data shape of the conformance vectors'
// "decoded" object, so it can be checked against Ark's own decodes. Every read is bounds-checked;
// malformed input gives an error naming what was being read and where.

#include <cstdint>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "verifiers/model/ark_decode_model.h"

namespace frameproof::reference {

// More resolved items (vreg entries, inline levels, roots, set mask bits) than this and the
// decoder stops with RESOURCE_EXHAUSTED, so callers can tell "too big for the reference" from
// "malformed".
inline constexpr uint64_t kMaxArkResolvedItems = uint64_t{1} << 22;

// Decodes `bytes` as one Ark CodeInfo for `isa` ("arm64", "x86_64" or "arm32", as the vectors
// name them): header, the ten tables, every stack map, the null checks, the constants, and the
// native-pc and OSR lookups at the vectors' keys.
absl::StatusOr<ark::DecodedCodeInfo> DecodeArkReference(absl::Span<const uint8_t> bytes,
                                                        absl::string_view isa);

}  // namespace frameproof::reference

#endif  // FRAMEPROOF_VERIFIERS_REFERENCE_ARK_REFERENCE_DECODER_H_
