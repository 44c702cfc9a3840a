#include <algorithm>
#include <array>

#include "core/base/internal/fnv_hash.h"
#include "core/base/internal/vector_capacity.h"
#include "core/base/planted_bug.h"
#include "core/bit_table/bit_table_builder.h"
#include "core/bits/bit_utils.h"

namespace frameproof {
namespace {

// Index of the highest set bit + 1, or 0 when no bit is set.
size_t TrimmedBitCount(const BitMemoryRegion& bitmap) {
  size_t end = bitmap.size_in_bits();
  while (end > 0) {
    const size_t chunk_start = end > kBitsPerWord ? end - kBitsPerWord : 0;
    const uint64_t chunk = bitmap.LoadBits(chunk_start, end - chunk_start);
    if (chunk != 0) {
      return chunk_start + MinimumBitsToStore(chunk) -
             (FP_PLANTED_BUG(kBitmapTrimDropsTopBit) ? 1 : 0);
    }
    end = chunk_start;
  }
  return 0;
}

}  // namespace

BitMemoryRegion BitmapTableBuilder::Sized(const BitMemoryRegion& bitmap) const {
  const size_t num_bits = row_length_ == BitmapRowLength::kTrailingZerosStripped
                              ? TrimmedBitCount(bitmap)
                              : bitmap.size_in_bits();
  return bitmap.Subregion(0, num_bits);
}

uint32_t BitmapTableBuilder::Append(const BitMemoryRegion& sized) {
  const uint32_t row = size();
  ReserveBeforeFirstAppend(rows_, bit_table_internal::kFirstRowCapacity);
  ReserveBeforeFirstAppend(pool_, bit_table_internal::kFirstBitmapPoolBytes);
  const size_t byte_offset = pool_.size();
  pool_.resize(byte_offset + BitsToBytesRoundUp(sized.size_in_bits()), 0);
  MutableBitMemoryRegion(pool_.data() + byte_offset, 0, sized.size_in_bits()).StoreRegion(0, sized);
  rows_.push_back(RowPlace{byte_offset, sized.size_in_bits()});
  max_num_bits_ = std::max(max_num_bits_, sized.size_in_bits());
  return row;
}

uint32_t BitmapTableBuilder::Dedup(const BitMemoryRegion& bitmap) {
  const BitMemoryRegion sized = Sized(bitmap);
  // The hash of the bitmap's bits as a row stores them, 64 at a time, the last chunk zero-padded.
  BitmapRowHasher hasher;
  for (size_t bit = 0; bit < sized.size_in_bits(); bit += kBitsPerWord) {
    hasher.AddDoubleWord(sized.LoadBits(bit, std::min(kBitsPerWord, sized.size_in_bits() - bit)));
  }
  const auto same_row = [&](uint32_t row) { return BitMemoryRegion::Equals(Row(row), sized); };
  const DedupIndex<uint32_t>::Found earlier = dedup_.FindOrAdd(hasher.hash(), size(), same_row);
  if (earlier.found) return earlier.start;
  return Append(sized);
}

uint32_t BitmapTableBuilder::Add(const BitMemoryRegion& bitmap) { return Append(Sized(bitmap)); }

void BitmapTableBuilder::Clear() {
  pool_.clear();
  rows_.clear();
  max_num_bits_ = 0;
  dedup_.Clear();
}

void BitmapTableBuilder::Encode(BitMemoryWriter& out, const BitTableLayout& layout) const {
  const uint32_t width = static_cast<uint32_t>(max_num_bits_);
  const std::array<uint32_t, 2> header = layout.header_order == BitTableHeaderOrder::kRowsFirst
                                             ? std::array<uint32_t, 2>{size(), width}
                                             : std::array<uint32_t, 2>{width, size()};
  out.WriteInterleavedVarints(header);
  // One allocation for the whole table; its bits start zero, so each row's padding is done.
  MutableBitMemoryRegion data = out.Allocate(max_num_bits_ * rows_.size());
  for (uint32_t row = 0; row < size(); ++row) data.StoreRegion(row * max_num_bits_, Row(row));
}

}  // namespace frameproof
