// Specification of CodeInfoTableDeduper: CodeInfos are appended to one buffer, and every table of
// at least kMinDedupSize (33) bits that already occurs earlier is replaced by a back-reference to
// its first occurrence. The outputs asserted here are those of ART's dex2oat deduper for the same
// inputs (art-codeinfo.md sections 8, 9.3, 9.4 and appendices A.3, A.5, and ART's dedup
// conformance vector art-dedup-0000).

#include "core/art/code_info_table_deduper.h"

#include <cstddef>
#include <cstdint>
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
#include "core/art/stack_map_stream.h"
#include "core/base/instruction_set.h"
#include "core/base/status_macros.h"
#include "core/base/status_testing.h"
#include "core/bits/bit_memory_writer.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace frameproof {
namespace {

using art_testing::kTest1X64;
using art_testing::Locations;
using art_testing::SpacedHex;
using ::testing::ElementsAre;

// Bytes [begin, end) of `bytes`, as hex.
std::string HexRange(const std::vector<uint8_t>& bytes, size_t begin, size_t end) {
  return SpacedHex(absl::MakeConstSpan(bytes).subspan(begin, end - begin));
}

// Every table decodes to the same rows, column widths and data bits.
::testing::AssertionResult SameTables(const CodeInfo& a, const CodeInfo& b) {
  if (!(a.header().flags == b.header().flags && a.code_size() == b.code_size() &&
        a.frame_size_in_bytes() == b.frame_size_in_bytes() &&
        a.number_of_dex_registers() == b.number_of_dex_registers())) {
    return ::testing::AssertionFailure() << "headers differ";
  }
  const bool same =
      a.stack_maps().Equals(b.stack_maps()) && a.register_masks().Equals(b.register_masks()) &&
      a.stack_masks().Equals(b.stack_masks()) && a.inline_infos().Equals(b.inline_infos()) &&
      a.method_infos().Equals(b.method_infos()) &&
      a.dex_register_masks().Equals(b.dex_register_masks()) &&
      a.dex_register_maps().Equals(b.dex_register_maps()) &&
      a.dex_register_catalog().Equals(b.dex_register_catalog());
  if (!same) return ::testing::AssertionFailure() << "tables differ";
  return ::testing::AssertionSuccess();
}

// ART's Test2 without its inline infos, 73 bytes (reference section 9.4 and appendix A.4).
constexpr absl::string_view kTest2WithoutInlineX64 =
    "d0 02 20 0c 10 70 4e 90 33 03 31 41 92 4c 20 49 17 6c db 06 24 f9 94 41 "
    "20 c0 ac 3a 4b 49 01 a1 08 60 21 e3 44 63 cd df 30 48 02 00 00 00 f4 ff "
    "ff ff bf 09 00 00 80 12 00 00 00 ec 00 00 00 80 09 00 00 00 16 00 00 00 "
    "00";
// Test1 without the register mask (conformance vector art-dedupebittables-x86_64), 25 bytes: the
// same catalogue as Test1, a different StackMap table, no RegisterMask.
constexpr absl::string_view kTest1WithoutRegisterMaskX64 =
    "c0 02 20 0c 14 1e 70 01 00 11 c1 87 2c 92 22 0c 52 00 00 00 80 ff ff ff ff";

// A CodeInfo whose only table is a StackMask of `rows` rows `width` bits wide, row r holding
// values[r]: a table of exactly 8 + rows * width bits.
std::vector<uint8_t> StackMaskOnly(uint32_t width, const std::vector<uint32_t>& values) {
  std::vector<uint8_t> bytes;
  BitMemoryWriter out(&bytes);
  out.WriteInterleavedVarints(CodeInfoHeader{.bit_table_flags = 1u << 2}.AsArray());
  const uint32_t table_header[] = {static_cast<uint32_t>(values.size()), width};
  out.WriteInterleavedVarints(table_header);
  for (uint32_t value : values) out.WriteBits(value, width);
  return bytes;
}

// =============================================================================================
// ART's TestDedupeBitTables.

TEST(CodeInfoTableDeduperTest, Test1DedupedTwiceMatchesArt) {
  const std::vector<uint8_t> input = TestBytes(kTest1X64);
  std::vector<uint8_t> out;
  CodeInfoTableDeduper deduper(&out);
  ASSERT_OK_AND_ASSIGN(const size_t first, deduper.Dedupe(input));
  ASSERT_OK_AND_ASSIGN(const size_t second, deduper.Dedupe(input));
  EXPECT_EQ(first, 0u);
  EXPECT_EQ(second, 28u);
  ASSERT_EQ(out.size(), 43u);
  EXPECT_GT(input.size() * 2, out.size());  // ART's own assertion
  // The first copy is the input unchanged; the second refers back to its StackMap (47 bits) and
  // DexRegisterInfo (88 bits) and copies the three tables under 33 bits.
  EXPECT_EQ(HexRange(out, 0, 28), SpacedHex(input));
  EXPECT_EQ(HexRange(out, 28, 43), "c0 02 20 0d 34 1e c8 e8 31 c1 21 8b 24 17 03");
}

TEST(CodeInfoTableDeduperTest, Test1CopiesDecodeToTheSameMap) {
  const std::vector<uint8_t> input = TestBytes(kTest1X64);
  std::vector<uint8_t> out;
  CodeInfoTableDeduper deduper(&out);
  ASSERT_OK_AND_ASSIGN(const size_t first, deduper.Dedupe(input));
  ASSERT_OK_AND_ASSIGN(const size_t second, deduper.Dedupe(input));
  ASSERT_OK_AND_ASSIGN(const CodeInfo original, CodeInfo::Decode(input));
  for (size_t offset : {first, second}) {
    SCOPED_TRACE(absl::StrCat("CodeInfo at byte ", offset));
    ASSERT_OK_AND_ASSIGN(const CodeInfo copy, CodeInfo::Decode(out, offset));
    EXPECT_TRUE(SameTables(copy, original));
    ASSERT_EQ(copy.GetNumberOfStackMaps(), 1u);
    const StackMap map = copy.GetStackMapAt(0);
    EXPECT_EQ(copy.GetStackMapForDexPc(0).Row(), 0u);
    EXPECT_EQ(copy.GetStackMapForNativePcOffset(64, InstructionSet::kX86_64).Row(), 0u);
    EXPECT_EQ(map.GetDexPc(), 0u);
    EXPECT_EQ(map.GetNativePcOffset(InstructionSet::kX86_64), 64u);
    EXPECT_EQ(copy.GetRegisterMaskOf(map), 0x3u);
    EXPECT_THAT(Locations(copy.GetDexRegisterMapOf(map)), ElementsAre("sp+0", "#-2"));
    EXPECT_EQ(copy.dex_register_catalog().NumRows(), 2u);
    EXPECT_FALSE(map.HasInlineInfo());
  }
}

TEST(CodeInfoTableDeduperTest, Test1SecondCopyMarksTheBackReferencedTables) {
  const std::vector<uint8_t> input = TestBytes(kTest1X64);
  std::vector<uint8_t> out;
  CodeInfoTableDeduper deduper(&out);
  ASSERT_OK_AND_ASSIGN(const size_t first, deduper.Dedupe(input));
  ASSERT_OK_AND_ASSIGN(const size_t second, deduper.Dedupe(input));
  ASSERT_OK_AND_ASSIGN(const CodeInfo copy1, CodeInfo::Decode(out, first));
  ASSERT_OK_AND_ASSIGN(const CodeInfo copy2, CodeInfo::Decode(out, second));
  EXPECT_EQ(copy1.header().bit_table_flags, 0xE3u);
  // Bits 8 (StackMap) and 15 (DexRegisterInfo).
  EXPECT_EQ(copy2.header().bit_table_flags, 0x81E3u);
  EXPECT_TRUE(copy2.header().IsBitTableDeduped(BitTableId::kStackMap));
  EXPECT_TRUE(copy2.header().IsBitTableDeduped(BitTableId::kDexRegisterInfo));
  // Under 33 bits: RegisterMask (16), DexRegisterMask (10), DexRegisterMapInfo (12) are copied.
  EXPECT_FALSE(copy2.header().IsBitTableDeduped(BitTableId::kRegisterMask));
  EXPECT_FALSE(copy2.header().IsBitTableDeduped(BitTableId::kDexRegisterMask));
  EXPECT_FALSE(copy2.header().IsBitTableDeduped(BitTableId::kDexRegisterMapInfo));
  EXPECT_EQ(copy2.TableBitStart(BitTableId::kRegisterMask), 64u);
  EXPECT_EQ(copy2.TableBitStart(BitTableId::kDexRegisterMask), 80u);
  EXPECT_EQ(copy2.TableBitStart(BitTableId::kDexRegisterMapInfo), 90u);
  EXPECT_EQ(copy2.bit_size(), 114u);
}

// A method with inline infos whose RegisterMask and StackMask tables are over 32 bits, so that
// a second copy refers back to them: four maps, each with its own register mask, stack mask and
// inlined method.
absl::StatusOr<std::vector<uint8_t>> MethodWithLargeMaskTablesAndInlining() {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn);
  FP_RETURN_IF_ERROR(stream.BeginMethod({.frame_size_in_bytes = 64, .num_dex_registers = 1}));
  for (uint32_t i = 0; i < 4; ++i) {
    StackMapParams params;
    params.native_pc_offset = 4 * (i + 1);
    params.dex_pc = i;
    params.register_mask = 0xF0F0F0F1u >> i;
    params.stack_mask.SetBit(40 + i);
    FP_RETURN_IF_ERROR(stream.BeginStackMapEntry(std::move(params)));
    FP_RETURN_IF_ERROR(
        stream.AddDexRegisterEntry(DexRegisterKind::kConstant, static_cast<int32_t>(i)));
    FP_RETURN_IF_ERROR(stream.BeginInlineInfoEntry(
        DexMethodReference{40 + i, {DexFileRef::Kind::kBootClassPath, 1}}, /*dex_pc=*/i, 0));
    FP_RETURN_IF_ERROR(stream.EndInlineInfoEntry());
    FP_RETURN_IF_ERROR(stream.EndStackMapEntry());
  }
  FP_RETURN_IF_ERROR(stream.EndMethod(32));
  return stream.Encode();
}

