// Specification of UntrustedCodeInfo: opening reads no rows, each query checks the cells it
// follows and names the first bad one, and on bytes Decode() accepts every query answers what
// CodeInfo's answers.
//
// The method below comes from StackMapStream; each corruption overwrites one cell of it with the
// largest value its column can hold, which points past the table the column indexes.

#include "core/art/untrusted_code_info.h"

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "core/art/code_info.h"
#include "core/art/dex_register_location.h"
#include "core/art/stack_map.h"
#include "core/art/stack_map_stream.h"
#include "core/base/instruction_set.h"
#include "core/base/status_macros.h"
#include "core/base/status_testing.h"
#include "core/bit_table/bit_table_errors.h"
#include "core/bits/bit_memory_region.h"
#include "gtest/gtest.h"

namespace frameproof {
namespace {

constexpr InstructionSet kIsa = InstructionSet::kX86_64;

// A query's status, whether it returns a value or not.
absl::Status ToStatus(const absl::Status& status) { return status; }
template <typename T>
absl::Status ToStatus(const absl::StatusOr<T>& result) {
  return result.status();
}
// A query's value; a failed query fails the test and yields T().
template <typename T>
T Value(const absl::StatusOr<T>& result) {
  EXPECT_TRUE(result.ok()) << result.status();
  return result.ok() ? *result : T();
}

// Four maps at native pcs 8, 16, 24, 32 over four registers. Every table that a corruption below
// targets has an index column wide enough to hold a value past the table's rows: two register
// masks (map 2's shifted by 31), two stack masks, four inline rows (a three-level chain at map 1,
// one level at map 2), four register-change masks and four catalogue entries with location kinds
// up to kInFpuRegister.
absl::StatusOr<std::vector<uint8_t>> EncodeMethod() {
  StackMapStream stream(kIsa, VerifyMode::kOn);
  FP_RETURN_IF_ERROR(stream.BeginMethod({.frame_size_in_bytes = 64, .num_dex_registers = 4}));
  const auto add = [&stream](std::vector<DexRegisterLocation> registers) -> absl::Status {
    for (const DexRegisterLocation& r : registers) {
      FP_RETURN_IF_ERROR(stream.AddDexRegisterEntry(r.kind, r.value));
    }
    return absl::OkStatus();
  };
  const auto inline_level = [&](uint64_t method, uint32_t dex_pc,
                                std::vector<DexRegisterLocation> registers) -> absl::Status {
    FP_RETURN_IF_ERROR(stream.BeginInlineInfoEntry(ArtMethodPointer{method}, dex_pc,
                                                   static_cast<uint32_t>(registers.size())));
    FP_RETURN_IF_ERROR(add(registers));
    return stream.EndInlineInfoEntry();
  };
  const auto params = [](uint32_t dex_pc, uint32_t native_pc, uint32_t register_mask,
                         uint32_t stack_slot) {
    StackMapParams params;
    params.dex_pc = dex_pc;
    params.native_pc_offset = native_pc;
    params.register_mask = register_mask;
    params.stack_mask.SetBit(stack_slot);
    return params;
  };
  const DexRegisterLocation slot8{DexRegisterKind::kInStack, 8};
  const DexRegisterLocation reg3{DexRegisterKind::kInRegister, 3};
  const DexRegisterLocation seven{DexRegisterKind::kConstant, 7};
  const DexRegisterLocation fpu2{DexRegisterKind::kInFpuRegister, 2};
  const DexRegisterLocation none = DexRegisterLocation::None();

  FP_RETURN_IF_ERROR(stream.BeginStackMapEntry(params(1, 8, 0x6, 5)));
  FP_RETURN_IF_ERROR(add({slot8, reg3, seven, none}));
  FP_RETURN_IF_ERROR(stream.EndStackMapEntry());

  FP_RETURN_IF_ERROR(stream.BeginStackMapEntry(params(2, 16, 0x6, 3)));
  FP_RETURN_IF_ERROR(add({slot8, seven, seven, fpu2}));
  FP_RETURN_IF_ERROR(inline_level(0x70001000, 5, {reg3, slot8}));
  FP_RETURN_IF_ERROR(inline_level(0x70002000, 6, {seven}));
  FP_RETURN_IF_ERROR(inline_level(0x70003000, 7, {fpu2}));
  FP_RETURN_IF_ERROR(stream.EndStackMapEntry());

  FP_RETURN_IF_ERROR(stream.BeginStackMapEntry(params(3, 24, 1u << 31, 5)));
  FP_RETURN_IF_ERROR(add({none, none, reg3, reg3}));
  FP_RETURN_IF_ERROR(inline_level(0x70004000, 9, {slot8}));
  FP_RETURN_IF_ERROR(stream.EndStackMapEntry());

  FP_RETURN_IF_ERROR(stream.BeginStackMapEntry(params(4, 32, 0x6, 5)));
  FP_RETURN_IF_ERROR(add({fpu2, slot8, none, seven}));
  FP_RETURN_IF_ERROR(stream.EndStackMapEntry());
  FP_RETURN_IF_ERROR(stream.EndMethod(64));
  return stream.Encode();
}

// Overwrites cell (row, column) of `table` (decoded from `bytes`) with the column's largest value.
template <typename Accessor>
void SetCellToItsLargestValue(std::vector<uint8_t>& bytes, const BitTable<Accessor>& table,
                              uint32_t row, uint32_t column) {
  const size_t width = table.NumColumnBits(column);
  ASSERT_GT(width, 0u) << kColumnNamesOf<Accessor>[column] << " is a 0-bit column";
  MutableBitMemoryRegion(bytes.data(), 0, bytes.size() * 8)
      .StoreBits(CellBitOffsetInBuffer(table, bytes.data(), row, column), ~uint64_t{0}, width);
}

// Overwrites cell (row, column) of `table` with `value` (stored biased, as every cell is); the
// column must be wide enough to hold it.
template <typename Accessor>
void SetCell(std::vector<uint8_t>& bytes, const BitTable<Accessor>& table, uint32_t row,
             uint32_t column, uint32_t value) {
  const size_t width = table.NumColumnBits(column);
  const uint64_t stored = uint64_t{value} + 1;
  ASSERT_LT(stored, uint64_t{1} << width) << kColumnNamesOf<Accessor>[column] << " is too narrow";
  MutableBitMemoryRegion(bytes.data(), 0, bytes.size() * 8)
      .StoreBits(CellBitOffsetInBuffer(table, bytes.data(), row, column), stored, width);
}

class UntrustedCodeInfoTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_OK_AND_ASSIGN(bytes_, EncodeMethod());
    ASSERT_OK_AND_ASSIGN(trusted_, CodeInfo::Decode(bytes_));
  }

