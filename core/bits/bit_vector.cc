#include "core/bits/bit_vector.h"

#include <bit>

#include "core/bits/bit_utils.h"

namespace frameproof {

BitVector BitVector::FromSetBits(absl::Span<const uint32_t> indices) {
  BitVector vector;
  for (uint32_t index : indices) vector.SetBit(index);
  return vector;
}

void BitVector::SetBit(size_t index) {
  if (index / 8 >= bytes_.size()) bytes_.resize(index / 8 + 1, 0);
  bytes_[index / 8] = static_cast<uint8_t>(bytes_[index / 8] | (1u << (index % 8)));
}

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
