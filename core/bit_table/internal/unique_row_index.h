#ifndef FRAMEPROOF_CORE_BIT_TABLE_INTERNAL_UNIQUE_ROW_INDEX_H_
#define FRAMEPROOF_CORE_BIT_TABLE_INTERNAL_UNIQUE_ROW_INDEX_H_

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "absl/hash/hash.h"

namespace frameproof {

// What a builder that deduplicates single rows remembers: the rows it appended and their
// numbers, in an open-addressing table hashed by the rows' contents. A row only ever matches an
// equal row, so at most one recorded row equals any other, and the hash cannot change which one
// is found. Each slot holds its row, so a lookup touches one run of slots and nothing else, where
// a hash -> starts multimap (DedupIndex) touches a bucket, a chain entry and then the row; on the
// register catalogue of a large method, perf puts the time of those lookups on their loads.
template <size_t kNumColumns>
class UniqueRowIndex {
 public:
  using Row = std::array<uint32_t, kNumColumns>;
  struct Found {
    uint32_t row;
    bool found;  // false: `row` is the new row, now recorded
  };

  // The number of the recorded row equal to `row`; if there is none, records `row` as number
  // `new_row` and returns that.
  Found FindOrAdd(const Row& row, uint32_t new_row) {
    if ((recorded_ + 1) * kMaxLoadDenominator > slots_.size() * kMaxLoadNumerator) Grow();
    const size_t mask = slots_.size() - 1;
    for (size_t i = SlotOf(row, mask);; i = (i + 1) & mask) {
      Slot& slot = slots_[i];
      if (slot.number == kEmpty) {
        slot = Slot{row, new_row};
        ++recorded_;
        return {new_row, false};
      }
      if (slot.row == row) return {slot.number, true};
    }
  }

  // Forgets every recorded row, keeping the slots for the next table.
  void Clear() {
    if (recorded_ == 0) return;
    std::fill(slots_.begin(), slots_.end(), Slot{});
    recorded_ = 0;
  }

 private:
  static constexpr uint32_t kEmpty = UINT32_MAX;
  static constexpr size_t kMinSlots = 16;
  // At most half the slots are used, so a miss ends after a couple of probes.
  static constexpr size_t kMaxLoadNumerator = 1;
  static constexpr size_t kMaxLoadDenominator = 2;

  struct Slot {
    Row row;
    uint32_t number = kEmpty;  // the row's number in its table, or kEmpty
  };

  static size_t SlotOf(const Row& row, size_t mask) {
    const size_t hash = absl::Hash<Row>{}(row);
    return hash & mask;
  }

  // Doubles the slots (kMinSlots at first) and records every row again.
  void Grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.empty() ? kMinSlots : old.size() * 2, Slot{});
    const size_t mask = slots_.size() - 1;
    for (const Slot& slot : old) {
      if (slot.number == kEmpty) continue;
      size_t i = SlotOf(slot.row, mask);
      while (slots_[i].number != kEmpty) i = (i + 1) & mask;
      slots_[i] = slot;
    }
  }

  std::vector<Slot> slots_;  // a power of two long
  size_t recorded_ = 0;
};

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_BIT_TABLE_INTERNAL_UNIQUE_ROW_INDEX_H_
