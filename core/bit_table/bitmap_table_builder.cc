#include <algorithm>
#include <array>

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
    if (chunk != 0) return chunk_start + MinimumBitsToStore(chunk);
    end = chunk_start;
  }
  return 0;
}

}  // namespace

BitmapTableBuilder::Bitmap BitmapTableBuilder::Sized(const BitMemoryRegion& bitmap) const {
  const size_t num_bits = row_length_ == BitmapRowLength::kTrailingZerosStripped
                              ? TrimmedBitCount(bitmap)
                              : bitmap.size_in_bits();
  std::vector<uint8_t> bytes(BitsToBytesRoundUp(num_bits), 0);
  MutableBitMemoryRegion(bytes.data(), 0, num_bits).StoreRegion(0, bitmap.Subregion(0, num_bits));
  return Bitmap{std::move(bytes), num_bits};
}

uint32_t BitmapTableBuilder::Append(Bitmap bitmap) {
  const uint32_t row = size();
  max_num_bits_ = std::max(max_num_bits_, bitmap.num_bits);
  rows_.push_back(std::move(bitmap));
  return row;
}

uint32_t BitmapTableBuilder::Dedup(const BitMemoryRegion& bitmap) {
  Bitmap sized = Sized(bitmap);
  Fnv1aHasher hasher;
  hasher.AddBytes(sized.bytes);
  auto [it, inserted] = dedup_.try_emplace(hasher.hash());
  for (uint32_t row : it->second) {
    if (rows_[row].num_bits == sized.num_bits && rows_[row].bytes == sized.bytes) return row;
  }
  const uint32_t row = Append(std::move(sized));
  it->second.push_back(row);
  return row;
}

uint32_t BitmapTableBuilder::Add(const BitMemoryRegion& bitmap) { return Append(Sized(bitmap)); }

void BitmapTableBuilder::Encode(BitMemoryWriter& out, const BitTableLayout& layout) const {
  const uint32_t width = static_cast<uint32_t>(max_num_bits_);
  const std::array<uint32_t, 2> header = layout.header_order == BitTableHeaderOrder::kRowsFirst
                                             ? std::array<uint32_t, 2>{size(), width}
                                             : std::array<uint32_t, 2>{width, size()};
  out.WriteInterleavedVarints(header);
  for (const Bitmap& row : rows_) {
    MutableBitMemoryRegion destination = out.Allocate(max_num_bits_);
    destination.StoreRegion(0, BitMemoryRegion(row.bytes.data(), 0, row.num_bits));
  }
}

}  // namespace frameproof
