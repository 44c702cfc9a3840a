#include "verifiers/exec/executable_memory.h"

#include <sys/mman.h>
#include <unistd.h>

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
  if (image.base != base() || image.bytes.size() > size_) {
    return absl::InvalidArgumentError(absl::StrCat("an image of ", image.bytes.size(),
                                                   " bytes for 0x", absl::Hex(image.base),
                                                   " does not fit this mapping"));
  }
  if (mprotect(data_, size_, PROT_READ | PROT_WRITE) != 0) {
    return absl::InternalError(absl::StrCat("mprotect RW: ", strerror(errno)));
  }
  std::memcpy(data_, image.bytes.data(), image.bytes.size());
  if (loaded_ > image.bytes.size()) {
    std::memset(static_cast<char*>(data_) + image.bytes.size(), 0, loaded_ - image.bytes.size());
  }
  loaded_ = image.bytes.size();
  char* code = static_cast<char*>(data_) + image.code_offset;
  const size_t code_size = image.bytes.size() - image.code_offset;
  if (mprotect(code, code_size, PROT_READ | PROT_EXEC) != 0) {
    return absl::InternalError(absl::StrCat("mprotect RX: ", strerror(errno)));
  }
  __builtin___clear_cache(code, code + code_size);
  return absl::OkStatus();
}

}  // namespace frameproof
