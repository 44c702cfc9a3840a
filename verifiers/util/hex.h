#ifndef FRAMEPROOF_VERIFIERS_UTIL_HEX_H_
#define FRAMEPROOF_VERIFIERS_UTIL_HEX_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"

namespace frameproof {

// Lowercase hex, two digits per byte, no separators.
std::string ToHex(absl::Span<const uint8_t> bytes);
// Parses ToHex() output (either case); names the offending character on error.
absl::StatusOr<std::vector<uint8_t>> FromHex(absl::string_view hex);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_UTIL_HEX_H_
