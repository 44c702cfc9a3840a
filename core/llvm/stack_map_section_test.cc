#include "core/llvm/stack_map_section.h"

#include <string>
#include <vector>

#include "core/base/status_testing.h"
#include "core/llvm/elf_reader.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace frameproof {
namespace {

using testing::HasSubstr;

// Builds .llvm_stackmaps bytes field by field, in either byte order.
class SectionBuilder {
 public:
  explicit SectionBuilder(ByteOrder order = ByteOrder::kLittle) : order_(order) {}
  SectionBuilder& U8(uint64_t v) { return Put(v, 1); }
  SectionBuilder& U16(uint64_t v) { return Put(v, 2); }
  SectionBuilder& U32(uint64_t v) { return Put(v, 4); }
  SectionBuilder& U64(uint64_t v) { return Put(v, 8); }
  SectionBuilder& Align8() {
    while (bytes_.size() % 8 != 0) bytes_.push_back(0);
    return *this;
  }
  SectionBuilder& Header(uint32_t functions, uint32_t constants, uint32_t records,
                         uint8_t version = kLlvmStackMapVersion) {
    return U8(version).U8(0).U16(0).U32(functions).U32(constants).U32(records);
  }
  SectionBuilder& Function(uint64_t address, uint64_t stack_size, uint64_t records) {
    return U64(address).U64(stack_size).U64(records);
  }
  SectionBuilder& RecordHeader(uint64_t id, uint32_t offset, uint16_t locations,
                               uint16_t flags = 0) {
    return U64(id).U32(offset).U16(flags).U16(locations);
  }
  SectionBuilder& Location(uint8_t kind, uint16_t size, uint16_t reg, int32_t value) {
    return U8(kind).U8(0).U16(size).U16(reg).U16(0).U32(static_cast<uint32_t>(value));
  }
  SectionBuilder& LiveOuts(std::vector<std::pair<uint16_t, uint8_t>> live_outs) {
    Align8().U16(0).U16(live_outs.size());
    for (const auto& [reg, size] : live_outs) U16(reg).U8(0).U8(size);
    return Align8();
  }
  std::vector<uint8_t> bytes() const { return bytes_; }