// A trusted subset decode skips the tables it does not keep, back-references included; the tables
// it keeps are those the validating decode of the same subset keeps.
TEST(CodeInfoTableDeduperTest, TrustedSubsetDecodesOfASecondCopyKeepWhatValidatingOnesKeep) {
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> input, MethodWithLargeMaskTablesAndInlining());
  std::vector<uint8_t> out;
  CodeInfoTableDeduper deduper(&out);
  ASSERT_OK(deduper.Dedupe(input).status());
  ASSERT_OK_AND_ASSIGN(const size_t second, deduper.Dedupe(input));
  ASSERT_OK_AND_ASSIGN(const CodeInfo all, CodeInfo::Decode(out, second));
  ASSERT_TRUE(all.header().IsBitTableDeduped(BitTableId::kRegisterMask));
  ASSERT_TRUE(all.header().IsBitTableDeduped(BitTableId::kStackMask));
  ASSERT_EQ(all.inline_infos().NumRows(), 4u);
  for (const CodeInfo::Subset subset : {CodeInfo::Subset::kAll, CodeInfo::Subset::kGcMasksOnly,
                                        CodeInfo::Subset::kInlineInfoOnly}) {
    SCOPED_TRACE(absl::StrCat("subset ", static_cast<int>(subset)));
    ASSERT_OK_AND_ASSIGN(const CodeInfo checked, CodeInfo::Decode(out, second, subset));
    EXPECT_TRUE(SameTables(CodeInfo::DecodeTrusted(out, second, subset), checked));
  }
  const CodeInfo inlined = CodeInfo::DecodeTrusted(out, second, CodeInfo::Subset::kInlineInfoOnly);
  const InlineInfoRange chain = inlined.GetInlineInfosOf(inlined.GetStackMapAt(3));
  ASSERT_EQ(chain.size(), 1u);
  EXPECT_EQ(inlined.GetMethodInfoOf(chain[0]).GetMethodIndex(), 43u);
  EXPECT_EQ(inlined.GetRegisterMaskOf(inlined.GetStackMapAt(3)), 0u);
}

