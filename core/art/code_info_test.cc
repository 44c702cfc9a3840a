// Specification of CodeInfo, the decoder: the header-only reads, the table subsets, the lookups,
// where each table sits, register-map decoding into a caller's span, and the validating decoder's
// rejection of malformed bytes (each with its status code and the table, row, column or field and
// bit offset its message names).
//
// Valid inputs are ART's reference encodings (art-codeinfo.md section 9 / appendix A) or come from
// StackMapStream; malformed ones are assembled with the table builders and BitMemoryWriter, or are
// valid encodings cut short.

#include "core/art/code_info.h"

#include <array>
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
#include "core/art/code_info_test_support.h"
#include "core/art/dex_register_location.h"
#include "core/art/stack_map.h"
#include "core/art/stack_map_stream.h"
#include "core/art/untrusted_code_info.h"
#include "core/base/instruction_set.h"
#include "core/base/status_testing.h"
#include "core/bit_table/bit_table_builder.h"
#include "core/bits/bit_memory_region.h"
#include "core/bits/bit_memory_writer.h"
#include "core/bits/bit_vector.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace frameproof {
namespace {

using art_testing::kTest1X64;
using art_testing::Locations;
using art_testing::SetBitsOf;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

// The rows of all eight tables, in encoding order.
std::vector<uint32_t> AllTableRows(const CodeInfo& info) {
  std::vector<uint32_t> rows;
  for (uint32_t i = 0; i < kNumBitTables; ++i) rows.push_back(info.TableRows(BitTableId{i}));
  return rows;
}

// The same on arm64: native pc and code size 256 (reference section 9.2).
constexpr absl::string_view kTest1Arm64 =
    "d0 02 20 0c 10 30 1e 70 11 00 11 c1 8f 09 0e 59 24 45 18 a4 00 00 00 00 ff ff ff ff 01";
// The deduplicated second copy of kTest1X64 that CodeInfoTableDeduper writes right after the first
// (reference section 9.3): StackMap and DexRegisterInfo are back-references.
constexpr absl::string_view kTest1SecondCopy = "c0 02 20 0d 34 1e c8 e8 31 c1 21 8b 24 17 03";
// ART's InlineTest on x86_64 with ArtMethod* 0x70001000 (reference section 9.5 and appendix A.6):
// four maps at native pcs 10, 22, 56, 78 with inline depths 2, 3, 0, 3; every table but MethodInfo.
constexpr absl::string_view kInlineTestX64 =
    "c1 02 20 ec f4 4e 70 13 31 42 8b 9c e2 b2 d7 e5 3a ec e7 f7 1f 13 1c 45 "
    "31 08 82 e7 e3 0c 80 00 80 13 0d 80 00 80 ff 0c 80 00 80 33 0d 80 00 80 "
    "9f 0d 80 00 80 ff 0c 80 00 80 af 0d 80 00 80 d3 0e 80 00 80 7b ec 1f 3e "
    "a6 89 90 a1 b2 c3 d4 65 90 c3 06 67 29 87 82 a5 51 b1 0e 7b 86 48 d5 b5 "
    "79 4c 00";

// A CodeInfo assembled table by table, for inputs StackMapStream would never write. Each
// non-empty table is encoded and gets its presence bit in bit_table_flags.
struct HandMadeCodeInfo {
  CodeInfoHeader header;
  BitTableBuilder<StackMap::kColumnCount> stack_maps;
  BitTableBuilder<RegisterMask::kColumnCount> register_masks;
  BitmapTableBuilder stack_masks{kArtBitTableLayout};
  BitTableBuilder<InlineInfo::kColumnCount> inline_infos;
  BitTableBuilder<MethodInfo::kColumnCount> method_infos;
  BitmapTableBuilder dex_register_masks{kArtBitTableLayout};
  BitTableBuilder<DexRegisterMapInfo::kColumnCount> dex_register_maps;
  BitTableBuilder<DexRegisterInfo::kColumnCount> dex_register_catalog;