  // Opens the corrupted bytes; Decode() must reject them, Open() must not.
  UntrustedCodeInfo OpenCorrupted() {
    EXPECT_FALSE(CodeInfo::Decode(bytes_).ok()) << "the corruption is not one Decode() sees";
    absl::StatusOr<UntrustedCodeInfo> opened = UntrustedCodeInfo::Open(bytes_);
    EXPECT_TRUE(opened.ok()) << opened.status();
    return *opened;
  }
  StackMap MapAt(const UntrustedCodeInfo& info, uint32_t row) { return *info.GetStackMapAt(row); }

  std::vector<uint8_t> bytes_;
  CodeInfo trusted_;
};

TEST_F(UntrustedCodeInfoTest, EveryQueryAnswersWhatTheDecodedCodeInfoAnswers) {
  ASSERT_OK_AND_ASSIGN(const UntrustedCodeInfo info, UntrustedCodeInfo::Open(bytes_));
  ASSERT_EQ(info.GetNumberOfStackMaps(), 4u);
  for (uint32_t row = 0; row < 4; ++row) {
    SCOPED_TRACE(row);
    const StackMap map = MapAt(info, row);
    const StackMap same = trusted_.GetStackMapAt(row);
    EXPECT_EQ(Value(info.GetRegisterMaskOf(map)), trusted_.GetRegisterMaskOf(same));
    EXPECT_EQ(Value(info.GetStackMaskOf(map)), trusted_.GetStackMaskOf(same));
    EXPECT_EQ(Value(info.GetDexRegisterMapOf(map)), trusted_.GetDexRegisterMapOf(same));
    ASSERT_OK_AND_ASSIGN(const InlineInfoRange chain, info.GetInlineInfosOf(map));
    ASSERT_EQ(chain.size(), trusted_.GetInlineInfosOf(same).size());
    for (uint32_t depth = 0; depth < chain.size(); ++depth) {
      EXPECT_EQ(Value(info.GetInlineDexRegisterMapOf(map, chain[depth])),
                trusted_.GetInlineDexRegisterMapOf(same, trusted_.GetInlineInfosOf(same)[depth]));
    }
  }
  EXPECT_EQ(info.GetStackMapForNativePcOffset(16, kIsa).Row(), 1u);
  EXPECT_EQ(info.GetInlineInfosOf(MapAt(info, 1))->size(), 3u);
}

