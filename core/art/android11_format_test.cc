// Specification of ArtFormat::kAndroid11: Android 11's CodeInfo layout through the same codec.
// The bytes asserted here are ones Debian's Android 11 libart.so reads back with the answers
// stated (verifiers/libart checks that for every generated method); the rest states each rule
// where the release differs from today's: six header fields without code_size, two flags at
// their own bits, a one-column MethodInfo, a catch lookup by the outer dex pc alone, and a
// deduper that never shares a table within one CodeInfo and points at the latest copy.

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "core/art/art_format.h"
#include "core/art/code_info.h"
#include "core/art/code_info_relay.h"
#include "core/art/code_info_table_deduper.h"
#include "core/art/code_info_test_support.h"
#include "core/art/stack_map_stream.h"
#include "core/art/untrusted_code_info.h"
#include "core/base/hex.h"
#include "core/base/status_macros.h"
#include "core/base/status_testing.h"
#include "core/bits/bit_memory_reader.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace frameproof {
namespace {

using art_testing::SpacedHex;
using ::testing::ElementsAre;

constexpr ArtFormat kAndroid11 = ArtFormat::kAndroid11;
constexpr CodeInfo::Subset kAll = CodeInfo::Subset::kAll;

// Frame 64, two registers, one Default map at native pc 4 (x86_64), dex pc 3, nothing else:
// header nibbles 0 4 0 0 2 1, StackMap header 1 0 3 3 0 0 0 0 0, then the biased pcs 5 and 4 in
// 3 bits each. libart's constructor reads 66 bits of it.
constexpr absl::string_view kOneMapAndroid11 = "40 00 12 01 33 00 00 50 02";

absl::StatusOr<std::vector<uint8_t>> EncodeOneMap(ArtFormat format, MethodParams method,
                                                  StackMapParams map, uint32_t code_size = 16) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn, format);
  FP_RETURN_IF_ERROR(stream.BeginMethod(method));
  FP_RETURN_IF_ERROR(stream.BeginStackMapEntry(map));
  FP_RETURN_IF_ERROR(stream.EndStackMapEntry());
  FP_RETURN_IF_ERROR(stream.EndMethod(code_size));
  return stream.Encode();
}

MethodParams SmallMethod() {
  MethodParams method;
  method.frame_size_in_bytes = 64;
  method.num_dex_registers = 2;
  return method;
}
StackMapParams DefaultMap() {
  StackMapParams map;
  map.dex_pc = 3;
  map.native_pc_offset = 4;
  map.needs_vreg_info = false;
  return map;
}
DexMethodReference Method(uint32_t index) {
  DexMethodReference method;
  method.dex_method_index = index;
  return method;
}

TEST(Android11FormatTest, StreamWritesSixHeaderFieldsAndNoCodeSize) {
  const absl::StatusOr<std::vector<uint8_t>> bytes =
      EncodeOneMap(kAndroid11, SmallMethod(), DefaultMap());
  ASSERT_OK(bytes.status());
  EXPECT_EQ(SpacedHex(*bytes), kOneMapAndroid11);

  const absl::StatusOr<CodeInfo> info = CodeInfo::Decode(*bytes, 0, kAll, kAndroid11);
  ASSERT_OK(info.status());
  EXPECT_EQ(info->format(), kAndroid11);
  EXPECT_EQ(info->bit_size(), 66u);
  EXPECT_EQ(info->code_size(), 0u);
  EXPECT_EQ(info->frame_size_in_bytes(), 64u);
  EXPECT_EQ(info->GetStackMapForNativePcOffset(4, InstructionSet::kX86_64).Row(), 0u);
  EXPECT_EQ(info->GetStackMapAt(0).GetDexPc(), 3u);
}

TEST(Android11FormatTest, HeaderOnlyReadsFollowTheFormat) {
  const std::vector<uint8_t> bytes = TestBytes(kOneMapAndroid11);
  EXPECT_EQ(*CodeInfo::DecodeCodeSize(bytes, 0, kAndroid11), 0u);
  EXPECT_EQ(CodeInfo::DecodeFrameInfo(bytes, 0, kAndroid11)->frame_size_in_bytes, 64u);
  EXPECT_EQ(CodeInfo::DecodeFrameInfoTrusted(bytes, 0, kAndroid11).frame_size_in_bytes, 64u);
  EXPECT_EQ(CodeInfo::DecodeHeaderOnlyTrusted(bytes, 0, kAndroid11).bit_table_flags, 1u);
  // Read as today's layout the same nibbles say a frame of 0 and code_size 4.
  EXPECT_EQ(CodeInfo::DecodeHeaderOnlyTrusted(bytes).code_size, 4u);
}

