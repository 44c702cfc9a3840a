#ifndef FRAMEPROOF_VERIFIERS_UTIL_HEAP_COUNTER_H_
#define FRAMEPROOF_VERIFIERS_UTIL_HEAP_COUNTER_H_

#include <cstddef>
#include <cstdint>

namespace frameproof {

// What the heap saw while a HeapCount was alive: C++ allocations only (operator new and delete,
// which every standard container and Abseil type uses), counted in the allocator's usable bytes.
struct HeapUsage {
  uint64_t allocations = 0;
  uint64_t allocated_bytes = 0;
  // The most bytes live at once, counting only blocks allocated inside the scope.
  uint64_t peak_live_bytes = 0;
};

// Counts the heap traffic of the code it encloses. Linking frameproof_heap_counter replaces the
// global operator new and delete of the whole binary, so only tests and benchmarks that measure
// memory link it. Single-threaded; scopes do not nest.
class HeapCount {
 public:
  HeapCount();
  ~HeapCount();
  HeapCount(const HeapCount&) = delete;
  HeapCount& operator=(const HeapCount&) = delete;

  // The usage so far.
  HeapUsage usage() const;
};

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_UTIL_HEAP_COUNTER_H_
