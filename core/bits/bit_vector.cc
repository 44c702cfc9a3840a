#include "core/bits/bit_vector.h"

#include <bit>

#include "core/bits/bit_utils.h"

namespace frameproof {

BitVector BitVector::FromSetBits(absl::Span<const uint32_t> indices) {
  BitVector vector;
  for (uint32_t index : indices) vector.SetBit(index);
  return vector;
}

void BitVector::Grow(size_t index) { bytes_.resize(index / kBitsPerByte + 1, 0); }

size_t BitVector::NumberOfBits() const {
  for (size_t i = bytes_.size(); i > 0; --i) {
    if (bytes_[i - 1] != 0) return (i - 1) * kBitsPerByte + std::bit_width(bytes_[i - 1]);
  }
  return 0;
}

std::vector<uint32_t> BitVector::SetBits() const {
  std::vector<uint32_t> indices;
  for (size_t i = 0; i < bytes_.size() * kBitsPerByte; ++i) {
    if (IsBitSet(i)) indices.push_back(static_cast<uint32_t>(i));
  }
  return indices;
}

}  // namespace frameproof
