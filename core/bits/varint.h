#ifndef FRAMEPROOF_CORE_BITS_VARINT_H_
#define FRAMEPROOF_CORE_BITS_VARINT_H_

#include <cstddef>
#include <cstdint>

#include "core/bits/bit_utils.h"

namespace frameproof {

// ART's 4-bit varint: a header nibble 0..kVarintMax is the value itself; a header of
// kVarintMax + k (k = 1..4) means the value follows in k whole bytes.
inline constexpr uint32_t kVarintBits = 4;
inline constexpr uint32_t kVarintMax = 11;
inline constexpr uint32_t kVarintNibbleMask = (1u << kVarintBits) - 1;
// The longest payload, and the most bits one varint takes: its nibble and a 4-byte payload.
inline constexpr uint32_t kMaxVarintPayloadBits = 32;
inline constexpr uint32_t kMaxVarintBits = kVarintBits + kMaxVarintPayloadBits;
// Interleaved varints are read with one 64-bit load of their headers.
inline constexpr uint32_t kMaxInterleavedVarints = 64 / kVarintBits;

// The header nibble that encodes `value`.
constexpr uint32_t VarintHeader(uint32_t value) {
  return value <= kVarintMax
             ? value
             : kVarintMax + static_cast<uint32_t>(BitsToBytesRoundUp(MinimumBitsToStore(value)));
}

// Header nibble `i` of a block of interleaved varints whose nibbles were loaded as `headers`.
constexpr uint32_t InterleavedVarintHeader(uint64_t headers, size_t i) {
  return static_cast<uint32_t>(headers >> (i * kVarintBits)) & kVarintNibbleMask;
}

// Payload bits that follow header nibble `header` (0, 8, 16, 24 or 32).
constexpr uint32_t VarintPayloadBits(uint32_t header) {
  return header <= kVarintMax ? 0 : (header - kVarintMax) * kBitsPerByte;
}

// Total encoded size of `value`, header included.
constexpr uint32_t VarintBitSize(uint32_t value) {
  return kVarintBits + VarintPayloadBits(VarintHeader(value));
}

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_BITS_VARINT_H_