TEST(Android11FormatTest, TodaysBytesOfTheSameMethodCarryTheCodeSize) {
  const absl::StatusOr<std::vector<uint8_t>> bytes =
      EncodeOneMap(ArtFormat::kCurrent, SmallMethod(), DefaultMap(), 16);
  ASSERT_OK(bytes.status());
  EXPECT_EQ(CodeInfo::DecodeCodeSize(*bytes).value(), 16u);
  EXPECT_NE(SpacedHex(*bytes), kOneMapAndroid11);
}

TEST(Android11FormatTest, BaselineIsFlagBitOne) {
  MethodParams method = SmallMethod();
  method.baseline = true;
  const absl::StatusOr<std::vector<uint8_t>> bytes = EncodeOneMap(kAndroid11, method, DefaultMap());
  ASSERT_OK(bytes.status());
  const CodeInfo info = CodeInfo::DecodeTrusted(*bytes, 0, kAll, kAndroid11);
  EXPECT_EQ(info.header().flags, 2u);
  EXPECT_TRUE(info.HasFlag(kIsBaseline));
  EXPECT_FALSE(info.HasFlag(kHasShouldDeoptimizeFlag));
}

TEST(Android11FormatTest, FlagBitsTodayDefinesAreUnknownInAndroid11) {
  // Header flags nibble 4: today's IsBaseline, a bit Android 11 never set.
  std::vector<uint8_t> bytes = TestBytes(kOneMapAndroid11);
  bytes[0] = 0x44;
  EXPECT_TRUE(FailsWith(CodeInfo::Decode(bytes, 0, kAll, kAndroid11).status(),
                        absl::StatusCode::kInvalidArgument,
                        "flags has unknown bits 0x4 (the android11 format defines 0x3)"));
}

TEST(Android11FormatTest, MethodInfoHasOneColumn) {
  StackMapStream stream(InstructionSet::kArm64, VerifyMode::kOn, kAndroid11);
  MethodParams method = SmallMethod();
  method.num_dex_registers = 1;
  ASSERT_OK(stream.BeginMethod(method));
  StackMapParams map = DefaultMap();
  map.needs_vreg_info = true;
  ASSERT_OK(stream.BeginStackMapEntry(map));
  ASSERT_OK(stream.AddDexRegisterEntry(DexRegisterKind::kInRegister, 5));
  ASSERT_OK(stream.BeginInlineInfoEntry(Method(7), 2, 0));
  ASSERT_OK(stream.EndInlineInfoEntry());
  ASSERT_OK(stream.EndStackMapEntry());
  ASSERT_OK(stream.EndMethod(16));
  const absl::StatusOr<std::vector<uint8_t>> bytes = stream.Encode();
  ASSERT_OK(bytes.status());

  const CodeInfo info = *CodeInfo::Decode(*bytes, 0, kAll, kAndroid11);
  EXPECT_TRUE(info.HasFlag(kHasInlineInfo));
  EXPECT_EQ(info.TableEncodedColumns(BitTableId::kMethodInfo), 1u);
  EXPECT_EQ(info.TableEncodedColumns(BitTableId::kInlineInfo), 6u);
  // Method index 7 is stored biased, as 8: four bits.
  EXPECT_THAT(info.TableColumnBits(BitTableId::kMethodInfo), ElementsAre(4, 0, 0));
  const InlineInfo level = info.GetInlineInfosOf(info.GetStackMapAt(0))[0];
  EXPECT_EQ(info.GetMethodInfoOf(level).GetMethodIndex(), 7u);
  EXPECT_FALSE(info.GetMethodInfoOf(level).HasDexFileIndex());
}

TEST(Android11FormatTest, StreamRefusesWhatAndroid11CannotSay) {
  MethodParams debuggable = SmallMethod();
  debuggable.debuggable = true;
  EXPECT_TRUE(FailsWith(EncodeOneMap(kAndroid11, debuggable, DefaultMap()).status(),
                        absl::StatusCode::kInvalidArgument, "no IsDebuggable flag"));
  MethodParams deoptimize = SmallMethod();
  deoptimize.has_should_deoptimize_flag = true;
  EXPECT_TRUE(FailsWith(EncodeOneMap(kAndroid11, deoptimize, DefaultMap()).status(),
                        absl::StatusCode::kInvalidArgument, "no HasShouldDeoptimize"));

  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOff, kAndroid11);
  ASSERT_OK(stream.BeginMethod(SmallMethod()));
  ASSERT_OK(stream.BeginStackMapEntry(DefaultMap()));
  DexMethodReference other_dex = Method(1);
  other_dex.dex_file = {DexFileRef::Kind::kBootClassPath, 2};
  EXPECT_TRUE(FailsWith(stream.BeginInlineInfoEntry(other_dex, 0, 0),
                        absl::StatusCode::kInvalidArgument, "another dex file"));
}

