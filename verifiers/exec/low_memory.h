#ifndef FRAMEPROOF_VERIFIERS_EXEC_LOW_MEMORY_H_
#define FRAMEPROOF_VERIFIERS_EXEC_LOW_MEMORY_H_

#include <cstddef>
#include <cstdint>

#include "absl/status/statusor.h"

namespace frameproof {

// Read-write pages mapped below 4 GiB, so what lives there has a 32-bit address: the mock
// runtime's objects, classes and methods, whose class words and class slots generated code loads
// 32 bits wide, as Ark's does with its 32-bit managed pointers.
class LowMemory {
 public:
  // Maps `size` bytes (rounded up to pages), zeroed, somewhere below 4 GiB.
  static absl::StatusOr<LowMemory> Map(size_t size);

  LowMemory(LowMemory&& other) noexcept;
  LowMemory& operator=(LowMemory&&) = delete;
  LowMemory(const LowMemory&) = delete;
  ~LowMemory();

  void* data() const { return data_; }
  size_t size() const { return size_; }

 private:
  LowMemory(void* data, size_t size) : data_(data), size_(size) {}
  void* data_;
  size_t size_;
};

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_EXEC_LOW_MEMORY_H_
