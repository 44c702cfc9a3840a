#ifndef FRAMEPROOF_CORE_BITS_BIT_VECTOR_H_
#define FRAMEPROOF_CORE_BITS_BIT_VECTOR_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "absl/types/span.h"
#include "core/bits/bit_memory_region.h"
#include "core/bits/bit_utils.h"

namespace frameproof {

// A growable set of bit indices, stored LSB-first in bytes so it can be viewed as a
// BitMemoryRegion. Used for stack masks and dex register masks.
class BitVector {
 public:
  BitVector() = default;
  // The vector with exactly the bits in `indices` set.
  static BitVector FromSetBits(absl::Span<const uint32_t> indices);

  // Grows the vector as needed; inline when `index` is inside it (see Reset).
  void SetBit(size_t index) {
    if (index / kBitsPerByte >= bytes_.size()) [[unlikely]] {
      Grow(index);
    }
    bytes_[index / kBitsPerByte] =
        static_cast<uint8_t>(bytes_[index / kBitsPerByte] | (1u << (index % kBitsPerByte)));
  }
  bool IsBitSet(size_t index) const {
    return index / 8 < bytes_.size() && ((bytes_[index / 8] >> (index % 8)) & 1) != 0;
  }
  // Clears every bit and makes room for bits [0, num_bits) without reallocating, so that a
  // builder reusing one vector per stack map sets each bit without growing it. Reset(0) empties.
  void Reset(size_t num_bits) { bytes_.assign(BitsToBytesRoundUp(num_bits), 0); }

  // Highest set bit + 1, or 0 when no bit is set (ART's BitVector::GetNumberOfBits).
  size_t NumberOfBits() const;
  // The first NumberOfBits() bits.
  BitMemoryRegion AsRegion() const { return BitMemoryRegion(bytes_.data(), 0, NumberOfBits()); }
  // Indices of the set bits, ascending.
  std::vector<uint32_t> SetBits() const;

  friend bool operator==(const BitVector& lhs, const BitVector& rhs) {
    return lhs.AsRegion() == rhs.AsRegion();
  }

 private:
  // Makes bytes_ long enough to hold bit `index`.
  void Grow(size_t index);

  std::vector<uint8_t> bytes_;
};

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_BITS_BIT_VECTOR_H_
