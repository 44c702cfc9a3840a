// The DWARF register numbering, written out from the ABIs rather than from the code: the System V
// x86_64 psABI's DWARF register number mapping (rax rdx rcx rbx rsi rdi rbp rsp r8-r15 rip
// xmm0-15) with x86's hardware encodings (rax 0, rcx 1, rdx 2, rbx 3, rsp 4, rbp 5, rsi 6,
// rdi 7), and the AArch64 DWARF ABI (x0-x30 0-30, sp 31, v0-v31 64-95).

#include "core/llvm/dwarf_registers.h"

#include <cstdint>
#include <utility>
#include <vector>

#include "core/base/status_testing.h"
#include "gtest/gtest.h"

namespace frameproof {
namespace {

constexpr DexRegisterLocation Gp(int32_t hardware) {
  return {DexRegisterKind::kInRegister, hardware};
}
constexpr DexRegisterLocation Fp(int32_t number) {
  return {DexRegisterKind::kInFpuRegister, number};
}

TEST(DwarfRegisters, X86_64GeneralRegistersAreTheHardwareRegistersThePsAbiNames) {
  const std::vector<std::pair<uint16_t, DexRegisterLocation>> table = {
      {0, Gp(0)},    // rax
      {1, Gp(2)},    // rdx
      {2, Gp(1)},    // rcx
      {3, Gp(3)},    // rbx
      {4, Gp(6)},    // rsi
      {5, Gp(7)},    // rdi
      {6, Gp(5)},    // rbp
      {8, Gp(8)},    // r8
      {9, Gp(9)},    // r9
      {10, Gp(10)},  // r10
      {11, Gp(11)},  // r11
      {12, Gp(12)},  // r12
      {13, Gp(13)},  // r13
      {14, Gp(14)},  // r14
      {15, Gp(15)},  // r15
  };
  for (const auto& [dwarf, location] : table) {
    ASSERT_OK_AND_ASSIGN(const DexRegisterLocation mapped,
                         DwarfToMachineRegister(InstructionSet::kX86_64, dwarf));
    EXPECT_EQ(mapped, location) << "DWARF " << dwarf;
  }
}

TEST(DwarfRegisters, X86_64XmmRegistersAre17To32) {
  for (uint16_t xmm = 0; xmm < 16; ++xmm) {
    ASSERT_OK_AND_ASSIGN(const DexRegisterLocation mapped,
                         DwarfToMachineRegister(InstructionSet::kX86_64, 17 + xmm));
    EXPECT_EQ(mapped, Fp(xmm)) << "xmm" << xmm;
  }
}

TEST(DwarfRegisters, X86_64NumbersThatHoldNoValueAreErrors) {
  for (const uint16_t dwarf : {7, 16, 33, 49, 65535}) {  // rsp, rip, st0, past the xmm range
    EXPECT_FALSE(DwarfToMachineRegister(InstructionSet::kX86_64, dwarf).ok()) << dwarf;
  }
}

TEST(DwarfRegisters, StackAndFramePointersAreThePsAbiAndAarch64Numbers) {
  EXPECT_EQ(kX86DwarfRbp, 6);
  EXPECT_EQ(kX86DwarfRsp, 7);
  EXPECT_EQ(kX86DwarfRip, 16);
  EXPECT_EQ(kArm64DwarfFp, 29);
  EXPECT_EQ(kArm64DwarfSpOrZero, 31);
  EXPECT_TRUE(IsDwarfStackPointer(InstructionSet::kX86_64, 7));
  EXPECT_FALSE(IsDwarfStackPointer(InstructionSet::kX86_64, 6));
  EXPECT_FALSE(IsDwarfStackPointer(InstructionSet::kX86_64, 31));
  EXPECT_TRUE(IsDwarfStackPointer(InstructionSet::kArm64, 31));
  EXPECT_FALSE(IsDwarfStackPointer(InstructionSet::kArm64, 29));
  EXPECT_FALSE(IsDwarfStackPointer(InstructionSet::kArm64, 7));
}

TEST(DwarfRegisters, Arm64RegistersAreX0ToX30ThenV0ToV31At64) {
  for (uint16_t x = 0; x <= 30; ++x) {
    ASSERT_OK_AND_ASSIGN(const DexRegisterLocation mapped,
                         DwarfToMachineRegister(InstructionSet::kArm64, x));
    EXPECT_EQ(mapped, Gp(x)) << "x" << x;
  }
  for (uint16_t v = 0; v < 32; ++v) {
    ASSERT_OK_AND_ASSIGN(const DexRegisterLocation mapped,
                         DwarfToMachineRegister(InstructionSet::kArm64, 64 + v));
    EXPECT_EQ(mapped, Fp(v)) << "v" << v;
  }
  for (const uint16_t dwarf : {31, 32, 63, 96}) {  // sp, reserved numbers, past v31
    EXPECT_FALSE(DwarfToMachineRegister(InstructionSet::kArm64, dwarf).ok()) << dwarf;
  }
}

TEST(DwarfRegisters, Arm64Register31AsAValueIsTheZeroRegister) {
  ASSERT_OK_AND_ASSIGN(const DexRegisterLocation zero,
                       DwarfValueRegister(InstructionSet::kArm64, 31));
  EXPECT_EQ(zero, (DexRegisterLocation{DexRegisterKind::kConstant, 0}));
  ASSERT_OK_AND_ASSIGN(const DexRegisterLocation x3, DwarfValueRegister(InstructionSet::kArm64, 3));
  EXPECT_EQ(x3, Gp(3));
  EXPECT_FALSE(DwarfValueRegister(InstructionSet::kX86_64, 7).ok());
}

}  // namespace
}  // namespace frameproof
