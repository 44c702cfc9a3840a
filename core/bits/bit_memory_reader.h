#ifndef FRAMEPROOF_CORE_BITS_BIT_MEMORY_READER_H_
#define FRAMEPROOF_CORE_BITS_BIT_MEMORY_READER_H_

#include <array>
#include <cstddef>
#include <cstdint>

#include "absl/base/attributes.h"
#include "absl/types/span.h"
#include "core/bits/bit_memory_region.h"
#include "core/bits/varint.h"

namespace frameproof {

// The fast read path: a cursor over a buffer that does no bounds checks. Use it only on bits that
// a CheckedBitReader (or our own writer) has already established are inside the buffer. Loads
// still never touch a byte outside the buffer's own bytes.
class BitMemoryReader {
 public:
  // A cursor at `bit_position` bits from the start of `buffer`.
  explicit BitMemoryReader(absl::Span<const uint8_t> buffer, size_t bit_position = 0)
      : buffer_(buffer), bit_position_(bit_position) {}

  // Bits from the start of the buffer to the cursor.
  size_t position() const { return bit_position_; }
  void Seek(size_t bit_position) { bit_position_ = bit_position; }
  absl::Span<const uint8_t> buffer() const { return buffer_; }

  uint64_t ReadBits(size_t bit_count) {
    const uint64_t value = BufferRegion().LoadBits(bit_position_, bit_count);
    bit_position_ += bit_count;
    return value;
  }
  bool ReadBit() { return ReadBits(1) != 0; }

  // Returns the next `bit_count` bits as a view and moves past them. The view's loads may read
  // any byte of the buffer, so a cell away from the buffer's end is one word load.
  BitMemoryRegion ReadRegion(size_t bit_count) {
    BitMemoryRegion region(buffer_.data(), static_cast<int64_t>(bit_position_), bit_count,
                           buffer_.data() + buffer_.size());
    bit_position_ += bit_count;
    return region;
  }

  uint32_t ReadVarint() {
    const uint32_t header = static_cast<uint32_t>(ReadBits(kVarintBits));
    return header <= kVarintMax ? header
                                : static_cast<uint32_t>(ReadBits(VarintPayloadBits(header)));
  }

  // N varints stored as N header nibbles followed by the payloads of the large ones, in order.
  // One view of the buffer and a local cursor for all of them, so that a header of known size
  // is a run of loads whose positions depend only on the nibbles.
  template <size_t N>
  ABSL_ATTRIBUTE_ALWAYS_INLINE std::array<uint32_t, N> ReadInterleavedVarints() {
    static_assert(N <= kMaxInterleavedVarints);
    const BitMemoryRegion all = BufferRegion();
    const uint64_t headers = all.LoadBits(bit_position_, N * kVarintBits);
    size_t position = bit_position_ + N * kVarintBits;
    std::array<uint32_t, N> values;
    FP_UNROLL_FULLY
    for (size_t i = 0; i < N; ++i) {
      const uint32_t header = InterleavedVarintHeader(headers, i);
      const uint32_t bits = VarintPayloadBits(header);
      values[i] = bits == 0 ? header : static_cast<uint32_t>(all.LoadBits(position, bits));
      position += bits;
    }
    bit_position_ = position;
    return values;
  }
  // The same values, read without a branch per field where the buffer goes on for N largest
  // payloads: a word load per field, kept or not by a select. For a block read on its own, like
  // a header-only read, whose nibbles vary from method to method, so that a branch per field
  // would be mispredicted, and whose unused fields the compiler can then drop. Decodes keep
  // ReadInterleavedVarints for their table headers: with this read there, a bench A/B showed
  // no change larger than its noise (identical code differed by up to 1.8x that afternoon).
  template <size_t N>
  ABSL_ATTRIBUTE_ALWAYS_INLINE std::array<uint32_t, N> ReadInterleavedVarintsBySelect() {
    static_assert(N >= 1 && N <= kMaxInterleavedVarints);
    const BitMemoryRegion all = BufferRegion();
    const size_t payload_start = bit_position_ + N * kVarintBits;
    // No payload starts past this bit, whatever the nibbles say.
    const size_t last_payload_start = payload_start + (N - 1) * kMaxVarintPayloadBits;
    if (!all.WordLoadsReach(last_payload_start)) [[unlikely]] {
      return ReadInterleavedVarints<N>();
    }
    const uint64_t headers = all.LoadBits(bit_position_, N * kVarintBits);
    size_t position = payload_start;
    std::array<uint32_t, N> values;
    FP_UNROLL_FULLY
    for (size_t i = 0; i < N; ++i) {
      const uint32_t header = InterleavedVarintHeader(headers, i);
      const uint32_t bits = VarintPayloadBits(header);
      const uint32_t payload = all.LoadWordField(position, bits);
      values[i] = bits == 0 ? header : payload;
      position += bits;
    }
    bit_position_ = position;
    return values;
  }

 private:
  BitMemoryRegion BufferRegion() const { return BitMemoryRegion(buffer_); }

  absl::Span<const uint8_t> buffer_;
  size_t bit_position_;
};

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_BITS_BIT_MEMORY_READER_H_
