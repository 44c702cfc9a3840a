// Specification of StackMapStream, the CodeInfo encoder. Every scenario runs the whole path a
// compiler drives: StackMapStream (VerifyMode::kOn) -> Encode -> CodeInfo::Decode -> queries.
//
// The first part follows the intent of ART's compiler/optimizing/stack_map_test.cc, test by test.
// Where ART's own encoder has been observed to produce specific bytes for the same input (the
// reference document art-codeinfo.md section 9 and appendix A, or the conformance vectors produced
// by ART's StackMapStream), the bytes are asserted exactly. Then come the corner cases of the
// delta-compressed register maps, catch maps, MethodInfo rows and header flags, and finally every
// misuse the stream must reject, with its status code and a piece of its message.

#include "core/art/stack_map_stream.h"

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "core/art/code_info.h"
#include "core/art/code_info_test_support.h"
#include "core/art/dex_register_location.h"
#include "core/art/stack_map.h"
#include "core/base/instruction_set.h"
#include "core/base/status_testing.h"
#include "core/bits/bit_memory_region.h"
#include "core/bits/bit_vector.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace frameproof {
namespace {

using art_testing::Locations;
using art_testing::SetBitsOf;
using art_testing::SpacedHex;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

// Every row of the location catalogue, in oatdump notation.
std::vector<std::string> Catalogue(const CodeInfo& info) {
  std::vector<DexRegisterLocation> entries;
  for (uint32_t row = 0; row < info.dex_register_catalog().NumRows(); ++row) {
    entries.push_back(info.GetDexRegisterCatalogEntry(row));
  }
  return Locations(entries);
}

// The catalogue indices a stack map's own DexRegisterMapInfo entries hold (one per set bit of
// its DexRegisterMask), as signed numbers so that kNoValue reads -1.
std::vector<int32_t> CatalogueIndicesOf(const CodeInfo& info, const StackMap& map) {
  std::vector<int32_t> indices;
  if (!map.HasDexRegisterMaskIndex()) return indices;
  const size_t count =
      info.dex_register_masks().GetBitMemoryRegion(map.GetDexRegisterMaskIndex()).PopCount();
  for (size_t k = 0; k < count; ++k) {
    const uint32_t row = map.GetDexRegisterMapIndex() + static_cast<uint32_t>(k);
    indices.push_back(
        static_cast<int32_t>(info.dex_register_maps().GetRow(row).GetCatalogueIndex()));
  }
  return indices;
}

// The locations AddDexRegisterEntry takes.
constexpr DexRegisterLocation InStack(int32_t offset) {
  return {DexRegisterKind::kInStack, offset};
}
constexpr DexRegisterLocation Constant(int32_t value) {
  return {DexRegisterKind::kConstant, value};
}
constexpr DexRegisterLocation InRegister(int32_t reg) {
  return {DexRegisterKind::kInRegister, reg};
}
constexpr DexRegisterLocation InRegisterHigh(int32_t reg) {
  return {DexRegisterKind::kInRegisterHigh, reg};
}
constexpr DexRegisterLocation InFpuRegister(int32_t reg) {
  return {DexRegisterKind::kInFpuRegister, reg};
}
constexpr DexRegisterLocation InFpuRegisterHigh(int32_t reg) {
  return {DexRegisterKind::kInFpuRegisterHigh, reg};
}
constexpr DexRegisterLocation None() { return DexRegisterLocation::None(); }

absl::Status AddRegisters(StackMapStream& stream,
                          std::initializer_list<DexRegisterLocation> registers) {
  for (const DexRegisterLocation& location : registers) {
    FP_RETURN_IF_ERROR(stream.AddDexRegisterEntry(location.kind, location.value));
  }
  return absl::OkStatus();
}

// The fake ArtMethod* the reference encodings were produced with (ART's tests put a real ArtMethod
// on the stack, so the JIT-style ArtMethodHi/Lo columns are used).
constexpr ArtMethodPointer kArtMethod{0x70001000};

// ART's common setup: BeginMethod(32, 0, 0, num_dex_registers, baseline=false, debuggable=false).
MethodParams ArtTestMethod(uint32_t num_dex_registers) {
  return MethodParams{.frame_size_in_bytes = 32, .num_dex_registers = num_dex_registers};
}

// A Default stack map at `dex_pc` / `native_pc` with a register mask and the stack mask whose set
// bits are `stack_mask`.
StackMapParams At(uint32_t dex_pc, uint32_t native_pc, uint32_t register_mask = 0,
                  std::initializer_list<uint32_t> stack_mask = {}) {
  StackMapParams params;
  params.dex_pc = dex_pc;
  params.native_pc_offset = native_pc;
  params.register_mask = register_mask;
  params.stack_mask = BitVector::FromSetBits(stack_mask);
  return params;
}

StackMapParams WithKind(StackMapParams params, StackMapKind kind,
                        std::vector<uint32_t> catch_dex_pcs = {}) {
  params.kind = kind;
  params.catch_dex_pcs = std::move(catch_dex_pcs);
  return params;
}

StackMapParams WithoutVregInfo(StackMapParams params) {
  params.needs_vreg_info = false;
  return params;
}

// =============================================================================================
// ART's stack_map_test.cc, Test1: one stack map, two registers.

// One map at native pc 64 * alignment with register mask 0x3, an empty stack mask and the registers
// {InStack 0, Constant -2}; the code is 64 * alignment bytes long.
// `stream` is `isa`'s, new or Reset.
absl::StatusOr<std::vector<uint8_t>> EncodeTest1In(StackMapStream& stream, InstructionSet isa) {
  const uint32_t align = InstructionAlignment(isa);
  FP_RETURN_IF_ERROR(stream.BeginMethod(ArtTestMethod(2)));
  FP_RETURN_IF_ERROR(stream.BeginStackMapEntry(At(/*dex_pc=*/0, 64 * align, 0x3)));
  FP_RETURN_IF_ERROR(AddRegisters(stream, {InStack(0), Constant(-2)}));
  FP_RETURN_IF_ERROR(stream.EndStackMapEntry());
  FP_RETURN_IF_ERROR(stream.EndMethod(64 * align));
  return stream.Encode();
}

absl::StatusOr<std::vector<uint8_t>> EncodeTest1(InstructionSet isa) {
  StackMapStream stream(isa, VerifyMode::kOn);
  return EncodeTest1In(stream, isa);
}

TEST(StackMapStreamTest, Test1EncodesToArtBytesOnX64) {
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, EncodeTest1(InstructionSet::kX86_64));
  // 217 bits in 28 bytes (reference section 9.1).
  EXPECT_EQ(SpacedHex(bytes),
            "c0 02 20 0c 34 1e 70 11 00 11 c1 8f 09 0e 59 24 45 18 a4 00 00 00 00 ff ff ff ff 01");
}

TEST(StackMapStreamTest, Test1EncodesToArtBytesOnArm64) {
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, EncodeTest1(InstructionSet::kArm64));
  // Native pc and code size 256: code_size takes two payload bytes, every table moves 8 bits
  // later, and PackedNativePc is still 256 / 4 = 64 (reference section 9.2).
  EXPECT_EQ(SpacedHex(bytes),
            "d0 02 20 0c 10 30 1e 70 11 00 11 c1 8f 09 0e 59 24 45 18 a4 00 00 00 00 "
            "ff ff ff ff 01");
}

TEST(StackMapStreamTest, Test1HasArtTableShapes) {
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, EncodeTest1(InstructionSet::kX86_64));
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  EXPECT_EQ(info.header(), (CodeInfoHeader{.flags = 0,
                                           .code_size = 64,
                                           .packed_frame_size = 2,
                                           .core_spill_mask = 0,
                                           .fp_spill_mask = 0,
                                           .number_of_dex_registers = 2,
                                           .bit_table_flags = 0xE3}));
  EXPECT_EQ(info.bit_size(), 217u);
  EXPECT_EQ(info.TableRows(BitTableId::kStackMap), 1u);
  EXPECT_THAT(info.TableColumnBits(BitTableId::kStackMap), ElementsAre(0, 7, 1, 1, 0, 0, 1, 1));
  EXPECT_EQ(info.TableRows(BitTableId::kRegisterMask), 1u);
  EXPECT_THAT(info.TableColumnBits(BitTableId::kRegisterMask), ElementsAre(3, 1));
  EXPECT_EQ(info.TableRows(BitTableId::kStackMask), 0u);
  EXPECT_EQ(info.TableRows(BitTableId::kInlineInfo), 0u);
  EXPECT_EQ(info.TableRows(BitTableId::kMethodInfo), 0u);
  EXPECT_EQ(info.TableRows(BitTableId::kDexRegisterMask), 1u);
  EXPECT_THAT(info.TableColumnBits(BitTableId::kDexRegisterMask), ElementsAre(2));
  EXPECT_EQ(info.TableRows(BitTableId::kDexRegisterMapInfo), 2u);
  EXPECT_THAT(info.TableColumnBits(BitTableId::kDexRegisterMapInfo), ElementsAre(2));
  EXPECT_EQ(info.TableRows(BitTableId::kDexRegisterInfo), 2u);
  EXPECT_THAT(info.TableColumnBits(BitTableId::kDexRegisterInfo), ElementsAre(2, 32));
}

TEST(StackMapStreamTest, Test1DecodesToWhatWasRecordedOnEveryIsa) {
  for (InstructionSet isa : {InstructionSet::kArm, InstructionSet::kArm64, InstructionSet::kRiscv64,
                             InstructionSet::kX86, InstructionSet::kX86_64}) {
    SCOPED_TRACE(InstructionSetName(isa));
    const uint32_t native_pc = 64 * InstructionAlignment(isa);
    ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, EncodeTest1(isa));
    ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));

    ASSERT_EQ(info.GetNumberOfStackMaps(), 1u);
    EXPECT_EQ(info.dex_register_catalog().NumRows(), 2u);
    const StackMap map = info.GetStackMapAt(0);
    EXPECT_EQ(info.GetStackMapForDexPc(0).Row(), 0u);
    EXPECT_EQ(info.GetStackMapForNativePcOffset(native_pc, isa).Row(), 0u);
    EXPECT_EQ(map.kind(), StackMapKind::kDefault);
    EXPECT_EQ(map.GetDexPc(), 0u);
    EXPECT_EQ(map.GetNativePcOffset(isa), native_pc);
    EXPECT_EQ(info.GetRegisterMaskOf(map), 0x3u);
    // An empty stack mask is not stored: the map has no StackMask row.
    EXPECT_FALSE(map.HasStackMaskIndex());
    EXPECT_THAT(SetBitsOf(info.GetStackMaskOf(map)), IsEmpty());
    ASSERT_TRUE(map.HasDexRegisterMap());
    EXPECT_THAT(Locations(info.GetDexRegisterMapOf(map)), ElementsAre("sp+0", "#-2"));
    EXPECT_THAT(Catalogue(info), ElementsAre("sp+0", "#-2"));
    EXPECT_THAT(CatalogueIndicesOf(info, map), ElementsAre(0, 1));
    EXPECT_FALSE(map.HasInlineInfo());
    EXPECT_TRUE(info.GetInlineInfosOf(map).empty());
  }
}

// =============================================================================================
// ART's Test2: four stack maps, stack masks, and two inline levels on the first map.

absl::StatusOr<std::vector<uint8_t>> EncodeTest2In(StackMapStream& stream, InstructionSet isa,
                                                   bool with_inline_infos) {
  const uint32_t align = InstructionAlignment(isa);
  FP_RETURN_IF_ERROR(stream.BeginMethod(ArtTestMethod(2)));

  FP_RETURN_IF_ERROR(stream.BeginStackMapEntry(At(0, 64 * align, 0x3, {2, 4})));
  FP_RETURN_IF_ERROR(AddRegisters(stream, {InStack(0), Constant(-2)}));
  if (with_inline_infos) {
    FP_RETURN_IF_ERROR(stream.BeginInlineInfoEntry(kArtMethod, /*dex_pc=*/3, 0));
    FP_RETURN_IF_ERROR(stream.EndInlineInfoEntry());
    FP_RETURN_IF_ERROR(stream.BeginInlineInfoEntry(kArtMethod, /*dex_pc=*/2, 0));
    FP_RETURN_IF_ERROR(stream.EndInlineInfoEntry());
  }
  FP_RETURN_IF_ERROR(stream.EndStackMapEntry());

  FP_RETURN_IF_ERROR(stream.BeginStackMapEntry(At(1, 128 * align, 0xFF, {3, 8})));
  FP_RETURN_IF_ERROR(AddRegisters(stream, {InRegister(18), InFpuRegister(3)}));
  FP_RETURN_IF_ERROR(stream.EndStackMapEntry());

  FP_RETURN_IF_ERROR(stream.BeginStackMapEntry(At(2, 192 * align, 0xAB, {1, 5})));
  FP_RETURN_IF_ERROR(AddRegisters(stream, {InRegister(6), InRegisterHigh(8)}));
  FP_RETURN_IF_ERROR(stream.EndStackMapEntry());

  FP_RETURN_IF_ERROR(stream.BeginStackMapEntry(At(3, 256 * align, 0xCD, {6, 7})));
  FP_RETURN_IF_ERROR(AddRegisters(stream, {InFpuRegister(3), InFpuRegisterHigh(1)}));
  FP_RETURN_IF_ERROR(stream.EndStackMapEntry());

  FP_RETURN_IF_ERROR(stream.EndMethod(256 * align));
  return stream.Encode();
}

