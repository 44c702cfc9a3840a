#ifndef FRAMEPROOF_VERIFIERS_EXEC_EXEC_WORKSPACE_H_
#define FRAMEPROOF_VERIFIERS_EXEC_EXEC_WORKSPACE_H_

// The mappings and buffers consecutive exec cases share instead of making their own: the pages an
// image is loaded into, the low pages of the mock runtime's heap, and the image builder. Each case
// leaves nothing behind that the next could see: loading zeroes the pages past its image and the
// runtime rebuilds its heap from zero, as fresh mappings would be.

#include <cstddef>

#include "absl/status/statusor.h"
#include "arch/exec_image.h"
#include "verifiers/exec/executable_memory.h"
#include "verifiers/exec/low_memory.h"

namespace frameproof {

class ExecWorkspace {
 public:
  // Room for the largest plans: four call sites of several hundred values, each materialized by
  // up to five instructions.
  static constexpr size_t kImageBytes = 256 * 1024;

  // Maps both; fails only when the address space has no room for them.
  static absl::StatusOr<ExecWorkspace> Create();

  ExecutableMemory& image_pages() { return image_pages_; }
  LowMemory& heap_pages() { return heap_pages_; }
  ExecImageBuilder& image_builder() { return image_builder_; }

 private:
  ExecWorkspace(ExecutableMemory image_pages, LowMemory heap_pages)
      : image_pages_(std::move(image_pages)), heap_pages_(std::move(heap_pages)) {}

  ExecutableMemory image_pages_;
  LowMemory heap_pages_;
  ExecImageBuilder image_builder_;
};

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_EXEC_EXEC_WORKSPACE_H_
