#include "core/bits/bit_memory_region.h"

#include <algorithm>
#include <bit>
#include <cstring>

#include "absl/base/internal/endian.h"
#include "core/bits/bit_utils.h"

namespace frameproof {

uint64_t BitMemoryRegion::LoadBitsByBytes(size_t bit_offset, size_t bit_count) const {
  if (bit_count == 0) return 0;
  const size_t bit = bit_start_ + bit_offset;
  const size_t first_byte = bit / 8;
  const size_t shift = bit % 8;
  // The view's own bytes end here; nothing past it may be touched.
  const size_t end_byte = BitsToBytesRoundUp(bit_start_ + bit_size_);
  const size_t needed_bytes = BitsToBytesRoundUp(shift + bit_count);  // 1..9
  uint64_t value;
  if (first_byte + sizeof(uint64_t) <= end_byte) {
    value = absl::little_endian::Load64(data_ + first_byte) >> shift;
    if (needed_bytes > sizeof(uint64_t)) {
      value |= uint64_t{data_[first_byte + sizeof(uint64_t)]} << (kBitsPerWord - shift);
    }
  } else {
    // Near the end of the view: assemble only the bytes that hold requested bits.
    uint64_t word = 0;
    const size_t word_bytes = std::min(needed_bytes, sizeof(uint64_t));
    for (size_t i = 0; i < word_bytes; ++i) word |= uint64_t{data_[first_byte + i]} << (8 * i);
    value = word >> shift;
    if (needed_bytes > sizeof(uint64_t)) {
      value |= uint64_t{data_[first_byte + sizeof(uint64_t)]} << (kBitsPerWord - shift);
    }
  }
  return value & LowBitMask(bit_count);
}

size_t BitMemoryRegion::PopCount(size_t bit_offset, size_t bit_count) const {
  size_t count = 0;
  for (size_t done = 0; done < bit_count; done += kBitsPerWord) {
    const size_t chunk = std::min(kBitsPerWord, bit_count - done);
    count += std::popcount(LoadBits(bit_offset + done, chunk));
  }
  return count;
}

bool BitMemoryRegion::HasSomeBitSet() const {
  for (size_t done = 0; done < bit_size_; done += kBitsPerWord) {
    if (LoadBits(done, std::min(kBitsPerWord, bit_size_ - done)) != 0) return true;
  }
  return false;
}

int BitMemoryRegion::Compare(const BitMemoryRegion& lhs, const BitMemoryRegion& rhs) {
  if (lhs.size_in_bits() != rhs.size_in_bits()) {
    return lhs.size_in_bits() < rhs.size_in_bits() ? -1 : 1;
  }
  const size_t size = lhs.size_in_bits();
  for (size_t done = 0; done < size; done += kBitsPerWord) {
    const size_t chunk = std::min(kBitsPerWord, size - done);
    const uint64_t l = lhs.LoadBits(done, chunk);
    const uint64_t r = rhs.LoadBits(done, chunk);
    if (l != r) {
      const uint64_t lowest_difference = l ^ r;
      return (l & lowest_difference & (~lowest_difference + 1)) != 0 ? 1 : -1;
    }
  }
  return 0;
}

void MutableBitMemoryRegion::StoreBit(size_t bit_offset, bool value) {
  const size_t bit = bit_start() + bit_offset;
  uint8_t& byte = mutable_data()[bit / 8];
  const uint8_t mask = static_cast<uint8_t>(1u << (bit % 8));
  byte = static_cast<uint8_t>(value ? (byte | mask) : (byte & ~mask));
}

void MutableBitMemoryRegion::StoreBitsByBytes(size_t bit_offset, uint64_t value,
                                              size_t bit_count) {
  value &= LowBitMask(bit_count);
  size_t bit = bit_start() + bit_offset;
  uint8_t* bytes = mutable_data();
  // Near the end of a view of a word or more, the field usually lies in the view's last eight
  // bytes: one read-modify-write of them, as a writer appending to its buffer stores.
  const size_t end_byte = BitsToBytesRoundUp(bit_start() + size_in_bits());
  // (A zero-width store at the view's very end takes the loop, which stores nothing.)
  if (end_byte >= sizeof(uint64_t) && bit_count != 0) {
    const size_t last_word_bit = (end_byte - sizeof(uint64_t)) * kBitsPerByte;
    if (bit >= last_word_bit && bit - last_word_bit + bit_count <= kBitsPerWord) {
      StoreInWord(bytes + end_byte - sizeof(uint64_t), bit - last_word_bit, value, bit_count);
      return;
    }
  }
  while (bit_count > 0) {
    const size_t shift = bit % 8;
    const size_t take = std::min<size_t>(8 - shift, bit_count);
    const uint8_t mask = static_cast<uint8_t>(LowBitMask(take) << shift);
    uint8_t& byte = bytes[bit / 8];
    byte = static_cast<uint8_t>((byte & ~mask) | ((value << shift) & mask));
    value >>= take;
    bit += take;
    bit_count -= take;
  }
}

void MutableBitMemoryRegion::StoreRegion(size_t bit_offset, const BitMemoryRegion& source) {
  const size_t size = source.size_in_bits();
  for (size_t done = 0; done < size; done += kBitsPerWord) {
    const size_t chunk = std::min(kBitsPerWord, size - done);
    StoreBits(bit_offset + done, source.LoadBits(done, chunk), chunk);
  }
}

}  // namespace frameproof