absl::StatusOr<std::vector<uint8_t>> EncodeTest2(InstructionSet isa, bool with_inline_infos) {
  StackMapStream stream(isa, VerifyMode::kOn);
  return EncodeTest2In(stream, isa, with_inline_infos);
}

TEST(StackMapStreamTest, Test2EncodesToArtBytesOnX64) {
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes,
                       EncodeTest2(InstructionSet::kX86_64, /*with_inline_infos=*/true));
  // ART's StackMapStream output for this input (conformance vector art-test2-x86_64), 87 bytes.
  EXPECT_EQ(SpacedHex(bytes),
            "d1 02 20 0c 10 f0 4e 90 33 13 31 41 92 9c 40 92 5c b0 6d 36 20 49 4f 19 04 02 cc aa "
            "b3 94 14 10 8a 00 26 31 10 2c 1f 39 00 02 00 be 0d 80 00 80 1f 32 4e 34 d6 fc 0d 83 "
            "24 00 00 00 40 ff ff ff ff 9b 00 00 00 28 01 00 00 c0 0e 00 00 00 98 00 00 00 60 01 "
            "00 00 00");
}

TEST(StackMapStreamTest, Test2HasArtTableShapes) {
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes,
                       EncodeTest2(InstructionSet::kX86_64, /*with_inline_infos=*/true));
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  EXPECT_EQ(info.header().flags, kHasInlineInfo);
  EXPECT_EQ(info.header().bit_table_flags, 0xEFu);  // every table but MethodInfo
  EXPECT_EQ(info.TableRows(BitTableId::kStackMap), 4u);
  EXPECT_THAT(info.TableColumnBits(BitTableId::kStackMap), ElementsAre(0, 9, 3, 3, 3, 1, 1, 3));
  EXPECT_EQ(info.TableRows(BitTableId::kRegisterMask), 4u);
  EXPECT_THAT(info.TableColumnBits(BitTableId::kRegisterMask), ElementsAre(9, 1));
  EXPECT_EQ(info.TableRows(BitTableId::kStackMask), 4u);
  EXPECT_THAT(info.TableColumnBits(BitTableId::kStackMask), ElementsAre(9));
  EXPECT_EQ(info.TableRows(BitTableId::kInlineInfo), 2u);
  EXPECT_THAT(info.TableColumnBits(BitTableId::kInlineInfo), ElementsAre(1, 3, 0, 1, 31, 2));
  EXPECT_EQ(info.TableRows(BitTableId::kDexRegisterMask), 1u);
  EXPECT_THAT(info.TableColumnBits(BitTableId::kDexRegisterMask), ElementsAre(2));
  EXPECT_EQ(info.TableRows(BitTableId::kDexRegisterMapInfo), 8u);
  EXPECT_THAT(info.TableColumnBits(BitTableId::kDexRegisterMapInfo), ElementsAre(3));
  EXPECT_EQ(info.TableRows(BitTableId::kDexRegisterInfo), 7u);
  EXPECT_THAT(info.TableColumnBits(BitTableId::kDexRegisterInfo), ElementsAre(3, 32));
}

TEST(StackMapStreamTest, Test2DecodesEveryMapToWhatWasRecorded) {
  struct Expected {
    uint32_t dex_pc;
    uint32_t native_pc;
    uint32_t register_mask;
    std::vector<uint32_t> stack_mask;
    std::vector<std::string> registers;
  };
  const Expected expected[] = {
      {0, 64, 0x3, {2, 4}, {"sp+0", "#-2"}},
      {1, 128, 0xFF, {3, 8}, {"r18", "f3"}},
      {2, 192, 0xAB, {1, 5}, {"r6", "r8/hi"}},
      {3, 256, 0xCD, {6, 7}, {"f3", "f1/hi"}},
  };
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes,
                       EncodeTest2(InstructionSet::kX86_64, /*with_inline_infos=*/true));
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  ASSERT_EQ(info.GetNumberOfStackMaps(), 4u);
  for (uint32_t row = 0; row < 4; ++row) {
    SCOPED_TRACE(absl::StrCat("stack map ", row));
    const Expected& want = expected[row];
    const StackMap map = info.GetStackMapAt(row);
    EXPECT_EQ(info.GetStackMapForDexPc(want.dex_pc).Row(), row);
    EXPECT_EQ(info.GetStackMapForNativePcOffset(want.native_pc, InstructionSet::kX86_64).Row(),
              row);
    EXPECT_EQ(map.GetDexPc(), want.dex_pc);
    EXPECT_EQ(map.GetNativePcOffset(InstructionSet::kX86_64), want.native_pc);
    EXPECT_EQ(info.GetRegisterMaskOf(map), want.register_mask);
    EXPECT_EQ(SetBitsOf(info.GetStackMaskOf(map)), want.stack_mask);
    EXPECT_EQ(Locations(info.GetDexRegisterMapOf(map)), want.registers);
  }
}

TEST(StackMapStreamTest, Test2SharesCatalogueEntriesAcrossMaps) {
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes,
                       EncodeTest2(InstructionSet::kX86_64, /*with_inline_infos=*/true));
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  // Eight live locations, seven distinct: f3 is stored once.
  EXPECT_THAT(Catalogue(info), ElementsAre("sp+0", "#-2", "r18", "f3", "r6", "r8/hi", "f1/hi"));
  EXPECT_THAT(CatalogueIndicesOf(info, info.GetStackMapAt(0)), ElementsAre(0, 1));
  EXPECT_THAT(CatalogueIndicesOf(info, info.GetStackMapAt(1)), ElementsAre(2, 3));
  EXPECT_THAT(CatalogueIndicesOf(info, info.GetStackMapAt(2)), ElementsAre(4, 5));
  EXPECT_THAT(CatalogueIndicesOf(info, info.GetStackMapAt(3)), ElementsAre(3, 6));
}

TEST(StackMapStreamTest, Test2RecordsTheInlineInfosOfTheFirstMapOnly) {
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes,
                       EncodeTest2(InstructionSet::kX86_64, /*with_inline_infos=*/true));
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  const StackMap map0 = info.GetStackMapAt(0);
  ASSERT_TRUE(map0.HasInlineInfo());
  const InlineInfoRange chain = info.GetInlineInfosOf(map0);
  ASSERT_EQ(chain.size(), 2u);
  EXPECT_TRUE(chain[0].EncodesArtMethod());
  EXPECT_EQ(chain[0].GetArtMethod(), 0x70001000u);
  EXPECT_EQ(chain[0].GetDexPc(), 3u);
  EXPECT_TRUE(chain[1].EncodesArtMethod());
  EXPECT_EQ(chain[1].GetArtMethod(), 0x70001000u);
  EXPECT_EQ(chain[1].GetDexPc(), 2u);
  // Zero registers per level: the cumulative counts stay at the outer method's 2.
  EXPECT_EQ(chain[0].GetNumberOfDexRegisters(), 2u);
  EXPECT_EQ(chain[1].GetNumberOfDexRegisters(), 2u);
  EXPECT_THAT(Locations(info.GetInlineDexRegisterMapOf(map0, chain[1])), IsEmpty());
  for (uint32_t row = 1; row < 4; ++row) {
    EXPECT_FALSE(info.GetStackMapAt(row).HasInlineInfo()) << "stack map " << row;
    EXPECT_TRUE(info.GetInlineInfosOf(info.GetStackMapAt(row)).empty()) << "stack map " << row;
  }
}

TEST(StackMapStreamTest, Test2WithoutInlineInfosEncodesToArtBytes) {
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes,
                       EncodeTest2(InstructionSet::kX86_64, /*with_inline_infos=*/false));
  // 579 bits in 73 bytes (reference section 9.4 and appendix A.4).
  EXPECT_EQ(SpacedHex(bytes),
            "d0 02 20 0c 10 70 4e 90 33 03 31 41 92 4c 20 49 17 6c db 06 24 f9 94 41 "
            "20 c0 ac 3a 4b 49 01 a1 08 60 21 e3 44 63 cd df 30 48 02 00 00 00 f4 ff "
            "ff ff bf 09 00 00 80 12 00 00 00 ec 00 00 00 80 09 00 00 00 16 00 00 00 "
            "00");
}

TEST(StackMapStreamTest, Test2WithoutInlineInfosHasArtTableShapes) {
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes,
                       EncodeTest2(InstructionSet::kX86_64, /*with_inline_infos=*/false));
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  EXPECT_EQ(info.header().flags, 0u);
  EXPECT_EQ(info.header().bit_table_flags, 0xE7u);
  EXPECT_EQ(info.bit_size(), 579u);
  EXPECT_THAT(info.TableColumnBits(BitTableId::kStackMap), ElementsAre(0, 9, 3, 3, 3, 0, 1, 3));
  EXPECT_THAT(info.TableColumnBits(BitTableId::kRegisterMask), ElementsAre(9, 1));
  // Four 9-bit stack masks: {2,4}, {3,8}, {1,5}, {6,7}.
  ASSERT_EQ(info.TableRows(BitTableId::kStackMask), 4u);
  EXPECT_THAT(info.TableColumnBits(BitTableId::kStackMask), ElementsAre(9));
  std::vector<uint64_t> raw_stack_masks;
  for (uint32_t row = 0; row < 4; ++row) {
    raw_stack_masks.push_back(info.stack_masks().GetBitMemoryRegion(row).LoadBits(0, 9));
  }
  EXPECT_THAT(raw_stack_masks, ElementsAre(20, 264, 34, 192));
  // One dex register mask, "11", shared by all four maps.
  ASSERT_EQ(info.TableRows(BitTableId::kDexRegisterMask), 1u);
  EXPECT_THAT(SetBitsOf(info.dex_register_masks().GetBitMemoryRegion(0)), ElementsAre(0, 1));
  EXPECT_EQ(info.TableRows(BitTableId::kDexRegisterMapInfo), 8u);
  EXPECT_THAT(info.TableColumnBits(BitTableId::kDexRegisterMapInfo), ElementsAre(3));
  EXPECT_EQ(info.TableRows(BitTableId::kDexRegisterInfo), 7u);
  EXPECT_THAT(info.TableColumnBits(BitTableId::kDexRegisterInfo), ElementsAre(3, 32));
}

// =============================================================================================
// ART's TestDeduplicateInlineInfoDexRegisterMap: an inline level with the outer method's two
// locations.

absl::StatusOr<std::vector<uint8_t>> EncodeInlineLevelWithOuterLocations() {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  FP_RETURN_IF_ERROR(stream.BeginMethod(ArtTestMethod(2)));
  FP_RETURN_IF_ERROR(stream.BeginStackMapEntry(At(0, 64, 0x3, {2, 4})));
  FP_RETURN_IF_ERROR(AddRegisters(stream, {InStack(0), Constant(-2)}));
  FP_RETURN_IF_ERROR(stream.BeginInlineInfoEntry(kArtMethod, /*dex_pc=*/3, 2));
  FP_RETURN_IF_ERROR(AddRegisters(stream, {InStack(0), Constant(-2)}));
  FP_RETURN_IF_ERROR(stream.EndInlineInfoEntry());
  FP_RETURN_IF_ERROR(stream.EndStackMapEntry());
  FP_RETURN_IF_ERROR(stream.EndMethod(64));
  return stream.Encode();
}

TEST(StackMapStreamTest, InlineLevelWithTheOuterLocationsEncodesToArtBytes) {
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, EncodeInlineLevelWithOuterLocations());
  // Conformance vector art-dedupinlineregs-x86_64.
  EXPECT_EQ(SpacedHex(bytes),
            "c1 02 20 0c f4 1e 70 11 11 11 c1 3f 26 38 8a 06 0c 04 cf 07 07 40 00 c0 1b "
            "f4 24 99 22 0c 52 00 00 00 80 ff ff ff ff");
}