  std::vector<uint8_t> Encode() const {
    CodeInfoHeader encoded_header = header;
    const std::array<uint32_t, kNumBitTables> sizes = {
        stack_maps.size(),        register_masks.size(),      stack_masks.size(),
        inline_infos.size(),      method_infos.size(),        dex_register_masks.size(),
        dex_register_maps.size(), dex_register_catalog.size()};
    for (size_t i = 0; i < kNumBitTables; ++i) {
      if (sizes[i] != 0) encoded_header.bit_table_flags |= 1u << i;
    }
    std::vector<uint8_t> bytes;
    BitMemoryWriter out(&bytes);
    out.WriteInterleavedVarints(encoded_header.AsArray());
    if (stack_maps.size() != 0) stack_maps.Encode(out, kArtBitTableLayout);
    if (register_masks.size() != 0) register_masks.Encode(out, kArtBitTableLayout);
    if (stack_masks.size() != 0) stack_masks.Encode(out, kArtBitTableLayout);
    if (inline_infos.size() != 0) inline_infos.Encode(out, kArtBitTableLayout);
    if (method_infos.size() != 0) method_infos.Encode(out, kArtBitTableLayout);
    if (dex_register_masks.size() != 0) dex_register_masks.Encode(out, kArtBitTableLayout);
    if (dex_register_maps.size() != 0) dex_register_maps.Encode(out, kArtBitTableLayout);
    if (dex_register_catalog.size() != 0) dex_register_catalog.Encode(out, kArtBitTableLayout);
    return bytes;
  }
};

// A StackMap row of `kind` at `packed_pc` / `dex_pc` with no other columns.
BitTableBuilder<StackMap::kColumnCount>::Entry StackMapRow(StackMapKind kind, uint32_t packed_pc,
                                                           uint32_t dex_pc) {
  auto row = BitTableBuilder<StackMap::kColumnCount>::EmptyEntry();
  row[StackMap::kKind] = static_cast<uint32_t>(kind);
  row[StackMap::kPackedNativePc] = packed_pc;
  row[StackMap::kDexPc] = dex_pc;
  return row;
}

// The bytes of a header with no tables but `bit_table_flags`, followed by `extra` (a varint).
std::vector<uint8_t> HeaderThenVarint(const CodeInfoHeader& header, uint32_t extra) {
  std::vector<uint8_t> bytes;
  BitMemoryWriter out(&bytes);
  out.WriteInterleavedVarints(header.AsArray());
  out.WriteVarint(extra);
  return bytes;
}

std::vector<uint8_t> HeaderOnly(const CodeInfoHeader& header) {
  std::vector<uint8_t> bytes;
  BitMemoryWriter out(&bytes);
  out.WriteInterleavedVarints(header.AsArray());
  return bytes;
}

// =============================================================================================
// Header-only reads.

// ART's names are its accessors' (StackMap::GetDexRegisterMapIndex is DexRegisterMapIndex).
TEST(ArtColumnNames, AreTheAccessorsNames) {
  EXPECT_THAT(
      kColumnNamesOf<StackMap>,
      testing::ElementsAre("Kind", "PackedNativePc", "DexPc", "RegisterMaskIndex", "StackMaskIndex",
                           "InlineInfoIndex", "DexRegisterMaskIndex", "DexRegisterMapIndex"));
  EXPECT_THAT(kColumnNamesOf<RegisterMask>, testing::ElementsAre("Value", "Shift"));
  EXPECT_THAT(kColumnNamesOf<StackMask>, testing::ElementsAre("Mask"));
  EXPECT_THAT(kColumnNamesOf<InlineInfo>,
              testing::ElementsAre("IsLast", "DexPc", "MethodInfoIndex", "ArtMethodHi",
                                   "ArtMethodLo", "NumberOfDexRegisters"));
  EXPECT_THAT(kColumnNamesOf<MethodInfo>,
              testing::ElementsAre("MethodIndex", "DexFileIndexKind", "DexFileIndex"));
  EXPECT_THAT(kColumnNamesOf<DexRegisterMask>, testing::ElementsAre("Mask"));
  EXPECT_THAT(kColumnNamesOf<DexRegisterMapInfo>, testing::ElementsAre("CatalogueIndex"));
  EXPECT_THAT(kColumnNamesOf<DexRegisterInfo>, testing::ElementsAre("Kind", "PackedValue"));
}

TEST(CodeInfoTest, DecodeHeaderOnlyReadsTheSevenHeaderFields) {
  const std::vector<uint8_t> bytes = TestBytes(kTest1X64);
  ASSERT_OK_AND_ASSIGN(const CodeInfoHeader header, CodeInfo::DecodeHeaderOnly(bytes));
  EXPECT_EQ(header, (CodeInfoHeader{.flags = 0,
                                    .code_size = 64,
                                    .packed_frame_size = 2,
                                    .core_spill_mask = 0,
                                    .fp_spill_mask = 0,
                                    .number_of_dex_registers = 2,
                                    .bit_table_flags = 0xE3}));
  EXPECT_TRUE(header.HasBitTable(BitTableId::kStackMap));
  EXPECT_FALSE(header.HasBitTable(BitTableId::kStackMask));
  EXPECT_FALSE(header.HasDedupedBitTables());
}

TEST(CodeInfoTest, DecodeCodeSizeReadsOnlyTheHeader) {
  const std::vector<uint8_t> bytes = TestBytes(kTest1X64);
  ASSERT_OK_AND_ASSIGN(const uint32_t code_size, CodeInfo::DecodeCodeSize(bytes));
  EXPECT_EQ(code_size, 64u);
  // The header is the first 44 bits: six bytes are enough, though the tables are cut off.
  const absl::Span<const uint8_t> header_bytes = absl::MakeConstSpan(bytes).first(6);
  ASSERT_OK_AND_ASSIGN(const uint32_t code_size_of_prefix, CodeInfo::DecodeCodeSize(header_bytes));
  EXPECT_EQ(code_size_of_prefix, 64u);
  EXPECT_FALSE(CodeInfo::Decode(header_bytes).ok());
}

TEST(CodeInfoTest, DecodeCodeSizeOnArm64ReadsTheTwoByteCodeSize) {
  ASSERT_OK_AND_ASSIGN(const uint32_t code_size, CodeInfo::DecodeCodeSize(TestBytes(kTest1Arm64)));
  EXPECT_EQ(code_size, 256u);
}

TEST(CodeInfoTest, DecodeFrameInfoUnpacksTheFrameSizeAndSpillMasks) {
  ASSERT_OK_AND_ASSIGN(const FrameInfo test1, CodeInfo::DecodeFrameInfo(TestBytes(kTest1X64)));
  EXPECT_EQ(test1.frame_size_in_bytes, 32u);  // packed_frame_size 2 * 16
  EXPECT_EQ(test1.core_spill_mask, 0u);
  EXPECT_EQ(test1.fp_spill_mask, 0u);

  const std::vector<uint8_t> bytes = HeaderOnly(
      {.code_size = 8, .packed_frame_size = 3, .core_spill_mask = 0x1F0, .fp_spill_mask = 0x3});
  ASSERT_OK_AND_ASSIGN(const FrameInfo frame, CodeInfo::DecodeFrameInfo(bytes));
  EXPECT_EQ(frame.frame_size_in_bytes, 48u);
  EXPECT_EQ(frame.core_spill_mask, 0x1F0u);
  EXPECT_EQ(frame.fp_spill_mask, 0x3u);
}

TEST(CodeInfoTest, TrustedHeaderReadsReadWhatTheCheckedOnesRead) {
  const std::vector<uint8_t> bytes = HeaderOnly({.code_size = 0x12345,
                                                 .packed_frame_size = 3,
                                                 .core_spill_mask = 0x1F0,
                                                 .fp_spill_mask = 0x3,
                                                 .number_of_dex_registers = 300});
  ASSERT_OK_AND_ASSIGN(const CodeInfoHeader checked, CodeInfo::DecodeHeaderOnly(bytes));
  EXPECT_EQ(CodeInfo::DecodeHeaderOnlyTrusted(bytes), checked);
  EXPECT_EQ(CodeInfo::DecodeCodeSizeTrusted(bytes), 0x12345u);
  const FrameInfo frame = CodeInfo::DecodeFrameInfoTrusted(bytes);
  EXPECT_EQ(frame.frame_size_in_bytes, 48u);
  EXPECT_EQ(frame.core_spill_mask, 0x1F0u);
  EXPECT_EQ(frame.fp_spill_mask, 0x3u);
}

TEST(CodeInfoTest, TrustedHeaderReadsTakeAnOffset) {
  std::vector<uint8_t> buffer = {0xAA, 0xBB, 0xCC};
  const std::vector<uint8_t> arm64 = TestBytes(kTest1Arm64);
  buffer.insert(buffer.end(), arm64.begin(), arm64.end());
  EXPECT_EQ(CodeInfo::DecodeCodeSizeTrusted(buffer, /*offset=*/3), 256u);
  EXPECT_EQ(CodeInfo::DecodeHeaderOnlyTrusted(buffer, /*offset=*/3),
            CodeInfo::DecodeHeaderOnly(arm64).value());
}

TEST(CodeInfoTest, DecodeAtAnOffsetReadsTheCodeInfoThere) {
  std::vector<uint8_t> buffer = {0xAA, 0xBB, 0xCC};
  const std::vector<uint8_t> test1 = TestBytes(kTest1X64);
  buffer.insert(buffer.end(), test1.begin(), test1.end());
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(buffer, /*offset=*/3));
  EXPECT_EQ(info.code_size(), 64u);
  EXPECT_EQ(info.bit_size(), 217u);
  // Table positions count from the start of the CodeInfo, not of the buffer.
  EXPECT_EQ(info.TableBitStart(BitTableId::kStackMap), 44u);
  EXPECT_THAT(Locations(info.GetDexRegisterMapOf(info.GetStackMapAt(0))),
              ElementsAre("sp+0", "#-2"));
}

TEST(CodeInfoTest, DecodeTrustedReadsWhatDecodeReads) {
  const std::vector<uint8_t> bytes = TestBytes(kInlineTestX64);
  ASSERT_OK_AND_ASSIGN(const CodeInfo checked, CodeInfo::Decode(bytes));
  const CodeInfo trusted = CodeInfo::DecodeTrusted(bytes);
  EXPECT_EQ(trusted.header(), checked.header());
  EXPECT_EQ(trusted.bit_size(), checked.bit_size());
  EXPECT_EQ(AllTableRows(trusted), AllTableRows(checked));
  for (uint32_t i = 0; i < kNumBitTables; ++i) {
    EXPECT_EQ(trusted.TableBitStart(BitTableId{i}), checked.TableBitStart(BitTableId{i}));
  }
  EXPECT_THAT(Locations(trusted.GetDexRegisterMapOf(trusted.GetStackMapAt(1))),
              ElementsAre("sp+56", "#0"));
}

