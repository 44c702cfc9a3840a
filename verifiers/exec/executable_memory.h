#ifndef FRAMEPROOF_VERIFIERS_EXEC_EXECUTABLE_MEMORY_H_
#define FRAMEPROOF_VERIFIERS_EXEC_EXECUTABLE_MEMORY_H_

#include <cstddef>
#include <cstdint>

#include "absl/status/statusor.h"
#include "arch/exec_image.h"

namespace frameproof {

// Pages for an image, W^X: mapped read-write, then Load() copies the image in and turns its
// code pages read-execute (the GOT page stays read-write, never executable), flushing the
// instruction cache where the ISA needs it. Loading again replaces the image: the pages an
// earlier, longer image used are zeroed and not executable, as on a fresh mapping, and the
// leading code pages that already hold the new image's bytes (the stubs every image shares) are
// left as they are.
class ExecutableMemory {
 public:
  static absl::StatusOr<ExecutableMemory> Map(size_t size);
  static uint32_t PageSize();

  ExecutableMemory(ExecutableMemory&& other) noexcept;
  ExecutableMemory& operator=(ExecutableMemory&&) = delete;
  ExecutableMemory(const ExecutableMemory&) = delete;
  ~ExecutableMemory();

  uint64_t base() const { return reinterpret_cast<uint64_t>(data_); }
  size_t size() const { return size_; }

  absl::Status Load(const ExecImage& image);

 private:
  ExecutableMemory(void* data, size_t size) : data_(data), size_(size) {}
  void* data_;
  size_t size_;
  size_t loaded_ = 0;  // bytes the last image used; the rest are zero
};

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_EXEC_EXECUTABLE_MEMORY_H_