TEST(StackMapStreamTest, InlineLevelWithTheOuterLocationsSharesTheirCatalogueEntries) {
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, EncodeInlineLevelWithOuterLocations());
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  ASSERT_EQ(info.GetNumberOfStackMaps(), 1u);
  const StackMap map = info.GetStackMapAt(0);
  // Two catalogue entries serve all four registers: the catalogue spans the inline levels.
  EXPECT_THAT(Catalogue(info), ElementsAre("sp+0", "#-2"));
  EXPECT_THAT(CatalogueIndicesOf(info, map), ElementsAre(0, 1, 0, 1));
  EXPECT_THAT(Locations(info.GetDexRegisterMapOf(map)), ElementsAre("sp+0", "#-2"));
  const InlineInfoRange chain = info.GetInlineInfosOf(map);
  ASSERT_EQ(chain.size(), 1u);
  EXPECT_EQ(chain[0].GetDexPc(), 3u);
  EXPECT_EQ(chain[0].GetNumberOfDexRegisters(), 4u);  // cumulative: 2 outer + 2 inlined
  EXPECT_THAT(Locations(info.GetInlineDexRegisterMapOf(map, chain[0])), ElementsAre("sp+0", "#-2"));
}

// =============================================================================================
// ART's TestNonLiveDexRegisters.

absl::StatusOr<std::vector<uint8_t>> EncodeNonLiveRegister() {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  FP_RETURN_IF_ERROR(stream.BeginMethod(ArtTestMethod(2)));
  FP_RETURN_IF_ERROR(stream.BeginStackMapEntry(At(0, 64, 0x3)));
  FP_RETURN_IF_ERROR(AddRegisters(stream, {None(), Constant(-2)}));
  FP_RETURN_IF_ERROR(stream.EndStackMapEntry());
  FP_RETURN_IF_ERROR(stream.EndMethod(64));
  return stream.Encode();
}

TEST(StackMapStreamTest, NonLiveRegisterEncodesToArtBytes) {
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, EncodeNonLiveRegister());
  // Conformance vector art-nonlive-x86_64.
  EXPECT_EQ(SpacedHex(bytes),
            "c0 02 20 0c 34 1e 70 11 00 11 c1 8f 09 0e 31 62 08 83 f8 ff ff ff 0f");
}

TEST(StackMapStreamTest, NonLiveRegisterTakesNoCatalogueEntry) {
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, EncodeNonLiveRegister());
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  const StackMap map = info.GetStackMapAt(0);
  EXPECT_THAT(Catalogue(info), ElementsAre("#-2"));
  const DexRegisterMap registers = info.GetDexRegisterMapOf(map);
  ASSERT_EQ(registers.size(), 2u);
  EXPECT_FALSE(registers[0].IsLive());
  EXPECT_EQ(registers[0], DexRegisterLocation::None());
  EXPECT_TRUE(registers[1].IsLive());
  EXPECT_EQ(registers[1], Constant(-2));
  // v0 is None, as every register is before the first map, so only v1 is emitted: mask "10".
  EXPECT_THAT(
      SetBitsOf(info.dex_register_masks().GetBitMemoryRegion(map.GetDexRegisterMaskIndex())),
      ElementsAre(1));
  EXPECT_THAT(CatalogueIndicesOf(info, map), ElementsAre(0));
}

// =============================================================================================
// ART's TestShareDexRegisterMap: three maps, the second identical to the first.

absl::StatusOr<std::vector<uint8_t>> EncodeSharedRegisterMaps() {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  FP_RETURN_IF_ERROR(stream.BeginMethod(ArtTestMethod(2)));
  FP_RETURN_IF_ERROR(stream.BeginStackMapEntry(At(0, 64, 0x3)));
  FP_RETURN_IF_ERROR(AddRegisters(stream, {InRegister(0), Constant(-2)}));
  FP_RETURN_IF_ERROR(stream.EndStackMapEntry());
  FP_RETURN_IF_ERROR(stream.BeginStackMapEntry(At(0, 65, 0x3)));
  FP_RETURN_IF_ERROR(AddRegisters(stream, {InRegister(0), Constant(-2)}));
  FP_RETURN_IF_ERROR(stream.EndStackMapEntry());
  FP_RETURN_IF_ERROR(stream.BeginStackMapEntry(At(0, 66, 0x3)));
  FP_RETURN_IF_ERROR(AddRegisters(stream, {InRegister(2), Constant(-2)}));
  FP_RETURN_IF_ERROR(stream.EndStackMapEntry());
  FP_RETURN_IF_ERROR(stream.EndMethod(66));
  return stream.Encode();
}

TEST(StackMapStreamTest, SharedRegisterMapsEncodeToArtBytes) {
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, EncodeSharedRegisterMaps());
  // Conformance vector art-sharemap-x86_64.
  EXPECT_EQ(SpacedHex(bytes),
            "c0 02 20 2c 34 3e 70 11 00 22 c1 4b 38 0f f7 98 60 91 1b c9 47 18 e4 00 "
            "00 00 00 ff ff ff ff 1f 00 00 00 00");
}

TEST(StackMapStreamTest, SharedRegisterMapsDecodeToWhatWasRecorded) {
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, EncodeSharedRegisterMaps());
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  ASSERT_EQ(info.GetNumberOfStackMaps(), 3u);
  EXPECT_THAT(Locations(info.GetDexRegisterMapOf(info.GetStackMapAt(0))), ElementsAre("r0", "#-2"));
  EXPECT_THAT(Locations(info.GetDexRegisterMapOf(info.GetStackMapAt(1))), ElementsAre("r0", "#-2"));
  EXPECT_THAT(Locations(info.GetDexRegisterMapOf(info.GetStackMapAt(2))), ElementsAre("r2", "#-2"));
  EXPECT_THAT(Catalogue(info), ElementsAre("r0", "#-2", "r2"));
}

TEST(StackMapStreamTest, UnchangedMapHasNoMaskButStillAMapIndex) {
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, EncodeSharedRegisterMaps());
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  const StackMap map0 = info.GetStackMapAt(0);
  const StackMap map1 = info.GetStackMapAt(1);
  const StackMap map2 = info.GetStackMapAt(2);
  EXPECT_TRUE(map0.HasDexRegisterMaskIndex());
  EXPECT_EQ(map0.GetDexRegisterMapIndex(), 0u);
  // Nothing changed at map 1: no mask (kNoValue), but the empty run of map entries still gets a
  // start index, the DexRegisterMapInfo size at that time, so HasDexRegisterMap() holds.
  EXPECT_FALSE(map1.HasDexRegisterMaskIndex());
  EXPECT_EQ(map1.GetDexRegisterMaskIndex(), kNoValue);
  EXPECT_EQ(map1.GetDexRegisterMapIndex(), 2u);
  EXPECT_TRUE(map1.HasDexRegisterMap());
  EXPECT_TRUE(map2.HasDexRegisterMaskIndex());
  EXPECT_EQ(map2.GetDexRegisterMapIndex(), 2u);
  EXPECT_THAT(info.TableColumnBits(BitTableId::kStackMap), ElementsAre(0, 7, 1, 1, 0, 0, 2, 2));
}

TEST(StackMapStreamTest, ChangingOnlyV0EmitsAOneBitMaskAndOneMapEntry) {
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, EncodeSharedRegisterMaps());
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  const StackMap map2 = info.GetStackMapAt(2);
  ASSERT_EQ(info.TableRows(BitTableId::kDexRegisterMask), 2u);
  EXPECT_EQ(map2.GetDexRegisterMaskIndex(), 1u);
  // The mask "1" is stored zero-padded to the column's 2 bits.
  EXPECT_THAT(SetBitsOf(info.dex_register_masks().GetBitMemoryRegion(1)), ElementsAre(0));
  EXPECT_THAT(CatalogueIndicesOf(info, map2), ElementsAre(2));
  EXPECT_EQ(info.TableRows(BitTableId::kDexRegisterMapInfo), 3u);
}

TEST(StackMapStreamTest, MaskEndsAtTheLastEmittedRegister) {
  // v1 stays None, as it was before the first map, so it is never emitted and the only mask is the
  // 1-bit "1": the DexRegisterMask column is 1 bit wide.
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  ASSERT_OK(stream.BeginMethod(ArtTestMethod(2)));
  ASSERT_OK(stream.BeginStackMapEntry(At(0, 4)));
  ASSERT_OK(AddRegisters(stream, {InRegister(1), None()}));
  ASSERT_OK(stream.EndStackMapEntry());
  ASSERT_OK(stream.EndMethod(4));
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, stream.Encode());
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  EXPECT_EQ(info.TableRows(BitTableId::kDexRegisterMask), 1u);
  EXPECT_THAT(info.TableColumnBits(BitTableId::kDexRegisterMask), ElementsAre(1));
  EXPECT_EQ(info.TableRows(BitTableId::kDexRegisterMapInfo), 1u);
  EXPECT_THAT(Locations(info.GetDexRegisterMapOf(info.GetStackMapAt(0))),
              ElementsAre("r1", "None"));
}

// =============================================================================================
// ART's TestNoDexRegisterMap: a map recorded without registers, then one whose only register is
// None.

absl::StatusOr<std::vector<uint8_t>> EncodeMapsWithoutRegisterMap() {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  FP_RETURN_IF_ERROR(stream.BeginMethod(ArtTestMethod(1)));
  FP_RETURN_IF_ERROR(stream.BeginStackMapEntry(At(0, 64, 0x3)));
  FP_RETURN_IF_ERROR(stream.EndStackMapEntry());
  FP_RETURN_IF_ERROR(stream.BeginStackMapEntry(At(1, 68, 0x4)));
  FP_RETURN_IF_ERROR(AddRegisters(stream, {None()}));
  FP_RETURN_IF_ERROR(stream.EndStackMapEntry());
  FP_RETURN_IF_ERROR(stream.EndMethod(68));
  return stream.Encode();
}

TEST(StackMapStreamTest, MapsWithoutRegisterMapEncodeToArtBytes) {
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, EncodeMapsWithoutRegisterMap());
  // Conformance vector art-nodexregmap-x86_64: only StackMap and RegisterMask are present.
  EXPECT_EQ(SpacedHex(bytes), "c0 02 10 43 24 70 22 00 10 c1 52 d4 32 c2 34");
}

TEST(StackMapStreamTest, MapsWithoutRegisterMapDecodeToWhatWasRecorded) {
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, EncodeMapsWithoutRegisterMap());
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  ASSERT_EQ(info.GetNumberOfStackMaps(), 2u);
  EXPECT_EQ(info.dex_register_catalog().NumRows(), 0u);
  EXPECT_EQ(info.header().bit_table_flags, 0x03u);

  const StackMap map0 = info.GetStackMapAt(0);
  EXPECT_EQ(info.GetStackMapForDexPc(0).Row(), 0u);
  EXPECT_EQ(info.GetStackMapForNativePcOffset(64, InstructionSet::kX86_64).Row(), 0u);
  EXPECT_EQ(info.GetRegisterMaskOf(map0), 0x3u);
  EXPECT_FALSE(map0.HasDexRegisterMap());
  EXPECT_THAT(Locations(info.GetDexRegisterMapOf(map0)), IsEmpty());

  // The None register equals the state before the first map, so nothing is emitted, but the map
  // has a (zero-length) register map of one register.
  const StackMap map1 = info.GetStackMapAt(1);
  EXPECT_EQ(info.GetStackMapForDexPc(1).Row(), 1u);
  EXPECT_EQ(info.GetStackMapForNativePcOffset(68, InstructionSet::kX86_64).Row(), 1u);
  EXPECT_EQ(info.GetRegisterMaskOf(map1), 0x4u);
  EXPECT_TRUE(map1.HasDexRegisterMap());
  EXPECT_FALSE(map1.HasDexRegisterMaskIndex());
  EXPECT_THAT(Locations(info.GetDexRegisterMapOf(map1)), ElementsAre("None"));
}

// =============================================================================================
// ART's InlineTest: four maps with inline depths 2, 3, 0 and 3.