TEST(CodeInfoTest, TableEqualsComparesContentNotWhereItWasRead) {
  std::vector<uint8_t> shifted = {0xAA, 0xBB, 0xCC};
  const std::vector<uint8_t> test1 = TestBytes(kTest1X64);
  shifted.insert(shifted.end(), test1.begin(), test1.end());
  ASSERT_OK_AND_ASSIGN(const CodeInfo at_start, CodeInfo::Decode(test1));
  ASSERT_OK_AND_ASSIGN(const CodeInfo at_offset_3, CodeInfo::Decode(shifted, /*offset=*/3));
  for (uint32_t i = 0; i < kNumBitTables; ++i) {
    EXPECT_TRUE(at_start.TableEquals(BitTableId{i}, at_offset_3)) << BitTableName(BitTableId{i});
  }
  // The inline test holds other stack maps, and an InlineInfo table where Test1 has none.
  ASSERT_OK_AND_ASSIGN(const CodeInfo inline_test, CodeInfo::Decode(TestBytes(kInlineTestX64)));
  EXPECT_FALSE(at_start.TableEquals(BitTableId::kStackMap, inline_test));
  EXPECT_FALSE(at_start.TableEquals(BitTableId::kInlineInfo, inline_test));
}

// =============================================================================================
// Where the tables are.

TEST(CodeInfoTest, TableBitStartAndSizeOfTest1) {
  const std::vector<uint8_t> bytes = TestBytes(kTest1X64);
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  EXPECT_EQ(info.TableBitStart(BitTableId::kStackMap), 44u);
  EXPECT_EQ(info.TableBitSize(BitTableId::kStackMap), 47u);
  EXPECT_EQ(info.TableBitStart(BitTableId::kRegisterMask), 91u);
  EXPECT_EQ(info.TableBitSize(BitTableId::kRegisterMask), 16u);
  EXPECT_EQ(info.TableBitStart(BitTableId::kDexRegisterMask), 107u);
  EXPECT_EQ(info.TableBitSize(BitTableId::kDexRegisterMask), 10u);
  EXPECT_EQ(info.TableBitStart(BitTableId::kDexRegisterMapInfo), 117u);
  EXPECT_EQ(info.TableBitSize(BitTableId::kDexRegisterMapInfo), 12u);
  EXPECT_EQ(info.TableBitStart(BitTableId::kDexRegisterInfo), 129u);
  EXPECT_EQ(info.TableBitSize(BitTableId::kDexRegisterInfo), 88u);
  // Absent tables take no bits, at the position where they would be.
  EXPECT_EQ(info.TableBitStart(BitTableId::kStackMask), 107u);
  EXPECT_EQ(info.TableBitSize(BitTableId::kStackMask), 0u);
  EXPECT_EQ(info.TableBitSize(BitTableId::kInlineInfo), 0u);
  EXPECT_EQ(info.TableBitSize(BitTableId::kMethodInfo), 0u);
  EXPECT_EQ(info.bit_size(), 217u);
}

TEST(CodeInfoTest, TableBitStartOfTest1OnArm64IsEightBitsLater) {
  const std::vector<uint8_t> bytes = TestBytes(kTest1Arm64);
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  EXPECT_EQ(info.TableBitStart(BitTableId::kStackMap), 52u);
  EXPECT_EQ(info.TableBitStart(BitTableId::kRegisterMask), 99u);
  EXPECT_EQ(info.TableBitStart(BitTableId::kDexRegisterMask), 115u);
  EXPECT_EQ(info.TableBitStart(BitTableId::kDexRegisterMapInfo), 125u);
  EXPECT_EQ(info.TableBitStart(BitTableId::kDexRegisterInfo), 137u);
  EXPECT_EQ(info.bit_size(), 225u);
}

TEST(CodeInfoTest, DeduplicatedTableIsReadThroughItsBackReference) {
  std::vector<uint8_t> buffer = TestBytes(kTest1X64);
  const std::vector<uint8_t> second = TestBytes(kTest1SecondCopy);
  buffer.insert(buffer.end(), second.begin(), second.end());
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(buffer, /*offset=*/28));
  EXPECT_EQ(info.header().bit_table_flags, 0x81E3u);
  EXPECT_TRUE(info.header().IsBitTableDeduped(BitTableId::kStackMap));
  EXPECT_TRUE(info.header().IsBitTableDeduped(BitTableId::kDexRegisterInfo));
  EXPECT_FALSE(info.header().IsBitTableDeduped(BitTableId::kRegisterMask));
  // A deduplicated table's bits here are its varint: 232 back from relative bit 52.
  EXPECT_EQ(info.TableBitStart(BitTableId::kStackMap), 52u);
  EXPECT_EQ(info.TableBitSize(BitTableId::kStackMap), 12u);
  EXPECT_EQ(info.TableBitStart(BitTableId::kRegisterMask), 64u);
  EXPECT_EQ(info.TableBitStart(BitTableId::kDexRegisterInfo), 102u);
  EXPECT_EQ(info.TableBitSize(BitTableId::kDexRegisterInfo), 12u);
  EXPECT_EQ(info.bit_size(), 114u);
  const StackMap map = info.GetStackMapForNativePcOffset(64, InstructionSet::kX86_64);
  ASSERT_TRUE(map.IsValid());
  EXPECT_EQ(info.GetRegisterMaskOf(map), 0x3u);
  EXPECT_THAT(Locations(info.GetDexRegisterMapOf(map)), ElementsAre("sp+0", "#-2"));
}

// =============================================================================================
// Subsets.

TEST(CodeInfoTest, DecodeGcMasksOnlyKeepsStackMapsRegisterMasksAndStackMasks) {
  const std::vector<uint8_t> bytes = TestBytes(kInlineTestX64);
  ASSERT_OK_AND_ASSIGN(const CodeInfo all, CodeInfo::Decode(bytes));
  ASSERT_OK_AND_ASSIGN(const CodeInfo gc,
                       CodeInfo::Decode(bytes, 0, CodeInfo::Subset::kGcMasksOnly));
  EXPECT_THAT(AllTableRows(all), ElementsAre(4, 1, 1, 8, 0, 3, 19, 14));
  EXPECT_THAT(AllTableRows(gc), ElementsAre(4, 1, 1, 0, 0, 0, 0, 0));
  EXPECT_EQ(gc.header(), all.header());

  const StackMap map = gc.GetStackMapForNativePcOffset(22, InstructionSet::kX86_64);
  ASSERT_TRUE(map.IsValid());
  EXPECT_EQ(map.Row(), 1u);
  EXPECT_EQ(gc.GetRegisterMaskOf(map), 0x3u);
  EXPECT_THAT(SetBitsOf(gc.GetStackMaskOf(map)), ElementsAre(2, 4));
}

TEST(CodeInfoTest, DecodeGcMasksOnlyAnswersDroppedTablesWithNothing) {
  const std::vector<uint8_t> bytes = TestBytes(kInlineTestX64);
  ASSERT_OK_AND_ASSIGN(const CodeInfo gc,
                       CodeInfo::Decode(bytes, 0, CodeInfo::Subset::kGcMasksOnly));
  const StackMap map = gc.GetStackMapAt(1);
  EXPECT_TRUE(gc.GetInlineInfosOf(map).empty());
  EXPECT_THAT(Locations(gc.GetDexRegisterMapOf(map)), IsEmpty());
  std::vector<DexRegisterLocation> registers(6, DexRegisterLocation::Invalid());
  gc.DecodeDexRegisterMap(1, 0, absl::MakeSpan(registers));
  EXPECT_THAT(Locations(registers), ElementsAre("None", "None", "None", "None", "None", "None"));
}

