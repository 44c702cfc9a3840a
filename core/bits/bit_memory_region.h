#ifndef FRAMEPROOF_CORE_BITS_BIT_MEMORY_REGION_H_
#define FRAMEPROOF_CORE_BITS_BIT_MEMORY_REGION_H_

#include <cstddef>
#include <cstdint>

#include "absl/base/internal/endian.h"
#include "absl/types/span.h"
#include "core/bits/bit_utils.h"

namespace frameproof {

// A read-only view of `size_in_bits()` bits. Bit i of the view is bit (i % 8) of byte (i / 8),
// counted from the first bit, LSB-first within little-endian bytes, exactly as ART lays them out.
//
// Unlike ART's region, loads never touch a byte outside the view's readable bytes: its own
// bytes, or, for a view cut from a buffer with the readable end given, the bytes up to the
// buffer's end. So a view of the tail of a buffer is safe under ASan, while a cell in the middle
// of a buffer is one word load. Constructing a view does not check that its bytes exist; the
// checked reader (checked_bit_reader.h) establishes that for untrusted input.
class BitMemoryRegion {
 public:
  constexpr BitMemoryRegion() = default;

  // A view of `bit_size` bits starting `bit_start` bits from `data`. `bit_start` may be negative,
  // which is how deduplicated tables refer to earlier bits of an enclosing buffer.
  // Loads touch only the view's own bytes.
  BitMemoryRegion(const uint8_t* data, int64_t bit_start, size_t bit_size)
      : data_(data + FloorDivBy8(bit_start)),
        bit_start_(static_cast<uint8_t>(bit_start & 7)),
        readable_bytes_(ClampReadable(BitsToBytesRoundUp(bit_start_ + bit_size))),
        bit_size_(bit_size) {}
  // The same view, whose loads may also read (and ignore) the bytes after it up to
  // `readable_end`, which must not lie before the view's last byte: a view cut from a buffer
  // passes the buffer's end.
  BitMemoryRegion(const uint8_t* data, int64_t bit_start, size_t bit_size,
                  const uint8_t* readable_end)
      : data_(data + FloorDivBy8(bit_start)),
        bit_start_(static_cast<uint8_t>(bit_start & 7)),
        readable_bytes_(ClampReadable(static_cast<size_t>(readable_end - data_))),
        bit_size_(bit_size) {}

  // A view of every bit of `bytes`.
  explicit BitMemoryRegion(absl::Span<const uint8_t> bytes)
      : BitMemoryRegion(bytes.data(), 0, bytes.size() * 8) {}

  // False only for the default-constructed (absent) region.
  bool IsValid() const { return data_ != nullptr; }
  size_t size_in_bits() const { return bit_size_; }
  // First byte holding a bit of the view, and the view's first bit within it (0..7).
  const uint8_t* data() const { return data_; }
  size_t bit_start() const { return bit_start_; }

  // The bits [bit_offset, bit_offset + bit_size) of this view. Requires them to lie inside it.
  // Loads from it may read what this view's loads may read.
  BitMemoryRegion Subregion(size_t bit_offset, size_t bit_size) const {
    return BitMemoryRegion(data_, static_cast<int64_t>(bit_start_ + bit_offset), bit_size,
                           data_ + readable_bytes_);
  }
  BitMemoryRegion Subregion(size_t bit_offset) const {
    return Subregion(bit_offset, bit_size_ - bit_offset);
  }

  bool LoadBit(size_t bit_offset) const {
    const size_t bit = bit_start_ + bit_offset;
    return (data_[bit / 8] >> (bit % 8)) & 1;
  }

  // The `bit_count` (0..64) bits at `bit_offset`, the lowest-addressed bit as bit 0 of the result.
  // Inline for the common case, one unaligned word load that stays inside the readable bytes;
  // fields near their end or straddling nine bytes take the out-of-line byte path.
  uint64_t LoadBits(size_t bit_offset, size_t bit_count) const {
    const size_t bit = bit_start_ + bit_offset;
    const size_t first_byte = bit / kBitsPerByte;
    const size_t shift = bit % kBitsPerByte;
    if (first_byte + sizeof(uint64_t) <= readable_bytes_ &&
        shift + bit_count <= kBitsPerWord) [[likely]] {
      return (absl::little_endian::Load64(data_ + first_byte) >> shift) & LowBitMask(bit_count);
    }
    return LoadBitsByBytes(bit_offset, bit_count);
  }

  // Whether a word load at every bit up to `last_bit_offset` stays inside the readable bytes. A
  // reader that asks this once for a block of fields then loads each with LoadWordField.
  bool WordLoadsReach(size_t last_bit_offset) const {
    return (bit_start_ + last_bit_offset) / kBitsPerByte + sizeof(uint64_t) <= readable_bytes_;
  }
  // The `bit_count` (0..32) bits at `bit_offset`, one word load and no check: requires
  // WordLoadsReach(bit_offset).
  uint32_t LoadWordField(size_t bit_offset, size_t bit_count) const {
    const size_t bit = bit_start_ + bit_offset;
    const uint64_t mask = (uint64_t{1} << bit_count) - 1;
    return static_cast<uint32_t>(
        (absl::little_endian::Load64(data_ + bit / kBitsPerByte) >> (bit % kBitsPerByte)) & mask);
  }