TEST(CodeInfoTableDeduperTest, ArtDedupVector0000) {
  // ART's dedup conformance vector art-dedup-0000: the register-mask-free Test1 twice.
  const std::vector<uint8_t> input = TestBytes(kTest1WithoutRegisterMaskX64);
  std::vector<uint8_t> out;
  CodeInfoTableDeduper deduper(&out);
  ASSERT_OK_AND_ASSIGN(const size_t first, deduper.Dedupe(input));
  ASSERT_OK_AND_ASSIGN(const size_t second, deduper.Dedupe(input));
  EXPECT_EQ(first, 0u);
  EXPECT_EQ(second, 25u);
  EXPECT_EQ(SpacedHex(out), SpacedHex(input) + " c0 02 20 0d 14 1e c8 d0 21 8b 24 bb 02");
}

// =============================================================================================
// Test2 without inline infos (reference section 9.4, appendix A.5).

TEST(CodeInfoTableDeduperTest, Test2WithoutInlineInfosSecondCopyMatchesArt) {
  const std::vector<uint8_t> input = TestBytes(kTest2WithoutInlineX64);
  ASSERT_EQ(input.size(), 73u);
  std::vector<uint8_t> out;
  CodeInfoTableDeduper deduper(&out);
  ASSERT_OK_AND_ASSIGN(const size_t first, deduper.Dedupe(input));
  ASSERT_OK_AND_ASSIGN(const size_t second, deduper.Dedupe(input));
  EXPECT_EQ(first, 0u);
  EXPECT_EQ(second, 73u);
  ASSERT_EQ(out.size(), 73u + 23u);
  EXPECT_EQ(HexRange(out, 73, 96),
            "d0 02 20 0d 10 70 7e d8 50 02 8d 1e d0 c8 01 21 e3 44 63 cd 37 6c 00");
}