absl::StatusOr<std::vector<uint8_t>> EncodeInlineTest() {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  FP_RETURN_IF_ERROR(stream.BeginMethod(ArtTestMethod(2)));

  FP_RETURN_IF_ERROR(stream.BeginStackMapEntry(At(0, 10, 0x3, {2, 4})));
  FP_RETURN_IF_ERROR(AddRegisters(stream, {InStack(0), Constant(4)}));
  FP_RETURN_IF_ERROR(stream.BeginInlineInfoEntry(kArtMethod, 2, 1));
  FP_RETURN_IF_ERROR(AddRegisters(stream, {InStack(8)}));
  FP_RETURN_IF_ERROR(stream.EndInlineInfoEntry());
  FP_RETURN_IF_ERROR(stream.BeginInlineInfoEntry(kArtMethod, 3, 3));
  FP_RETURN_IF_ERROR(AddRegisters(stream, {InStack(16), Constant(20), InRegister(15)}));
  FP_RETURN_IF_ERROR(stream.EndInlineInfoEntry());
  FP_RETURN_IF_ERROR(stream.EndStackMapEntry());

  FP_RETURN_IF_ERROR(stream.BeginStackMapEntry(At(2, 22, 0x3, {2, 4})));
  FP_RETURN_IF_ERROR(AddRegisters(stream, {InStack(56), Constant(0)}));
  FP_RETURN_IF_ERROR(stream.BeginInlineInfoEntry(kArtMethod, 2, 1));
  FP_RETURN_IF_ERROR(AddRegisters(stream, {InStack(12)}));
  FP_RETURN_IF_ERROR(stream.EndInlineInfoEntry());
  FP_RETURN_IF_ERROR(stream.BeginInlineInfoEntry(kArtMethod, 3, 3));
  FP_RETURN_IF_ERROR(AddRegisters(stream, {InStack(80), Constant(10), InRegister(5)}));
  FP_RETURN_IF_ERROR(stream.EndInlineInfoEntry());
  FP_RETURN_IF_ERROR(stream.BeginInlineInfoEntry(kArtMethod, 5, 0));
  FP_RETURN_IF_ERROR(stream.EndInlineInfoEntry());
  FP_RETURN_IF_ERROR(stream.EndStackMapEntry());

  FP_RETURN_IF_ERROR(stream.BeginStackMapEntry(At(4, 56, 0x3, {2, 4})));
  FP_RETURN_IF_ERROR(AddRegisters(stream, {None(), Constant(4)}));
  FP_RETURN_IF_ERROR(stream.EndStackMapEntry());

  FP_RETURN_IF_ERROR(stream.BeginStackMapEntry(At(6, 78, 0x3, {2, 4})));
  FP_RETURN_IF_ERROR(AddRegisters(stream, {InStack(56), Constant(0)}));
  FP_RETURN_IF_ERROR(stream.BeginInlineInfoEntry(kArtMethod, 2, 0));
  FP_RETURN_IF_ERROR(stream.EndInlineInfoEntry());
  FP_RETURN_IF_ERROR(stream.BeginInlineInfoEntry(kArtMethod, 5, 1));
  FP_RETURN_IF_ERROR(AddRegisters(stream, {InRegister(2)}));
  FP_RETURN_IF_ERROR(stream.EndInlineInfoEntry());
  FP_RETURN_IF_ERROR(stream.BeginInlineInfoEntry(kArtMethod, 10, 2));
  FP_RETURN_IF_ERROR(AddRegisters(stream, {None(), InRegister(3)}));
  FP_RETURN_IF_ERROR(stream.EndInlineInfoEntry());
  FP_RETURN_IF_ERROR(stream.EndStackMapEntry());

  FP_RETURN_IF_ERROR(stream.EndMethod(78));
  return stream.Encode();
}

TEST(StackMapStreamTest, InlineTestEncodesToArtBytes) {
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, EncodeInlineTest());
  // 785 bits in 99 bytes (reference section 9.5 and appendix A.6).
  EXPECT_EQ(SpacedHex(bytes),
            "c1 02 20 ec f4 4e 70 13 31 42 8b 9c e2 b2 d7 e5 3a ec e7 f7 1f 13 1c 45 "
            "31 08 82 e7 e3 0c 80 00 80 13 0d 80 00 80 ff 0c 80 00 80 33 0d 80 00 80 "
            "9f 0d 80 00 80 ff 0c 80 00 80 af 0d 80 00 80 d3 0e 80 00 80 7b ec 1f 3e "
            "a6 89 90 a1 b2 c3 d4 65 90 c3 06 67 29 87 82 a5 51 b1 0e 7b 86 48 d5 b5 "
            "79 4c 00");
}

TEST(StackMapStreamTest, InlineTestHasArtTableShapes) {
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, EncodeInlineTest());
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  EXPECT_EQ(info.header().flags, kHasInlineInfo);
  EXPECT_EQ(info.header().bit_table_flags, 0xEFu);  // no MethodInfo: ArtMethod* is encoded
  EXPECT_EQ(info.bit_size(), 785u);
  EXPECT_EQ(info.TableRows(BitTableId::kStackMap), 4u);
  EXPECT_THAT(info.TableColumnBits(BitTableId::kStackMap), ElementsAre(0, 7, 3, 1, 1, 3, 2, 4));
  EXPECT_EQ(info.TableRows(BitTableId::kStackMask), 1u);
  EXPECT_THAT(info.TableColumnBits(BitTableId::kStackMask), ElementsAre(5));
  EXPECT_EQ(info.TableRows(BitTableId::kInlineInfo), 8u);
  EXPECT_THAT(info.TableColumnBits(BitTableId::kInlineInfo), ElementsAre(1, 4, 0, 1, 31, 3));
  EXPECT_EQ(info.TableRows(BitTableId::kDexRegisterMask), 3u);
  EXPECT_THAT(info.TableColumnBits(BitTableId::kDexRegisterMask), ElementsAre(6));
  EXPECT_EQ(info.TableRows(BitTableId::kDexRegisterMapInfo), 19u);
  EXPECT_THAT(info.TableColumnBits(BitTableId::kDexRegisterMapInfo), ElementsAre(4));
  EXPECT_EQ(info.TableRows(BitTableId::kDexRegisterInfo), 14u);
  EXPECT_THAT(info.TableColumnBits(BitTableId::kDexRegisterInfo), ElementsAre(2, 5));

  // The masks "111111", "000011" (a 2-bit mask, zero-padded) and "011111".
  std::vector<uint64_t> raw_masks;
  for (uint32_t row = 0; row < 3; ++row) {
    raw_masks.push_back(info.dex_register_masks().GetBitMemoryRegion(row).LoadBits(0, 6));
  }
  EXPECT_THAT(raw_masks, ElementsAre(63, 3, 31));
  // Two kNone registers are map entries without a catalogue index.
  std::vector<int32_t> catalogue_indices;
  for (uint32_t row = 0; row < 19; ++row) {
    catalogue_indices.push_back(
        static_cast<int32_t>(info.dex_register_maps().GetRow(row).GetCatalogueIndex()));
  }
  EXPECT_THAT(catalogue_indices,
              ElementsAre(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, -1, 1, 6, 7, 12, -1, 13));
  std::vector<int32_t> inline_indices;
  for (uint32_t row = 0; row < 4; ++row) {
    inline_indices.push_back(static_cast<int32_t>(info.GetStackMapAt(row).GetInlineInfoIndex()));
  }
  EXPECT_THAT(inline_indices, ElementsAre(0, 2, -1, 5));
}

TEST(StackMapStreamTest, InlineTestDecodesTheOuterMaps) {
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, EncodeInlineTest());
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  ASSERT_EQ(info.GetNumberOfStackMaps(), 4u);
  const uint32_t dex_pcs[] = {0, 2, 4, 6};
  const uint32_t native_pcs[] = {10, 22, 56, 78};
  for (uint32_t row = 0; row < 4; ++row) {
    SCOPED_TRACE(absl::StrCat("stack map ", row));
    const StackMap map = info.GetStackMapAt(row);
    EXPECT_EQ(map.GetDexPc(), dex_pcs[row]);
    EXPECT_EQ(map.GetNativePcOffset(InstructionSet::kX86_64), native_pcs[row]);
    EXPECT_EQ(info.GetStackMapForNativePcOffset(native_pcs[row], InstructionSet::kX86_64).Row(),
              row);
    EXPECT_EQ(info.GetRegisterMaskOf(map), 0x3u);
    EXPECT_THAT(SetBitsOf(info.GetStackMaskOf(map)), ElementsAre(2, 4));
  }
  EXPECT_THAT(Locations(info.GetDexRegisterMapOf(info.GetStackMapAt(0))),
              ElementsAre("sp+0", "#4"));
  EXPECT_THAT(Locations(info.GetDexRegisterMapOf(info.GetStackMapAt(1))),
              ElementsAre("sp+56", "#0"));
  EXPECT_THAT(Locations(info.GetDexRegisterMapOf(info.GetStackMapAt(2))),
              ElementsAre("None", "#4"));
  EXPECT_THAT(Locations(info.GetDexRegisterMapOf(info.GetStackMapAt(3))),
              ElementsAre("sp+56", "#0"));
}

TEST(StackMapStreamTest, InlineTestDecodesTheInlineChains) {
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, EncodeInlineTest());
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  struct Level {
    uint32_t dex_pc;
    uint32_t cumulative_registers;
  };
  const std::vector<std::vector<Level>> expected = {
      {{2, 3}, {3, 6}},
      {{2, 3}, {3, 6}, {5, 6}},
      {},
      {{2, 2}, {5, 3}, {10, 5}},
  };
  for (uint32_t row = 0; row < 4; ++row) {
    SCOPED_TRACE(absl::StrCat("stack map ", row));
    const StackMap map = info.GetStackMapAt(row);
    const InlineInfoRange chain = info.GetInlineInfosOf(map);
    ASSERT_EQ(chain.size(), expected[row].size());
    EXPECT_EQ(map.HasInlineInfo(), !expected[row].empty());
    for (uint32_t depth = 0; depth < chain.size(); ++depth) {
      SCOPED_TRACE(absl::StrCat("depth ", depth));
      EXPECT_EQ(chain[depth].GetDexPc(), expected[row][depth].dex_pc);
      EXPECT_EQ(chain[depth].GetNumberOfDexRegisters(), expected[row][depth].cumulative_registers);
      EXPECT_TRUE(chain[depth].EncodesArtMethod());
      EXPECT_EQ(chain[depth].GetArtMethod(), 0x70001000u);
      EXPECT_FALSE(chain[depth].HasMethodInfoIndex());
      EXPECT_EQ(chain[depth].GetIsLast(),
                depth + 1 == chain.size() ? InlineInfo::kLast : InlineInfo::kMore);
    }
  }
}

TEST(StackMapStreamTest, InlineTestDecodesEachInlineLevelsRegisters) {
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, EncodeInlineTest());
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  const auto level = [&](uint32_t row, uint32_t depth) {
    const StackMap map = info.GetStackMapAt(row);
    return Locations(info.GetInlineDexRegisterMapOf(map, info.GetInlineInfosOf(map)[depth]));
  };
  EXPECT_THAT(level(0, 0), ElementsAre("sp+8"));
  EXPECT_THAT(level(0, 1), ElementsAre("sp+16", "#20", "r15"));
  EXPECT_THAT(level(1, 0), ElementsAre("sp+12"));
  EXPECT_THAT(level(1, 1), ElementsAre("sp+80", "#10", "r5"));
  EXPECT_THAT(level(1, 2), IsEmpty());  // an inline level with 0 registers
  EXPECT_THAT(level(3, 0), IsEmpty());
  EXPECT_THAT(level(3, 1), ElementsAre("r2"));
  EXPECT_THAT(level(3, 2), ElementsAre("None", "r3"));  // kNone inside an inlined frame
}

// =============================================================================================
// ART's PackedNativePcTest: the smallest aligned pc of each ISA packs to 1 and unpacks back.

TEST(StackMapStreamTest, MinimumAlignedNativePcPacksToOneAndRoundTrips) {
  for (InstructionSet isa : {InstructionSet::kArm, InstructionSet::kArm64, InstructionSet::kRiscv64,
                             InstructionSet::kX86, InstructionSet::kX86_64}) {
    SCOPED_TRACE(InstructionSetName(isa));
    const uint32_t alignment = InstructionAlignment(isa);
    EXPECT_EQ(StackMap::PackNativePc(alignment, isa), 1u);
    StackMapStream stream(isa, VerifyMode::kOn);
    ASSERT_OK(stream.BeginMethod(ArtTestMethod(0)));
    ASSERT_OK(stream.BeginStackMapEntry(At(0, alignment)));
    ASSERT_OK(stream.EndStackMapEntry());
    ASSERT_OK(stream.EndMethod(alignment));
    ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, stream.Encode());
    ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
    EXPECT_EQ(info.GetStackMapAt(0).GetPackedNativePc(), 1u);
    EXPECT_EQ(info.GetStackMapAt(0).GetNativePcOffset(isa), alignment);
    // Only code_size (the alignment, the second header nibble) depends on the ISA (conformance
    // vectors art-packedpc-*).
    const uint8_t first_byte = static_cast<uint8_t>(alignment << 4);
    EXPECT_EQ(SpacedHex(bytes), SpacedHex({&first_byte, 1}) + " 02 00 11 20 01 00 00 06");
  }
}