  // LoadBits of a field of at most 32 bits, such as a value-table cell: a word load at any bit
  // holds it whole, so only the end of the readable bytes is checked. A wider `bit_count` is out of
  // contract; it yields some value, never undefined behaviour.
  uint32_t LoadBitsUpTo32(size_t bit_offset, size_t bit_count) const {
    if (WordLoadsReach(bit_offset)) [[likely]] {
      return LoadWordField(bit_offset, bit_count % kBitsPerWord);
    }
    return static_cast<uint32_t>(LoadBitsByBytes(bit_offset, bit_count));
  }

  // Number of set bits in the whole view, or in [bit_offset, bit_offset + bit_count).
  size_t PopCount() const { return PopCount(0, bit_size_); }
  size_t PopCount(size_t bit_offset, size_t bit_count) const;

  // True if any bit of the view is set.
  bool HasSomeBitSet() const;

  // ART's total order: a shorter region is less; otherwise the lowest differing bit decides and
  // the region with a 1 there is greater. Returns <0, 0 or >0.
  static int Compare(const BitMemoryRegion& lhs, const BitMemoryRegion& rhs);
  // Same size and same bits (the position of the bits in memory does not matter).
  static bool Equals(const BitMemoryRegion& lhs, const BitMemoryRegion& rhs) {
    return Compare(lhs, rhs) == 0;
  }
  friend bool operator==(const BitMemoryRegion& lhs, const BitMemoryRegion& rhs) {
    return Equals(lhs, rhs);
  }
  friend bool operator<(const BitMemoryRegion& lhs, const BitMemoryRegion& rhs) {
    return Compare(lhs, rhs) < 0;
  }

 private:
  // LoadBits where the word load would leave the view or the field spans nine bytes. Pure (it
  // writes no memory), so that the inline fast paths' callers keep what they loaded in registers
  // across this cold call instead of reloading it on every step of a loop.
  ABSL_ATTRIBUTE_PURE_FUNCTION uint64_t LoadBitsByBytes(size_t bit_offset, size_t bit_count) const;

  static constexpr int64_t FloorDivBy8(int64_t value) { return value >> 3; }
  // Fewer readable bytes are always safe; 32 bits keep a region at three words.
  static constexpr uint32_t ClampReadable(size_t bytes) {
    return bytes > UINT32_MAX ? UINT32_MAX : static_cast<uint32_t>(bytes);
  }

  const uint8_t* data_ = nullptr;
  uint8_t bit_start_ = 0;
  // Bytes from data_ that loads may touch: the view's own bytes at least (up to 4 GiB), and
  // beyond them only bytes the view's creator said exist.
  uint32_t readable_bytes_ = 0;
  size_t bit_size_ = 0;
};

// A writable view; the writer (bit_memory_writer.h) hands these out for the bits it allocated.
class MutableBitMemoryRegion : public BitMemoryRegion {
 public:
  MutableBitMemoryRegion() = default;
  MutableBitMemoryRegion(uint8_t* data, int64_t bit_start, size_t bit_size)
      : BitMemoryRegion(data, bit_start, bit_size) {}

  void StoreBit(size_t bit_offset, bool value);
  // Stores the low `bit_count` (0..64) bits of `value`; every other bit keeps its value. Touches
  // no byte outside the view, but may rewrite (unchanged) neighbouring bytes of the view, so two
  // threads must not store into one view at once. Inline for the common case, one unaligned
  // word read-modify-write inside the view's bytes, as LoadBits reads.
  void StoreBits(size_t bit_offset, uint64_t value, size_t bit_count) {
    const size_t bit = bit_start() + bit_offset;
    const size_t first_byte = bit / kBitsPerByte;
    const size_t shift = bit % kBitsPerByte;
    if (first_byte + sizeof(uint64_t) <= BitsToBytesRoundUp(bit_start() + size_in_bits()) &&
        shift + bit_count <= kBitsPerWord) [[likely]] {
      StoreInWord(mutable_data() + first_byte, shift, value, bit_count);
      return;
    }
    StoreBitsByBytes(bit_offset, value, bit_count);
  }
  // Copies all of `source` to `bit_offset`.
  void StoreRegion(size_t bit_offset, const BitMemoryRegion& source);
  // The first byte holding a bit of the view, writable.
  uint8_t* mutable_data() const { return const_cast<uint8_t*>(data()); }

 private:
  // Stores the low `bit_count` bits of `value` at bit `shift` of the eight bytes at `word_address`;
  // shift + bit_count must not exceed 64.
  static void StoreInWord(uint8_t* word_address, size_t shift, uint64_t value, size_t bit_count) {
    const uint64_t mask = LowBitMask(bit_count) << shift;
    const uint64_t word = absl::little_endian::Load64(word_address);
    absl::little_endian::Store64(word_address, (word & ~mask) | ((value << shift) & mask));
  }
  // StoreBits near the view's end or across nine bytes: the view's last word where the field
  // lies in it, else one byte at a time.
  void StoreBitsByBytes(size_t bit_offset, uint64_t value, size_t bit_count);
};

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_BITS_BIT_MEMORY_REGION_H_
