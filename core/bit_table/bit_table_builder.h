#ifndef FRAMEPROOF_CORE_BIT_TABLE_BIT_TABLE_BUILDER_H_
#define FRAMEPROOF_CORE_BIT_TABLE_BIT_TABLE_BUILDER_H_

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "absl/types/span.h"
#include "core/base/internal/fnv_hash.h"
#include "core/base/internal/vector_capacity.h"
#include "core/bit_table/bit_table.h"
#include "core/bit_table/internal/dedup_index.h"
#include "core/bit_table/internal/unique_row_index.h"
#include "core/bits/bit_memory_writer.h"
#include "core/bits/bit_utils.h"

namespace frameproof {
namespace bit_table_internal {

// The rows a builder makes room for at its first append (then it doubles): most of a method's
// tables hold tens of rows.
inline constexpr size_t kFirstRowCapacity = 16;
// The bytes a bitmap builder makes room for at its first append: 16 rows of 64 bits.
inline constexpr size_t kFirstBitmapPoolBytes = kFirstRowCapacity * 8;

// What Dedup returns for an earlier run found at `start`: `start` itself, except under a planted
// bug. Out of line because no header may switch a planted bug (cmake/FrameproofTargets.cmake).
uint32_t FoundRunStart(uint32_t start);

}  // namespace bit_table_internal

// Which runs a builder's Dedup() is given, which decides how it may find earlier ones.
enum class DedupRuns : uint8_t {
  // Runs of any length, bucketed by ART's byte-wise FNV-1a: when a shorter run equals the prefix
  // of an earlier, longer one and their hashes collide, ART reuses that prefix, so the hash is
  // part of the bytes and only ART's own keeps that rare case byte for byte ART's.
  kAnyLength,
  // Single rows only: a row can match only an equal row, whatever the hash, so a table of
  // the rows themselves (UniqueRowIndex) finds them.
  kSingleRows,
};

// Collects rows of kNumColumns uint32 values and encodes them as a BitTable, exactly as ART's and
// Ark's table builders do: widths from the OR of the biased values, +1 bias, row-major data.
template <size_t kNumColumns, DedupRuns kRuns = DedupRuns::kAnyLength>
class BitTableBuilder {
 public:
  using Entry = std::array<uint32_t, kNumColumns>;

  // A row with every column set to kNoValue.
  static Entry EmptyEntry() {
    Entry entry;
    entry.fill(kNoValue);
    return entry;
  }

  uint32_t size() const { return static_cast<uint32_t>(rows_.size()); }
  // Forgets every row, keeping the memory: the builder is then as if new.
  void Clear() {
    if constexpr (kRuns == DedupRuns::kSingleRows) {
      dedup_.Clear(rows_);
    } else {
      dedup_.Clear();
    }
    rows_.clear();
  }
  const Entry& operator[](size_t row) const { return rows_[row]; }
  Entry& operator[](size_t row) { return rows_[row]; }

  // Appends a row without deduplication.
  void Add(const Entry& entry) {
    ReserveBeforeFirstAppend(rows_, bit_table_internal::kFirstRowCapacity);
    rows_.push_back(entry);
  }

  // Returns the start of an identical run that an earlier Dedup() appended, or appends `run` and
  // returns its start. Only earlier Dedup() starting points are candidates, as in ART and Ark (a
  // run inside a longer appended one is not found); an empty run is recorded too and returns the
  // table size at the time it was first seen.
  uint32_t Dedup(absl::Span<const Entry> run) requires(kRuns == DedupRuns::kAnyLength) {
    return DedupRun(run);
  }
  uint32_t Dedup(const Entry& entry) { return DedupRun(absl::MakeConstSpan(&entry, 1)); }

  // Width of each column: the bits needed for the OR of its biased values.
  std::array<uint32_t, kNumColumns> Measure() const {
    std::array<uint32_t, kNumColumns> column_or{};
    for (const Entry& row : rows_) {
      for (size_t c = 0; c < kNumColumns; ++c) column_or[c] |= row[c] - kValueBias;
    }
    std::array<uint32_t, kNumColumns> column_bits;
    for (size_t c = 0; c < kNumColumns; ++c) column_bits[c] = MinimumBitsToStore(column_or[c]);
    return column_bits;
  }

