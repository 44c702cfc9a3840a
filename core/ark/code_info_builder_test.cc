// CodeInfoBuilder: what it writes for the calls a compiler makes, and how it refuses misuse
// without changing what it has built.

#include "core/ark/code_info_builder.h"

#include <cstdint>
#include <vector>

#include "core/ark/code_info.h"
#include "core/ark/isa_layout_testing.h"
#include "core/base/status_macros.h"
#include "core/base/status_testing.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace frameproof::ark {
namespace {

using ::testing::ElementsAre;
using Location = VRegInfo::Location;
using Type = VRegInfo::Type;
using VRegType = VRegInfo::VRegType;

VRegInfo Vreg(uint32_t value, Location location, Type type = Type::kObject) {
  return VRegInfo{.value = value, .location = location, .type = type};
}

std::vector<uint8_t> EncodeOrDie(const CodeInfoBuilder& builder) {
  absl::StatusOr<std::vector<uint8_t>> bytes = builder.Encode();
  EXPECT_TRUE(bytes.ok()) << bytes.status();
  return bytes.ok() ? *bytes : std::vector<uint8_t>();
}

// A builder holding one method with one map of `vregs` outer vregs at pc 8.
class OneMapBuilder : public testing::Test {
 protected:
  void SetUp() override {
    ASSERT_OK(builder_.BeginMethod(64, 2));
    ASSERT_OK(builder_.BeginStackMap(1, 8, SaveState{}, /*require_vreg_map=*/true));
  }
  CodeInfoBuilder builder_{Arm64()};
};

TEST(CodeInfoBuilder, OutputIsPaddedToEightBytes) {
  CodeInfoBuilder builder(Arm64());
  ASSERT_OK(builder.BeginMethod(16, 0));
  ASSERT_OK(builder.BeginStackMap(0, 4, SaveState{}, false));
  ASSERT_OK(builder.EndStackMap());
  const std::vector<uint8_t> bytes = EncodeOrDie(builder);
  EXPECT_EQ(bytes.size() % 8, 0u);
  EXPECT_FALSE(bytes.empty());
}

TEST(CodeInfoBuilder, HeaderCarriesFrameSizeFloatRegsAndCalleeMasks) {
  CodeInfoBuilder builder(Arm64());
  builder.SetHasFloatRegs(true);
  ASSERT_OK(builder.BeginMethod(0x1230, 5));
  ASSERT_OK(builder.SetFrameSize(0xFFF0));
  builder.SetSavedCalleeRegsMask(0x1FF80000, 0xFF00);
  const std::vector<uint8_t> bytes = EncodeOrDie(builder);
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes, Arm64()));
  EXPECT_EQ(info.header().frame_size(), 0xFFF0u);
  EXPECT_TRUE(info.header().has_float_regs());
  EXPECT_EQ(info.header().callee_reg_mask, 0x1FF80000u);
  EXPECT_EQ(info.header().callee_fp_reg_mask, 0xFF00u);
  EXPECT_EQ(info.header().vregs_count, 5u);
}

// HasFloatRegs is PROPERTIES bit 16 alone: cleared again, it reads back false whatever frame size
// the low sixteen bits hold.
TEST(CodeInfoBuilder, AClearedFloatRegsFlagReadsBackFalse) {
  CodeInfoBuilder builder(Arm64());
  builder.SetHasFloatRegs(true);
  builder.SetHasFloatRegs(false);
  ASSERT_OK(builder.BeginMethod(0xFFFF, 0));
  const std::vector<uint8_t> bytes = EncodeOrDie(builder);
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes, Arm64()));
  EXPECT_FALSE(info.header().has_float_regs());
  EXPECT_EQ(info.header().frame_size(), 0xFFFFu);
}

TEST(CodeInfoBuilder, NativePcsAreStoredDividedByTheInstructionAlignment) {
  CodeInfoBuilder builder(Arm64());
  ASSERT_OK(builder.BeginMethod(16, 0));
  ASSERT_OK(builder.BeginStackMap(3, 400, SaveState{}, false));
  ASSERT_OK(builder.EndStackMap());
  const std::vector<uint8_t> bytes = EncodeOrDie(builder);
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes, Arm64()));
  EXPECT_EQ(info.GetStackMap(0).GetNativePc(), 100u);
  EXPECT_EQ(info.FindStackMapForNativePc(400).Row(), 0u);
}