TEST(StackMapStreamTest, InstructionAlignmentPerIsa) {
  EXPECT_EQ(InstructionAlignment(InstructionSet::kArm), 2u);
  EXPECT_EQ(InstructionAlignment(InstructionSet::kArm64), 4u);
  EXPECT_EQ(InstructionAlignment(InstructionSet::kRiscv64), 2u);
  EXPECT_EQ(InstructionAlignment(InstructionSet::kX86), 1u);
  EXPECT_EQ(InstructionAlignment(InstructionSet::kX86_64), 1u);
}

// =============================================================================================
// ART's TestDeduplicateStackMask.

TEST(StackMapStreamTest, EqualStackMasksShareOneRow) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  ASSERT_OK(stream.BeginMethod(ArtTestMethod(0)));
  ASSERT_OK(stream.BeginStackMapEntry(At(0, 4, 0x3, {1, 4})));
  ASSERT_OK(stream.EndStackMapEntry());
  ASSERT_OK(stream.BeginStackMapEntry(At(0, 8, 0x3, {1, 4})));
  ASSERT_OK(stream.EndStackMapEntry());
  ASSERT_OK(stream.EndMethod(8));
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, stream.Encode());
  // Conformance vector art-dedupstackmask-x86_64.
  EXPECT_EQ(SpacedHex(bytes), "80 02 00 27 40 11 01 00 f5 7c 4c 70 94 04");
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  const StackMap map0 = info.GetStackMapForNativePcOffset(4, InstructionSet::kX86_64);
  const StackMap map1 = info.GetStackMapForNativePcOffset(8, InstructionSet::kX86_64);
  ASSERT_TRUE(map0.IsValid());
  ASSERT_TRUE(map1.IsValid());
  EXPECT_EQ(map0.GetStackMaskIndex(), map1.GetStackMaskIndex());
  EXPECT_EQ(info.TableRows(BitTableId::kStackMask), 1u);
  EXPECT_THAT(SetBitsOf(info.GetStackMaskOf(map1)), ElementsAre(1, 4));
}

// =============================================================================================
// Delta compression: kMaxDexRegisterMapSearchDistance.

TEST(StackMapStreamTest, RegisterUnchangedForMoreThan32MapsIsReEmittedAtMap33) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  ASSERT_OK(stream.BeginMethod(ArtTestMethod(2)));
  for (uint32_t i = 0; i < 34; ++i) {
    ASSERT_OK(stream.BeginStackMapEntry(At(i, i)));
    ASSERT_OK(AddRegisters(stream, {InStack(8), Constant(7)}));
    ASSERT_OK(stream.EndStackMapEntry());
  }
  ASSERT_OK(stream.EndMethod(33));
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, stream.Encode());
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  ASSERT_EQ(info.GetNumberOfStackMaps(), 34u);

  EXPECT_TRUE(info.GetStackMapAt(0).HasDexRegisterMaskIndex());
  for (uint32_t row = 1; row <= 32; ++row) {
    EXPECT_FALSE(info.GetStackMapAt(row).HasDexRegisterMaskIndex()) << "stack map " << row;
  }
  // Map 33 is 33 maps after map 0, past the decoder's search distance of 32: both registers are
  // emitted again (and their map entries dedup with map 0's run).
  const StackMap map33 = info.GetStackMapAt(33);
  ASSERT_TRUE(map33.HasDexRegisterMaskIndex());
  EXPECT_THAT(
      SetBitsOf(info.dex_register_masks().GetBitMemoryRegion(map33.GetDexRegisterMaskIndex())),
      ElementsAre(0, 1));
  EXPECT_THAT(CatalogueIndicesOf(info, map33), ElementsAre(0, 1));
  for (uint32_t row = 0; row < 34; ++row) {
    EXPECT_THAT(Locations(info.GetDexRegisterMapOf(info.GetStackMapAt(row))),
                ElementsAre("sp+8", "#7"))
        << "stack map " << row;
  }
}

TEST(StackMapStreamTest, OnlyRegistersLastEmittedMoreThan32MapsAgoAreReEmitted) {
  // v0 changes at map 10, v1 never does: at map 33 only v1 is 33 maps old.
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  ASSERT_OK(stream.BeginMethod(ArtTestMethod(2)));
  for (uint32_t i = 0; i < 34; ++i) {
    ASSERT_OK(stream.BeginStackMapEntry(At(i, i)));
    ASSERT_OK(AddRegisters(stream, {InRegister(i < 10 ? 1 : 2), Constant(7)}));
    ASSERT_OK(stream.EndStackMapEntry());
  }
  ASSERT_OK(stream.EndMethod(33));
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, stream.Encode());
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  const StackMap map10 = info.GetStackMapAt(10);
  const StackMap map33 = info.GetStackMapAt(33);
  ASSERT_TRUE(map10.HasDexRegisterMaskIndex());
  EXPECT_THAT(
      SetBitsOf(info.dex_register_masks().GetBitMemoryRegion(map10.GetDexRegisterMaskIndex())),
      ElementsAre(0));
  ASSERT_TRUE(map33.HasDexRegisterMaskIndex());
  EXPECT_THAT(
      SetBitsOf(info.dex_register_masks().GetBitMemoryRegion(map33.GetDexRegisterMaskIndex())),
      ElementsAre(1));
  EXPECT_THAT(Locations(info.GetDexRegisterMapOf(map33)), ElementsAre("r2", "#7"));
  EXPECT_THAT(Locations(info.GetDexRegisterMapOf(info.GetStackMapAt(32))), ElementsAre("r2", "#7"));
}

// =============================================================================================
// needs_vreg_info = false.

TEST(StackMapStreamTest, MapWithoutVregInfoHasNoRegisterMap) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  ASSERT_OK(stream.BeginMethod(ArtTestMethod(2)));
  ASSERT_OK(stream.BeginStackMapEntry(WithoutVregInfo(At(0, 4))));
  ASSERT_OK(stream.BeginInlineInfoEntry(kArtMethod, 1, 0));
  ASSERT_OK(stream.EndInlineInfoEntry());
  ASSERT_OK(stream.EndStackMapEntry());
  ASSERT_OK(stream.BeginStackMapEntry(At(1, 8)));
  ASSERT_OK(AddRegisters(stream, {InStack(0), Constant(1)}));
  ASSERT_OK(stream.EndStackMapEntry());
  ASSERT_OK(stream.EndMethod(8));
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, stream.Encode());
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));

  const StackMap map0 = info.GetStackMapAt(0);
  EXPECT_EQ(map0.GetDexRegisterMaskIndex(), kNoValue);
  EXPECT_EQ(map0.GetDexRegisterMapIndex(), kNoValue);
  EXPECT_FALSE(map0.HasDexRegisterMap());
  EXPECT_THAT(Locations(info.GetDexRegisterMapOf(map0)), IsEmpty());
  const InlineInfoRange chain = info.GetInlineInfosOf(map0);
  ASSERT_EQ(chain.size(), 1u);
  // Without vreg info the cumulative count starts from 0, not from the outer method's 2.
  EXPECT_EQ(chain[0].GetNumberOfDexRegisters(), 0u);
  EXPECT_THAT(Locations(info.GetInlineDexRegisterMapOf(map0, chain[0])), IsEmpty());

  EXPECT_THAT(Locations(info.GetDexRegisterMapOf(info.GetStackMapAt(1))),
              ElementsAre("sp+0", "#1"));
}

// =============================================================================================
// Catch maps.

absl::StatusOr<std::vector<uint8_t>> EncodeWithCatchMaps() {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  FP_RETURN_IF_ERROR(stream.BeginMethod(ArtTestMethod(0)));
  FP_RETURN_IF_ERROR(stream.BeginStackMapEntry(At(/*dex_pc=*/1, /*native_pc=*/4)));
  FP_RETURN_IF_ERROR(stream.EndStackMapEntry());
  FP_RETURN_IF_ERROR(
      stream.BeginStackMapEntry(WithKind(At(9, 8), StackMapKind::kCatch, /*catch_dex_pcs=*/{9})));
  FP_RETURN_IF_ERROR(stream.EndStackMapEntry());
  // Catch maps come last but need not be sorted: this one is at pc 2, before map 1's pc 8.
  FP_RETURN_IF_ERROR(stream.BeginStackMapEntry(WithKind(At(7, 2), StackMapKind::kCatch, {7, 4})));
  FP_RETURN_IF_ERROR(stream.BeginInlineInfoEntry(kArtMethod, 4, 0));
  FP_RETURN_IF_ERROR(stream.EndInlineInfoEntry());
  FP_RETURN_IF_ERROR(stream.EndStackMapEntry());
  FP_RETURN_IF_ERROR(stream.EndMethod(8));
  return stream.Encode();
}

TEST(StackMapStreamTest, CatchMapIsNotFoundByNativePc) {
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, EncodeWithCatchMaps());
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  EXPECT_EQ(info.GetStackMapAt(1).kind(), StackMapKind::kCatch);
  EXPECT_EQ(info.GetStackMapForNativePcOffset(4, InstructionSet::kX86_64).Row(), 0u);
  EXPECT_FALSE(info.GetStackMapForNativePcOffset(8, InstructionSet::kX86_64).IsValid());
  EXPECT_FALSE(info.GetStackMapForNativePcOffset(2, InstructionSet::kX86_64).IsValid());
}

TEST(StackMapStreamTest, CatchMapIsFoundByItsDexPcList) {
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, EncodeWithCatchMaps());
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  EXPECT_EQ(info.GetCatchStackMapForDexPc(std::vector<uint32_t>{9}).Row(), 1u);
  // [outer handler dex pc, inline level 0 dex pc]
  EXPECT_EQ(info.GetCatchStackMapForDexPc(std::vector<uint32_t>{7, 4}).Row(), 2u);
  // The list must match the whole inline chain.
  EXPECT_FALSE(info.GetCatchStackMapForDexPc(std::vector<uint32_t>{7}).IsValid());
  EXPECT_FALSE(info.GetCatchStackMapForDexPc(std::vector<uint32_t>{9, 4}).IsValid());
  // Map 0 is not a catch map.
  EXPECT_FALSE(info.GetCatchStackMapForDexPc(std::vector<uint32_t>{1}).IsValid());
  EXPECT_FALSE(info.GetCatchStackMapForDexPc({}).IsValid());
}

// =============================================================================================
// MethodInfo rows (AOT): dex method index and dex file, deduplicated.

TEST(StackMapStreamTest, MethodInfoRowsAreDedupedAndNameTheDexFile) {
  const DexMethodReference same_file{7, {DexFileRef::Kind::kSameAsOuter, 0}};
  const DexMethodReference oat_file{7, {DexFileRef::Kind::kOatFile, 2}};
  const DexMethodReference boot_file{9, {DexFileRef::Kind::kBootClassPath, 1}};
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  ASSERT_OK(stream.BeginMethod(ArtTestMethod(0)));
  ASSERT_OK(stream.BeginStackMapEntry(At(0, 4)));
  ASSERT_OK(stream.BeginInlineInfoEntry(same_file, 1, 0));
  ASSERT_OK(stream.EndInlineInfoEntry());
  ASSERT_OK(stream.BeginInlineInfoEntry(oat_file, 2, 0));
  ASSERT_OK(stream.EndInlineInfoEntry());
  ASSERT_OK(stream.EndStackMapEntry());
  ASSERT_OK(stream.BeginStackMapEntry(At(0, 8)));
  ASSERT_OK(stream.BeginInlineInfoEntry(same_file, 3, 0));
  ASSERT_OK(stream.EndInlineInfoEntry());
  ASSERT_OK(stream.BeginInlineInfoEntry(boot_file, 4, 0));
  ASSERT_OK(stream.EndInlineInfoEntry());
  ASSERT_OK(stream.EndStackMapEntry());
  // Without a dex pc the dex file is not looked up: (kKindNonBCP, kSameDexFile) whatever the
  // reference says, which is map 0's first row again.
  ASSERT_OK(stream.BeginStackMapEntry(At(0, 12)));
  ASSERT_OK(stream.BeginInlineInfoEntry(oat_file, kNoDexPc, 0));
  ASSERT_OK(stream.EndInlineInfoEntry());
  ASSERT_OK(stream.EndStackMapEntry());
  ASSERT_OK(stream.EndMethod(12));
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, stream.Encode());
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));

  std::vector<std::vector<int32_t>> method_infos;
  for (uint32_t row = 0; row < info.method_infos().NumRows(); ++row) {
    const MethodInfo method = info.method_infos().GetRow(row);
    method_infos.push_back({static_cast<int32_t>(method.GetMethodIndex()),
                            static_cast<int32_t>(method.GetDexFileIndexKind()),
                            static_cast<int32_t>(method.GetDexFileIndex())});
  }
  EXPECT_THAT(method_infos, ElementsAre(ElementsAre(7, -1, -1),  // same dex file
                                        ElementsAre(7, -1, 2),   // oat file dex file 2
                                        ElementsAre(9, 0, 1)));  // boot class path entry 1

  const auto method_info_rows = [&](uint32_t row) {
    std::vector<uint32_t> rows;
    const InlineInfoRange chain = info.GetInlineInfosOf(info.GetStackMapAt(row));
    for (uint32_t depth = 0; depth < chain.size(); ++depth) {
      EXPECT_FALSE(chain[depth].EncodesArtMethod());
      rows.push_back(chain[depth].GetMethodInfoIndex());
    }
    return rows;
  };
  EXPECT_THAT(method_info_rows(0), ElementsAre(0, 1));
  EXPECT_THAT(method_info_rows(1), ElementsAre(0, 2));
  EXPECT_THAT(method_info_rows(2), ElementsAre(0));
  const InlineInfo no_dex_pc = info.GetInlineInfosOf(info.GetStackMapAt(2))[0];
  EXPECT_EQ(no_dex_pc.GetDexPc(), kNoDexPc);
  EXPECT_EQ(info.GetMethodInfoOf(no_dex_pc).GetMethodIndex(), 7u);
}