 private:
  SectionBuilder& Put(uint64_t value, int width) {
    for (int i = 0; i < width; ++i) {
      const int shift = order_ == ByteOrder::kLittle ? 8 * i : 8 * (width - 1 - i);
      bytes_.push_back(static_cast<uint8_t>(value >> shift));
    }
    return *this;
  }
  ByteOrder order_;
  std::vector<uint8_t> bytes_;
};

// The llvm-readobj sample of the format notes: every location kind, and a patchpoint's live-outs.
std::vector<uint8_t> SampleSection(ByteOrder order = ByteOrder::kLittle) {
  return SectionBuilder(order)
      .Header(2, 1, 2)
      .Function(0, 56, 1)
      .Function(0x201500, 8, 1)
      .U64(4294967296)
      .RecordHeader(7, 27, 5)
      .Location(1, 8, 3, 0)    // Register R#3
      .Location(2, 8, 6, -40)  // Direct R#6 + -40
      .Location(3, 8, 6, -32)  // Indirect [R#6 + -32]
      .Location(4, 8, 0, -5)   // Constant 4294967291
      .Location(5, 8, 0, 0)    // ConstantIndex #0
      .LiveOuts({})
      .RecordHeader(9, 4, 1)
      .Location(1, 8, 0, 0)
      .LiveOuts({{0, 8}, {7, 8}})
      .bytes();
}

TEST(LlvmStackMaps, ParsesEveryLocationKindAndLiveOuts) {
  ASSERT_OK_AND_ASSIGN(const LlvmStackMaps maps, ParseLlvmStackMaps(SampleSection()));
  ASSERT_EQ(maps.functions.size(), 2u);
  EXPECT_EQ(maps.functions[1].address, 0x201500u);
  EXPECT_EQ(maps.constants, std::vector<uint64_t>{4294967296});
  ASSERT_EQ(maps.records.size(), 2u);
  EXPECT_EQ(maps.records[0].id, 7u);
  EXPECT_EQ(maps.records[0].instruction_offset, 27u);
  ASSERT_EQ(maps.records[0].locations.size(), 5u);
  EXPECT_EQ(maps.records[0].locations[1].kind, LlvmLocationKind::kDirect);
  EXPECT_EQ(maps.records[0].locations[1].offset_or_small_constant, -40);
  ASSERT_EQ(maps.records[1].live_outs.size(), 2u);
  EXPECT_EQ(maps.records[1].live_outs[1].dwarf_register, 7u);
  EXPECT_EQ(maps.FirstRecordOf(1), 1u);
}

// LLVM writes 0 in a record's reserved flags; whatever is there is read, for the dumps to show.
TEST(LlvmStackMaps, ReadsARecordsReservedFlagsAsStored) {
  const std::vector<uint8_t> bytes = SectionBuilder()
                                         .Header(1, 0, 1)
                                         .Function(0, 16, 1)
                                         .RecordHeader(3, 8, 0, /*flags=*/0x8001)
                                         .LiveOuts({})
                                         .bytes();
  ASSERT_OK_AND_ASSIGN(const LlvmStackMaps maps, ParseLlvmStackMaps(bytes));
  ASSERT_EQ(maps.records.size(), 1u);
  EXPECT_EQ(maps.records[0].flags, 0x8001u);
  EXPECT_EQ(maps.records[0].id, 3u);
}

TEST(LlvmStackMaps, BigEndianSectionsReadTheSame) {
  ASSERT_OK_AND_ASSIGN(const LlvmStackMaps little, ParseLlvmStackMaps(SampleSection()));
  ASSERT_OK_AND_ASSIGN(const LlvmStackMaps big,
                       ParseLlvmStackMaps(SampleSection(ByteOrder::kBig), ByteOrder::kBig));
  EXPECT_EQ(big.records[0].locations[3].offset_or_small_constant, -5);
  EXPECT_EQ(big.constants, little.constants);
}

struct MalformedCase {
  std::string name;
  std::vector<uint8_t> bytes;
  std::string error;  // a substring of the message
};

class MalformedSections : public testing::TestWithParam<MalformedCase> {};

TEST_P(MalformedSections, AreRejectedWithTheFieldAndOffset) {
  const absl::StatusOr<LlvmStackMaps> maps = ParseLlvmStackMaps(GetParam().bytes);
  ASSERT_FALSE(maps.ok());
  EXPECT_THAT(std::string(maps.status().message()), HasSubstr(GetParam().error));
}

std::vector<uint8_t> Patched(std::vector<uint8_t> bytes, size_t at, std::vector<uint8_t> with) {
  std::copy(with.begin(), with.end(), bytes.begin() + at);
  return bytes;
}

INSTANTIATE_TEST_SUITE_P(
    LlvmReadobjCrashesOrWarns, MalformedSections,
    testing::Values(
        MalformedCase{"Short", std::vector<uint8_t>(8, 0),
                      ".llvm_stackmaps: the section has 8 bytes, fewer than its 16-byte header"},
        MalformedCase{"Version2", Patched(SampleSection(), 0, {2}),
                      ".llvm_stackmaps byte 0: version 2 is unsupported"},
        MalformedCase{"Version4", Patched(SampleSection(), 0, {4}),
                      ".llvm_stackmaps byte 0: version 4 is unsupported"},
        // llvm-readobj 14 segfaults on the next three.
        MalformedCase{
            "HugeNumRecords", Patched(SampleSection(), 12, {0xa0, 0x86, 0x01, 0}),
            ".llvm_stackmaps byte 4: 2 functions, 1 constants and 100000 records need at least"},
        MalformedCase{"HugeNumFunctions", Patched(SampleSection(), 4, {0xff, 0xff, 0xff, 0xff}),
                      ".llvm_stackmaps byte 4: 4294967295 functions"},
        MalformedCase{
            "ConstantIndexPastPool",
            Patched(SampleSection(), 16 + 48 + 8 + 16 + 4 * 12 + 8, {0x40, 0x42, 0x0f, 0}),
            ".llvm_stackmaps byte 144: record 0 location #5 names constant #1000000, but the pool "
            "has 1"},
        MalformedCase{"UnknownKind", Patched(SampleSection(), 16 + 48 + 8 + 16, {9}),
                      ".llvm_stackmaps byte 88: record 0 location #1 has unknown kind 9"},
        // Function 0 now claims both records, so function 1's count (byte 56) is one too many.
        MalformedCase{
            "RecordCountsDisagree", Patched(SampleSection(), 16 + 16, {2}),
            ".llvm_stackmaps byte 56: function 1 claims 1 records; the functions claim more than "
            "the 2 NumRecords says"},
        MalformedCase{"LocationsPastEnd", Patched(SampleSection(), 16 + 48 + 8 + 14, {0xff, 0x7f}),
                      ".llvm_stackmaps byte 86: record 0 has 32767 locations, which run past"},
        MalformedCase{"LiveOutsPastEnd",
                      // Record 1 starts at byte 160; its 1 location ends at 188, so its
                      // live-out count sits at align8(188) + 2.
                      Patched(SampleSection(), 194, {0xff, 0x00}),
                      ".llvm_stackmaps byte 194: record 1 has 255 live-outs, which run past"}),
    [](const testing::TestParamInfo<MalformedCase>& info) { return info.param.name; });

TEST(ElfReader, RejectsWhatIsNotElf64) {
  EXPECT_TRUE(FailsWith(FindElfSection(std::vector<uint8_t>(64, 'x'), ".llvm_stackmaps").status(),
                        absl::StatusCode::kInvalidArgument, "not an ELF file"));
  std::vector<uint8_t> header(64, 0);
  header[0] = 0x7f, header[1] = 'E', header[2] = 'L', header[3] = 'F', header[4] = 1;
  EXPECT_TRUE(FailsWith(FindElfSection(header, ".llvm_stackmaps").status(),
                        absl::StatusCode::kInvalidArgument, "is not ELFCLASS64"));
  header[4] = 2, header[5] = 1, header[58] = 64, header[60] = 3, header[40] = 200;
  EXPECT_TRUE(FailsWith(FindElfSection(header, ".llvm_stackmaps").status(),
                        absl::StatusCode::kOutOfRange, "run past the end of the 64-byte file"));
}

// The ELF64 header is 64 bytes: a 63-byte file is no ELF file, whatever its first bytes say.
TEST(ElfReader, RejectsAFileShorterThanTheElf64Header) {
  std::vector<uint8_t> file(63, 0);
  file[0] = 0x7f, file[1] = 'E', file[2] = 'L', file[3] = 'F', file[4] = 2, file[5] = 1;
  EXPECT_TRUE(FailsWith(FindElfSection(file, ".llvm_stackmaps").status(),
                        absl::StatusCode::kInvalidArgument, "not an ELF file"));
}

}  // namespace
}  // namespace frameproof