TEST(CodeInfoTableDeduperTest, Test2WithoutInlineInfosSecondCopyRefersToFourTables) {
  const std::vector<uint8_t> input = TestBytes(kTest2WithoutInlineX64);
  std::vector<uint8_t> out;
  CodeInfoTableDeduper deduper(&out);
  ASSERT_OK_AND_ASSIGN(const size_t first, deduper.Dedupe(input));
  ASSERT_OK_AND_ASSIGN(const size_t second, deduper.Dedupe(input));
  ASSERT_OK_AND_ASSIGN(const CodeInfo original, CodeInfo::Decode(input));
  ASSERT_OK_AND_ASSIGN(const CodeInfo copy1, CodeInfo::Decode(out, first));
  ASSERT_OK_AND_ASSIGN(const CodeInfo copy2, CodeInfo::Decode(out, second));
  // StackMap, RegisterMask, StackMask and DexRegisterInfo; DexRegisterMapInfo is 8 + 24 = 32 bits.
  EXPECT_EQ(copy2.header().bit_table_flags, 0x87E7u);
  EXPECT_FALSE(copy2.header().IsBitTableDeduped(BitTableId::kDexRegisterMapInfo));
  EXPECT_EQ(original.TableBitSize(BitTableId::kDexRegisterMapInfo), 32u);
  // Each back-reference is a 20-bit varint (nibble 13 plus 16 bits).
  EXPECT_EQ(copy2.TableBitSize(BitTableId::kStackMap), 20u);
  EXPECT_EQ(copy2.TableBitSize(BitTableId::kRegisterMask), 20u);
  EXPECT_EQ(copy2.TableBitSize(BitTableId::kStackMask), 20u);
  EXPECT_EQ(copy2.TableBitSize(BitTableId::kDexRegisterInfo), 20u);
  EXPECT_EQ(copy2.bit_size(), 182u);
  EXPECT_TRUE(SameTables(copy1, original));
  EXPECT_TRUE(SameTables(copy2, original));
}

// =============================================================================================
// The 33-bit threshold.

TEST(CodeInfoTableDeduperTest, TableOf32BitsIsCopied) {
  // 8 rows of 3 bits: a 4 + 4 bit header and 24 data bits.
  const std::vector<uint8_t> input = StackMaskOnly(3, {0, 1, 2, 3, 4, 5, 6, 7});
  ASSERT_OK_AND_ASSIGN(const CodeInfo decoded, CodeInfo::Decode(input));
  ASSERT_EQ(decoded.TableBitSize(BitTableId::kStackMask), 32u);
  std::vector<uint8_t> out;
  CodeInfoTableDeduper deduper(&out);
  ASSERT_OK_AND_ASSIGN(const size_t first, deduper.Dedupe(input));
  ASSERT_OK_AND_ASSIGN(const size_t second, deduper.Dedupe(input));
  EXPECT_EQ(first, 0u);
  EXPECT_EQ(second, input.size());
  EXPECT_EQ(SpacedHex(out), SpacedHex(input) + " " + SpacedHex(input));
}

