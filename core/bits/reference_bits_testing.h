#ifndef FRAMEPROOF_CORE_BITS_REFERENCE_BITS_TESTING_H_
#define FRAMEPROOF_CORE_BITS_REFERENCE_BITS_TESTING_H_

// The bit order the bit readers and writers are tested against (bit `n` is bit n % 8 of byte
// n / 8, fields LSB first), written independently of the code under test.

#include <cstddef>
#include <cstdint>

namespace frameproof {

inline bool ReferenceBit(const uint8_t* bytes, size_t bit) {
  return ((bytes[bit / 8] >> (bit % 8)) & 1) != 0;
}

// The `count` (at most 64) bits from `bit` on, the first one lowest.
inline uint64_t ReferenceBits(const uint8_t* bytes, size_t bit, size_t count) {
  uint64_t value = 0;
  for (size_t i = 0; i < count; ++i) value |= uint64_t{ReferenceBit(bytes, bit + i)} << i;
  return value;
}

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_BITS_REFERENCE_BITS_TESTING_H_
