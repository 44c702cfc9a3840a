#ifndef FRAMEPROOF_CORE_BASE_INTERNAL_VECTOR_CAPACITY_H_
#define FRAMEPROOF_CORE_BASE_INTERNAL_VECTOR_CAPACITY_H_

#include <cstddef>
#include <vector>

namespace frameproof {

// Gives `vector` room for `first_capacity` elements if it has never had any, so that a builder's
// vector starts at a useful size instead of doubling up from one. A method's tables hold a few
// dozen rows; the doublings on the way there were two fifths of the allocations of encoding one.
template <typename T>
void ReserveBeforeFirstAppend(std::vector<T>& vector, size_t first_capacity) {
  if (vector.capacity() == 0) [[unlikely]] {
    vector.reserve(first_capacity);
  }
}

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_BASE_INTERNAL_VECTOR_CAPACITY_H_