TEST(CodeInfoTest, DecodeInlineInfoOnlyKeepsStackMapsInlineInfosAndMethodInfos) {
  const std::vector<uint8_t> bytes = TestBytes(kInlineTestX64);
  ASSERT_OK_AND_ASSIGN(const CodeInfo inlined,
                       CodeInfo::Decode(bytes, 0, CodeInfo::Subset::kInlineInfoOnly));
  EXPECT_THAT(AllTableRows(inlined), ElementsAre(4, 0, 0, 8, 0, 0, 0, 0));
  EXPECT_EQ(inlined.number_of_dex_registers(), 2u);

  const StackMap map = inlined.GetStackMapAt(1);
  const InlineInfoRange chain = inlined.GetInlineInfosOf(map);
  ASSERT_EQ(chain.size(), 3u);
  EXPECT_EQ(chain[0].GetDexPc(), 2u);
  EXPECT_EQ(chain[1].GetDexPc(), 3u);
  EXPECT_EQ(chain[2].GetDexPc(), 5u);
  EXPECT_EQ(chain.back().GetArtMethod(), 0x70001000u);
}

TEST(CodeInfoTest, DecodeInlineInfoOnlyKeepsMethodInfos) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  ASSERT_OK(stream.BeginMethod({.frame_size_in_bytes = 32, .num_dex_registers = 1}));
  StackMapParams params;
  params.native_pc_offset = 4;
  params.register_mask = 0x3;
  ASSERT_OK(stream.BeginStackMapEntry(std::move(params)));
  ASSERT_OK(stream.AddDexRegisterEntry(DexRegisterKind::kConstant, 5));
  ASSERT_OK(stream.BeginInlineInfoEntry(
      DexMethodReference{42, {DexFileRef::Kind::kBootClassPath, 3}}, /*dex_pc=*/7, 0));
  ASSERT_OK(stream.EndInlineInfoEntry());
  ASSERT_OK(stream.EndStackMapEntry());
  ASSERT_OK(stream.EndMethod(4));
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, stream.Encode());
  ASSERT_OK_AND_ASSIGN(const CodeInfo inlined,
                       CodeInfo::Decode(bytes, 0, CodeInfo::Subset::kInlineInfoOnly));
  EXPECT_THAT(AllTableRows(inlined), ElementsAre(1, 0, 0, 1, 1, 0, 0, 0));
  const InlineInfoRange chain = inlined.GetInlineInfosOf(inlined.GetStackMapAt(0));
  ASSERT_EQ(chain.size(), 1u);
  const MethodInfo method = inlined.GetMethodInfoOf(chain[0]);
  EXPECT_EQ(method.GetMethodIndex(), 42u);
  EXPECT_EQ(method.GetDexFileIndexKind(), MethodInfo::kKindBcp);
  EXPECT_EQ(method.GetDexFileIndex(), 3u);
  EXPECT_EQ(inlined.GetRegisterMaskOf(inlined.GetStackMapAt(0)), 0u);
}

TEST(CodeInfoTest, DecodeInlineInfoOnlyAnswersDroppedTablesWithNothing) {
  const std::vector<uint8_t> bytes = TestBytes(kInlineTestX64);
  ASSERT_OK_AND_ASSIGN(const CodeInfo inlined,
                       CodeInfo::Decode(bytes, 0, CodeInfo::Subset::kInlineInfoOnly));
  const StackMap map = inlined.GetStackMapAt(1);
  EXPECT_EQ(inlined.GetRegisterMaskOf(map), 0u);
  EXPECT_FALSE(inlined.GetStackMaskOf(map).IsValid());
  EXPECT_THAT(SetBitsOf(inlined.GetStackMaskOf(map)), IsEmpty());
  EXPECT_THAT(Locations(inlined.GetDexRegisterMapOf(map)), IsEmpty());
  const InlineInfoRange chain = inlined.GetInlineInfosOf(map);
  ASSERT_EQ(chain.size(), 3u);
  EXPECT_THAT(Locations(inlined.GetInlineDexRegisterMapOf(map, chain[1])), IsEmpty());
}

// =============================================================================================
// Lookups.

// Encodes the maps given as (kind, dex pc, native pc), without registers, on `isa`.
struct MapSpec {
  StackMapKind kind;
  uint32_t dex_pc;
  uint32_t native_pc;
};
absl::StatusOr<std::vector<uint8_t>> EncodeMaps(std::initializer_list<MapSpec> maps,
                                                uint32_t code_size,
                                                InstructionSet isa = InstructionSet::kX86_64) {
  StackMapStream stream(isa, VerifyMode::kOn);
  FP_RETURN_IF_ERROR(stream.BeginMethod({.frame_size_in_bytes = 32}));
  for (const MapSpec& spec : maps) {
    StackMapParams params;
    params.kind = spec.kind;
    params.dex_pc = spec.dex_pc;
    params.native_pc_offset = spec.native_pc;
    if (spec.kind == StackMapKind::kCatch) params.catch_dex_pcs = {spec.dex_pc};
    FP_RETURN_IF_ERROR(stream.BeginStackMapEntry(std::move(params)));
    FP_RETURN_IF_ERROR(stream.EndStackMapEntry());
  }
  FP_RETURN_IF_ERROR(stream.EndMethod(code_size));
  return stream.Encode();
}

TEST(CodeInfoTest, NativePcLookupFindsEveryMap) {
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes,
                       EncodeMaps({{StackMapKind::kDefault, 0, 0},
                                   {StackMapKind::kDefault, 1, 4},
                                   {StackMapKind::kDefault, 2, 12},
                                   {StackMapKind::kDefault, 3, 16},
                                   {StackMapKind::kDefault, 4, 28},
                                   {StackMapKind::kDefault, 5, 40}},
                                  40));
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  const uint32_t pcs[] = {0, 4, 12, 16, 28, 40};
  for (uint32_t row = 0; row < 6; ++row) {
    EXPECT_EQ(info.GetStackMapForNativePcOffset(pcs[row], InstructionSet::kX86_64).Row(), row);
  }
  for (uint32_t pc : {1u, 8u, 20u, 41u, 1000u}) {
    EXPECT_FALSE(info.GetStackMapForNativePcOffset(pc, InstructionSet::kX86_64).IsValid())
        << "pc " << pc;
  }
}

TEST(CodeInfoTest, NativePcLookupPrefersDefaultOverDebugAtTheSamePc) {
  ASSERT_OK_AND_ASSIGN(
      const std::vector<uint8_t> bytes,
      EncodeMaps({{StackMapKind::kDebug, 1, 8}, {StackMapKind::kDefault, 2, 8}}, 8));
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  EXPECT_EQ(info.GetStackMapForNativePcOffset(8, InstructionSet::kX86_64).Row(), 1u);
}

TEST(CodeInfoTest, NativePcLookupPrefersOsrOverDebugAtTheSamePc) {
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes,
                       EncodeMaps({{StackMapKind::kDebug, 1, 8}, {StackMapKind::kOsr, 1, 8}}, 8));
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  const StackMap map = info.GetStackMapForNativePcOffset(8, InstructionSet::kX86_64);
  EXPECT_EQ(map.Row(), 1u);
  EXPECT_EQ(map.kind(), StackMapKind::kOsr);
}