StackMapParams CatchMap(uint32_t dex_pc, uint32_t native_pc) {
  StackMapParams map = DefaultMap();
  map.dex_pc = dex_pc;
  map.native_pc_offset = native_pc;
  map.kind = StackMapKind::kCatch;
  map.catch_dex_pcs = {dex_pc};
  return map;
}

TEST(Android11FormatTest, StreamRefusesTwoCatchMapsAtOneDexPc) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOff, kAndroid11);
  ASSERT_OK(stream.BeginMethod(SmallMethod()));
  ASSERT_OK(stream.BeginStackMapEntry(CatchMap(9, 4)));
  ASSERT_OK(stream.EndStackMapEntry());
  EXPECT_TRUE(FailsWith(stream.BeginStackMapEntry(CatchMap(9, 8)),
                        absl::StatusCode::kInvalidArgument, "Catch map 0 has dex pc 9 already"));
}

TEST(Android11FormatTest, CatchLookupTakesTheLastCatchMapAtTheOuterDexPc) {
  // Two catch maps at dex pc 9 can only come from today's encoder; Android 11's lookup still
  // has an answer for them: the last one, whatever its inline chain.
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOff, ArtFormat::kCurrent);
  ASSERT_OK(stream.BeginMethod(SmallMethod()));
  ASSERT_OK(stream.BeginStackMapEntry(CatchMap(9, 4)));
  ASSERT_OK(stream.EndStackMapEntry());
  StackMapParams inlined = CatchMap(9, 8);
  inlined.catch_dex_pcs = {9, 1};
  ASSERT_OK(stream.BeginStackMapEntry(inlined));
  ASSERT_OK(stream.BeginInlineInfoEntry(Method(4), 1, 0));
  ASSERT_OK(stream.EndInlineInfoEntry());
  ASSERT_OK(stream.EndStackMapEntry());
  ASSERT_OK(stream.EndMethod(16));
  const std::vector<uint8_t> current = *stream.Encode();
  const CodeInfo today = CodeInfo::DecodeTrusted(current);
  const uint32_t outer_only[] = {9};
  const uint32_t with_chain[] = {9, 1};
  EXPECT_EQ(today.GetCatchStackMapForDexPc(outer_only).Row(), 0u);
  EXPECT_EQ(today.GetCatchStackMapForDexPc(with_chain).Row(), 1u);

  // The same tables under Android 11's header and one-column MethodInfo.
  const std::vector<uint8_t> relaid = *RelayCodeInfo(current, ArtFormat::kCurrent, kAndroid11);
  const CodeInfo android11 = *CodeInfo::Decode(relaid, 0, kAll, kAndroid11);
  EXPECT_EQ(android11.GetCatchStackMapForDexPc(outer_only).Row(), 1u);
  EXPECT_FALSE(android11.GetCatchStackMapForDexPc(with_chain).IsValid());
}

// Android 11 keeps the code size in the method header, so a relay to today's layout records the
// code size it is given.
TEST(Android11FormatTest, RelayToTodaysLayoutRecordsTheGivenCodeSize) {
  const std::vector<uint8_t> android11 = TestBytes(kOneMapAndroid11);
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> relaid,
                       RelayCodeInfo(android11, kAndroid11, ArtFormat::kCurrent,
                                     /*code_size=*/16));
  ASSERT_OK(CodeInfo::Decode(relaid).status());
  ASSERT_OK_AND_ASSIGN(const uint32_t code_size, CodeInfo::DecodeCodeSize(relaid));
  EXPECT_EQ(code_size, 16u);
}

// Where both layouts encode a code size, the CodeInfo's own is kept and the argument ignored.
TEST(Android11FormatTest, RelayBetweenLayoutsWithACodeSizeKeepsTheCodeInfosOwn) {
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> today,
                       EncodeOneMap(ArtFormat::kCurrent, SmallMethod(), DefaultMap(), 16));
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> relaid,
                       RelayCodeInfo(today, ArtFormat::kCurrent, ArtFormat::kCurrent,
                                     /*code_size=*/99));
  ASSERT_OK_AND_ASSIGN(const uint32_t code_size, CodeInfo::DecodeCodeSize(relaid));
  EXPECT_EQ(code_size, 16u);
}

