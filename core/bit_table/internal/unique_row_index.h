#ifndef FRAMEPROOF_CORE_BIT_TABLE_INTERNAL_UNIQUE_ROW_INDEX_H_
#define FRAMEPROOF_CORE_BIT_TABLE_INTERNAL_UNIQUE_ROW_INDEX_H_

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "absl/hash/hash.h"
#include "absl/types/span.h"

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

  // Forgets every recorded row, keeping the slots for the next table. `table` is the rows the
  // builder holds: where they are exactly the recorded ones, only their slots are emptied, at
  // the cost of recording them; otherwise (rows added beside the index, or changed since) every
  // slot is, at the cost of the largest table this index has held.
  void Clear(absl::Span<const Row> table) {
    if (recorded_ == 0) return;
    used_slots_.clear();
    if (table.size() == recorded_) {
      const size_t mask = slots_.size() - 1;
      for (const Row& row : table) {
        // A found slot is marked, not emptied, so that the probe runs through it stay whole.
        for (size_t i = SlotOf(row, mask); slots_[i].number != kEmpty; i = (i + 1) & mask) {
          if (slots_[i].number != kFound && slots_[i].row == row) {
            slots_[i].number = kFound;
            used_slots_.push_back(i);
            break;
          }
        }
      }
    }
    if (used_slots_.size() == recorded_) {
      // `recorded_` distinct slots held recorded rows: all of them.
      for (const size_t i : used_slots_) slots_[i].number = kEmpty;
    } else {
      std::fill(slots_.begin(), slots_.end(), Slot{});
    }
    recorded_ = 0;
  }

 private:
  static constexpr uint32_t kEmpty = UINT32_MAX;
  static constexpr uint32_t kFound = UINT32_MAX - 1;  // Clear's mark; no row number reaches it
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
  std::vector<size_t> used_slots_;  // Clear's, kept for the next Clear
};

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_BIT_TABLE_INTERNAL_UNIQUE_ROW_INDEX_H_