TEST(CodeInfoTableDeduperTest, TableOf33BitsIsReferenced) {
  // 5 rows of 5 bits: a 4 + 4 bit header and 25 data bits, from bit 28 of an 8-byte CodeInfo.
  const std::vector<uint8_t> input = StackMaskOnly(5, {1, 2, 3, 4, 31});
  ASSERT_OK_AND_ASSIGN(const CodeInfo decoded, CodeInfo::Decode(input));
  ASSERT_EQ(decoded.TableBitSize(BitTableId::kStackMask), 33u);
  ASSERT_EQ(input.size(), 8u);
  std::vector<uint8_t> out;
  CodeInfoTableDeduper deduper(&out);
  ASSERT_OK_AND_ASSIGN(const size_t first, deduper.Dedupe(input));
  ASSERT_OK_AND_ASSIGN(const size_t second, deduper.Dedupe(input));
  EXPECT_EQ(first, 0u);
  EXPECT_EQ(second, 8u);
  // Header with bit_table_flags 0x404 (nibble 13, 16 bits), then at relative bit 44 (absolute 108)
  // the varint 80 (nibble 12, 8 bits): 108 - 80 = 28, where the first copy's StackMask starts.
  EXPECT_EQ(HexRange(out, 8, out.size()), "00 00 00 4d 40 c0 50");
  ASSERT_OK_AND_ASSIGN(const CodeInfo copy, CodeInfo::Decode(out, second));
  EXPECT_TRUE(copy.header().IsBitTableDeduped(BitTableId::kStackMask));
  EXPECT_TRUE(SameTables(copy, decoded));
}

TEST(CodeInfoTableDeduperTest, UniqueInputIsCopiedUnchanged) {
  const std::vector<uint8_t> test1 = TestBytes(kTest1X64);
  const std::vector<uint8_t> test2 = TestBytes(kTest2WithoutInlineX64);
  std::vector<uint8_t> out;
  CodeInfoTableDeduper deduper(&out);
  ASSERT_OK_AND_ASSIGN(const size_t first, deduper.Dedupe(test1));
  ASSERT_OK_AND_ASSIGN(const size_t second, deduper.Dedupe(test2));
  EXPECT_EQ(first, 0u);
  EXPECT_EQ(second, 28u);
  EXPECT_EQ(SpacedHex(out), SpacedHex(test1) + " " + SpacedHex(test2));
}

// A table first seen in a CodeInfo that the deduper rewrote (because another of its tables was a
// repeat) moves to its rewritten position; later copies must refer to it there.
TEST(CodeInfoTableDeduperTest, TableFirstSeenInARewrittenCodeInfoIsReferencedWhereItMoved) {
  const std::vector<uint8_t> test1 = TestBytes(kTest1X64);
  const std::vector<uint8_t> without_mask = TestBytes(kTest1WithoutRegisterMaskX64);
  std::vector<uint8_t> out;
  CodeInfoTableDeduper deduper(&out);
  ASSERT_OK_AND_ASSIGN(const size_t a, deduper.Dedupe(test1));
  // Shares Test1's catalogue, so it is rewritten; its StackMap table is new.
  ASSERT_OK_AND_ASSIGN(const size_t b, deduper.Dedupe(without_mask));
  ASSERT_OK_AND_ASSIGN(const size_t c, deduper.Dedupe(without_mask));
  EXPECT_EQ(a, 0u);
  EXPECT_EQ(b, 28u);
  ASSERT_OK_AND_ASSIGN(const CodeInfo original, CodeInfo::Decode(without_mask));
  ASSERT_OK_AND_ASSIGN(const CodeInfo copy_b, CodeInfo::Decode(out, b));
  ASSERT_OK_AND_ASSIGN(const CodeInfo copy_c, CodeInfo::Decode(out, c));
  EXPECT_FALSE(copy_b.header().IsBitTableDeduped(BitTableId::kStackMap));
  EXPECT_TRUE(copy_b.header().IsBitTableDeduped(BitTableId::kDexRegisterInfo));
  EXPECT_TRUE(copy_c.header().IsBitTableDeduped(BitTableId::kStackMap));
  EXPECT_TRUE(copy_c.header().IsBitTableDeduped(BitTableId::kDexRegisterInfo));
  EXPECT_TRUE(SameTables(copy_b, original));
  EXPECT_TRUE(SameTables(copy_c, original));
}