TEST(CodeInfoTest, NativePcLookupIgnoresDebugMaps) {
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes,
                       EncodeMaps({{StackMapKind::kDebug, 1, 8}}, 8));
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  EXPECT_FALSE(info.GetStackMapForNativePcOffset(8, InstructionSet::kX86_64).IsValid());
}

TEST(CodeInfoTest, NativePcLookupSkipsCatchMaps) {
  // The catch map at pc 4 comes after the Default map at pc 8, as catch maps always come last.
  ASSERT_OK_AND_ASSIGN(
      const std::vector<uint8_t> bytes,
      EncodeMaps({{StackMapKind::kDefault, 1, 8}, {StackMapKind::kCatch, 2, 4}}, 8));
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  EXPECT_EQ(info.GetStackMapForNativePcOffset(8, InstructionSet::kX86_64).Row(), 0u);
  EXPECT_FALSE(info.GetStackMapForNativePcOffset(4, InstructionSet::kX86_64).IsValid());
}

TEST(CodeInfoTest, NativePcLookupOfAMisalignedPcFindsNothing) {
  // Test1 on arm64 has its map at pc 256, packed as 64; pcs 257..259 also pack to 64.
  const std::vector<uint8_t> bytes = TestBytes(kTest1Arm64);
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  EXPECT_EQ(info.GetStackMapForNativePcOffset(256, InstructionSet::kArm64).Row(), 0u);
  EXPECT_FALSE(info.GetStackMapForNativePcOffset(257, InstructionSet::kArm64).IsValid());
  EXPECT_FALSE(info.GetStackMapForNativePcOffset(258, InstructionSet::kArm64).IsValid());
  EXPECT_FALSE(info.GetStackMapForNativePcOffset(259, InstructionSet::kArm64).IsValid());
  EXPECT_FALSE(info.GetStackMapForNativePcOffset(252, InstructionSet::kArm64).IsValid());
}

TEST(CodeInfoTest, NativePcLookupOfAPcPast32BitsFindsItAtItsWrappedPcAsArtDoes) {
  // Packed pc 0x7fffffff fits a code size at alignment 1; at arm64's 4 it is 0x1fffffffc, which
  // ART's 32-bit GetNativePcOffset wraps to 0xfffffffc, and ART's lookup of that pc finds the
  // map (Debian's libart.so does, found by the code_info_android11 fuzz target).
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes,
                       EncodeMaps({{StackMapKind::kDefault, 1, 0x7fffffff}}, 0x80000000));
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  const StackMap map = info.GetStackMapAt(0);
  EXPECT_FALSE(map.IsNativePcInCode(InstructionSet::kArm64, info.code_size()));
  EXPECT_EQ(map.GetNativePcOffset(InstructionSet::kArm64), 0xfffffffcu);
  EXPECT_EQ(info.GetStackMapForNativePcOffset(0xfffffffc, InstructionSet::kArm64).Row(), 0u);
}

TEST(CodeInfoTest, DexPcLookupSkipsDebugMaps) {
  ASSERT_OK_AND_ASSIGN(
      const std::vector<uint8_t> bytes,
      EncodeMaps({{StackMapKind::kDebug, 5, 4}, {StackMapKind::kDefault, 5, 8}}, 8));
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  EXPECT_EQ(info.GetStackMapForDexPc(5).Row(), 1u);
  EXPECT_FALSE(info.GetStackMapForDexPc(6).IsValid());
}

TEST(CodeInfoTest, DexPcLookupOfOnlyDebugMapsFindsNothing) {
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes,
                       EncodeMaps({{StackMapKind::kDebug, 5, 4}}, 4));
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  EXPECT_FALSE(info.GetStackMapForDexPc(5).IsValid());
}

TEST(CodeInfoTest, DexPcLookupReturnsTheFirstNonDebugMap) {
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes,
                       EncodeMaps({{StackMapKind::kDefault, 3, 4}, {StackMapKind::kOsr, 3, 8}}, 8));
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  EXPECT_EQ(info.GetStackMapForDexPc(3).Row(), 0u);
}

TEST(CodeInfoTest, OsrDexPcLookupFindsOnlyOsrMaps) {
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes,
                       EncodeMaps({{StackMapKind::kDefault, 3, 4},
                                   {StackMapKind::kOsr, 3, 8},
                                   {StackMapKind::kDefault, 4, 12}},
                                  12));
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  const StackMap osr = info.GetOsrStackMapForDexPc(3);
  EXPECT_EQ(osr.Row(), 1u);
  EXPECT_EQ(osr.kind(), StackMapKind::kOsr);
  EXPECT_FALSE(info.GetOsrStackMapForDexPc(4).IsValid());
}

// =============================================================================================
// Register maps.

TEST(CodeInfoTest, DecodeDexRegisterMapFillsACallerSpan) {
  const std::vector<uint8_t> bytes = TestBytes(kInlineTestX64);
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  // Stack map 1's registers: outer (2), inline depth 0 (1), depth 1 (3), depth 2 (0).
  std::array<DexRegisterLocation, 6> all;
  info.DecodeDexRegisterMap(1, 0, absl::MakeSpan(all));
  EXPECT_THAT(Locations(all), ElementsAre("sp+56", "#0", "sp+12", "sp+80", "#10", "r5"));
  // Any window of the concatenated list.
  std::array<DexRegisterLocation, 3> depth1;
  info.DecodeDexRegisterMap(1, 3, absl::MakeSpan(depth1));
  EXPECT_THAT(Locations(depth1), ElementsAre("sp+80", "#10", "r5"));
  // Stack map 3's depth 2 level holds a None: [sp+56, #0, r2, None, r3].
  std::array<DexRegisterLocation, 2> depth2;
  info.DecodeDexRegisterMap(3, 3, absl::MakeSpan(depth2));
  EXPECT_THAT(Locations(depth2), ElementsAre("None", "r3"));
}

TEST(CodeInfoTest, DecodeDexRegisterMapFindsUnchangedRegistersInEarlierMaps) {
  const std::vector<uint8_t> bytes = TestBytes(kInlineTestX64);
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  // Stack map 3 re-emits only its first 5 registers (mask "011111"): register 5, beyond its
  // mask, comes from map 1.
  std::array<DexRegisterLocation, 6> registers;
  info.DecodeDexRegisterMap(3, 0, absl::MakeSpan(registers));
  EXPECT_THAT(Locations(registers), ElementsAre("sp+56", "#0", "r2", "None", "r3", "r5"));
}

TEST(CodeInfoTest, DecodeDexRegisterMapOfAnEmptySpanDoesNothing) {
  const std::vector<uint8_t> bytes = TestBytes(kTest1X64);
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  info.DecodeDexRegisterMap(0, 0, absl::Span<DexRegisterLocation>());
  info.DecodeDexRegisterMap(0, 2, absl::Span<DexRegisterLocation>());
}

