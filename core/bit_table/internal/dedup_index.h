#ifndef FRAMEPROOF_CORE_BIT_TABLE_INTERNAL_DEDUP_INDEX_H_
#define FRAMEPROOF_CORE_BIT_TABLE_INTERNAL_DEDUP_INDEX_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "absl/container/flat_hash_map.h"

namespace frameproof {

// What a deduplicating builder remembers: for each hash (a HashValue), the starts of the runs it
// appended with that hash, oldest first (ART's hash -> start multimap). The map holds one 32-bit
// index per hash and the starts sit in one array chained by hash, so a lookup touches no
// per-hash container and recording a start allocates only when the array grows.
template <typename HashValue>
class DedupIndex {
 public:
  struct Found {
    uint32_t start;
    bool found;  // false: `start` is the new start, now recorded under the hash
  };

  // The oldest recorded start under `hash` for which `matches(start)` holds; if none does,
  // records `new_start` under `hash` (after the others) and returns it.
  template <typename Matches>
  Found FindOrAdd(HashValue hash, uint32_t new_start, Matches&& matches) {
    if (entries_.capacity() == 0) [[unlikely]] {
      entries_.reserve(kFirstCapacity);
      first_.reserve(kFirstCapacity);
    }
    auto [it, inserted] = first_.try_emplace(hash, kNone);
    uint32_t last = kNone;
    for (uint32_t entry = it->second; entry != kNone; entry = entries_[entry].next) {
      if (matches(entries_[entry].start)) return {entries_[entry].start, true};
      last = entry;
    }
    const uint32_t added = static_cast<uint32_t>(entries_.size());
    entries_.push_back(Entry{new_start, kNone});
    (last == kNone ? it->second : entries_[last].next) = added;
    return {new_start, false};
  }

  // Forgets every recorded start, keeping the memory for the next table.
  void Clear() {
    first_.clear();
    entries_.clear();
  }

 private:
  static constexpr uint32_t kNone = UINT32_MAX;
  // Room made at the first FindOrAdd, so that a small table's index does not grow from one.
  static constexpr size_t kFirstCapacity = 16;
  struct Entry {
    uint32_t start;
    uint32_t next;  // the next entry with the same hash, or kNone
  };

  absl::flat_hash_map<HashValue, uint32_t> first_;  // hash -> its oldest entry
  std::vector<Entry> entries_;
};

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_BIT_TABLE_INTERNAL_DEDUP_INDEX_H_