// =============================================================================================
// Header flags.

absl::StatusOr<CodeInfoHeader> HeaderOfEmptyMethod(const MethodParams& params) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  FP_RETURN_IF_ERROR(stream.BeginMethod(params));
  FP_RETURN_IF_ERROR(stream.EndMethod(0));
  FP_ASSIGN_OR_RETURN(const std::vector<uint8_t> bytes, stream.Encode());
  return CodeInfo::DecodeHeaderOnly(bytes);
}

TEST(StackMapStreamTest, BaselineMethodHasTheIsBaselineFlag) {
  ASSERT_OK_AND_ASSIGN(const CodeInfoHeader header,
                       HeaderOfEmptyMethod({.frame_size_in_bytes = 16, .baseline = true}));
  EXPECT_EQ(header.flags, kIsBaseline);
  EXPECT_EQ(header.flags, 4u);
}

TEST(StackMapStreamTest, DebuggableMethodHasTheIsDebuggableFlag) {
  ASSERT_OK_AND_ASSIGN(const CodeInfoHeader header,
                       HeaderOfEmptyMethod({.frame_size_in_bytes = 16, .debuggable = true}));
  EXPECT_EQ(header.flags, kIsDebuggable);
  EXPECT_EQ(header.flags, 8u);
}

TEST(StackMapStreamTest, ShouldDeoptimizeMethodHasTheHasShouldDeoptimizeFlag) {
  ASSERT_OK_AND_ASSIGN(
      const CodeInfoHeader header,
      HeaderOfEmptyMethod({.frame_size_in_bytes = 16, .has_should_deoptimize_flag = true}));
  EXPECT_EQ(header.flags, kHasShouldDeoptimizeFlag);
  EXPECT_EQ(header.flags, 2u);
}

TEST(StackMapStreamTest, MethodWithoutMapsIsAHeaderOnly) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  ASSERT_OK(stream.BeginMethod({.frame_size_in_bytes = 16,
                                .baseline = true,
                                .debuggable = true,
                                .has_should_deoptimize_flag = true}));
  ASSERT_OK(stream.EndMethod(0));
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, stream.Encode());
  // Nibbles 12,0,1,0,0,0,0 then the 8-bit flags payload 14: 36 bits, no tables.
  EXPECT_EQ(SpacedHex(bytes), "0c 01 00 e0 00");
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  EXPECT_TRUE(info.HasFlag(kIsBaseline));
  EXPECT_TRUE(info.HasFlag(kIsDebuggable));
  EXPECT_TRUE(info.HasFlag(kHasShouldDeoptimizeFlag));
  EXPECT_FALSE(info.HasFlag(kHasInlineInfo));
  EXPECT_EQ(info.header().bit_table_flags, 0u);
  EXPECT_EQ(info.GetNumberOfStackMaps(), 0u);
  EXPECT_EQ(info.frame_size_in_bytes(), 16u);
}

// =============================================================================================
// SetStackMapNativePcOffset.

TEST(StackMapStreamTest, SetStackMapNativePcOffsetMovesAMap) {
  StackMapStream stream(InstructionSet::kArm64, VerifyMode::kOn);
  ASSERT_OK(stream.BeginMethod(ArtTestMethod(0)));
  ASSERT_OK(stream.BeginStackMapEntry(At(0, 4)));
  ASSERT_OK(stream.EndStackMapEntry());
  ASSERT_OK(stream.BeginStackMapEntry(At(1, 8)));
  ASSERT_OK(stream.EndStackMapEntry());
  EXPECT_EQ(stream.GetStackMapNativePcOffset(1), 8u);
  ASSERT_OK(stream.SetStackMapNativePcOffset(1, 16));
  EXPECT_EQ(stream.GetStackMapNativePcOffset(1), 16u);
  ASSERT_OK(stream.EndMethod(16));
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, stream.Encode());
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  EXPECT_EQ(info.GetStackMapAt(1).GetPackedNativePc(), 4u);
  EXPECT_EQ(info.GetStackMapForNativePcOffset(16, InstructionSet::kArm64).Row(), 1u);
  EXPECT_FALSE(info.GetStackMapForNativePcOffset(8, InstructionSet::kArm64).IsValid());
}

// =============================================================================================
// Verify mode.

absl::Status BeginTwoDefaultMapsAtTheSamePc(StackMapStream& stream) {
  FP_RETURN_IF_ERROR(stream.BeginMethod(ArtTestMethod(0)));
  FP_RETURN_IF_ERROR(stream.BeginStackMapEntry(At(0, 8)));
  FP_RETURN_IF_ERROR(stream.EndStackMapEntry());
  FP_RETURN_IF_ERROR(stream.BeginStackMapEntry(At(1, 8)));
  FP_RETURN_IF_ERROR(stream.EndStackMapEntry());
  return stream.EndMethod(8);
}

TEST(StackMapStreamTest, VerifyModeRejectsASecondDefaultMapAtTheSamePc) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  ASSERT_OK(BeginTwoDefaultMapsAtTheSamePc(stream));
  // The lookup by native pc 8 finds map 0, never map 1.
  const absl::Status status = stream.Encode().status();
  EXPECT_TRUE(FailsWith(status, absl::StatusCode::kInternal, "lookup by native pc"));
  EXPECT_TRUE(FailsWith(status, absl::StatusCode::kInternal, "stack map 1"));
}

TEST(StackMapStreamTest, WithoutVerifyModeTheSameInputEncodes) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOff);
  ASSERT_OK(BeginTwoDefaultMapsAtTheSamePc(stream));
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, stream.Encode());
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  EXPECT_EQ(info.GetNumberOfStackMaps(), 2u);
  EXPECT_EQ(info.GetStackMapForNativePcOffset(8, InstructionSet::kX86_64).Row(), 0u);
}

// Verify on bytes another stream encoded: each recorded fact the bytes get wrong is caught, and
// named. This is the encoder's own oracle, so every one of its checks must be seen to bite.

// One Default map with registers and one inline level; each test changes one fact of it.
struct OneMapMethod {
  uint32_t frame_size = 32;
  bool baseline = false;
  StackMapParams map = At(/*dex_pc=*/3, /*native_pc=*/8, /*register_mask=*/0x5, {1});
  std::vector<DexRegisterLocation> outer = {InStack(4), Constant(-2)};
  bool inlines = true;
  InlinedMethod inlined = kArtMethod;
  uint32_t inline_dex_pc = 2;
  std::vector<DexRegisterLocation> inline_registers = {InRegister(3)};
};

absl::Status Record(StackMapStream& stream, const OneMapMethod& method) {
  FP_RETURN_IF_ERROR(stream.BeginMethod(
      MethodParams{.frame_size_in_bytes = method.frame_size,
                   .num_dex_registers = static_cast<uint32_t>(method.outer.size()),
                   .baseline = method.baseline}));
  FP_RETURN_IF_ERROR(stream.BeginStackMapEntry(method.map));
  for (const DexRegisterLocation& location : method.outer) {
    FP_RETURN_IF_ERROR(stream.AddDexRegisterEntry(location.kind, location.value));
  }
  if (method.inlines) {
    FP_RETURN_IF_ERROR(
        stream.BeginInlineInfoEntry(method.inlined, method.inline_dex_pc,
                                    static_cast<uint32_t>(method.inline_registers.size())));
    for (const DexRegisterLocation& location : method.inline_registers) {
      FP_RETURN_IF_ERROR(stream.AddDexRegisterEntry(location.kind, location.value));
    }
    FP_RETURN_IF_ERROR(stream.EndInlineInfoEntry());
  }
  FP_RETURN_IF_ERROR(stream.EndStackMapEntry());
  return stream.EndMethod(64);
}

// Verifies the encoding of `encoded`'s calls against `recorded`'s.
absl::Status VerifyAgainst(const OneMapMethod& recorded, const OneMapMethod& encoded) {
  StackMapStream verifier(InstructionSet::kX86_64, VerifyMode::kOn);
  FP_RETURN_IF_ERROR(Record(verifier, recorded));
  StackMapStream encoder(InstructionSet::kX86_64, VerifyMode::kOff);
  FP_RETURN_IF_ERROR(Record(encoder, encoded));
  FP_ASSIGN_OR_RETURN(const std::vector<uint8_t> bytes, encoder.Encode());
  return verifier.Verify(bytes);
}

// `method` with one fact changed by `change`.
template <typename Change>
OneMapMethod With(Change change) {
  OneMapMethod method;
  change(method);
  return method;
}

TEST(StackMapStreamVerifyTest, AcceptsTheSameCallsEncodedByAnotherStream) {
  ASSERT_OK(VerifyAgainst(OneMapMethod{}, OneMapMethod{}));
}

TEST(StackMapStreamVerifyTest, NamesAWrongHeader) {
  EXPECT_TRUE(FailsWith(VerifyAgainst({}, With([](auto& m) { m.frame_size = 48; })),
                        absl::StatusCode::kInternal, "decoded header differs"));
}

// Each flag is checked on its own: a wrong IsBaseline alone is a wrong header.
TEST(StackMapStreamVerifyTest, NamesAWrongBaselineFlag) {
  EXPECT_TRUE(FailsWith(VerifyAgainst({}, With([](auto& m) { m.baseline = true; })),
                        absl::StatusCode::kInternal, "decoded header differs"));
}

TEST(StackMapStreamVerifyTest, NamesAWrongKind) {
  EXPECT_TRUE(FailsWith(
      VerifyAgainst({}, With([](auto& m) { m.map = WithKind(m.map, StackMapKind::kOsr); })),
      absl::StatusCode::kInternal, "stack map 0 kind"));
}

TEST(StackMapStreamVerifyTest, NamesAWrongNativePc) {
  EXPECT_TRUE(FailsWith(VerifyAgainst({}, With([](auto& m) { m.map.native_pc_offset = 12; })),
                        absl::StatusCode::kInternal,
                        "stack map 0 native pc: recorded 8, decoded 12"));
}

TEST(StackMapStreamVerifyTest, NamesAWrongDexPc) {
  EXPECT_TRUE(FailsWith(VerifyAgainst({}, With([](auto& m) { m.map.dex_pc = 4; })),
                        absl::StatusCode::kInternal, "stack map 0 dex pc: recorded 3, decoded 4"));
}

TEST(StackMapStreamVerifyTest, NamesAWrongRegisterMask) {
  EXPECT_TRUE(FailsWith(VerifyAgainst({}, With([](auto& m) { m.map.register_mask = 0x4; })),
                        absl::StatusCode::kInternal,
                        "stack map 0 register mask: recorded 5, decoded 4"));
}

TEST(StackMapStreamVerifyTest, NamesAWrongStackMaskBit) {
  EXPECT_TRUE(FailsWith(
      VerifyAgainst({}, With([](auto& m) { m.map.stack_mask = BitVector::FromSetBits({2}); })),
      absl::StatusCode::kInternal, "stack map 0 stack mask bit 1: recorded set, decoded clear"));
}

