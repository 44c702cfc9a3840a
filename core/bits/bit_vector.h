#ifndef FRAMEPROOF_CORE_BITS_BIT_VECTOR_H_
#define FRAMEPROOF_CORE_BITS_BIT_VECTOR_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "absl/types/span.h"
#include "core/bits/bit_memory_region.h"

namespace frameproof {

// A growable set of bit indices, stored LSB-first in bytes so it can be viewed as a
// BitMemoryRegion. Used for stack masks and dex register masks.
class BitVector {
 public:
  BitVector() = default;
  // The vector with exactly the bits in `indices` set.
  static BitVector FromSetBits(absl::Span<const uint32_t> indices);

  void SetBit(size_t index);
  bool IsBitSet(size_t index) const {
    return index / 8 < bytes_.size() && ((bytes_[index / 8] >> (index % 8)) & 1) != 0;
  }
  void ClearAllBits() { bytes_.clear(); }

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
  std::vector<uint8_t> bytes_;
};

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_BITS_BIT_VECTOR_H_