TEST_F(UntrustedCodeInfoTest, StackMapPastTheTableIsOutOfRange) {
  ASSERT_OK_AND_ASSIGN(const UntrustedCodeInfo info, UntrustedCodeInfo::Open(bytes_));
  EXPECT_TRUE(FailsWith(ToStatus(info.GetStackMapAt(4)), absl::StatusCode::kOutOfRange,
                        "past the 4 rows of StackMap"));
}

TEST_F(UntrustedCodeInfoTest, ValidateIsDecode) {
  ASSERT_OK_AND_ASSIGN(const UntrustedCodeInfo info, UntrustedCodeInfo::Open(bytes_));
  ASSERT_OK_AND_ASSIGN(const CodeInfo validated, info.Validate());
  EXPECT_EQ(validated.bit_size(), trusted_.bit_size());
}

// As ART's subset decodes, a subset open reads no table after the last one it keeps: bytes cut
// inside the DexRegisterMask table still open for the GC masks and the inline chains, not whole.
TEST_F(UntrustedCodeInfoTest, SubsetOpenReadsNoTableAfterItsLast) {
  const size_t cut = CodeInfo::DecodeTrusted(bytes_).TableBitStart(BitTableId::kDexRegisterMask);
  bytes_.resize((cut + 7) / 8);  // the mask table's header needs 8 bits; at most 7 remain
  EXPECT_FALSE(UntrustedCodeInfo::Open(bytes_).ok());
  ASSERT_OK_AND_ASSIGN(const UntrustedCodeInfo gc_masks,
                       UntrustedCodeInfo::Open(bytes_, 0, CodeInfo::Subset::kGcMasksOnly));
  EXPECT_EQ(Value(gc_masks.GetRegisterMaskOf(MapAt(gc_masks, 2))),
            trusted_.GetRegisterMaskOf(trusted_.GetStackMapAt(2)));
  ASSERT_OK_AND_ASSIGN(const UntrustedCodeInfo inline_infos,
                       UntrustedCodeInfo::Open(bytes_, 0, CodeInfo::Subset::kInlineInfoOnly));
  EXPECT_EQ(inline_infos.GetInlineInfosOf(MapAt(inline_infos, 1))->size(), 3u);
  // Validate() is Decode() of the subset: it needs the whole CodeInfo.
  EXPECT_FALSE(gc_masks.Validate().ok());
}

TEST_F(UntrustedCodeInfoTest, RegisterMaskIndexPastItsTableFailsOnlyThatQuery) {
  SetCellToItsLargestValue(bytes_, trusted_.stack_maps(), 0, StackMap::kRegisterMaskIndex);
  const UntrustedCodeInfo info = OpenCorrupted();
  EXPECT_TRUE(FailsWith(ToStatus(info.GetRegisterMaskOf(MapAt(info, 0))),
                        absl::StatusCode::kInvalidArgument,
                        "StackMap row 0 column RegisterMaskIndex (bit offset"));
  EXPECT_EQ(Value(info.GetDexRegisterMapOf(MapAt(info, 0))),
            trusted_.GetDexRegisterMapOf(trusted_.GetStackMapAt(0)));
  EXPECT_TRUE(FailsWith(ToStatus(info.Validate()), absl::StatusCode::kInvalidArgument,
                        "StackMap row 0 column RegisterMaskIndex"));
}