// Bytes whose map carries no stack mask at all: the absent mask is never read, and each recorded
// bit is compared with clear.
TEST(StackMapStreamVerifyTest, NamesAStackMaskTheBytesDoNotCarry) {
  EXPECT_TRUE(FailsWith(VerifyAgainst({}, With([](auto& m) { m.map.stack_mask = BitVector(); })),
                        absl::StatusCode::kInternal,
                        "stack map 0 stack mask bit 1: recorded set, decoded clear"));
}

TEST(StackMapStreamVerifyTest, NamesWrongOuterRegisters) {
  EXPECT_TRUE(
      FailsWith(VerifyAgainst({}, With([](auto& m) { m.outer[0] = InStack(8); })),
                absl::StatusCode::kInternal,
                "stack map 0 outer dex registers: recorded [sp+4 #-2], decoded [sp+8 #-2]"));
}

TEST(StackMapStreamVerifyTest, NamesAMissingInlineLevel) {
  EXPECT_TRUE(FailsWith(VerifyAgainst({}, With([](auto& m) { m.inlines = false; })),
                        absl::StatusCode::kInternal,
                        "stack map 0 inline depth: recorded 1, decoded 0"));
}

TEST(StackMapStreamVerifyTest, NamesAWrongInlineDexPc) {
  EXPECT_TRUE(FailsWith(VerifyAgainst({}, With([](auto& m) { m.inline_dex_pc = 5; })),
                        absl::StatusCode::kInternal,
                        "stack map 0 inline level 0 dex pc: recorded 2, decoded 5"));
}

TEST(StackMapStreamVerifyTest, NamesAWrongInlinedArtMethod) {
  EXPECT_TRUE(
      FailsWith(VerifyAgainst({}, With([](auto& m) { m.inlined = ArtMethodPointer{0x70002000}; })),
                absl::StatusCode::kInternal,
                "stack map 0 inline level 0 ArtMethod*: recorded 1879052288, decoded 1879056384"));
}

TEST(StackMapStreamVerifyTest, NamesAMethodInfoRowWhereAnArtMethodWasRecorded) {
  EXPECT_TRUE(FailsWith(
      VerifyAgainst({}, With([](auto& m) {
                      m.inlined = DexMethodReference{7, {}};
                    })),
      absl::StatusCode::kInternal,
      "stack map 0 inline level 0 ArtMethod*: recorded 1879052288, decoded a MethodInfo row"));
}

TEST(StackMapStreamVerifyTest, NamesAWrongInlinedDexMethodIndex) {
  EXPECT_TRUE(FailsWith(VerifyAgainst(With([](auto& m) {
                                        m.inlined = DexMethodReference{7, {}};
                                      }),
                                      With([](auto& m) {
                                        m.inlined = DexMethodReference{9, {}};
                                      })),
                        absl::StatusCode::kInternal,
                        "stack map 0 inline level 0 dex method index: recorded 7, decoded 9"));
}

TEST(StackMapStreamVerifyTest, NamesWrongInlineLevelRegisters) {
  EXPECT_TRUE(FailsWith(VerifyAgainst({}, With([](auto& m) { m.inline_registers = {None()}; })),
                        absl::StatusCode::kInternal,
                        "stack map 0 inline level 0 dex registers: recorded [r3]"));
}

TEST(StackMapStreamVerifyTest, WithoutTheVerifyModeNoCallIsKeptToCheckAgainst) {
  StackMapStream unverified(InstructionSet::kX86_64, VerifyMode::kOff);
  ASSERT_OK(Record(unverified, {}));
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, unverified.Encode());
  EXPECT_TRUE(FailsWith(unverified.Verify(bytes), absl::StatusCode::kInternal,
                        "recorded 0 stack maps, decoded 1"));
}

// =============================================================================================
// Misuse: calls out of order.

TEST(StackMapStreamTest, BeginStackMapEntryBeforeBeginMethodFails) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  EXPECT_TRUE(FailsWith(stream.BeginStackMapEntry(At(0, 4)), absl::StatusCode::kFailedPrecondition,
                        "BeginStackMapEntry called before BeginMethod"));
}

TEST(StackMapStreamTest, EndStackMapEntryWithoutBeginFails) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  ASSERT_OK(stream.BeginMethod(ArtTestMethod(0)));
  EXPECT_TRUE(FailsWith(stream.EndStackMapEntry(), absl::StatusCode::kFailedPrecondition,
                        "EndStackMapEntry called inside a method; it belongs inside a stack map"));
}

TEST(StackMapStreamTest, NestedBeginStackMapEntryFails) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  ASSERT_OK(stream.BeginMethod(ArtTestMethod(0)));
  ASSERT_OK(stream.BeginStackMapEntry(At(0, 4)));
  EXPECT_TRUE(FailsWith(stream.BeginStackMapEntry(At(1, 8)), absl::StatusCode::kFailedPrecondition,
                        "BeginStackMapEntry called inside a stack map"));
}

TEST(StackMapStreamTest, EndInlineInfoEntryWithoutBeginFails) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  ASSERT_OK(stream.BeginMethod(ArtTestMethod(0)));
  ASSERT_OK(stream.BeginStackMapEntry(At(0, 4)));
  EXPECT_TRUE(FailsWith(stream.EndInlineInfoEntry(), absl::StatusCode::kFailedPrecondition,
                        "EndInlineInfoEntry called inside a stack map; it belongs inside an "
                        "inline info"));
}

TEST(StackMapStreamTest, EncodeBeforeEndMethodFails) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  ASSERT_OK(stream.BeginMethod(ArtTestMethod(0)));
  EXPECT_TRUE(FailsWith(stream.Encode().status(), absl::StatusCode::kFailedPrecondition,
                        "Encode called inside a method; it belongs after EndMethod"));
}

TEST(StackMapStreamTest, BeginMethodTwiceFails) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  ASSERT_OK(stream.BeginMethod(ArtTestMethod(0)));
  EXPECT_TRUE(FailsWith(stream.BeginMethod(ArtTestMethod(0)), absl::StatusCode::kFailedPrecondition,
                        "BeginMethod called inside a method"));
}

// One stream, many methods.

TEST(StackMapStreamTest, AMethodAfterAnotherEncodesAsInANewStream) {
  // Test2's catalogue starts with Test1's two registers and goes on, so a stream that kept it
  // would give Test1's map more catalogue rows than its own two.
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  ASSERT_OK(EncodeTest2In(stream, InstructionSet::kX86_64, /*with_inline_infos=*/true).status());
  stream.Reset();
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes,
                       EncodeTest1In(stream, InstructionSet::kX86_64));
  EXPECT_EQ(SpacedHex(bytes),
            "c0 02 20 0c 34 1e 70 11 00 11 c1 8f 09 0e 59 24 45 18 a4 00 00 00 00 ff ff ff ff 01");
}

TEST(StackMapStreamTest, AMethodAfterASmallerOneEncodesAsInANewStream) {
  // Test1's only map ends with Test2's first map's registers, so a stream that kept Test1's
  // register history would leave them out of that map.
  StackMapStream stream(InstructionSet::kArm64, VerifyMode::kOn);
  ASSERT_OK(EncodeTest1In(stream, InstructionSet::kArm64).status());
  stream.Reset();
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> again,
                       EncodeTest2In(stream, InstructionSet::kArm64, /*with_inline_infos=*/true));
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> fresh,
                       EncodeTest2(InstructionSet::kArm64, /*with_inline_infos=*/true));
  EXPECT_EQ(SpacedHex(again), SpacedHex(fresh));
}

TEST(StackMapStreamTest, AResetInsideAStackMapForgetsItToo) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  ASSERT_OK(stream.BeginMethod(ArtTestMethod(2)));
  ASSERT_OK(stream.BeginStackMapEntry(At(0, 4, 0x1, {3})));
  ASSERT_OK(stream.AddDexRegisterEntry(DexRegisterKind::kInStack, 0));  // one of the map's two
  stream.Reset();
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes,
                       EncodeTest1In(stream, InstructionSet::kX86_64));
  EXPECT_EQ(SpacedHex(bytes),
            "c0 02 20 0c 34 1e 70 11 00 11 c1 8f 09 0e 59 24 45 18 a4 00 00 00 00 ff ff ff ff 01");
}

TEST(StackMapStreamTest, BeginMethodAfterEndMethodWithoutResetFails) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  ASSERT_OK(EncodeTest1In(stream, InstructionSet::kX86_64).status());
  EXPECT_TRUE(FailsWith(stream.BeginMethod(ArtTestMethod(2)), absl::StatusCode::kFailedPrecondition,
                        "BeginMethod called after EndMethod"));
}

// Misuse: method parameters.

TEST(StackMapStreamTest, FrameSizeNotAMultipleOf16Fails) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  EXPECT_TRUE(FailsWith(stream.BeginMethod({.frame_size_in_bytes = 40}),
                        absl::StatusCode::kInvalidArgument,
                        "frame size 40 is not a multiple of 16"));
}

TEST(StackMapStreamTest, MoreDexRegistersThanTheDexFormatAllowsFails) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  EXPECT_TRUE(FailsWith(stream.BeginMethod(ArtTestMethod(65536)),
                        absl::StatusCode::kInvalidArgument, "65536 dex registers exceed"));
}

// The limit itself is allowed: a method may have exactly 65535 dex registers.
TEST(StackMapStreamTest, AsManyDexRegistersAsTheDexFormatAllowsAreAccepted) {
  ASSERT_OK_AND_ASSIGN(const CodeInfoHeader header, HeaderOfEmptyMethod(ArtTestMethod(65535)));
  EXPECT_EQ(header.number_of_dex_registers, 65535u);
}

// Misuse: register counts.

TEST(StackMapStreamTest, TooFewRegistersAtEndStackMapEntryFails) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  ASSERT_OK(stream.BeginMethod(ArtTestMethod(2)));
  ASSERT_OK(stream.BeginStackMapEntry(At(0, 4)));
  ASSERT_OK(AddRegisters(stream, {InStack(0)}));
  EXPECT_TRUE(FailsWith(stream.EndStackMapEntry(), absl::StatusCode::kInvalidArgument,
                        "stack map 0 has 1 registers; 2 were declared"));
}

TEST(StackMapStreamTest, TooManyRegistersAtAddDexRegisterEntryFails) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  ASSERT_OK(stream.BeginMethod(ArtTestMethod(2)));
  ASSERT_OK(stream.BeginStackMapEntry(At(0, 4)));
  ASSERT_OK(AddRegisters(stream, {InStack(0), Constant(1)}));
  EXPECT_TRUE(FailsWith(stream.AddDexRegisterEntry(DexRegisterKind::kConstant, 2),
                        absl::StatusCode::kInvalidArgument,
                        "register 2 is more than the 2 registers declared so far"));
}

TEST(StackMapStreamTest, InlineInfoBegunBeforeTheOuterRegistersAreCompleteFails) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  ASSERT_OK(stream.BeginMethod(ArtTestMethod(2)));
  ASSERT_OK(stream.BeginStackMapEntry(At(0, 4)));
  ASSERT_OK(AddRegisters(stream, {InStack(0)}));
  EXPECT_TRUE(FailsWith(stream.BeginInlineInfoEntry(kArtMethod, 1, 1),
                        absl::StatusCode::kInvalidArgument,
                        "inline level 0 begins after 1 registers of the level above, which "
                        "declared 2"));
}

TEST(StackMapStreamTest, TooFewRegistersAtEndInlineInfoEntryFails) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  ASSERT_OK(stream.BeginMethod(ArtTestMethod(2)));
  ASSERT_OK(stream.BeginStackMapEntry(At(0, 4)));
  ASSERT_OK(AddRegisters(stream, {InStack(0), Constant(1)}));
  ASSERT_OK(stream.BeginInlineInfoEntry(kArtMethod, 1, 2));
  ASSERT_OK(AddRegisters(stream, {InRegister(3)}));
  EXPECT_TRUE(FailsWith(stream.EndInlineInfoEntry(), absl::StatusCode::kInvalidArgument,
                        "inline level 0 ends with 3 registers in all; 4 were declared"));
}

TEST(StackMapStreamTest, InlineRegistersOnAMapWithoutVregInfoFail) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  ASSERT_OK(stream.BeginMethod(ArtTestMethod(2)));
  ASSERT_OK(stream.BeginStackMapEntry(WithoutVregInfo(At(0, 4))));
  EXPECT_TRUE(FailsWith(stream.BeginInlineInfoEntry(kArtMethod, 1, 1),
                        absl::StatusCode::kInvalidArgument,
                        "was begun without vreg info, so its inline levels record no registers, "
                        "not 1"));
}