// Two identical tables inside one CodeInfo: the second becomes a back-reference to the first,
// which the rewrite has moved (the header grew by the dedup bit's payload).
TEST(CodeInfoTableDeduperTest, IdenticalTablesWithinOneCodeInfoShareTheFirst) {
  // StackMask and DexRegisterMask, both 5 rows of 5 bits (33 bits), no stack maps.
  std::vector<uint8_t> input;
  BitMemoryWriter writer(&input);
  writer.WriteInterleavedVarints(CodeInfoHeader{.bit_table_flags = 0x24}.AsArray());
  for (int table = 0; table < 2; ++table) {
    const uint32_t table_header[] = {5, 5};
    writer.WriteInterleavedVarints(table_header);
    for (uint32_t value : {1u, 2u, 3u, 4u, 31u}) writer.WriteBits(value, 5);
  }
  ASSERT_OK_AND_ASSIGN(const CodeInfo original, CodeInfo::Decode(input));
  std::vector<uint8_t> out;
  CodeInfoTableDeduper deduper(&out);
  ASSERT_OK_AND_ASSIGN(const size_t offset, deduper.Dedupe(input));
  EXPECT_EQ(offset, 0u);
  ASSERT_OK_AND_ASSIGN(const CodeInfo copy, CodeInfo::Decode(out, offset));
  EXPECT_EQ(copy.header().bit_table_flags, 0x2024u);
  EXPECT_FALSE(copy.header().IsBitTableDeduped(BitTableId::kStackMask));
  EXPECT_TRUE(copy.header().IsBitTableDeduped(BitTableId::kDexRegisterMask));
  // Header 44 bits, StackMask at 44..77, then the varint 33 (nibble 12 + 8 bits) at bit 77.
  EXPECT_EQ(copy.TableBitStart(BitTableId::kStackMask), 44u);
  EXPECT_EQ(copy.TableBitStart(BitTableId::kDexRegisterMask), 77u);
  EXPECT_EQ(copy.TableBitSize(BitTableId::kDexRegisterMask), 12u);
  EXPECT_TRUE(SameTables(copy, original));
}

// =============================================================================================
// Inputs the deduper refuses, and where it writes.

TEST(CodeInfoTableDeduperTest, RejectsAnInputThatAlreadyHasDeduplicatedTables) {
  // A self-contained CodeInfo whose DexRegisterMask is a back-reference to its own StackMask:
  // flags 0x2024 (tables 2 and 5 present, 5 deduplicated), header 44 bits, StackMask 33 bits at
  // bit 44, then the varint 33 at bit 77.
  std::vector<uint8_t> input;
  BitMemoryWriter writer(&input);
  writer.WriteInterleavedVarints(CodeInfoHeader{.bit_table_flags = 0x2024}.AsArray());
  const uint32_t table_header[] = {5, 5};
  writer.WriteInterleavedVarints(table_header);
  for (uint32_t value : {1u, 2u, 3u, 4u, 31u}) writer.WriteBits(value, 5);
  writer.WriteVarint(77 - 44);
  ASSERT_TRUE(CodeInfo::Decode(input).ok()) << CodeInfo::Decode(input).status();

  std::vector<uint8_t> out;
  CodeInfoTableDeduper deduper(&out);
  const absl::Status status = deduper.Dedupe(input).status();
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument) << status;
  EXPECT_THAT(std::string(status.message()),
              ::testing::HasSubstr("already has deduplicated tables (bit_table_flags 0x2024)"));
  EXPECT_TRUE(out.empty());
}