TEST(CodeInfoTest, DecodeDexRegisterMapLooksBackAtMost32Maps) {
  // Map 0 names v0 = sp+8 and v1 = #7; maps 1..33 change nothing. ART's encoder never relies on a
  // map more than kMaxDexRegisterMapSearchDistance back, and the decoder does not look further.
  HandMadeCodeInfo input;
  input.header = {.code_size = 33, .number_of_dex_registers = 2};
  auto first = StackMapRow(StackMapKind::kDefault, 0, 0);
  first[StackMap::kDexRegisterMaskIndex] = 0;
  first[StackMap::kDexRegisterMapIndex] = 0;
  input.stack_maps.Add(first);
  for (uint32_t i = 1; i <= 33; ++i) {
    auto row = StackMapRow(StackMapKind::kDefault, i, i);
    row[StackMap::kDexRegisterMapIndex] = 2;  // an empty run at the end of DexRegisterMapInfo
    input.stack_maps.Add(row);
  }
  const BitVector both = BitVector::FromSetBits(std::vector<uint32_t>{0, 1});
  input.dex_register_masks.Dedup(both.AsRegion());
  input.dex_register_maps.Add({0});
  input.dex_register_maps.Add({1});
  input.dex_register_catalog.Add({static_cast<uint32_t>(DexRegisterKind::kInStack), 8 / 4});
  input.dex_register_catalog.Add({static_cast<uint32_t>(DexRegisterKind::kConstant), 7});
  const std::vector<uint8_t> bytes = input.Encode();
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));

  EXPECT_THAT(Locations(info.GetDexRegisterMapOf(info.GetStackMapAt(32))),
              ElementsAre("sp+8", "#7"));
  EXPECT_THAT(Locations(info.GetDexRegisterMapOf(info.GetStackMapAt(33))),
              ElementsAre("None", "None"));
}

TEST(CodeInfoTest, CatalogueEntryOfNoValueIsNone) {
  const std::vector<uint8_t> bytes = TestBytes(kTest1X64);
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  EXPECT_EQ(info.GetDexRegisterCatalogEntry(kNoValue), DexRegisterLocation::None());
  EXPECT_EQ(info.GetDexRegisterCatalogEntry(0),
            (DexRegisterLocation{DexRegisterKind::kInStack, 0}));
  EXPECT_EQ(info.GetDexRegisterCatalogEntry(1),
            (DexRegisterLocation{DexRegisterKind::kConstant, -2}));
}

// =============================================================================================
// Validating decoder: where the CodeInfo is, and its header.

TEST(CodeInfoTest, RejectsAnOffsetPastTheBuffer) {
  const std::vector<uint8_t> bytes = TestBytes(kTest1X64);
  EXPECT_TRUE(FailsWith(CodeInfo::Decode(bytes, 28).status(), absl::StatusCode::kOutOfRange,
                        "CodeInfo offset 28 is not inside the 28-byte buffer"));
  EXPECT_TRUE(FailsWith(CodeInfo::DecodeHeaderOnly(bytes, 100).status(),
                        absl::StatusCode::kOutOfRange,
                        "CodeInfo offset 100 is not inside the 28-byte buffer"));
}

TEST(CodeInfoTest, RejectsAnEmptyBuffer) {
  EXPECT_TRUE(FailsWith(CodeInfo::Decode({}).status(), absl::StatusCode::kOutOfRange,
                        "CodeInfo offset 0 is not inside the 0-byte buffer"));
}

TEST(CodeInfoTest, RejectsATruncatedHeaderNamingTheFieldAndBitOffset) {
  // Four bytes hold the seven header nibbles, but not code_size's 8-bit payload at bit 28.
  const std::vector<uint8_t> bytes = TestBytes("c0 02 20 0c");
  const absl::Status status = CodeInfo::DecodeHeaderOnly(bytes).status();
  EXPECT_TRUE(FailsWith(status, absl::StatusCode::kOutOfRange,
                        "truncated CodeInfo header field code_size at bit offset 28"));
  EXPECT_TRUE(
      FailsWith(CodeInfo::Decode(bytes).status(), absl::StatusCode::kOutOfRange, "code_size"));
}

TEST(CodeInfoTest, TruncatedHeaderBitOffsetCountsFromTheBufferStart) {
  const std::vector<uint8_t> bytes = TestBytes("aa bb c0 02 20 0c");
  EXPECT_TRUE(FailsWith(CodeInfo::Decode(bytes, /*offset=*/2).status(),
                        absl::StatusCode::kOutOfRange,
                        "truncated CodeInfo header field code_size at bit offset 44"));
}

TEST(CodeInfoTest, RejectsTooFewBytesForTheHeaderNibbles) {
  EXPECT_TRUE(FailsWith(CodeInfo::Decode(TestBytes("c0 02 20")).status(),
                        absl::StatusCode::kOutOfRange,
                        "truncated CodeInfo header field flags and the 6 varint headers after "
                        "it at bit offset 0"));
}

TEST(CodeInfoTest, RejectsATruncatedTableNamingTheTable) {
  // Test1 cut to 20 bytes (160 bits): the catalogue's rows start at bit 149 and need 68 bits.
  const std::vector<uint8_t> bytes = TestBytes(kTest1X64);
  EXPECT_TRUE(FailsWith(CodeInfo::Decode(absl::MakeConstSpan(bytes).first(20)).status(),
                        absl::StatusCode::kOutOfRange, "DexRegisterInfo table at bit offset 129"));
}

TEST(CodeInfoTest, RejectsUnknownFlagBits) {
  const std::vector<uint8_t> bytes = HeaderOnly({.flags = 0x10});
  EXPECT_TRUE(FailsWith(CodeInfo::DecodeHeaderOnly(bytes).status(),
                        absl::StatusCode::kInvalidArgument, "field flags has unknown bits 0x10"));
  EXPECT_TRUE(FailsWith(CodeInfo::Decode(bytes).status(), absl::StatusCode::kInvalidArgument,
                        "field flags has unknown bits 0x10"));
}

TEST(CodeInfoTest, AcceptsEveryKnownFlag) {
  const std::vector<uint8_t> bytes = HeaderOnly({.flags = 0xF});
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  EXPECT_TRUE(info.HasFlag(kHasInlineInfo));
  EXPECT_TRUE(info.HasFlag(kHasShouldDeoptimizeFlag));
  EXPECT_TRUE(info.HasFlag(kIsBaseline));
  EXPECT_TRUE(info.HasFlag(kIsDebuggable));
}

TEST(CodeInfoTest, RejectsADedupBitForAnAbsentTable) {
  // Only RegisterMask (bit 1) is present, but StackMap's dedup bit (bit 8) is set.
  const std::vector<uint8_t> bytes = HeaderOnly({.bit_table_flags = 0x0102});
  EXPECT_TRUE(FailsWith(CodeInfo::DecodeHeaderOnly(bytes).status(),
                        absl::StatusCode::kInvalidArgument,
                        "bit_table_flags 0x102 marks an absent table as deduplicated"));
}

TEST(CodeInfoTest, RejectsBitTableFlagsAboveTheSixteenTableBits) {
  const std::vector<uint8_t> bytes = HeaderOnly({.bit_table_flags = 0x10000});
  EXPECT_TRUE(FailsWith(CodeInfo::DecodeHeaderOnly(bytes).status(),
                        absl::StatusCode::kInvalidArgument,
                        "has bits above the 8 presence and 8 dedup bits"));
}

TEST(CodeInfoTest, RejectsMoreThan65535DexRegisters) {
  const std::vector<uint8_t> bytes = HeaderOnly({.number_of_dex_registers = 65536});
  EXPECT_TRUE(FailsWith(CodeInfo::DecodeHeaderOnly(bytes).status(),
                        absl::StatusCode::kInvalidArgument,
                        "field number_of_dex_registers is 65536"));
  ASSERT_OK(CodeInfo::DecodeHeaderOnly(HeaderOnly({.number_of_dex_registers = 65535})).status());
}

