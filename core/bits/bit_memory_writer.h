#ifndef FRAMEPROOF_CORE_BITS_BIT_MEMORY_WRITER_H_
#define FRAMEPROOF_CORE_BITS_BIT_MEMORY_WRITER_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "absl/base/internal/endian.h"
#include "absl/types/span.h"
#include "core/bits/bit_memory_region.h"
#include "core/bits/bit_utils.h"

namespace frameproof {

// Appends bits to a byte vector, LSB-first, growing it to ceil(bits / 8) bytes. New bytes are zero,
// so the pad bits of the last byte are always zero.
class BitMemoryWriter {
 public:
  // Appends starting at `bit_offset`, which must not exceed out->size() * 8.
  explicit BitMemoryWriter(std::vector<uint8_t>* out, size_t bit_offset = 0)
      : out_(out), bit_offset_(bit_offset) {}

  size_t NumberOfWrittenBits() const { return bit_offset_; }
  const uint8_t* data() const { return out_->data(); }

  // Reserves the next `bit_count` bits and returns them as a writable view. The view is invalidated
  // by the next call that grows the vector.
  MutableBitMemoryRegion Allocate(size_t bit_count);

  // Writes the low `bit_count` (0..64) bits of `value`.
  void WriteBits(uint64_t value, size_t bit_count) {
    const size_t start = Grow(bit_count);
    // Through a view of all the bits written so far, not only the new ones: at the end of the
    // buffer the store is then one word, the buffer's last eight bytes, not a byte at a time.
    MutableBitMemoryRegion(out_->data(), 0, bit_offset_).StoreBits(start, value, bit_count);
  }
  void WriteBit(bool value) { WriteBits(value ? 1 : 0, 1); }
  // Copies `region`, which must not point into this writer's own vector.
  void WriteRegion(const BitMemoryRegion& region);
  void WriteVarint(uint32_t value) { WriteInterleavedVarints({&value, 1}); }
  // All header nibbles first, then the payloads of the values above kVarintMax, in order.
  void WriteInterleavedVarints(absl::Span<const uint32_t> values);
  // Pads to a byte boundary, then appends `bytes`.
  void WriteBytesAligned(absl::Span<const uint8_t> bytes);

  // Pads with zero bits to the next byte boundary.
  void ByteAlign();
  // Drops everything after `bit_offset` (which must not be past the current end).
  void Truncate(size_t bit_offset);

 private:
  // Extends the written bits by `bit_count`, growing the vector to hold them (new bytes zero), and
  // returns where they start.
  size_t Grow(size_t bit_count);

  // The capacity the vector gets when it first grows past what it has.
  static constexpr size_t kFirstCapacityBytes = 64;

  std::vector<uint8_t>* out_;
  size_t bit_offset_;
};

// Fills a writable view front to back, one field after another, storing 32 bits at a time: a
// table's cells are a few bits each, and a store per cell would read and rewrite the same word
// once per cell. The bits of the view's first byte before the view are kept; call Finish() after
// the last Append.
class SequentialBitWriter {
 public:
  explicit SequentialBitWriter(const MutableBitMemoryRegion& region);

  // Appends the low `bit_count` (0..32) bits of `value`; the view must have room for them.
  void Append(uint32_t value, size_t bit_count) {
    pending_ |= (value & LowBitMask(bit_count)) << pending_bits_;
    pending_bits_ += bit_count;
    if (pending_bits_ >= kFlushBits) {
      absl::little_endian::Store32(next_byte_, static_cast<uint32_t>(pending_));
      next_byte_ += kFlushBits / kBitsPerByte;
      pending_ >>= kFlushBits;
      pending_bits_ -= kFlushBits;
    }
  }
  // Stores the bits still pending, leaving any bits after them untouched.
  void Finish();

 private:
  static constexpr size_t kFlushBits = 32;

  uint8_t* next_byte_;
  uint64_t pending_;     // bits from bit 0 of next_byte_ on, not yet stored
  size_t pending_bits_;  // always < kFlushBits between calls
};

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_BITS_BIT_MEMORY_WRITER_H_