TEST(CodeInfoTableDeduperTest, RejectsInvalidInputWithTheDecodersError) {
  // Test1 cut to 20 bytes: the catalogue no longer fits.
  const std::vector<uint8_t> test1 = TestBytes(kTest1X64);
  const absl::Span<const uint8_t> truncated = absl::MakeConstSpan(test1).first(20);
  const absl::Status decoder_status = CodeInfo::Decode(truncated).status();
  ASSERT_FALSE(decoder_status.ok());

  std::vector<uint8_t> out;
  CodeInfoTableDeduper deduper(&out);
  ASSERT_OK_AND_ASSIGN(const size_t first, deduper.Dedupe(test1));
  EXPECT_EQ(first, 0u);
  const absl::Status status = deduper.Dedupe(truncated).status();
  EXPECT_EQ(status, decoder_status);
  EXPECT_EQ(status.code(), absl::StatusCode::kOutOfRange);
  // Nothing was appended, and the deduper still works.
  EXPECT_EQ(out.size(), 28u);
  ASSERT_OK_AND_ASSIGN(const size_t second, deduper.Dedupe(test1));
  EXPECT_EQ(second, 28u);
  EXPECT_EQ(HexRange(out, 28, out.size()), "c0 02 20 0d 34 1e c8 e8 31 c1 21 8b 24 17 03");
}

TEST(CodeInfoTableDeduperTest, AppendsAfterBytesAlreadyInTheBuffer) {
  const std::vector<uint8_t> input = TestBytes(kTest1X64);
  std::vector<uint8_t> out = {0xAA, 0xBB, 0xCC};
  CodeInfoTableDeduper deduper(&out);
  ASSERT_OK_AND_ASSIGN(const size_t first, deduper.Dedupe(input));
  ASSERT_OK_AND_ASSIGN(const size_t second, deduper.Dedupe(input));
  EXPECT_EQ(first, 3u);
  EXPECT_EQ(second, 31u);
  ASSERT_EQ(out.size(), 3u + 28u + 15u);
  EXPECT_EQ(HexRange(out, 0, 3), "aa bb cc");
  EXPECT_EQ(HexRange(out, 3, 31), SpacedHex(input));
  // Back-references are relative, so the second copy is the same bytes as from an empty buffer.
  EXPECT_EQ(HexRange(out, 31, 46), "c0 02 20 0d 34 1e c8 e8 31 c1 21 8b 24 17 03");
  ASSERT_OK_AND_ASSIGN(const CodeInfo original, CodeInfo::Decode(input));
  ASSERT_OK_AND_ASSIGN(const CodeInfo copy1, CodeInfo::Decode(out, first));
  ASSERT_OK_AND_ASSIGN(const CodeInfo copy2, CodeInfo::Decode(out, second));
  EXPECT_TRUE(SameTables(copy1, original));
  EXPECT_TRUE(SameTables(copy2, original));
}

// The input may be a CodeInfo that already sits in the output buffer (say, to dedupe it again
// against later ones); the result must be as if a copy of it had been passed.
TEST(CodeInfoTableDeduperTest, InputInsideTheOutputBufferIsDedupedLikeACopy) {
  const std::vector<uint8_t> input = TestBytes(kTest1X64);
  std::vector<uint8_t> out;
  CodeInfoTableDeduper deduper(&out);
  ASSERT_OK_AND_ASSIGN(const size_t first, deduper.Dedupe(input));
  out.shrink_to_fit();  // the next append must reallocate
  ASSERT_OK_AND_ASSIGN(const size_t second,
                       deduper.Dedupe(absl::MakeConstSpan(out).subspan(first, 28)));
  EXPECT_EQ(second, 28u);
  EXPECT_EQ(HexRange(out, 28, out.size()), "c0 02 20 0d 34 1e c8 e8 31 c1 21 8b 24 17 03");
}

TEST(CodeInfoTableDeduperTest, CopiesOnlyTheCodeInfoNotTrailingBytes) {
  std::vector<uint8_t> input = TestBytes(kTest1X64);
  input.push_back(0xEE);  // not part of the 217-bit CodeInfo
  std::vector<uint8_t> out;
  CodeInfoTableDeduper deduper(&out);
  ASSERT_OK_AND_ASSIGN(const size_t first, deduper.Dedupe(input));
  EXPECT_EQ(first, 0u);
  EXPECT_EQ(SpacedHex(out), std::string(kTest1X64));
}

}  // namespace
}  // namespace frameproof
