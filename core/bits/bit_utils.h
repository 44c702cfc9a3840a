#ifndef FRAMEPROOF_CORE_BITS_BIT_UTILS_H_
#define FRAMEPROOF_CORE_BITS_BIT_UTILS_H_

#include <bit>
#include <cstddef>
#include <cstdint>

// Unrolls the loop that follows completely where its trip count is known once inlined, as for
// the fixed-size varint blocks of a header. clang does not act on GCC's spelling of this.
#if defined(__clang__)
#define FP_UNROLL_FULLY _Pragma("clang loop unroll(full)")
#else
#define FP_UNROLL_FULLY _Pragma("GCC unroll 16")
#endif

namespace frameproof {

inline constexpr size_t kBitsPerByte = 8;
inline constexpr size_t kBitsPerWord = 64;

// Number of bits needed to represent `value`: 0 -> 0, 1 -> 1, 5 -> 3, 0xFFFFFFFF -> 32.
constexpr uint32_t MinimumBitsToStore(uint64_t value) {
  return static_cast<uint32_t>(std::bit_width(value));
}

// Bytes needed to hold `bits` bits.
constexpr size_t BitsToBytesRoundUp(size_t bits) {
  return (bits + kBitsPerByte - 1) / kBitsPerByte;
}

// All-ones mask of the low `bits` bits; `bits` may be 0..64.
constexpr uint64_t LowBitMask(size_t bits) {
  return bits >= kBitsPerWord ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
}

// Index of the lowest set bit of a non-zero value.
constexpr uint32_t LeastSignificantBit(uint64_t value) {
  return static_cast<uint32_t>(std::countr_zero(value));
}

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_BITS_BIT_UTILS_H_