TEST(StackMapStreamTest, OuterRegistersOnAMapWithoutVregInfoFail) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  ASSERT_OK(stream.BeginMethod(ArtTestMethod(2)));
  ASSERT_OK(stream.BeginStackMapEntry(WithoutVregInfo(At(0, 4))));
  EXPECT_TRUE(FailsWith(stream.AddDexRegisterEntry(DexRegisterKind::kInStack, 0),
                        absl::StatusCode::kInvalidArgument,
                        "register 0 is more than the 0 registers declared so far"));
}

// Misuse: pc order and alignment.

TEST(StackMapStreamTest, UnsortedNonCatchPcsFail) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  ASSERT_OK(stream.BeginMethod(ArtTestMethod(0)));
  ASSERT_OK(stream.BeginStackMapEntry(At(0, 64)));
  ASSERT_OK(stream.EndStackMapEntry());
  EXPECT_TRUE(FailsWith(stream.BeginStackMapEntry(At(1, 32)), absl::StatusCode::kInvalidArgument,
                        "stack map 1 at native pc 32 comes before the previous map's pc"));
}

TEST(StackMapStreamTest, NonCatchMapAfterACatchMapFails) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  ASSERT_OK(stream.BeginMethod(ArtTestMethod(0)));
  ASSERT_OK(stream.BeginStackMapEntry(WithKind(At(5, 4), StackMapKind::kCatch, {5})));
  ASSERT_OK(stream.EndStackMapEntry());
  EXPECT_TRUE(FailsWith(stream.BeginStackMapEntry(At(1, 8)), absl::StatusCode::kInvalidArgument,
                        "stack map 1 is not a Catch map but follows one"));
}

TEST(StackMapStreamTest, PcMisalignedForArm64Fails) {
  StackMapStream stream(InstructionSet::kArm64, VerifyMode::kOn);
  ASSERT_OK(stream.BeginMethod(ArtTestMethod(0)));
  EXPECT_TRUE(FailsWith(stream.BeginStackMapEntry(At(0, 2)), absl::StatusCode::kInvalidArgument,
                        "native pc 2 is not aligned to the 4-byte instructions of arm64"));
}

TEST(StackMapStreamTest, PcMisalignedForArmFails) {
  StackMapStream stream(InstructionSet::kArm, VerifyMode::kOn);
  ASSERT_OK(stream.BeginMethod(ArtTestMethod(0)));
  EXPECT_TRUE(FailsWith(stream.BeginStackMapEntry(At(0, 1)), absl::StatusCode::kInvalidArgument,
                        "native pc 1 is not aligned to the 2-byte instructions of arm"));
}

TEST(StackMapStreamTest, SetStackMapNativePcOffsetOfAMissingMapFails) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  ASSERT_OK(stream.BeginMethod(ArtTestMethod(0)));
  ASSERT_OK(stream.BeginStackMapEntry(At(0, 4)));
  ASSERT_OK(stream.EndStackMapEntry());
  EXPECT_TRUE(FailsWith(stream.SetStackMapNativePcOffset(5, 8), absl::StatusCode::kOutOfRange,
                        "stack map 5 does not exist; there are 1"));
}

TEST(StackMapStreamTest, SetStackMapNativePcOffsetToAMisalignedPcFails) {
  StackMapStream stream(InstructionSet::kArm64, VerifyMode::kOn);
  ASSERT_OK(stream.BeginMethod(ArtTestMethod(0)));
  ASSERT_OK(stream.BeginStackMapEntry(At(0, 4)));
  ASSERT_OK(stream.EndStackMapEntry());
  EXPECT_TRUE(FailsWith(stream.SetStackMapNativePcOffset(0, 6), absl::StatusCode::kInvalidArgument,
                        "native pc 6 is not aligned to the 4-byte instructions of arm64"));
}

TEST(StackMapStreamTest, SetStackMapNativePcOffsetThatUnsortsThePcsFailsAtEndMethod) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  ASSERT_OK(stream.BeginMethod(ArtTestMethod(0)));
  ASSERT_OK(stream.BeginStackMapEntry(At(0, 8)));
  ASSERT_OK(stream.EndStackMapEntry());
  ASSERT_OK(stream.BeginStackMapEntry(At(1, 16)));
  ASSERT_OK(stream.EndStackMapEntry());
  ASSERT_OK(stream.SetStackMapNativePcOffset(0, 24));  // accepted here...
  EXPECT_TRUE(FailsWith(stream.EndMethod(32), absl::StatusCode::kInvalidArgument,  // ...not here
                        "stack map 1 at native pc 16 comes before the previous map's pc 24"));
}

TEST(StackMapStreamTest, PcPastTheCodeSizeFailsAtEndMethod) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  ASSERT_OK(stream.BeginMethod(ArtTestMethod(0)));
  ASSERT_OK(stream.BeginStackMapEntry(At(0, 64)));
  ASSERT_OK(stream.EndStackMapEntry());
  EXPECT_TRUE(FailsWith(stream.EndMethod(32), absl::StatusCode::kInvalidArgument,
                        "stack map 0 at native pc 64 lies past the code size 32"));
}

TEST(StackMapStreamTest, CatchMapPcPastTheCodeSizeFailsAtEndMethod) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  ASSERT_OK(stream.BeginMethod(ArtTestMethod(0)));
  ASSERT_OK(stream.BeginStackMapEntry(WithKind(At(3, 40), StackMapKind::kCatch, {3})));
  ASSERT_OK(stream.EndStackMapEntry());
  EXPECT_TRUE(FailsWith(stream.EndMethod(32), absl::StatusCode::kInvalidArgument,
                        "stack map 0 at native pc 40 lies past the code size 32"));
}

// Misuse: locations.

TEST(StackMapStreamTest, StackOffsetNotAMultipleOf4Fails) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  ASSERT_OK(stream.BeginMethod(ArtTestMethod(1)));
  ASSERT_OK(stream.BeginStackMapEntry(At(0, 4)));
  EXPECT_TRUE(FailsWith(stream.AddDexRegisterEntry(DexRegisterKind::kInStack, 6),
                        absl::StatusCode::kInvalidArgument,
                        "stack offset 6 is not a non-negative multiple of 4"));
}

TEST(StackMapStreamTest, NegativeStackOffsetFails) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  ASSERT_OK(stream.BeginMethod(ArtTestMethod(1)));
  ASSERT_OK(stream.BeginStackMapEntry(At(0, 4)));
  EXPECT_TRUE(FailsWith(stream.AddDexRegisterEntry(DexRegisterKind::kInStack, -4),
                        absl::StatusCode::kInvalidArgument,
                        "stack offset -4 is not a non-negative multiple of 4"));
}

TEST(StackMapStreamTest, NoneWithANonzeroValueFails) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  ASSERT_OK(stream.BeginMethod(ArtTestMethod(1)));
  ASSERT_OK(stream.BeginStackMapEntry(At(0, 4)));
  EXPECT_TRUE(FailsWith(stream.AddDexRegisterEntry(DexRegisterKind::kNone, 3),
                        absl::StatusCode::kInvalidArgument, "a None location carries the value 0"));
}

TEST(StackMapStreamTest, InvalidLocationKindFails) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  ASSERT_OK(stream.BeginMethod(ArtTestMethod(1)));
  ASSERT_OK(stream.BeginStackMapEntry(At(0, 4)));
  EXPECT_TRUE(FailsWith(stream.AddDexRegisterEntry(DexRegisterKind::kInvalid, 0),
                        absl::StatusCode::kInvalidArgument,
                        "Invalid is not a location a register can have"));
}

TEST(StackMapStreamTest, UnknownLocationKindFails) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  ASSERT_OK(stream.BeginMethod(ArtTestMethod(1)));
  ASSERT_OK(stream.BeginStackMapEntry(At(0, 4)));
  EXPECT_TRUE(FailsWith(stream.AddDexRegisterEntry(DexRegisterKind{6}, 0),
                        absl::StatusCode::kInvalidArgument, "unknown location kind 6"));
  EXPECT_TRUE(FailsWith(stream.AddDexRegisterEntry(DexRegisterKind{-3}, 0),
                        absl::StatusCode::kInvalidArgument, "unknown location kind -3"));
}

// Misuse: inlined methods.

TEST(StackMapStreamTest, ArtMethodPointerWhoseLowHalfIsAllOnesFails) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOff);
  ASSERT_OK(stream.BeginMethod(ArtTestMethod(0)));
  ASSERT_OK(stream.BeginStackMapEntry(At(0, 4)));
  EXPECT_TRUE(FailsWith(stream.BeginInlineInfoEntry(ArtMethodPointer{0x1FFFFFFFF}, 1, 0),
                        absl::StatusCode::kInvalidArgument, "ArtMethod"));
}

// Misuse: catch dex pc lists.

TEST(StackMapStreamTest, CatchMapWithoutCatchDexPcsFails) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  ASSERT_OK(stream.BeginMethod(ArtTestMethod(0)));
  EXPECT_TRUE(FailsWith(stream.BeginStackMapEntry(WithKind(At(5, 4), StackMapKind::kCatch)),
                        absl::StatusCode::kInvalidArgument,
                        "a Catch stack map needs its catch dex pc list"));
}

TEST(StackMapStreamTest, NonCatchMapWithCatchDexPcsFails) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  ASSERT_OK(stream.BeginMethod(ArtTestMethod(0)));
  EXPECT_TRUE(FailsWith(stream.BeginStackMapEntry(WithKind(At(5, 4), StackMapKind::kDefault, {5})),
                        absl::StatusCode::kInvalidArgument,
                        "only Catch stack maps carry a catch dex pc list"));
}

TEST(StackMapStreamTest, CatchDexPcsThatDisagreeWithTheInlineDexPcsFail) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  ASSERT_OK(stream.BeginMethod(ArtTestMethod(0)));
  // The map is at dex pc 9 with one inline level at dex pc 4, so the list must be {9, 4}.
  ASSERT_OK(stream.BeginStackMapEntry(WithKind(At(9, 4), StackMapKind::kCatch, {9, 5})));
  ASSERT_OK(stream.BeginInlineInfoEntry(kArtMethod, 4, 0));
  ASSERT_OK(stream.EndInlineInfoEntry());
  EXPECT_TRUE(FailsWith(stream.EndStackMapEntry(), absl::StatusCode::kInvalidArgument,
                        "the catch dex pc list must be the map's dex pc followed by the dex pc of "
                        "each inline level"));
}

TEST(StackMapStreamTest, CatchDexPcsOfTheWrongLengthFail) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  ASSERT_OK(stream.BeginMethod(ArtTestMethod(0)));
  ASSERT_OK(stream.BeginStackMapEntry(WithKind(At(9, 4), StackMapKind::kCatch, {9, 4})));
  EXPECT_TRUE(FailsWith(stream.EndStackMapEntry(), absl::StatusCode::kInvalidArgument,
                        "the catch dex pc list must be the map's dex pc"));
}

// A rejected call leaves the stream as it was: the same calls without the rejected ones give the
// same bytes.
TEST(StackMapStreamTest, RejectedCallsChangeNothing) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  EXPECT_FALSE(stream.BeginMethod({.frame_size_in_bytes = 40, .num_dex_registers = 2}).ok());
  ASSERT_OK(stream.BeginMethod(ArtTestMethod(2)));
  EXPECT_FALSE(stream.BeginStackMapEntry(WithKind(At(0, 64), StackMapKind::kCatch)).ok());
  ASSERT_OK(stream.BeginStackMapEntry(At(0, 64, 0x3)));
  EXPECT_FALSE(stream.AddDexRegisterEntry(DexRegisterKind::kInStack, 6).ok());
  ASSERT_OK(stream.AddDexRegisterEntry(DexRegisterKind::kInStack, 0));
  EXPECT_FALSE(stream.EndStackMapEntry().ok());
  EXPECT_FALSE(stream.BeginInlineInfoEntry(kArtMethod, 1, 0).ok());
  ASSERT_OK(stream.AddDexRegisterEntry(DexRegisterKind::kConstant, -2));
  ASSERT_OK(stream.EndStackMapEntry());
  EXPECT_FALSE(stream.EndMethod(32).ok());
  ASSERT_OK(stream.EndMethod(64));
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, stream.Encode());
  EXPECT_EQ(SpacedHex(bytes),
            "c0 02 20 0c 34 1e 70 11 00 11 c1 8f 09 0e 59 24 45 18 a4 00 00 00 00 ff ff ff ff 01");
}

}  // namespace
}  // namespace frameproof
