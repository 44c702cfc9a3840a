#ifndef FRAMEPROOF_VERIFIERS_EXEC_MOVING_COLLECTOR_H_
#define FRAMEPROOF_VERIFIERS_EXEC_MOVING_COLLECTOR_H_

// Where the mock runtime's moving collector puts objects. At every runtime entry it moves each
// object the stack maps report as a root and writes the new reference where the metainfo says the
// old one lives (a stack slot, a saved register's slot), so a root the metainfo misses, or reports
// at the wrong place, leaves a stale reference behind.

#include <cstdint>

namespace frameproof {

// Collections in one execution move an object to this many different places in turn.
inline constexpr uint32_t kDistinctCollections = 4;

// Where the `collection`-th collection of an execution (counted from 0) moves the object at
// `reference`: another 8-aligned address in the same 32-bit heap, never null, never the old one,
// and a different one for each of an execution's first kDistinctCollections collections, so a
// reference that missed any one of them shows.
constexpr uint32_t MovedReference(uint32_t reference, uint32_t collection) {
  constexpr uint32_t kFirstMovedBit = 20;
  return reference ^ (1u << (kFirstMovedBit + collection % kDistinctCollections));
}

// Where collections `first` to `first + count - 1` of an execution leave the object at
// `reference`.
constexpr uint32_t ReferenceAfterCollections(uint32_t reference, uint32_t first, uint32_t count) {
  for (uint32_t c = first; c < first + count; ++c) reference = MovedReference(reference, c);
  return reference;
}

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_EXEC_MOVING_COLLECTOR_H_