TEST(Android11FormatTest, ValidationDoesNotCheckPcsAgainstACodeSizeItDoesNotHave) {
  StackMapParams far = DefaultMap();
  far.native_pc_offset = 4000;
  const absl::StatusOr<std::vector<uint8_t>> bytes =
      EncodeOneMap(kAndroid11, SmallMethod(), far, 4096);
  ASSERT_OK(bytes.status());
  EXPECT_TRUE((CodeInfo::Decode(*bytes, 0, kAll, kAndroid11).status()).ok());
  EXPECT_TRUE((UntrustedCodeInfo::Open(*bytes, 0, kAll, kAndroid11)->Validate().status()).ok());
}

TEST(Android11FormatTest, UntrustedOpenReadsTheFormat) {
  const std::vector<uint8_t> bytes = TestBytes(kOneMapAndroid11);
  const absl::StatusOr<UntrustedCodeInfo> opened =
      UntrustedCodeInfo::Open(bytes, 0, kAll, kAndroid11);
  ASSERT_OK(opened.status());
  EXPECT_EQ(opened->format(), kAndroid11);
  EXPECT_EQ(opened->GetNumberOfStackMaps(), 1u);
  EXPECT_EQ(opened->header().packed_frame_size, 4u);
}

// One stack map whose 20 registers all change and whose stack mask is 20 set bits: the
// StackMask and DexRegisterMask tables are then the same 36 bits.
std::vector<uint8_t> TwinTables(ArtFormat format) {
  StackMapStream stream(InstructionSet::kX86_64, VerifyMode::kOn, format);
  constexpr uint32_t kRegisters = 20;
  MethodParams method = SmallMethod();
  method.num_dex_registers = kRegisters;
  EXPECT_TRUE((stream.BeginMethod(method)).ok());
  StackMapParams map = DefaultMap();
  map.needs_vreg_info = true;
  for (uint32_t bit = 0; bit < kRegisters; ++bit) map.stack_mask.SetBit(bit);
  EXPECT_TRUE((stream.BeginStackMapEntry(map)).ok());
  for (uint32_t r = 0; r < kRegisters; ++r) {
    EXPECT_TRUE((stream.AddDexRegisterEntry(DexRegisterKind::kInRegister, 1)).ok());
  }
  EXPECT_TRUE((stream.EndStackMapEntry()).ok());
  EXPECT_TRUE((stream.EndMethod(16)).ok());
  return *stream.Encode();
}

TEST(Android11FormatTest, TodaysDeduperSharesTablesWithinOneCodeInfo) {
  const std::vector<uint8_t> code_info = TwinTables(ArtFormat::kCurrent);
  std::vector<uint8_t> out;
  CodeInfoTableDeduper deduper(&out);
  ASSERT_OK(deduper.Dedupe(code_info).status());
  const CodeInfo first = CodeInfo::DecodeTrusted(out);
  EXPECT_TRUE(first.header().IsBitTableDeduped(BitTableId::kDexRegisterMask));
}

TEST(Android11FormatTest, Android11DeduperSharesOnlyWithEarlierCodeInfosAndTheLatestCopy) {
  const std::vector<uint8_t> code_info = TwinTables(kAndroid11);
  std::vector<uint8_t> out;
  CodeInfoTableDeduper deduper(&out, kAndroid11);
  ASSERT_EQ(*deduper.Dedupe(code_info), 0u);
  // Within the first CodeInfo nothing is shared: it is copied as it is.
  EXPECT_EQ(out, code_info);
  const CodeInfo first = CodeInfo::DecodeTrusted(out, 0, kAll, kAndroid11);
  const size_t latest_copy = first.TableBitStart(BitTableId::kDexRegisterMask);

  const size_t second_offset = *deduper.Dedupe(code_info);
  const CodeInfo second = CodeInfo::DecodeTrusted(out, second_offset, kAll, kAndroid11);
  ASSERT_TRUE(second.header().IsBitTableDeduped(BitTableId::kStackMask));
  ASSERT_TRUE(second.header().IsBitTableDeduped(BitTableId::kDexRegisterMask));
  // Both back-references point at the DexRegisterMask copy, the later of the twins.
  for (const BitTableId id : {BitTableId::kStackMask, BitTableId::kDexRegisterMask}) {
    const size_t varint_start = second_offset * kBitsPerByte + second.TableBitStart(id);
    BitMemoryReader reader(out, varint_start);
    EXPECT_EQ(varint_start - reader.ReadVarint(), latest_copy) << BitTableName(id);
  }
}

}  // namespace
}  // namespace frameproof