// One stack map whose live registers, its own and its inlinee's, reach register `last`.
absl::StatusOr<std::vector<uint8_t>> MapReachingRegister(uint32_t last) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  FP_RETURN_IF_ERROR(stream.BeginMethod({.frame_size_in_bytes = 64, .num_dex_registers = 1}));
  StackMapParams params;
  params.native_pc_offset = 8;
  FP_RETURN_IF_ERROR(stream.BeginStackMapEntry(std::move(params)));
  FP_RETURN_IF_ERROR(stream.AddDexRegisterEntry(DexRegisterKind::kInRegister, 3));
  FP_RETURN_IF_ERROR(stream.BeginInlineInfoEntry(ArtMethodPointer{0x70001000}, 5, last));
  for (uint32_t i = 0; i < last; ++i) {
    FP_RETURN_IF_ERROR(stream.AddDexRegisterEntry(DexRegisterKind::kInRegister, 4));
  }
  FP_RETURN_IF_ERROR(stream.EndInlineInfoEntry());
  FP_RETURN_IF_ERROR(stream.EndStackMapEntry());
  FP_RETURN_IF_ERROR(stream.EndMethod(16));
  return stream.Encode();
}

// ART keeps column offsets in 16 bits: a register mask row reaches register 65534 at most, so
// a method with its inlinees may have 65535 live registers in one map, and no more.
TEST(CodeInfoTest, AcceptsAMapWhoseRegisterMaskIs65535BitsWide) {
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, MapReachingRegister(65534));
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  EXPECT_EQ(info.GetInlineInfosOf(info.GetStackMapAt(0))[0].GetNumberOfDexRegisters(), 65535u);
}

TEST(CodeInfoTest, RefusesAMapWhoseRegisterMaskARTCannotRead) {
  EXPECT_TRUE(FailsWith(MapReachingRegister(65535).status(), absl::StatusCode::kInvalidArgument,
                        "changes register 65535; ART's bitmap rows hold at most 65535 bits"));
}

// A CodeInfo of one empty StackMask table whose one column is `bits` wide.
std::vector<uint8_t> EmptyStackMaskTableOfWidth(uint32_t bits) {
  std::vector<uint8_t> bytes;
  BitMemoryWriter out(&bytes);
  CodeInfoHeader header{.code_size = 16};
  header.bit_table_flags = 1u << static_cast<uint32_t>(BitTableId::kStackMask);
  out.WriteInterleavedVarints(header.AsArray());
  out.WriteInterleavedVarints(std::array<uint32_t, 2>{0, bits});  // rows, then the bitmap width
  return bytes;
}

TEST(CodeInfoTest, RejectsABitmapRowWiderThanARTCanAddress) {
  EXPECT_TRUE(FailsWith(CodeInfo::Decode(EmptyStackMaskTableOfWidth(65536)).status(),
                        absl::StatusCode::kInvalidArgument,
                        "is 65536 bits wide; a bitmap row holds at most 65535"));
  ASSERT_OK(CodeInfo::Decode(EmptyStackMaskTableOfWidth(65535)).status());
}

// The walk resolves registers a window of 4096 at a time; a map of more than one window, and a
// span across the windows' border, must read as a single walk would.
TEST(CodeInfoTest, DecodeDexRegisterMapOfMoreRegistersThanOneWindow) {
  constexpr uint32_t kRegisters = 5000;
  const auto slot = [](uint32_t reg) {
    return DexRegisterLocation{DexRegisterKind::kInStack, static_cast<int32_t>(reg * 4)};
  };
  // Map 1 moves every third register to a constant; the rest are found in map 0.
  const auto at_map_1 = [&slot](uint32_t reg) {
    return reg % 3 == 0 ? DexRegisterLocation{DexRegisterKind::kConstant, static_cast<int32_t>(reg)}
                        : slot(reg);
  };
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  ASSERT_OK(stream.BeginMethod({.frame_size_in_bytes = 64, .num_dex_registers = kRegisters}));
  for (uint32_t map = 0; map < 2; ++map) {
    StackMapParams params;
    params.native_pc_offset = 8 * (map + 1);
    ASSERT_OK(stream.BeginStackMapEntry(std::move(params)));
    for (uint32_t reg = 0; reg < kRegisters; ++reg) {
      const DexRegisterLocation location = map == 0 ? slot(reg) : at_map_1(reg);
      ASSERT_OK(stream.AddDexRegisterEntry(location.kind, location.value));
    }
    ASSERT_OK(stream.EndStackMapEntry());
  }
  ASSERT_OK(stream.EndMethod(32));
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, stream.Encode());
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));

  const DexRegisterMap map = info.GetDexRegisterMapOf(info.GetStackMapAt(1));
  ASSERT_EQ(map.size(), kRegisters);
  for (uint32_t reg = 0; reg < kRegisters; ++reg) ASSERT_EQ(map[reg], at_map_1(reg)) << reg;

  std::vector<DexRegisterLocation> across(20);
  info.DecodeDexRegisterMap(1, 4090, absl::MakeSpan(across));
  ASSERT_OK_AND_ASSIGN(const UntrustedCodeInfo opened, UntrustedCodeInfo::Open(bytes));
  std::vector<DexRegisterLocation> checked(20);
  ASSERT_OK(opened.DecodeDexRegisterMap(1, 4090, absl::MakeSpan(checked)));
  for (uint32_t i = 0; i < across.size(); ++i) {
    EXPECT_EQ(across[i], at_map_1(4090 + i)) << i;
    EXPECT_EQ(checked[i], at_map_1(4090 + i)) << i;
  }
}

// Validating decoder: back-references.

TEST(CodeInfoTest, RejectsABackReferenceOfZero) {
  // StackMap present and deduplicated: the header is 28 + 16 bits, then the varint at bit 44.
  const std::vector<uint8_t> bytes = HeaderThenVarint({.bit_table_flags = 0x0101}, 0);
  EXPECT_TRUE(FailsWith(CodeInfo::Decode(bytes).status(), absl::StatusCode::kInvalidArgument,
                        "StackMap table back-reference at bit offset 44 is 0; it must point "
                        "backwards"));
}

TEST(CodeInfoTest, RejectsABackReferenceBeforeTheBufferStart) {
  const std::vector<uint8_t> bytes = HeaderThenVarint({.bit_table_flags = 0x0101}, 45);
  EXPECT_TRUE(FailsWith(CodeInfo::Decode(bytes).status(), absl::StatusCode::kOutOfRange,
                        "StackMap table back-reference at bit offset 44 points 45 bits back, "
                        "before the start of the buffer"));
}

TEST(CodeInfoTest, RejectsADeduplicatedCopyWithoutTheBytesItRefersTo) {
  // The second copy of Test1 alone: its StackMap back-reference (232 bits back from bit 52) leaves
  // the buffer.
  EXPECT_TRUE(FailsWith(CodeInfo::Decode(TestBytes(kTest1SecondCopy)).status(),
                        absl::StatusCode::kOutOfRange,
                        "StackMap table back-reference at bit offset 52 points 232 bits back"));
}

// Validating decoder: table contents.

