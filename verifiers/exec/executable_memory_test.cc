// Loading images W^X into reused pages: the GOT page stays read-write and never executable, code
// pages become read-execute, a shorter image leaves zeros (read-write, not executable) where a
// longer one was, and the leading code pages that already hold the new image's bytes are not
// touched at all.

#include "verifiers/exec/executable_memory.h"

#include <sys/mman.h>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/status_testing.h"
#include "gtest/gtest.h"

namespace frameproof {
namespace {

constexpr size_t kMappingPages = 8;

// The permissions /proc/self/maps gives the page at `address` ("r-xp"), or "" if unmapped.
std::string Protection(uint64_t address) {
  std::ifstream maps("/proc/self/maps");
  std::string line;
  while (std::getline(maps, line)) {
    std::istringstream fields(line);
    std::string range;
    std::string permissions;
    fields >> range >> permissions;
    const size_t dash = range.find('-');
    const uint64_t start = std::stoull(range.substr(0, dash), nullptr, 16);
    const uint64_t end = std::stoull(range.substr(dash + 1), nullptr, 16);
    if (address >= start && address < end) return permissions;
  }
  return "";
}

// A GOT page of `got_fill`, then one code page per entry of `code_fills`.
ExecImage Image(const ExecutableMemory& memory, uint8_t got_fill,
                const std::vector<uint8_t>& code_fills) {
  const size_t page = ExecutableMemory::PageSize();
  ExecImage image;
  image.base = memory.base();
  image.code_offset = page;
  image.bytes.assign(page, got_fill);
  for (const uint8_t fill : code_fills) image.bytes.insert(image.bytes.end(), page, fill);
  return image;
}

const uint8_t* Page(const ExecutableMemory& memory, size_t index) {
  return reinterpret_cast<const uint8_t*>(memory.base() + index * ExecutableMemory::PageSize());
}

class ExecutableMemoryTest : public testing::Test {
 protected:
  void SetUp() override {
    ASSERT_OK_AND_ASSIGN(ExecutableMemory mapped,
                         ExecutableMemory::Map(kMappingPages * ExecutableMemory::PageSize()));
    memory_.emplace(std::move(mapped));
  }
  uint64_t PageAddress(size_t index) const {
    return memory_->base() + index * ExecutableMemory::PageSize();
  }
  std::optional<ExecutableMemory> memory_;
};

TEST_F(ExecutableMemoryTest, CodePagesAreExecutableAndTheGotPageIsNot) {
  ASSERT_OK(memory_->Load(Image(*memory_, 0x11, {0x22, 0x33})));
  EXPECT_EQ(Protection(PageAddress(0)), "rw-p");
  EXPECT_EQ(Protection(PageAddress(1)), "r-xp");
  EXPECT_EQ(Protection(PageAddress(2)), "r-xp");
  EXPECT_EQ(Protection(PageAddress(3)), "rw-p");
  EXPECT_EQ(Page(*memory_, 0)[0], 0x11);
  EXPECT_EQ(Page(*memory_, 2)[ExecutableMemory::PageSize() - 1], 0x33);
}

TEST_F(ExecutableMemoryTest, AShorterImageLeavesZerosWhereALongerOneWas) {
  ASSERT_OK(memory_->Load(Image(*memory_, 0x11, {0x22, 0x33, 0x44})));
  ASSERT_OK(memory_->Load(Image(*memory_, 0x55, {0x66})));
  EXPECT_EQ(Page(*memory_, 0)[0], 0x55);
  EXPECT_EQ(Page(*memory_, 1)[0], 0x66);
  EXPECT_EQ(Protection(PageAddress(1)), "r-xp");
  for (size_t index = 2; index <= 3; ++index) {
    EXPECT_EQ(Page(*memory_, index)[0], 0);
    EXPECT_EQ(Protection(PageAddress(index)), "rw-p");
  }
}

TEST_F(ExecutableMemoryTest, LeadingCodePagesThatHoldTheirBytesAreNotTouched) {
  ASSERT_OK(memory_->Load(Image(*memory_, 0x11, {0x22, 0x33})));
  // Marks the shared page: a load that rewrote it would make it read-execute again.
  ASSERT_EQ(
      mprotect(reinterpret_cast<void*>(PageAddress(1)), ExecutableMemory::PageSize(), PROT_READ),
      0);
  ASSERT_OK(memory_->Load(Image(*memory_, 0x44, {0x22, 0x55, 0x66})));
  EXPECT_EQ(Protection(PageAddress(1)), "r--p");
  EXPECT_EQ(Page(*memory_, 0)[0], 0x44);
  EXPECT_EQ(Page(*memory_, 2)[0], 0x55);
  EXPECT_EQ(Page(*memory_, 3)[0], 0x66);
}

TEST_F(ExecutableMemoryTest, ACodePageThatChangedIsRewritten) {
  ASSERT_OK(memory_->Load(Image(*memory_, 0x11, {0x22, 0x33})));
  ASSERT_OK(memory_->Load(Image(*memory_, 0x11, {0x23, 0x33})));
  EXPECT_EQ(Page(*memory_, 1)[0], 0x23);
  EXPECT_EQ(Page(*memory_, 2)[0], 0x33);
}

TEST_F(ExecutableMemoryTest, AnImageOfPartPagesIsRefused) {
  ExecImage image = Image(*memory_, 0x11, {0x22});
  image.bytes.pop_back();
  EXPECT_EQ(memory_->Load(image).message(),
            absl::StrCat("an image of ", image.bytes.size(), " bytes with its code at ",
                         image.code_offset, " is not whole ", ExecutableMemory::PageSize(),
                         "-byte pages"));
}

TEST_F(ExecutableMemoryTest, AnImageForAnotherAddressIsRefused) {
  ExecImage image = Image(*memory_, 0x11, {0x22});
  image.base += ExecutableMemory::PageSize();
  EXPECT_FALSE(memory_->Load(image).ok());
}

}  // namespace
}  // namespace frameproof