TEST_F(UntrustedCodeInfoTest, RegisterMaskShiftOf32IsRejected) {
  const uint32_t mask_row = trusted_.GetStackMapAt(2).GetRegisterMaskIndex();
  SetCellToItsLargestValue(bytes_, trusted_.register_masks(), mask_row, RegisterMask::kShift);
  const UntrustedCodeInfo info = OpenCorrupted();
  EXPECT_TRUE(FailsWith(ToStatus(info.GetRegisterMaskOf(MapAt(info, 2))),
                        absl::StatusCode::kInvalidArgument,
                        absl::StrCat("RegisterMask row ", mask_row, " column Shift")));
}

// 32 is the first shift a 32-bit mask cannot take (the test above stores the column's largest).
TEST_F(UntrustedCodeInfoTest, RegisterMaskShiftOfExactly32IsRejected) {
  const uint32_t mask_row = trusted_.GetStackMapAt(2).GetRegisterMaskIndex();
  SetCell(bytes_, trusted_.register_masks(), mask_row, RegisterMask::kShift, 32);
  const UntrustedCodeInfo info = OpenCorrupted();
  EXPECT_TRUE(FailsWith(ToStatus(info.GetRegisterMaskOf(MapAt(info, 2))),
                        absl::StatusCode::kInvalidArgument,
                        "shift 32 is not a valid shift of a 32-bit mask"));
}

TEST_F(UntrustedCodeInfoTest, StackMaskIndexPastItsTableIsRejected) {
  SetCellToItsLargestValue(bytes_, trusted_.stack_maps(), 1, StackMap::kStackMaskIndex);
  const UntrustedCodeInfo info = OpenCorrupted();
  EXPECT_TRUE(FailsWith(ToStatus(info.GetStackMaskOf(MapAt(info, 1))),
                        absl::StatusCode::kInvalidArgument,
                        "StackMap row 1 column StackMaskIndex"));
}

TEST_F(UntrustedCodeInfoTest, InlineInfoIndexPastItsTableIsRejected) {
  SetCellToItsLargestValue(bytes_, trusted_.stack_maps(), 2, StackMap::kInlineInfoIndex);
  const UntrustedCodeInfo info = OpenCorrupted();
  EXPECT_TRUE(FailsWith(ToStatus(info.GetInlineInfosOf(MapAt(info, 2))),
                        absl::StatusCode::kInvalidArgument,
                        "StackMap row 2 column InlineInfoIndex"));
}

// A chain whose last row says another level follows is reported at that row, the table's last.
TEST_F(UntrustedCodeInfoTest, InlineChainRunningOffTheTableNamesItsLastRow) {
  const uint32_t last_row = trusted_.inline_infos().NumRows() - 1;
  ASSERT_EQ(trusted_.GetStackMapAt(2).GetInlineInfoIndex(), last_row);  // map 2's one level
  SetCell(bytes_, trusted_.inline_infos(), last_row, InlineInfo::kIsLast, InlineInfo::kMore);
  const UntrustedCodeInfo info = OpenCorrupted();
  const absl::Status status = ToStatus(info.GetInlineInfosOf(MapAt(info, 2)));
  EXPECT_TRUE(FailsWith(status, absl::StatusCode::kInvalidArgument,
                        absl::StrCat("InlineInfo row ", last_row, " column IsLast (bit offset ")));
  EXPECT_TRUE(FailsWith(status, absl::StatusCode::kInvalidArgument,
                        "the chain continues past the end of the table"));
}

TEST_F(UntrustedCodeInfoTest, DexRegisterMaskIndexPastItsTableIsRejected) {
  SetCellToItsLargestValue(bytes_, trusted_.stack_maps(), 2, StackMap::kDexRegisterMaskIndex);
  const UntrustedCodeInfo info = OpenCorrupted();
  EXPECT_TRUE(FailsWith(ToStatus(info.GetDexRegisterMapOf(MapAt(info, 2))),
                        absl::StatusCode::kInvalidArgument,
                        "StackMap row 2 column DexRegisterMaskIndex"));
}

