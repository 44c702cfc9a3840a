#include "verifiers/util/last_input.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>

#include "absl/base/internal/endian.h"
#include "absl/strings/str_cat.h"

namespace frameproof {
namespace {

constexpr char kMagic[8] = {'F', 'P', 'L', 'A', 'S', 'T', 'I', 'N'};
constexpr size_t kStateOffset = 8;
constexpr size_t kSizeOffset = 16;
constexpr size_t kHeaderBytes = 24;
constexpr uint64_t kBetweenInputs = 0;
constexpr uint64_t kRunning = 1;
// Room for every fuzz target's max_len; larger inputs grow the mapping.
constexpr size_t kInitialCapacity = 64 * 1024;

}  // namespace

LastInputRecorder::LastInputRecorder(const std::string& path) {
  if (path.empty()) return;
  fd_ = open(path.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd_ < 0 || !Map(kInitialCapacity)) {
    std::fprintf(stderr, "%s: cannot record inputs in %s: %s\n", kLastInputEnvironmentVariable,
                 path.c_str(), std::strerror(errno));
    Unmap();
    return;
  }
  std::memcpy(mapping_, kMagic, sizeof(kMagic));
}

LastInputRecorder::~LastInputRecorder() { Unmap(); }

bool LastInputRecorder::Map(size_t capacity) {
  if (mapping_ != nullptr) munmap(mapping_, kHeaderBytes + capacity_);
  mapping_ = nullptr;
  if (ftruncate(fd_, static_cast<off_t>(kHeaderBytes + capacity)) != 0) return false;
  void* mapping =
      mmap(nullptr, kHeaderBytes + capacity, PROT_READ | PROT_WRITE, MAP_SHARED, fd_, 0);
  if (mapping == MAP_FAILED) return false;
  mapping_ = static_cast<uint8_t*>(mapping);
  capacity_ = capacity;
  return true;
}

void LastInputRecorder::Unmap() {
  if (mapping_ != nullptr) munmap(mapping_, kHeaderBytes + capacity_);
  if (fd_ >= 0) close(fd_);
  mapping_ = nullptr;
  fd_ = -1;
}

void LastInputRecorder::Begin(absl::Span<const uint8_t> input) {
  if (mapping_ == nullptr) return;
  if (input.size() > capacity_ && !Map(std::max(input.size(), 2 * capacity_))) {
    Unmap();
    return;
  }
  absl::little_endian::Store64(mapping_ + kStateOffset, kRunning);
  absl::little_endian::Store64(mapping_ + kSizeOffset, input.size());
  if (!input.empty()) std::memcpy(mapping_ + kHeaderBytes, input.data(), input.size());
}

void LastInputRecorder::End() {
  if (mapping_ != nullptr) absl::little_endian::Store64(mapping_ + kStateOffset, kBetweenInputs);
}

absl::StatusOr<LastInput> ReadLastInput(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat(path, ": no such file"));
  const std::vector<uint8_t> file((std::istreambuf_iterator<char>(in)),
                                  std::istreambuf_iterator<char>());
  if (file.size() < kHeaderBytes || std::memcmp(file.data(), kMagic, sizeof(kMagic)) != 0) {
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": not a last-input file (", file.size(), " bytes, no FPLASTIN magic)"));
  }
  const uint64_t state = absl::little_endian::Load64(file.data() + kStateOffset);
  const uint64_t size = absl::little_endian::Load64(file.data() + kSizeOffset);
  if (state != kBetweenInputs && state != kRunning) {
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": byte 8: state ", state, " is neither 0 (between) nor 1 (running)"));
  }
  if (size > file.size() - kHeaderBytes) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": byte 16: input size ", size,
                                                   " runs past the end of the ", file.size(),
                                                   "-byte file"));
  }
  LastInput last;
  last.running = state == kRunning;
  last.bytes.assign(file.begin() + kHeaderBytes, file.begin() + kHeaderBytes + size);
  return last;
}

}  // namespace frameproof
