// The value model: what a planned value is to lowering, the expected state and the checks.

#include "arch/value_model.h"

#include "gtest/gtest.h"

namespace frameproof {
namespace {

constexpr uint64_t kBits = 0x1122334455667788;

PlannedVReg Value(VRegType type, LocationClass location) { return {type, location, kBits}; }

TEST(HeldBits, AWideValueKeepsAll64BitsANarrowOneItsLow32) {
  EXPECT_EQ(HeldBits(VRegType::kInt64, kBits), kBits);
  EXPECT_EQ(HeldBits(VRegType::kDouble, kBits), kBits);
  EXPECT_EQ(HeldBits(VRegType::kInt32, kBits), 0x55667788u);
  EXPECT_EQ(HeldBits(VRegType::kFloat, kBits), 0x55667788u);
  EXPECT_EQ(HeldBits(VRegType::kReference, kBits), 0x55667788u);
}

TEST(IsMaterialized, OnlyRegistersAndStackSlotsHoldAValueAtRunTime) {
  EXPECT_TRUE(IsMaterialized(LocationClass::kCalleeSavedRegister));
  EXPECT_TRUE(IsMaterialized(LocationClass::kCallerSavedRegister));
  EXPECT_TRUE(IsMaterialized(LocationClass::kStackSlot));
  EXPECT_FALSE(IsMaterialized(LocationClass::kConstant));
  EXPECT_FALSE(IsMaterialized(LocationClass::kNone));
}

TEST(IsGcRoot, IsAReferenceTheCodeHolds) {
  EXPECT_TRUE(IsGcRoot(Value(VRegType::kReference, LocationClass::kCalleeSavedRegister)));
  EXPECT_TRUE(IsGcRoot(Value(VRegType::kReference, LocationClass::kCallerSavedRegister)));
  EXPECT_TRUE(IsGcRoot(Value(VRegType::kReference, LocationClass::kStackSlot)));
  EXPECT_FALSE(IsGcRoot(Value(VRegType::kReference, LocationClass::kConstant)));
  EXPECT_FALSE(IsGcRoot(Value(VRegType::kReference, LocationClass::kNone)));
  EXPECT_FALSE(IsGcRoot(Value(VRegType::kInt32, LocationClass::kStackSlot)));
  EXPECT_FALSE(IsGcRoot(Value(VRegType::kInt64, LocationClass::kCalleeSavedRegister)));
}

TEST(DecodedRegisters, ArtSplitsAWideValueIntoTwo32BitDexRegistersLowHalfFirst) {
  EXPECT_EQ(DecodedRegisterCount(Metainfo::kArt, VRegType::kInt64), 2u);
  EXPECT_EQ(DecodedRegisterCount(Metainfo::kArt, VRegType::kDouble), 2u);
  EXPECT_EQ(DecodedRegisterCount(Metainfo::kArt, VRegType::kInt32), 1u);
  EXPECT_EQ(DecodedRegisterCount(Metainfo::kArt, VRegType::kReference), 1u);
  EXPECT_EQ(DecodedRegisterBits(Metainfo::kArt, kBits, 0), 0x55667788u);
  EXPECT_EQ(DecodedRegisterBits(Metainfo::kArt, kBits, 1), 0x11223344u);
}

TEST(DecodedRegisters, ArkKeepsEveryValueInOne64BitVReg) {
  for (VRegType type : {VRegType::kInt32, VRegType::kInt64, VRegType::kReference, VRegType::kFloat,
                        VRegType::kDouble}) {
    EXPECT_EQ(DecodedRegisterCount(Metainfo::kArk, type), 1u) << NameOf(kVRegTypeNames, type);
  }
  EXPECT_EQ(DecodedRegisterBits(Metainfo::kArk, kBits, 0), kBits);
}

}  // namespace
}  // namespace frameproof
