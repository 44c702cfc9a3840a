#ifndef FRAMEPROOF_CORE_BASE_HEX_H_
#define FRAMEPROOF_CORE_BASE_HEX_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"

namespace frameproof {

// Lowercase hex, two digits per byte, `separator` between bytes ("c002" or, with " ", "c0 02").
std::string ToHex(absl::Span<const uint8_t> bytes, absl::string_view separator = "");
// Parses hex digits (either case); spaces and newlines between bytes are ignored. Errors name
// the offending character and its position.
absl::StatusOr<std::vector<uint8_t>> FromHex(absl::string_view hex);

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_BASE_HEX_H_
