#include "core/base/hex.h"

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"

namespace frameproof {
namespace {

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::string ToHex(absl::Span<const uint8_t> bytes, absl::string_view separator) {
  constexpr char kDigits[] = "0123456789abcdef";
  std::string hex;
  hex.reserve(bytes.size() * (2 + separator.size()));
  for (size_t i = 0; i < bytes.size(); ++i) {
    const uint8_t byte = bytes[i];
    if (i != 0) hex.append(separator.data(), separator.size());
    hex.push_back(kDigits[byte >> 4]);
    hex.push_back(kDigits[byte & 0xF]);
  }
  return hex;
}

absl::StatusOr<std::vector<uint8_t>> FromHex(absl::string_view hex) {
  std::vector<uint8_t> bytes;
  int pending = -1;  // the high nibble of a byte in progress
  for (size_t i = 0; i < hex.size(); ++i) {
    if (absl::ascii_isspace(static_cast<unsigned char>(hex[i]))) continue;
    const int digit = HexDigit(hex[i]);
    if (digit < 0) {
      return absl::InvalidArgumentError(
          absl::StrCat("'", hex.substr(i, 1), "' at hex position ", i, " is not a hex digit"));
    }
    if (pending < 0) {
      pending = digit;
    } else {
      bytes.push_back(static_cast<uint8_t>(pending << 4 | digit));
      pending = -1;
    }
  }
  if (pending >= 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("hex string ends in half a byte (", hex.size(), " characters)"));
  }
  return bytes;
}

}  // namespace frameproof
