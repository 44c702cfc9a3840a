#include "verifiers/exec/executable_memory.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "absl/strings/str_cat.h"

namespace frameproof {

uint32_t ExecutableMemory::PageSize() { return static_cast<uint32_t>(sysconf(_SC_PAGESIZE)); }

absl::StatusOr<ExecutableMemory> ExecutableMemory::Map(size_t size) {
  void* data = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (data == MAP_FAILED) {
    return absl::ResourceExhaustedError(absl::StrCat("mmap of ", size, " bytes: ", strerror(errno)));
  }
  return ExecutableMemory(data, size);
}

ExecutableMemory::ExecutableMemory(ExecutableMemory&& other) noexcept
    : data_(other.data_), size_(other.size_), loaded_(other.loaded_) {
  other.data_ = nullptr;
  other.size_ = 0;
  other.loaded_ = 0;
}

ExecutableMemory::~ExecutableMemory() {
  if (data_ != nullptr) munmap(data_, size_);
}

absl::Status ExecutableMemory::Load(const ExecImage& image) {
  const size_t size = image.bytes.size();
  const size_t page = PageSize();
  if (image.base != base() || size > size_ || image.code_offset > size) {
    return absl::InvalidArgumentError(absl::StrCat("an image of ", size, " bytes for 0x",
                                                   absl::Hex(image.base),
                                                   " does not fit this mapping"));
  }
  // Pages are compared and protected whole.
  if (size % page != 0 || image.code_offset % page != 0) {
    return absl::InvalidArgumentError(absl::StrCat("an image of ", size, " bytes with its code at ",
                                                   image.code_offset, " is not whole ", page,
                                                   "-byte pages"));
  }
  char* const pages = static_cast<char*>(data_);
  // The GOT page is data, read-write throughout.
  std::memcpy(pages, image.bytes.data(), image.code_offset);
  // Code pages that already hold their bytes (the stubs every image begins with) are left alone:
  // rewriting them would cost a W^X flip and, under QEMU, the translations of their code. The
  // rest, up to the end of the longer of this image and the last, is rewritten: this image's
  // bytes, then zeros, read-write and not executable.
  const size_t end = std::max(size, loaded_);
  size_t first = image.code_offset;
  while (first < std::min(size, loaded_) &&
         std::memcmp(pages + first, image.bytes.data() + first, page) == 0) {
    first += page;
  }
  if (first < end) {
    if (mprotect(pages + first, end - first, PROT_READ | PROT_WRITE) != 0) {
      return absl::InternalError(absl::StrCat("mprotect RW: ", strerror(errno)));
    }
    if (first < size) std::memcpy(pages + first, image.bytes.data() + first, size - first);
    if (end > size) std::memset(pages + size, 0, end - size);
    if (first < size) {
      if (mprotect(pages + first, size - first, PROT_READ | PROT_EXEC) != 0) {
        return absl::InternalError(absl::StrCat("mprotect RX: ", strerror(errno)));
      }
      __builtin___clear_cache(pages + first, pages + size);
    }
  }
  loaded_ = size;
  return absl::OkStatus();
}

}  // namespace frameproof
