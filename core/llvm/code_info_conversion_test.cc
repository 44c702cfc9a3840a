#include "core/llvm/code_info_conversion.h"

#include "core/art/code_info.h"
#include "core/base/status_testing.h"
#include "core/llvm/location_testing.h"
#include "gtest/gtest.h"

namespace frameproof {
namespace {

// Two records of one x86_64 function: registers, an rsp- and an rbp-relative spill, constants.
LlvmStackMaps X86Function() {
  LlvmStackMaps maps;
  maps.functions = {{0, 56, 2}};
  maps.constants = {0xfffffffffffffffbull, 4294967296};
  LlvmStackMapRecord first;
  first.id = 10;
  first.instruction_offset = 27;
  first.locations = {Loc(LlvmLocationKind::kRegister, 3, 0),       // rbx
                     Loc(LlvmLocationKind::kRegister, 17, 0, 16),  // xmm0 holding a double
                     Loc(LlvmLocationKind::kIndirect, 7, 16),      // [rsp + 16]
                     Loc(LlvmLocationKind::kIndirect, 6, -32),     // [rbp - 32]
                     Loc(LlvmLocationKind::kConstant, 0, -7),
                     Loc(LlvmLocationKind::kConstantIndex, 0, 0)};  // -5 fits in int32
  LlvmStackMapRecord second;
  second.id = 11;
  second.instruction_offset = 40;
  second.locations = {Loc(LlvmLocationKind::kRegister, 1, 0)};  // rdx
  maps.records = {first, second};
  return maps;
}

TEST(LlvmConversion, MapsDwarfRegistersPerIsa) {
  ASSERT_OK_AND_ASSIGN(const DexRegisterLocation rdx,
                       DwarfToMachineRegister(InstructionSet::kX86_64, 1));
  EXPECT_EQ(rdx, (DexRegisterLocation{DexRegisterKind::kInRegister, 2}));
  ASSERT_OK_AND_ASSIGN(const DexRegisterLocation xmm3,
                       DwarfToMachineRegister(InstructionSet::kX86_64, 20));
  EXPECT_EQ(xmm3, (DexRegisterLocation{DexRegisterKind::kInFpuRegister, 3}));
  ASSERT_OK_AND_ASSIGN(const DexRegisterLocation v1,
                       DwarfToMachineRegister(InstructionSet::kArm64, 65));
  EXPECT_EQ(v1, (DexRegisterLocation{DexRegisterKind::kInFpuRegister, 1}));
  EXPECT_FALSE(DwarfToMachineRegister(InstructionSet::kArm64, 31).ok());  // sp holds no value
  EXPECT_FALSE(DwarfToMachineRegister(InstructionSet::kX86_64, 7).ok());  // nor does rsp
}

TEST(LlvmConversion, RoundTripsThroughCodeInfo) {
  const LlvmStackMaps maps = X86Function();
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes,
                       ConvertLlvmFunctionToCodeInfo(maps, 0, InstructionSet::kX86_64));
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes));
  EXPECT_EQ(info.frame_size_in_bytes(), 64u);  // 56 + the return address, 16-aligned
  ASSERT_EQ(info.GetNumberOfStackMaps(), 2u);
  for (uint32_t r = 0; r < 2; ++r) {
    const StackMap map = info.GetStackMapAt(r);
    EXPECT_EQ(map.GetDexPc(), maps.records[r].id);
    EXPECT_EQ(info.GetStackMapForNativePcOffset(maps.records[r].instruction_offset,
                                                InstructionSet::kX86_64)
                  .Row(),
              r);
    ASSERT_OK_AND_ASSIGN(std::vector<DexRegisterLocation> want,
                         LlvmRecordToDexRegisters(maps, 0, r, InstructionSet::kX86_64));
    want.resize(6, DexRegisterLocation::None());
    const DexRegisterMap got = info.GetDexRegisterMapOf(map);
    EXPECT_EQ(std::vector<DexRegisterLocation>(got.begin(), got.end()), want) << "record " << r;
  }
  ASSERT_OK_AND_ASSIGN(const std::vector<DexRegisterLocation> first,
                       LlvmRecordToDexRegisters(maps, 0, 0, InstructionSet::kX86_64));
  EXPECT_EQ(first[0], (DexRegisterLocation{DexRegisterKind::kInRegister, 3}));
  EXPECT_EQ(first[2], (DexRegisterLocation{DexRegisterKind::kInStack, 16}));
  EXPECT_EQ(first[3], (DexRegisterLocation{DexRegisterKind::kInStack, 56 - 8 - 32}));
  EXPECT_EQ(first[5], (DexRegisterLocation{DexRegisterKind::kConstant, -5}));
}

