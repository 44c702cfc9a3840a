#include "verifiers/util/heap_counter.h"

#include <malloc.h>

#include <algorithm>
#include <cstdlib>
#include <new>

namespace frameproof {
namespace {

// Plain globals: the counter is single-threaded by contract, and an atomic would cost every
// allocation of the binary even outside a scope.
bool counting = false;
int64_t live_bytes = 0;
HeapUsage totals;

void* Allocate(std::size_t size, std::size_t alignment) {
  if (size == 0) size = 1;
  void* block = alignment <= alignof(std::max_align_t)
                    ? std::malloc(size)
                    : std::aligned_alloc(alignment, (size + alignment - 1) / alignment * alignment);
  if (block == nullptr) return nullptr;
  if (counting) {
    const uint64_t bytes = malloc_usable_size(block);
    ++totals.allocations;
    totals.allocated_bytes += bytes;
    live_bytes += static_cast<int64_t>(bytes);
    if (live_bytes > 0) {
      totals.peak_live_bytes = std::max(totals.peak_live_bytes, static_cast<uint64_t>(live_bytes));
    }
  }
  return block;
}

void* AllocateOrThrow(std::size_t size, std::size_t alignment) {
  void* block = Allocate(size, alignment);
  if (block == nullptr) throw std::bad_alloc();
  return block;
}

void Release(void* block) {
  if (block == nullptr) return;
  // A block from before the scope lowers the count below the scope's start; the peak counts
  // only what the scope added, so it is clamped at zero.
  if (counting) live_bytes -= static_cast<int64_t>(malloc_usable_size(block));
  std::free(block);
}

}  // namespace

HeapCount::HeapCount() {
  totals = HeapUsage{};
  live_bytes = 0;
  counting = true;
}

HeapCount::~HeapCount() { counting = false; }

HeapUsage HeapCount::usage() const { return totals; }

}  // namespace frameproof

// The replaceable global allocation functions ([new.delete]), all routed through the counter.
void* operator new(std::size_t size) {
  return frameproof::AllocateOrThrow(size, alignof(std::max_align_t));
}
void* operator new[](std::size_t size) {
  return frameproof::AllocateOrThrow(size, alignof(std::max_align_t));
}
void* operator new(std::size_t size, std::align_val_t alignment) {
  return frameproof::AllocateOrThrow(size, static_cast<std::size_t>(alignment));
}
void* operator new[](std::size_t size, std::align_val_t alignment) {
  return frameproof::AllocateOrThrow(size, static_cast<std::size_t>(alignment));
}
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  return frameproof::Allocate(size, alignof(std::max_align_t));
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
  return frameproof::Allocate(size, alignof(std::max_align_t));
}
void operator delete(void* block) noexcept { frameproof::Release(block); }
void operator delete[](void* block) noexcept { frameproof::Release(block); }
void operator delete(void* block, std::size_t) noexcept { frameproof::Release(block); }
void operator delete[](void* block, std::size_t) noexcept { frameproof::Release(block); }
void operator delete(void* block, std::align_val_t) noexcept { frameproof::Release(block); }
void operator delete[](void* block, std::align_val_t) noexcept { frameproof::Release(block); }
void operator delete(void* block, std::size_t, std::align_val_t) noexcept {
  frameproof::Release(block);
}
void operator delete[](void* block, std::size_t, std::align_val_t) noexcept {
  frameproof::Release(block);
}
void operator delete(void* block, const std::nothrow_t&) noexcept { frameproof::Release(block); }
void operator delete[](void* block, const std::nothrow_t&) noexcept { frameproof::Release(block); }
