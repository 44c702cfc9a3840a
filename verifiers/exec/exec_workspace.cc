#include "verifiers/exec/exec_workspace.h"

#include <utility>

#include "verifiers/exec/mock_objects.h"

namespace frameproof {

absl::StatusOr<ExecWorkspace> ExecWorkspace::Create() {
  absl::StatusOr<ExecutableMemory> image_pages = ExecutableMemory::Map(kImageBytes);
  if (!image_pages.ok()) return image_pages.status();
  absl::StatusOr<LowMemory> heap_pages = LowMemory::Map(sizeof(MockHeap));
  if (!heap_pages.ok()) return heap_pages.status();
  return ExecWorkspace(*std::move(image_pages), *std::move(heap_pages));
}

}  // namespace frameproof