TEST(LlvmConversion, RefusesWhatCodeInfoCannotHold) {
  auto fails = [](LlvmStackMaps maps, InstructionSet isa, absl::string_view why) {
    return FailsWith(ConvertLlvmFunctionToCodeInfo(maps, 0, isa).status(),
                     absl::StatusCode::kFailedPrecondition, why);
  };
  LlvmStackMaps maps = X86Function();
  maps.records[0].locations[5].offset_or_small_constant = 1;  // 4294967296
  EXPECT_TRUE(fails(maps, InstructionSet::kX86_64,
                    "record 0 location #6: constant 4294967296 does not fit in 32 bits"));
  maps = X86Function();
  maps.records[1].locations[0] = Loc(LlvmLocationKind::kDirect, 6, -40);
  // Locations are numbered from 1, as llvm-readobj numbers them.
  EXPECT_TRUE(
      fails(maps, InstructionSet::kX86_64, "record 1 location #1: Direct R#6 + -40 is an address"));
  maps = X86Function();
  maps.records[1].id = 0xffffffff;
  EXPECT_TRUE(fails(maps, InstructionSet::kX86_64, "does not fit a dex pc"));
  maps = X86Function();
  maps.functions[0].stack_size = kLlvmDynamicStackSize;
  EXPECT_TRUE(fails(maps, InstructionSet::kX86_64, "dynamic stack size"));
  maps = X86Function();
  maps.records[1].locations[0] = Loc(LlvmLocationKind::kIndirect, 29, 16);  // [x29 + 16]
  maps.records[0].locations.resize(1);
  EXPECT_TRUE(fails(maps, InstructionSet::kArm64, "Indirect [R#29 + 16] is not relative"));
  maps = X86Function();
  std::swap(maps.records[0].instruction_offset, maps.records[1].instruction_offset);
  EXPECT_TRUE(fails(maps, InstructionSet::kX86_64, "at instruction offset 27"));
  maps = X86Function();
  maps.records[1].instruction_offset = 27;  // a stackmap at the previous call's return address
  EXPECT_TRUE(fails(maps, InstructionSet::kX86_64,
                    "records 0 and 1 share instruction offset 27; a CodeInfo finds one stack map"));
}

// A stack slot offset is a non-negative multiple of 4 that fits in 32 bits; a misaligned one, or
// an aligned one past INT32_MAX, is refused where it is converted.
TEST(LlvmConversion, RefusesStackOffsetsThatAreNoSlotOffset) {
  LlvmStackMaps maps = X86Function();
  maps.records[0].locations[2] = Loc(LlvmLocationKind::kIndirect, 7, 6);  // [rsp + 6]
  EXPECT_TRUE(FailsWith(LlvmRecordToDexRegisters(maps, 0, 0, InstructionSet::kX86_64).status(),
                        absl::StatusCode::kFailedPrecondition,
                        "record 0 location #3: stack offset 6 is not a non-negative "
                        "multiple of 4"));
  maps = X86Function();
  maps.functions[0].stack_size = uint64_t{1} << 31;
  maps.records[0].locations[3] = Loc(LlvmLocationKind::kIndirect, 6, 8);  // [rbp + 8]: sp + 2^31
  EXPECT_TRUE(FailsWith(LlvmRecordToDexRegisters(maps, 0, 0, InstructionSet::kX86_64).status(),
                        absl::StatusCode::kFailedPrecondition,
                        "record 0 location #4: stack offset 2147483648 is not a non-negative "
                        "multiple of 4"));
}

// A general register holds at most 8 bytes and a vector register 16: a wider value said to be in
// one is refused where it is converted.
TEST(LlvmConversion, RefusesARegisterValueWiderThanItsRegister) {
  LlvmStackMaps maps = X86Function();
  maps.records[1].locations[0] = Loc(LlvmLocationKind::kRegister, 1, 0, 8);  // rdx, 8 bytes
  ASSERT_OK(LlvmRecordToDexRegisters(maps, 0, 1, InstructionSet::kX86_64).status());
  maps.records[1].locations[0] = Loc(LlvmLocationKind::kRegister, 1, 0, 9);  // rdx, 9 bytes
  EXPECT_TRUE(FailsWith(LlvmRecordToDexRegisters(maps, 0, 1, InstructionSet::kX86_64).status(),
                        absl::StatusCode::kFailedPrecondition,
                        "record 1 location #1: a 9-byte register value is wider than a scalar"));
  maps.records[1].locations[0] = Loc(LlvmLocationKind::kRegister, 17, 0, 17);  // xmm0, 17 bytes
  EXPECT_TRUE(FailsWith(LlvmRecordToDexRegisters(maps, 0, 1, InstructionSet::kX86_64).status(),
                        absl::StatusCode::kFailedPrecondition,
                        "record 1 location #1: a 17-byte register value is wider than a scalar"));
}

TEST(LlvmConversion, ReadsArm64Register31AsTheZeroRegister) {
  LlvmStackMaps maps;
  maps.functions = {{0, 32, 1}};
  LlvmStackMapRecord record;
  record.id = 5;
  record.instruction_offset = 16;
  record.locations = {Loc(LlvmLocationKind::kRegister, 31, 0, 4),  // wzr: llc's constant 0
                      Loc(LlvmLocationKind::kIndirect, 31, 8)};    // [sp + 8]
  maps.records = {record};
  ASSERT_OK_AND_ASSIGN(const std::vector<DexRegisterLocation> registers,
                       LlvmRecordToDexRegisters(maps, 0, 0, InstructionSet::kArm64));
  EXPECT_EQ(registers, (std::vector<DexRegisterLocation>{{DexRegisterKind::kConstant, 0},
                                                         {DexRegisterKind::kInStack, 8}}));
}

}  // namespace
}  // namespace frameproof