TEST(CodeInfoTest, RejectsAnIndexColumnPastItsTable) {
  HandMadeCodeInfo input;
  auto row = StackMapRow(StackMapKind::kDefault, 0, 0);
  row[StackMap::kRegisterMaskIndex] = 5;
  input.stack_maps.Add(row);
  input.register_masks.Add({0x3, 0});
  // Header 28 bits, StackMap header 36 bits: the row starts at bit 64, and RegisterMaskIndex
  // follows PackedNativePc (1 bit) and DexPc (1 bit).
  EXPECT_TRUE(FailsWith(CodeInfo::Decode(input.Encode()).status(),
                        absl::StatusCode::kInvalidArgument,
                        "StackMap row 0 column RegisterMaskIndex (bit offset 66): index 5 is past "
                        "the 1 rows of RegisterMask"));
}

TEST(CodeInfoTest, RejectsAStackMaskIndexPastItsTable) {
  HandMadeCodeInfo input;
  auto row = StackMapRow(StackMapKind::kDefault, 0, 0);
  row[StackMap::kStackMaskIndex] = 0;
  input.stack_maps.Add(row);
  EXPECT_TRUE(FailsWith(CodeInfo::Decode(input.Encode()).status(),
                        absl::StatusCode::kInvalidArgument,
                        "StackMap row 0 column StackMaskIndex (bit offset 66): index 0 is past "
                        "the 0 rows of StackMask"));
}

TEST(CodeInfoTest, RejectsACatalogueKindOf7) {
  HandMadeCodeInfo input;
  input.dex_register_catalog.Add({7, 0});
  // Header 36 bits (bit_table_flags 0x80 takes an 8-bit payload), catalogue header 12 bits: Kind
  // is the first column of the row at bit 48.
  EXPECT_TRUE(FailsWith(CodeInfo::Decode(input.Encode()).status(),
                        absl::StatusCode::kInvalidArgument,
                        "DexRegisterInfo row 0 column Kind (bit offset 48): location kind 7 is not "
                        "a live location kind (0..5)"));
}

TEST(CodeInfoTest, RejectsARegisterMaskShiftOf32) {
  HandMadeCodeInfo input;
  input.register_masks.Add({1, 32});
  // Header 28 bits, RegisterMask header 12 bits, Value 2 bits wide: Shift is at bit 42.
  EXPECT_TRUE(FailsWith(CodeInfo::Decode(input.Encode()).status(),
                        absl::StatusCode::kInvalidArgument,
                        "RegisterMask row 0 column Shift (bit offset 42): shift 32 is not a valid "
                        "shift of a 32-bit mask"));
}

TEST(CodeInfoTest, AcceptsARegisterMaskShiftOf31) {
  HandMadeCodeInfo input;
  input.register_masks.Add({1, 31});
  ASSERT_OK(CodeInfo::Decode(input.Encode()).status());
}

TEST(CodeInfoTest, RejectsAnInlineChainWhoseLastRowIsMore) {
  HandMadeCodeInfo input;
  input.inline_infos.Add({InlineInfo::kMore, /*dex_pc=*/0, kNoValue, /*hi=*/0, /*lo=*/0x1000,
                          /*registers=*/0});
  // Header 28 bits, InlineInfo header 36 bits (ArtMethodLo is 13 bits wide, a 1-byte varint).
  EXPECT_TRUE(FailsWith(CodeInfo::Decode(input.Encode()).status(),
                        absl::StatusCode::kInvalidArgument,
                        "InlineInfo row 0 column IsLast (bit offset 64): the last row continues a "
                        "chain past the end of the table"));
}

// Counts are cumulative, and a level adds one method's registers to the count above it: at most
// 65535.
TEST(CodeInfoTest, RejectsAnInlineLevelAddingMoreThan65535Registers) {
  HandMadeCodeInfo input;
  input.inline_infos.Add({InlineInfo::kMore, /*dex_pc=*/0, kNoValue, /*hi=*/0, /*lo=*/0x1000,
                          /*registers=*/1});
  input.inline_infos.Add({InlineInfo::kLast, /*dex_pc=*/0, kNoValue, /*hi=*/0, /*lo=*/0x2000,
                          /*registers=*/1 + 65536});
  const absl::Status status = CodeInfo::Decode(input.Encode()).status();
  EXPECT_TRUE(FailsWith(status, absl::StatusCode::kInvalidArgument,
                        "InlineInfo row 1 column NumberOfDexRegisters (bit offset "));
  EXPECT_TRUE(FailsWith(status, absl::StatusCode::kInvalidArgument,
                        "cumulative count 65537 after 1 at the level above is out of range"));
}

TEST(CodeInfoTest, AcceptsAnInlineLevelAdding65535Registers) {
  HandMadeCodeInfo input;
  input.inline_infos.Add({InlineInfo::kMore, /*dex_pc=*/0, kNoValue, /*hi=*/0, /*lo=*/0x1000,
                          /*registers=*/1});
  input.inline_infos.Add({InlineInfo::kLast, /*dex_pc=*/0, kNoValue, /*hi=*/0, /*lo=*/0x2000,
                          /*registers=*/1 + 65535});
  ASSERT_OK(CodeInfo::Decode(input.Encode()).status());
}

TEST(CodeInfoTest, RejectsUnsortedNonCatchPcs) {
  HandMadeCodeInfo input;
  input.header.code_size = 8;
  input.stack_maps.Add(StackMapRow(StackMapKind::kDefault, 8, 0));
  input.stack_maps.Add(StackMapRow(StackMapKind::kDefault, 4, 1));
  // Rows of 6 bits (PackedNativePc 4, DexPc 2) from bit 64.
  EXPECT_TRUE(FailsWith(CodeInfo::Decode(input.Encode()).status(),
                        absl::StatusCode::kInvalidArgument,
                        "StackMap row 1 column PackedNativePc (bit offset 70): packed pc 4 is "
                        "below the previous 8; non-catch maps must be sorted"));
}

TEST(CodeInfoTest, RejectsANonCatchMapAfterACatchMap) {
  HandMadeCodeInfo input;
  input.header.code_size = 8;
  input.stack_maps.Add(StackMapRow(StackMapKind::kCatch, 4, 0));
  input.stack_maps.Add(StackMapRow(StackMapKind::kDefault, 8, 1));
  // Rows of 7 bits (Kind 1, PackedNativePc 4, DexPc 2) from bit 64.
  EXPECT_TRUE(FailsWith(CodeInfo::Decode(input.Encode()).status(),
                        absl::StatusCode::kInvalidArgument,
                        "StackMap row 1 column Kind (bit offset 71): a non-catch stack map follows "
                        "a catch stack map"));
}

TEST(CodeInfoTest, AcceptsUnsortedCatchMapsAfterTheSortedOnes) {
  HandMadeCodeInfo input;
  input.header.code_size = 8;
  input.stack_maps.Add(StackMapRow(StackMapKind::kDefault, 4, 0));
  input.stack_maps.Add(StackMapRow(StackMapKind::kCatch, 8, 1));
  input.stack_maps.Add(StackMapRow(StackMapKind::kCatch, 2, 2));
  ASSERT_OK(CodeInfo::Decode(input.Encode()).status());
}

TEST(CodeInfoTest, RejectsAnUnknownStackMapKind) {
  HandMadeCodeInfo input;
  input.stack_maps.Add(StackMapRow(StackMapKind{3}, 0, 0));
  EXPECT_TRUE(FailsWith(CodeInfo::Decode(input.Encode()).status(),
                        absl::StatusCode::kInvalidArgument,
                        "kind 3 is not Default, Catch, OSR or Debug"));
}

}  // namespace
}  // namespace frameproof