  // The header in `layout`'s order, then the rows. A format that encodes only the first
  // kEncodedColumns columns (see BitTableBase) gets those; the caller keeps the others kNoValue,
  // so that they take no bits in the rows either.
  template <size_t kEncodedColumns = kNumColumns>
  void Encode(BitMemoryWriter& out, const BitTableLayout& layout) const {
    static_assert(kEncodedColumns <= kNumColumns, "a format encodes at most every column");
    const std::array<uint32_t, kNumColumns> column_bits = Measure();
    std::array<uint32_t, 1 + kEncodedColumns> header;
    const bool rows_first = layout.header_order == BitTableHeaderOrder::kRowsFirst;
    header[rows_first ? 0 : kEncodedColumns] = size();
    std::copy(column_bits.begin(), column_bits.begin() + kEncodedColumns,
              header.begin() + (rows_first ? 1 : 0));
    out.WriteInterleavedVarints(header);
    size_t row_bits = 0;
    for (uint32_t bits : column_bits) row_bits += bits;
    // One allocation for the whole table, then the cells in row-major order.
    SequentialBitWriter data(out.Allocate(row_bits * rows_.size()));
    for (const Entry& row : rows_) {
      for (size_t c = 0; c < kNumColumns; ++c) data.Append(row[c] - kValueBias, column_bits[c]);
    }
    data.Finish();
  }

 private:
  uint32_t DedupRun(absl::Span<const Entry> run) {
    ReserveBeforeFirstAppend(rows_, bit_table_internal::kFirstRowCapacity);
    if constexpr (kRuns == DedupRuns::kSingleRows) {
      const typename UniqueRowIndex<kNumColumns>::Found earlier =
          dedup_.FindOrAdd(run.front(), size());
      if (earlier.found) return bit_table_internal::FoundRunStart(earlier.row);
      rows_.push_back(run.front());
      return earlier.row;
    } else {
      const auto same_run = [&](uint32_t start) {
        return run.size() <= rows_.size() - start &&
               std::equal(run.begin(), run.end(), rows_.begin() + start);
      };
      const DedupIndex<uint32_t>::Found earlier = dedup_.FindOrAdd(Hash(run), size(), same_run);
      if (earlier.found) return bit_table_internal::FoundRunStart(earlier.start);
      rows_.insert(rows_.end(), run.begin(), run.end());
      return earlier.start;
    }
  }

  // ART's byte-wise FNV-1a of a run's values.
  static uint32_t Hash(absl::Span<const Entry> run) {
    Fnv1aHasher hasher;
    for (const Entry& entry : run) {
      for (uint32_t value : entry) hasher.AddWord(value);
    }
    return hasher.hash();
  }

  std::vector<Entry> rows_;
  // The runs Dedup() appended, as DedupRuns says: by ART's hash of any run, or by row.
  std::conditional_t<kRuns == DedupRuns::kSingleRows, UniqueRowIndex<kNumColumns>,
                     DedupIndex<uint32_t>>
      dedup_;
};

// Collects bitmaps of any length (stack masks, register masks) and encodes them as a one-column
// table whose rows are the bitmaps zero-padded to the longest one, with no bias.
class BitmapTableBuilder {
 public:
  // Rows are sized as `layout.bitmap_row_length` says.
  explicit BitmapTableBuilder(const BitTableLayout& layout)
      : row_length_(layout.bitmap_row_length) {}

  // Returns the row of a bitmap of the same length and bits, or appends `bitmap`. With
  // kTrailingZerosStripped the length is up to the highest set bit first (an all-zero bitmap
  // becomes the empty one); with kAsGiven it is `bitmap`'s own.
  uint32_t Dedup(const BitMemoryRegion& bitmap);
  // Appends `bitmap`, sized as Dedup sizes it, without looking for an equal row.
  uint32_t Add(const BitMemoryRegion& bitmap);
  // Forgets every row, keeping the memory: the builder is then as if new.
  void Clear();

  uint32_t size() const { return static_cast<uint32_t>(rows_.size()); }
  // Length of the longest bitmap, which is the encoded row width.
  size_t max_num_bits() const { return max_num_bits_; }
  // Row `row` as added (trailing zeros stripped).
  BitMemoryRegion Row(uint32_t row) const {
    return BitMemoryRegion(pool_.data() + rows_[row].byte_offset, 0, rows_[row].num_bits);
  }

  // The header [rows, max_num_bits] in `layout`'s order, then each row padded to max_num_bits.
  void Encode(BitMemoryWriter& out, const BitTableLayout& layout) const;

 private:
  // Where a row's bits live in pool_: whole bytes from `byte_offset`, the last zero-padded.
  struct RowPlace {
    size_t byte_offset;
    size_t num_bits;
  };
  // The first bits of `bitmap`, as many as the layout keeps.
  BitMemoryRegion Sized(const BitMemoryRegion& bitmap) const;
  uint32_t Append(const BitMemoryRegion& sized);

  BitmapRowLength row_length_;
  std::vector<uint8_t> pool_;  // every row's bytes, one after another
  std::vector<RowPlace> rows_;
  size_t max_num_bits_ = 0;
  // BitmapRowHasher hash of a row's bits -> the rows Dedup() appended with that hash.
  DedupIndex<uint32_t> dedup_;
};

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_BIT_TABLE_BIT_TABLE_BUILDER_H_
