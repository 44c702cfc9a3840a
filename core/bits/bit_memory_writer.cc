#include "core/bits/bit_memory_writer.h"

#include <algorithm>

#include "core/base/planted_bug.h"
#include "core/bits/bit_utils.h"
#include "core/bits/varint.h"

namespace frameproof {

size_t BitMemoryWriter::Grow(size_t bit_count) {
  const size_t start = bit_offset_;
  bit_offset_ += bit_count;
  const size_t bytes = BitsToBytesRoundUp(bit_offset_);
  if (out_->size() < bytes) {
    // A CodeInfo is written a few bits at a time; doubling from the first header's few bytes was
    // ten allocations for a median one (350 bytes).
    if (out_->capacity() < bytes) {
      out_->reserve(std::max({bytes, 2 * out_->capacity(), kFirstCapacityBytes}));
    }
    // Value-initialised, so zero; resize(n) appends, where resize(n, 0) is a general insert.
    out_->resize(bytes);
  }
  return start;
}

MutableBitMemoryRegion BitMemoryWriter::Allocate(size_t bit_count) {
  const size_t start = Grow(bit_count);
  return MutableBitMemoryRegion(out_->data(), static_cast<int64_t>(start), bit_count);
}

void BitMemoryWriter::WriteRegion(const BitMemoryRegion& region) {
  Allocate(region.size_in_bits()).StoreRegion(0, region);
}

void BitMemoryWriter::WriteInterleavedVarints(absl::Span<const uint32_t> values) {
  // The nibbles a word at a time: one store for any header the formats have.
  for (size_t first = 0; first < values.size(); first += kMaxInterleavedVarints) {
    const absl::Span<const uint32_t> word = values.subspan(first, kMaxInterleavedVarints);
    uint64_t headers = 0;
    for (size_t i = 0; i < word.size(); ++i) {
      headers |= uint64_t{VarintHeader(word[i])} << (i * kVarintBits);
    }
    WriteBits(headers, word.size() * kVarintBits);
  }
  for (uint32_t value : values) {
    if (value <= kVarintMax) continue;
    uint32_t payload_bits = VarintPayloadBits(VarintHeader(value));
    if (FP_PLANTED_BUG(kVarintPayloadOffByOne) && payload_bits > kBitsPerByte) {
      payload_bits -= kBitsPerByte;
    }
    WriteBits(value, payload_bits);
  }
}

void BitMemoryWriter::WriteBytesAligned(absl::Span<const uint8_t> bytes) {
  ByteAlign();
  out_->resize(bit_offset_ / kBitsPerByte);
  out_->insert(out_->end(), bytes.begin(), bytes.end());
  bit_offset_ = out_->size() * kBitsPerByte;
}

void BitMemoryWriter::ByteAlign() {
  bit_offset_ = BitsToBytesRoundUp(bit_offset_) * kBitsPerByte;
  out_->resize(bit_offset_ / kBitsPerByte, 0);
}

void BitMemoryWriter::Truncate(size_t bit_offset) {
  bit_offset_ = bit_offset;
  out_->resize(BitsToBytesRoundUp(bit_offset));
  // Keep the invariant that bits past the end are zero.
  if (bit_offset % kBitsPerByte != 0) {
    out_->back() = static_cast<uint8_t>(out_->back() & LowBitMask(bit_offset % kBitsPerByte));
  }
}

SequentialBitWriter::SequentialBitWriter(const MutableBitMemoryRegion& region)
    : next_byte_(region.mutable_data()),
      pending_(region.bit_start() == 0 ? 0 : next_byte_[0] & LowBitMask(region.bit_start())),
      pending_bits_(region.bit_start()) {}

void SequentialBitWriter::Finish() {
  MutableBitMemoryRegion(next_byte_, 0, pending_bits_).StoreBits(0, pending_, pending_bits_);
  pending_ = 0;
  pending_bits_ = 0;
}

}  // namespace frameproof