TEST_F(UntrustedCodeInfoTest, DexRegisterMapIndexPastItsTableIsRejected) {
  SetCellToItsLargestValue(bytes_, trusted_.stack_maps(), 2, StackMap::kDexRegisterMapIndex);
  const UntrustedCodeInfo info = OpenCorrupted();
  // The outer registers' entries may still fit; the inline level's, after them, do not.
  const StackMap map = MapAt(info, 2);
  const InlineInfo level = (*info.GetInlineInfosOf(map))[0];
  EXPECT_TRUE(FailsWith(ToStatus(info.GetInlineDexRegisterMapOf(map, level)),
                        absl::StatusCode::kInvalidArgument,
                        "StackMap row 2 column DexRegisterMapIndex"));
}

TEST_F(UntrustedCodeInfoTest, CatalogueIndexPastItsTableIsRejected) {
  SetCellToItsLargestValue(bytes_, trusted_.dex_register_maps(), 0,
                           DexRegisterMapInfo::kCatalogueIndex);
  const UntrustedCodeInfo info = OpenCorrupted();
  EXPECT_TRUE(FailsWith(ToStatus(info.GetDexRegisterMapOf(MapAt(info, 0))),
                        absl::StatusCode::kInvalidArgument,
                        "DexRegisterMapInfo row 0 column CatalogueIndex"));
}

TEST_F(UntrustedCodeInfoTest, UnknownLocationKindIsRejected) {
  SetCellToItsLargestValue(bytes_, trusted_.dex_register_catalog(), 0, DexRegisterInfo::kKind);
  const UntrustedCodeInfo info = OpenCorrupted();
  absl::Status first_error;
  for (uint32_t row = 0; row < 4 && first_error.ok(); ++row) {
    first_error = info.GetDexRegisterMapOf(MapAt(info, row)).status();
  }
  EXPECT_TRUE(FailsWith(ToStatus(first_error), absl::StatusCode::kInvalidArgument,
                        "DexRegisterInfo row 0 column Kind"));
}

// Two maps over three registers, each changing all three: six DexRegisterMapInfo rows, map 1's
// from index 3. Moved to index 4, its index still names a row but its last entry does not: the
// popcount of its mask, not the index alone, decides.
TEST(UntrustedCodeInfoValidate, DexRegisterMapEntriesRunningPastTheTableAreRejected) {
  StackMapStream stream(kIsa, VerifyMode::kOn);
  ASSERT_OK(stream.BeginMethod({.frame_size_in_bytes = 64, .num_dex_registers = 3}));
  for (const int32_t base : {8, 16}) {
    StackMapParams params;
    params.native_pc_offset = static_cast<uint32_t>(base);
    ASSERT_OK(stream.BeginStackMapEntry(std::move(params)));
    ASSERT_OK(stream.AddDexRegisterEntry(DexRegisterKind::kInStack, base));
    ASSERT_OK(stream.AddDexRegisterEntry(DexRegisterKind::kInRegister, base / 8));
    ASSERT_OK(stream.AddDexRegisterEntry(DexRegisterKind::kConstant, base + 1));
    ASSERT_OK(stream.EndStackMapEntry());
  }
  ASSERT_OK(stream.EndMethod(64));
  ASSERT_OK_AND_ASSIGN(std::vector<uint8_t> bytes, stream.Encode());
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  ASSERT_EQ(info.dex_register_maps().NumRows(), 6u);
  ASSERT_EQ(info.GetStackMapAt(1).GetDexRegisterMapIndex(), 3u);
  SetCell(bytes, info.stack_maps(), 1, StackMap::kDexRegisterMapIndex, 4);
  EXPECT_TRUE(FailsWith(CodeInfo::Decode(bytes).status(), absl::StatusCode::kInvalidArgument,
                        "the mask names 3 changed registers but their entries from index 4 do "
                        "not fit in the 6 rows of DexRegisterMapInfo"));
}

}  // namespace
}  // namespace frameproof