TEST(CodeInfoBuilder, ConstantsAddTheirLowHalfFirst) {
  CodeInfoBuilder builder(Arm64());
  ASSERT_OK(builder.BeginMethod(16, 1));
  ASSERT_OK(builder.BeginStackMap(0, 4, SaveState{}, true));
  ASSERT_OK(builder.AddConstant(0xAAAAAAAA'55555555, Type::kInt64, VRegType::kVReg));
  ASSERT_OK(builder.EndStackMap());
  const std::vector<uint8_t> bytes = EncodeOrDie(builder);
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes, Arm64()));
  // Row 0 is BeginMethod's 0; then the low half, then the high half.
  ASSERT_EQ(info.constants().NumRows(), 3u);
  EXPECT_EQ(info.constants().GetRow(1).GetValue(), 0x55555555u);
  EXPECT_EQ(info.constants().GetRow(2).GetValue(), 0xAAAAAAAAu);
  const VRegList vregs = *info.GetVRegList(info.GetStackMap(0));
  EXPECT_EQ(vregs[0].value, 1u | 2u << 16);
  EXPECT_EQ(*info.GetConstant(vregs[0]), 0xAAAAAAAA'55555555u);
}

// A method that fills every kind of table: float registers, a constant, roots, an inline level,
// and a last map whose two vregs are PlainMethod's.
absl::Status DescribeRichMethod(CodeInfoBuilder& builder) {
  builder.SetHasFloatRegs(true);
  FP_RETURN_IF_ERROR(builder.BeginMethod(0x40, 2));
  builder.SetSavedCalleeRegsMask(0x3F80000, 0xFF00);
  const uint8_t stack_roots[1] = {0b101};
  FP_RETURN_IF_ERROR(builder.BeginStackMap(
      3, 8, SaveState{.roots_regs_mask = 0x6, .roots_stack_mask = {stack_roots, 0, 3}}, true));
  FP_RETURN_IF_ERROR(builder.AddConstant(0x12345678'9ABCDEF0, Type::kInt64, VRegType::kVReg));
  FP_RETURN_IF_ERROR(builder.AddVReg(Vreg(2, Location::kFpRegister, Type::kFloat64)));
  FP_RETURN_IF_ERROR(builder.BeginInlineInfo(0, 7, 11, 1, 0));
  FP_RETURN_IF_ERROR(builder.AddVReg(Vreg(4, Location::kSlot)));
  FP_RETURN_IF_ERROR(builder.EndInlineInfo());
  FP_RETURN_IF_ERROR(builder.EndStackMap());
  FP_RETURN_IF_ERROR(builder.BeginStackMap(5, 16, SaveState{}, true));
  FP_RETURN_IF_ERROR(builder.AddVReg(Vreg(20, Location::kRegister)));
  FP_RETURN_IF_ERROR(builder.AddVReg(Vreg(3, Location::kSlot, Type::kInt32)));
  FP_RETURN_IF_ERROR(builder.EndStackMap());
  builder.AddImplicitNullCheck(12, 4);
  return builder.EndMethod();
}

// A map without vregs, then RichMethod's last map's vregs at the same map index: a builder that
// kept RichMethod's vreg history would find them unchanged there and leave them out.
absl::Status DescribePlainMethod(CodeInfoBuilder& builder) {
  FP_RETURN_IF_ERROR(builder.BeginMethod(0x20, 2));
  FP_RETURN_IF_ERROR(builder.BeginStackMap(0, 4, SaveState{}, false));
  FP_RETURN_IF_ERROR(builder.EndStackMap());
  FP_RETURN_IF_ERROR(builder.BeginStackMap(1, 8, SaveState{}, true));
  FP_RETURN_IF_ERROR(builder.AddVReg(Vreg(20, Location::kRegister)));
  FP_RETURN_IF_ERROR(builder.AddVReg(Vreg(3, Location::kSlot, Type::kInt32)));
  FP_RETURN_IF_ERROR(builder.EndStackMap());
  return builder.EndMethod();
}

TEST(CodeInfoBuilder, AResetBuilderEncodesAsANewOne) {
  CodeInfoBuilder fresh(Arm64());
  ASSERT_OK(DescribePlainMethod(fresh));
  const std::vector<uint8_t> expected = EncodeOrDie(fresh);

  CodeInfoBuilder reused(Arm64());
  ASSERT_OK(DescribeRichMethod(reused));
  ASSERT_OK(reused.Encode().status());
  reused.Reset();
  ASSERT_OK(DescribePlainMethod(reused));
  EXPECT_EQ(EncodeOrDie(reused), expected);
}

TEST(CodeInfoBuilder, AResetInsideAMapForgetsItToo) {
  CodeInfoBuilder fresh(Arm64());
  ASSERT_OK(DescribePlainMethod(fresh));
  const std::vector<uint8_t> expected = EncodeOrDie(fresh);

  CodeInfoBuilder reused(Arm64());
  ASSERT_OK(reused.BeginMethod(0x40, 2));
  ASSERT_OK(reused.BeginStackMap(3, 8, SaveState{}, true));
  ASSERT_OK(reused.AddVReg(Vreg(20, Location::kRegister)));  // one of the map's two
  reused.Reset();
  ASSERT_OK(DescribePlainMethod(reused));
  EXPECT_EQ(EncodeOrDie(reused), expected);
}

// Adds `count` constants whose halves are all new to the Constants table: two rows each.
void AddConstantsOfTwoNewRows(CodeInfoBuilder& builder, uint32_t count) {
  for (uint32_t i = 0; i < count; ++i) {
    const uint64_t low = 2 * i + 1;
    const uint64_t high = 2 * i + 2;
    ASSERT_OK(builder.AddConstant(high << 32 | low, Type::kInt64, VRegType::kVReg));
  }
}

// A CONSTANT vreg names its two rows by 16-bit indices: AddConstant refuses a value whose rows
// could pass index 65535, before it adds either, whatever Dedup would have shared.
TEST(CodeInfoBuilder, AConstantWhoseRowsCouldPassSixteenBitIndicesIsRefused) {
  // Row 0 is BeginMethod's; 32767 constants of two new rows each bring the table to 65535 rows.
  constexpr uint32_t kConstants = 32767;
  CodeInfoBuilder builder(Arm64());
  ASSERT_OK(builder.BeginMethod(16, kConstants + 1));
  ASSERT_OK(builder.BeginStackMap(0, 4, SaveState{}, true));
  AddConstantsOfTwoNewRows(builder, kConstants);
  EXPECT_TRUE(FailsWith(builder.AddConstant(0xFFFFFFFF'FFFFFFFE, Type::kInt64, VRegType::kVReg),
                        absl::StatusCode::kInvalidArgument,
                        "the Constants table has 65535 rows; a CONSTANT vreg names rows by "
                        "16-bit index"));
  // Refused, not added: the map still has room for its last vreg.
  ASSERT_OK(builder.AddVReg(Vreg(1, Location::kRegister)));
  ASSERT_OK(builder.EndStackMap());
}

// The last constant whose two new rows still have 16-bit indices (65534 and 65535) is accepted.
TEST(CodeInfoBuilder, TheLastConstantWhoseRowsHaveSixteenBitIndicesIsAccepted) {
  // Row 0 is BeginMethod's, a constant with equal halves adds one more, and 32766 constants of
  // two new rows each bring the table to 65534 rows.
  constexpr uint32_t kConstants = 32766;
  CodeInfoBuilder builder(Arm64());
  ASSERT_OK(builder.BeginMethod(16, kConstants + 2));
  ASSERT_OK(builder.BeginStackMap(0, 4, SaveState{}, true));
  ASSERT_OK(builder.AddConstant(0x7FFFFFFF'7FFFFFFF, Type::kInt64, VRegType::kVReg));
  AddConstantsOfTwoNewRows(builder, kConstants);
  ASSERT_OK(builder.AddConstant(0xFFFFFFFF'FFFFFFFE, Type::kInt64, VRegType::kVReg));
  ASSERT_OK(builder.EndStackMap());
}

TEST(CodeInfoBuilder, OsrSaveStateSetsTheOsrFlag) {
  CodeInfoBuilder builder(Arm64());
  ASSERT_OK(builder.BeginMethod(16, 0));
  ASSERT_OK(builder.BeginStackMap(7, 4, SaveState{.opcode = SaveStateOpcode::kSaveStateOsr}, true));
  ASSERT_OK(builder.EndStackMap());
  const std::vector<uint8_t> bytes = EncodeOrDie(builder);
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes, Arm64()));
  EXPECT_TRUE(info.GetStackMap(0).IsOsr());
  EXPECT_EQ(info.FindOsrStackMap(7).Row(), 0u);
  EXPECT_FALSE(info.FindOsrStackMap(8).IsValid());
}

TEST_F(OneMapBuilder, TooManyVRegsIsRefusedAndChangesNothing) {
  ASSERT_OK(builder_.AddVReg(Vreg(1, Location::kRegister)));
  ASSERT_OK(builder_.AddVReg(Vreg(2, Location::kRegister)));
  EXPECT_TRUE(FailsWith(builder_.AddVReg(Vreg(3, Location::kRegister)),
                        absl::StatusCode::kInvalidArgument, "declared 2 vregs and has them all"));
  ASSERT_OK(builder_.EndStackMap());
  const std::vector<uint8_t> bytes = EncodeOrDie(builder_);
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes, Arm64()));
  EXPECT_EQ(info.GetVRegList(info.GetStackMap(0))->size(), 2u);
}

TEST_F(OneMapBuilder, TooFewVRegsIsRefusedAtEndStackMap) {
  ASSERT_OK(builder_.AddVReg(Vreg(1, Location::kRegister)));
  EXPECT_TRUE(FailsWith(builder_.EndStackMap(), absl::StatusCode::kInvalidArgument,
                        "outer frame declared 2 vregs but has 1"));
  ASSERT_OK(builder_.AddVReg(VRegInfo{}));
  ASSERT_OK(builder_.EndStackMap());
}

TEST_F(OneMapBuilder, ConstantLocationsGoThroughAddConstant) {
  EXPECT_TRUE(FailsWith(builder_.AddVReg(Vreg(0, Location::kConstant)),
                        absl::StatusCode::kInvalidArgument, "constants go through AddConstant"));
}

TEST_F(OneMapBuilder, OutOfRangeLocationIsRefused) {
  EXPECT_TRUE(FailsWith(builder_.AddVReg(Vreg(0, static_cast<Location>(6))),
                        absl::StatusCode::kInvalidArgument, "not one Ark defines"));
}

// Type and vreg type are checked each on its own: one out of range is enough to refuse.
constexpr Type kTypePastAny = static_cast<Type>(8);
constexpr VRegType kVRegTypePastLexEnv = static_cast<VRegType>(5);

TEST_F(OneMapBuilder, AVRegOfATypeOrVRegTypeArkDoesNotDefineIsRefused) {
  EXPECT_TRUE(FailsWith(builder_.AddVReg(Vreg(0, Location::kRegister, kTypePastAny)),
                        absl::StatusCode::kInvalidArgument, "type 8 or vreg type 0"));
  VRegInfo vreg = Vreg(0, Location::kRegister);
  vreg.vreg_type = kVRegTypePastLexEnv;
  EXPECT_TRUE(FailsWith(builder_.AddVReg(vreg), absl::StatusCode::kInvalidArgument,
                        "type 1 or vreg type 5"));
}

TEST_F(OneMapBuilder, AConstantOfATypeOrVRegTypeArkDoesNotDefineIsRefused) {
  EXPECT_TRUE(FailsWith(builder_.AddConstant(1, kTypePastAny, VRegType::kVReg),
                        absl::StatusCode::kInvalidArgument, "type 8 or vreg type 0"));
  EXPECT_TRUE(FailsWith(builder_.AddConstant(1, Type::kInt64, kVRegTypePastLexEnv),
                        absl::StatusCode::kInvalidArgument, "type 3 or vreg type 5"));
}

TEST_F(OneMapBuilder, IndexIsTheDecodersToFill) {
  VRegInfo vreg = Vreg(1, Location::kRegister);
  vreg.index = 4;
  EXPECT_TRUE(FailsWith(builder_.AddVReg(vreg), absl::StatusCode::kInvalidArgument,
                        "index 4 is the decoder's to fill in"));
}

TEST_F(OneMapBuilder, NestedStackMapIsRefused) {
  EXPECT_TRUE(FailsWith(builder_.BeginStackMap(2, 12, SaveState{}, false),
                        absl::StatusCode::kFailedPrecondition,
                        "BeginStackMap called inside a stack map"));
}

TEST_F(OneMapBuilder, EncodeInsideAMapIsRefused) {
  EXPECT_TRUE(FailsWith(builder_.Encode().status(), absl::StatusCode::kFailedPrecondition,
                        "Encode called inside a stack map"));
}

TEST_F(OneMapBuilder, InlineInfoBeforeTheOuterFrameIsCompleteIsRefused) {
  EXPECT_TRUE(FailsWith(builder_.BeginInlineInfo(0, 9, 3, 0, 0), absl::StatusCode::kInvalidArgument,
                        "the frame above has 0 of its 2 vregs"));
}

TEST_F(OneMapBuilder, InlineLevelMustNameAMethod) {
  ASSERT_OK(builder_.AddVReg(VRegInfo{}));
  ASSERT_OK(builder_.AddVReg(VRegInfo{}));
  EXPECT_TRUE(FailsWith(builder_.BeginInlineInfo(0, 0, 3, 0, 0), absl::StatusCode::kInvalidArgument,
                        "needs a Method* or a method id"));
  EXPECT_TRUE(FailsWith(builder_.BeginInlineInfo(0x1'FFFFFFFF, 0, 3, 0, 0),
                        absl::StatusCode::kInvalidArgument, "METHOD_LOW cannot store"));
}

TEST(CodeInfoBuilder, InlineVRegsWithoutAVRegMapAreRefused) {
  CodeInfoBuilder builder(Arm64());
  ASSERT_OK(builder.BeginMethod(16, 0));
  ASSERT_OK(builder.BeginStackMap(0, 4, SaveState{}, /*require_vreg_map=*/false));
  EXPECT_TRUE(FailsWith(builder.BeginInlineInfo(0, 5, 1, 2, 0), absl::StatusCode::kInvalidArgument,
                        "records no vreg map, so its inline levels have no vregs"));
  ASSERT_OK(builder.BeginInlineInfo(0, 5, 1, 0, 0));
  ASSERT_OK(builder.EndInlineInfo());
  ASSERT_OK(builder.EndStackMap());
}

TEST(CodeInfoBuilder, MisalignedOrDecreasingNativePcsAreRefused) {
  CodeInfoBuilder builder(Arm64());
  ASSERT_OK(builder.BeginMethod(16, 0));
  EXPECT_TRUE(FailsWith(builder.BeginStackMap(0, 6, SaveState{}, false),
                        absl::StatusCode::kInvalidArgument, "not aligned to the 4-byte"));
  ASSERT_OK(builder.BeginStackMap(0, 8, SaveState{}, false));
  ASSERT_OK(builder.EndStackMap());
  EXPECT_TRUE(FailsWith(builder.BeginStackMap(0, 4, SaveState{}, false),
                        absl::StatusCode::kInvalidArgument,
                        "comes before the previous map's pc 8"));
  ASSERT_OK(builder.BeginStackMap(0, 8, SaveState{}, false));  // equal pcs are fine
}

TEST(CodeInfoBuilder, FrameSizeMustFitSixteenBits) {
  CodeInfoBuilder builder(Arm64());
  EXPECT_TRUE(FailsWith(builder.BeginMethod(65536, 0), absl::StatusCode::kInvalidArgument,
                        "does not fit PROPERTIES' 16-bit field"));
  ASSERT_OK(builder.BeginMethod(65535, 0));
  EXPECT_TRUE(
      FailsWith(builder.SetFrameSize(1 << 20), absl::StatusCode::kInvalidArgument, "16-bit"));
}

TEST(CodeInfoBuilder, BeginMethodTwiceIsRefused) {
  CodeInfoBuilder builder(Arm64());
  ASSERT_OK(builder.BeginMethod(16, 0));
  EXPECT_TRUE(FailsWith(builder.BeginMethod(16, 0), absl::StatusCode::kFailedPrecondition,
                        "BeginMethod called twice"));
}

TEST(CodeInfoBuilder, ALevelWithTooFewVRegsIsRefusedAtEndInlineInfo) {
  CodeInfoBuilder builder(Arm64());
  ASSERT_OK(builder.BeginMethod(16, 0));
  ASSERT_OK(builder.BeginStackMap(0, 4, SaveState{}, true));
  ASSERT_OK(builder.BeginInlineInfo(0x7000'0000'1000, 0, 2, 1, 0));
  EXPECT_TRUE(FailsWith(builder.EndInlineInfo(), absl::StatusCode::kInvalidArgument,
                        "the level declared 1 vregs but has 0"));
}

// The 32-map distance: an unchanged vreg is emitted at the first map, then again only once more
// than 32 maps have been added since.
TEST(CodeInfoBuilder, UnchangedVRegIsReemittedAfter32Maps) {
  CodeInfoBuilder builder(Arm64());
  ASSERT_OK(builder.BeginMethod(16, 1));
  for (uint32_t i = 0; i < 40; ++i) {
    ASSERT_OK(builder.BeginStackMap(i, 4 * i, SaveState{}, true));
    ASSERT_OK(builder.AddVReg(Vreg(20, Location::kRegister)));
    ASSERT_OK(builder.EndStackMap());
  }
  const std::vector<uint8_t> bytes = EncodeOrDie(builder);
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes, Arm64()));
  std::vector<uint32_t> emitting;
  for (uint32_t row = 0; row < info.GetStackMapsCount(); ++row) {
    if (info.GetStackMap(row).HasVRegMaskIndex()) emitting.push_back(row);
  }
  EXPECT_THAT(emitting, ElementsAre(0, 33));
}

// Ark's BeginStackMap adds a RootsStackMask row only for a non-null vector of non-zero size;
// a sized vector with no bit set still makes a (zero) row.
TEST(CodeInfoBuilder, AZeroSizedRootsStackMaskAddsNoRow) {
  const uint8_t no_bits[8] = {};
  for (const size_t size : {size_t{0}, size_t{5}}) {
    CodeInfoBuilder builder(Arm64());
    ASSERT_OK(builder.BeginMethod(16, 0));
    ASSERT_OK(
        builder.BeginStackMap(0, 4, SaveState{.roots_stack_mask = {no_bits, 0, size}}, false));
    ASSERT_OK(builder.EndStackMap());
    const std::vector<uint8_t> bytes = EncodeOrDie(builder);
    ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes, Arm64()));
    EXPECT_EQ(info.header().HasTable(TableId::kRootsStackMask), size > 0) << "size " << size;
    EXPECT_EQ(info.GetStackMap(0).HasRootsStackMaskIndex(), size > 0) << "size " << size;
  }
}

// Ark's decoder counts rows in 16 bits: 65535 rows of one table encode, 65536 do not.
TEST(CodeInfoBuilder, ATableMayHoldExactlyTheRowsArksDecoderCounts) {
  CodeInfoBuilder builder(Arm64());
  ASSERT_OK(builder.BeginMethod(16, 0));
  constexpr uint32_t kMaxRows = 65535;
  for (uint32_t i = 0; i < kMaxRows; ++i) {
    ASSERT_OK(builder.BeginStackMap(i, 4 * i, SaveState{}, false));
    ASSERT_OK(builder.EndStackMap());
  }
  const std::vector<uint8_t> bytes = EncodeOrDie(builder);
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes, Arm64()));
  EXPECT_EQ(info.GetStackMapsCount(), kMaxRows);
  ASSERT_OK(builder.BeginStackMap(kMaxRows, 4 * kMaxRows, SaveState{}, false));
  ASSERT_OK(builder.EndStackMap());
  EXPECT_TRUE(FailsWith(builder.Encode().status(), absl::StatusCode::kInvalidArgument,
                        "the StackMap table has 65536 rows; Ark's decoder counts at most 65535"));
}

TEST(CodeInfoBuilder, EveryIsaLayoutExistsOnlyWhereArkCompiles) {
  EXPECT_TRUE(LayoutFor(InstructionSet::kArm).ok());
  EXPECT_TRUE(LayoutFor(InstructionSet::kArm64).ok());
  EXPECT_TRUE(LayoutFor(InstructionSet::kX86_64).ok());
  EXPECT_TRUE(FailsWith(LayoutFor(InstructionSet::kRiscv64).status(),
                        absl::StatusCode::kInvalidArgument, "no riscv64 layout"));
}

}  // namespace
}  // namespace frameproof::ark
