#include "verifiers/exec/low_memory.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "absl/strings/str_cat.h"

namespace frameproof {
namespace {

constexpr uint64_t kFourGiB = uint64_t{1} << 32;
// Where to look for free pages when the kernel has no MAP_32BIT (arm64, QEMU): above the usual
// place of a static executable's image, in steps that skip over whatever is mapped.
constexpr uint64_t kFirstHint = 0x20000000;
constexpr uint64_t kHintStep = 0x01000000;

bool IsLow(const void* data, size_t size) {
  return reinterpret_cast<uint64_t>(data) + size <= kFourGiB;
}

void* MapAt(uint64_t hint, size_t size, int extra_flags) {
  return mmap(reinterpret_cast<void*>(hint), size, PROT_READ | PROT_WRITE,
              MAP_PRIVATE | MAP_ANONYMOUS | extra_flags, -1, 0);
}

}  // namespace

absl::StatusOr<LowMemory> LowMemory::Map(size_t size) {
  const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  size = (size + page - 1) / page * page;
#ifdef MAP_32BIT
  if (void* data = MapAt(0, size, MAP_32BIT); data != MAP_FAILED) {
    if (IsLow(data, size)) return LowMemory(data, size);
    munmap(data, size);
  }
#endif
  for (uint64_t hint = kFirstHint; hint + size <= kFourGiB; hint += kHintStep) {
    void* data = MapAt(hint, size, MAP_FIXED_NOREPLACE);
    if (data == MAP_FAILED) continue;
    // A kernel without MAP_FIXED_NOREPLACE takes the address as a hint only.
    if (IsLow(data, size)) return LowMemory(data, size);
    munmap(data, size);
  }
  return absl::ResourceExhaustedError(
      absl::StrCat("no ", size, " bytes of free address space below 4 GiB: ", strerror(errno)));
}

LowMemory::LowMemory(LowMemory&& other) noexcept : data_(other.data_), size_(other.size_) {
  other.data_ = nullptr;
  other.size_ = 0;
}

LowMemory::~LowMemory() {
  if (data_ != nullptr) munmap(data_, size_);
}

}  // namespace frameproof
