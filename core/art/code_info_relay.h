#ifndef FRAMEPROOF_CORE_ART_CODE_INFO_RELAY_H_
#define FRAMEPROOF_CORE_ART_CODE_INFO_RELAY_H_

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "core/art/art_format.h"

namespace frameproof {

// The CodeInfo at the start of `bytes`, read in `from`'s layout, laid out again in `to`'s: the
// same rows and data bits in every table, under `to`'s header, flags at `to`'s bits and each
// table with the columns `to` encodes. `code_size` is what to record where `to` encodes a code
// size and `from` does not (where both do, the CodeInfo's own is kept).
//
// INVALID_ARGUMENT (naming what) when `bytes` do not decode in `from`, when they have
// deduplicated tables (their back-references would point elsewhere), or when `to` cannot say
// something the CodeInfo says: a flag `to` lacks, a MethodInfo column `to` does not encode.
absl::StatusOr<std::vector<uint8_t>> RelayCodeInfo(absl::Span<const uint8_t> bytes, ArtFormat from,
                                                   ArtFormat to, uint32_t code_size = 0);

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_ART_CODE_INFO_RELAY_H_
