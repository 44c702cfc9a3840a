// The register files against the calling conventions they claim: the System V AMD64 ABI and
// AAPCS64 (both list their callee-saved, argument and special registers by name), written out
// here register by register rather than derived from register_file.cc.

#include "arch/register_file.h"

#include <cstdint>
#include <vector>

#include "arch/register_testing.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace frameproof {
namespace {

using ::testing::ElementsAre;
using ::testing::ElementsAreArray;
using ::testing::IsEmpty;
using ::testing::UnorderedElementsAreArray;

std::vector<Register> Range(RegisterBank bank, uint32_t first, uint32_t last) {
  std::vector<Register> regs;
  for (uint32_t i = first; i <= last; ++i) regs.push_back({bank, i});
  return regs;
}

std::vector<Register> Only(const std::vector<Register>& regs, RegisterBank bank) {
  std::vector<Register> kept;
  for (const Register& reg : regs) {
    if (reg.bank == bank) kept.push_back(reg);
  }
  return kept;
}

std::vector<Register> Concat(std::vector<Register> a, const std::vector<Register>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// System V: rbx, rbp and r12-r15 survive calls; rbp is the frame pointer, so the saved list
// holds the other five.
TEST(X86_64RegisterFile, CalleeSavedAreSystemVsPreservedRegistersBesideTheFramePointer) {
  const RegisterFile& file = RegisterFileOf(InstructionSet::kX86_64);
  EXPECT_EQ(file.frame_pointer, Gp(kRbp));
  EXPECT_THAT(file.callee_saved,
              UnorderedElementsAreArray({Gp(kRbx), Gp(kR12), Gp(kR13), Gp(kR14), Gp(kR15)}));
}

// System V: every other general register but rsp, and all sixteen xmm registers, are clobbered.
TEST(X86_64RegisterFile, CallerSavedAreTheRestOfTheGeneralRegistersAndEveryXmm) {
  const RegisterFile& file = RegisterFileOf(InstructionSet::kX86_64);
  EXPECT_THAT(Only(file.caller_saved, RegisterBank::kGeneral),
              UnorderedElementsAreArray({Gp(kRax), Gp(kRcx), Gp(kRdx), Gp(kRsi), Gp(kRdi), Gp(kR8),
                                         Gp(kR9), Gp(kR10), Gp(kR11)}));
  EXPECT_THAT(Only(file.caller_saved, RegisterBank::kFloat),
              UnorderedElementsAreArray(Range(RegisterBank::kFloat, 0, 15)));
}

// System V passes integer arguments in rdi, rsi, rdx, rcx, r8, r9.
TEST(X86_64RegisterFile, ArgumentsAreSystemVsSixIntegerRegisters) {
  EXPECT_THAT(RegisterFileOf(InstructionSet::kX86_64).arguments,
              ElementsAre(Gp(kRdi), Gp(kRsi), Gp(kRdx), Gp(kRcx), Gp(kR8), Gp(kR9)));
}

// Ark's x86_64 temps are r12, r13 and r14 (r14 the resolvers' main temp in seed 004), its thread
// register r15: every callee-saved register but rbx has a role, so values live only in rbx.
TEST(X86_64RegisterFile, RuntimeRolesSitInCalleeSavedRegisters) {
  const RegisterFile& file = RegisterFileOf(InstructionSet::kX86_64);
  EXPECT_EQ(file.temp0, Gp(kR12));
  EXPECT_EQ(file.temp1, Gp(kR13));
  EXPECT_EQ(file.main_temp, Gp(kR14));
  EXPECT_EQ(file.thread, Gp(kR15));
  EXPECT_THAT(file.allocatable_callee_saved, ElementsAre(Gp(kRbx)));
}

// Ark's FP temps (instructions.yaml arch_info): v30, v31 on arm64, xmm13-xmm15 on x86_64; a
// boundary saves none of them.
TEST(RegisterFile, TheFloatTempsAreArksAndNoBoundarySavesThem) {
  const RegisterFile& arm64 = RegisterFileOf(InstructionSet::kArm64);
  EXPECT_THAT(arm64.float_temps, ElementsAre(Fp(30), Fp(31)));
  EXPECT_FALSE(arm64.IsSavedByBoundary(Fp(31)));
  EXPECT_TRUE(arm64.IsSavedByBoundary(Fp(29)));
  const RegisterFile& x86 = RegisterFileOf(InstructionSet::kX86_64);
  EXPECT_THAT(x86.float_temps, ElementsAre(Fp(13), Fp(14), Fp(15)));
  EXPECT_FALSE(x86.IsSavedByBoundary(Fp(13)));
  EXPECT_TRUE(x86.IsSavedByBoundary(Fp(12)));
}

// Seed 004: "For arm64 we use LR register (x30)" as the resolvers' main temp.
TEST(Arm64RegisterFile, TheResolversMainTempIsTheLinkRegister) {
  const RegisterFile& file = RegisterFileOf(InstructionSet::kArm64);
  EXPECT_EQ(file.main_temp, Gp(30));
  EXPECT_TRUE(file.IsTemp(Gp(30)));
}

// AAPCS64: x19-x28 and the low halves of v8-v15 survive calls; x29 is the frame pointer.
TEST(Arm64RegisterFile, CalleeSavedAreX19ToX28AndD8ToD15) {
  const RegisterFile& file = RegisterFileOf(InstructionSet::kArm64);
  EXPECT_EQ(file.frame_pointer, Gp(29));
  EXPECT_THAT(file.callee_saved,
              UnorderedElementsAreArray(Concat(Range(RegisterBank::kGeneral, 19, 28),
                                               Range(RegisterBank::kFloat, 8, 15))));
}

// AAPCS64: x0-x18 are clobbered (Ark's caller mask 0x0007ffff), x16/x17 among them as the
// intra-procedure-call scratch registers the resolvers use as temps, and x18, the platform
// register, which Linux leaves to programs.
TEST(Arm64RegisterFile, CallerSavedAreX0ToX18AndTheVectorRegistersOutsideV8ToV15) {
  const RegisterFile& file = RegisterFileOf(InstructionSet::kArm64);
  EXPECT_THAT(Only(file.caller_saved, RegisterBank::kGeneral),
              UnorderedElementsAreArray(Range(RegisterBank::kGeneral, 0, 18)));
  EXPECT_THAT(Only(file.caller_saved, RegisterBank::kFloat),
              UnorderedElementsAreArray(
                  Concat(Range(RegisterBank::kFloat, 0, 7), Range(RegisterBank::kFloat, 16, 31))));
  EXPECT_EQ(file.temp0, Gp(16));
  EXPECT_EQ(file.temp1, Gp(17));
  EXPECT_EQ(file.CalleeSavedRank(Gp(18)), -1);
}

// AAPCS64 passes integer arguments in x0-x7.
TEST(Arm64RegisterFile, ArgumentsAreX0ToX7AndTheThreadLivesInX28) {
  const RegisterFile& file = RegisterFileOf(InstructionSet::kArm64);
  EXPECT_THAT(file.arguments, ElementsAreArray(Range(RegisterBank::kGeneral, 0, 7)));
  EXPECT_EQ(file.thread, Gp(28));
}

// Seed 004's LoadAndInitClass listing leaves the class in w7 (ldr w7, [x16]; mov w7, w16). On
// x86_64, where neither the seed nor Ark fixes one, it is rdx. Both are caller-saved argument
// registers, so no value lives in them.
TEST(RegisterFile, LoadClassLeavesTheClassInX7OrRdx) {
  const RegisterFile& arm64 = RegisterFileOf(InstructionSet::kArm64);
  EXPECT_EQ(arm64.class_result, Gp(7));
  EXPECT_GE(arm64.CallerSavedRank(arm64.class_result), 0);
  const RegisterFile& x86 = RegisterFileOf(InstructionSet::kX86_64);
  EXPECT_EQ(x86.class_result, Gp(kRdx));
  EXPECT_GE(x86.CallerSavedRank(x86.class_result), 0);
}

// Values may live in every callee-saved register but the thread's, and in every caller-saved
// one but the arguments x0-x7 (x7 is also LoadClass's result) and the scratch vector registers
// v30/v31.
TEST(Arm64RegisterFile, AllocatableRegistersAreTheSavedOnesWithoutFixedRoles) {
  const RegisterFile& file = RegisterFileOf(InstructionSet::kArm64);
  EXPECT_THAT(file.allocatable_callee_saved,
              ElementsAreArray(Concat(Range(RegisterBank::kGeneral, 19, 27),
                                      Range(RegisterBank::kFloat, 8, 15))));
  EXPECT_THAT(Only(file.allocatable_caller_saved, RegisterBank::kGeneral),
              ElementsAreArray(Range(RegisterBank::kGeneral, 8, 15)));
  EXPECT_THAT(Only(file.allocatable_caller_saved, RegisterBank::kFloat),
              ElementsAreArray(
                  Concat(Range(RegisterBank::kFloat, 0, 7), Range(RegisterBank::kFloat, 16, 29))));
}

// The rank lookups are tables built from the lists: for every register number of both banks
// (and one past them), the rank is the register's position in the list, or -1.
TEST(RegisterFile, RanksArePositionsInTheSavedLists) {
  for (const InstructionSet isa : {InstructionSet::kX86_64, InstructionSet::kArm64}) {
    const RegisterFile& file = RegisterFileOf(isa);
    for (const RegisterBank bank : {RegisterBank::kGeneral, RegisterBank::kFloat}) {
      for (uint32_t number = 0; number <= RegisterFile::kRegistersPerBank; ++number) {
        const Register reg{bank, number};
        const auto position = [&reg](const std::vector<Register>& list) {
          for (size_t i = 0; i < list.size(); ++i) {
            if (list[i] == reg) return static_cast<int>(i);
          }
          return -1;
        };
        EXPECT_EQ(file.CalleeSavedRank(reg), position(file.callee_saved))
            << InstructionSetName(isa) << " " << RegisterName(isa, reg);
        EXPECT_EQ(file.CallerSavedRank(reg), position(file.caller_saved))
            << InstructionSetName(isa) << " " << RegisterName(isa, reg);
      }
    }
  }
}

// No register both survives calls and is clobbered by them, and no value lives in a register
// with a fixed role.
TEST(RegisterFile, RolesNeverOverlap) {
  for (const InstructionSet isa : {InstructionSet::kX86_64, InstructionSet::kArm64}) {
    const RegisterFile& file = RegisterFileOf(isa);
    for (const Register& reg : file.callee_saved) EXPECT_EQ(file.CallerSavedRank(reg), -1);
    std::vector<Register> fixed_roles_in_pools;
    for (const Register& reg :
         Concat(file.allocatable_callee_saved, file.allocatable_caller_saved)) {
      if (file.IsTemp(reg) || reg == file.thread || reg == file.frame_pointer ||
          reg == file.class_result) {
        fixed_roles_in_pools.push_back(reg);
      }
      for (const Register& argument : file.arguments) {
        if (reg == argument) fixed_roles_in_pools.push_back(reg);
      }
    }
    EXPECT_THAT(fixed_roles_in_pools, IsEmpty()) << InstructionSetName(isa);
  }
}

uint32_t ArkMaskOf(InstructionSet isa, const std::vector<Register>& regs, RegisterBank bank) {
  uint32_t mask = 0;
  for (const Register& reg : regs) {
    if (reg.bank == bank) mask |= 1u << ArkRegisterNumber(isa, reg);
  }
  return mask;
}

// Ark's masks (instructions.yaml arch_info, amd64/target.h), in Ark's numbering: the saved lists
// are exactly Ark's callee and caller masks.
TEST(ArkRegisterNumber, TheSavedListsAreArksMasks) {
  constexpr InstructionSet kArm64 = InstructionSet::kArm64;
  const RegisterFile& arm64 = RegisterFileOf(kArm64);
  EXPECT_EQ(ArkMaskOf(kArm64, arm64.callee_saved, RegisterBank::kGeneral), 0x1ff80000u);
  EXPECT_EQ(ArkMaskOf(kArm64, arm64.caller_saved, RegisterBank::kGeneral), 0x0007ffffu);
  EXPECT_EQ(ArkMaskOf(kArm64, arm64.callee_saved, RegisterBank::kFloat), 0xff00u);
  EXPECT_EQ(ArkMaskOf(kArm64, arm64.caller_saved, RegisterBank::kFloat), 0xffff00ffu);
  constexpr InstructionSet kX86 = InstructionSet::kX86_64;
  const RegisterFile& x86 = RegisterFileOf(kX86);
  EXPECT_EQ(ArkMaskOf(kX86, x86.callee_saved, RegisterBank::kGeneral), 0xf800u);
  EXPECT_EQ(ArkMaskOf(kX86, x86.caller_saved, RegisterBank::kGeneral), 0x1ffu);
  EXPECT_EQ(ArkMaskOf(kX86, x86.callee_saved, RegisterBank::kFloat), 0u);
  EXPECT_EQ(ArkMaskOf(kX86, x86.caller_saved, RegisterBank::kFloat), 0xffffu);
}

// amd64/target.h: Ark's r3 is r11, r4 r10, r5 r9, r9 rbp, r10 rsp, r11 rbx; arm64 keeps its
// numbers.
TEST(ArkRegisterNumber, X86_64RenumbersAndArm64DoesNot) {
  constexpr InstructionSet kX86 = InstructionSet::kX86_64;
  EXPECT_EQ(ArkRegisterNumber(kX86, Gp(kR11)), 3u);
  EXPECT_EQ(ArkRegisterNumber(kX86, Gp(kR9)), 5u);
  EXPECT_EQ(ArkRegisterNumber(kX86, Gp(kRdi)), 7u);
  EXPECT_EQ(ArkRegisterNumber(kX86, Gp(kRbp)), 9u);
  EXPECT_EQ(ArkRegisterNumber(kX86, Gp(kRbx)), 11u);
  EXPECT_EQ(ArkRegisterNumber(kX86, Fp(3)), 3u);
  EXPECT_EQ(ArkRegisterNumber(InstructionSet::kArm64, Gp(19)), 19u);
  for (uint32_t number = 0; number < 16; ++number) {
    const std::optional<Register> reg = RegisterFromArkNumber(kX86, RegisterBank::kGeneral, number);
    ASSERT_TRUE(reg.has_value());
    EXPECT_EQ(ArkRegisterNumber(kX86, *reg), number);
  }
  EXPECT_FALSE(RegisterFromArkNumber(kX86, RegisterBank::kGeneral, 16).has_value());
}

// Both ISAs number each bank (and x86_64 its xmm registers) 0..31: a decoded Ark location that
// names register 32 names none, whatever the bank.
TEST(ArkRegisterNumber, ANumberPastThirtyOneNamesNoRegister) {
  const struct {
    InstructionSet isa;
    RegisterBank bank;
  } kBanks[] = {{InstructionSet::kArm64, RegisterBank::kGeneral},
                {InstructionSet::kArm64, RegisterBank::kFloat},
                {InstructionSet::kX86_64, RegisterBank::kFloat}};
  for (const auto& [isa, bank] : kBanks) {
    SCOPED_TRACE(InstructionSetName(isa));
    EXPECT_EQ(RegisterFromArkNumber(isa, bank, 31), (Register{bank, 31}));
    EXPECT_FALSE(RegisterFromArkNumber(isa, bank, 32).has_value());
    EXPECT_FALSE(RegisterFromArkNumber(isa, bank, UINT32_MAX).has_value());
  }
}

TEST(RegisterName, IsWhatADisassemblerPrints) {
  EXPECT_EQ(RegisterName(InstructionSet::kX86_64, Gp(kRbx)), "rbx");
  EXPECT_EQ(RegisterName(InstructionSet::kX86_64, Gp(kR15)), "r15");
  EXPECT_EQ(RegisterName(InstructionSet::kX86_64, Fp(3)), "xmm3");
  EXPECT_EQ(RegisterName(InstructionSet::kArm64, Gp(19)), "x19");
  EXPECT_EQ(RegisterName(InstructionSet::kArm64, Fp(8)), "d8");
}

// x86_64 has sixteen general registers; a seventeenth is named, not read past the name table.
TEST(RegisterName, ANumberPastTheX86_64RegistersIsMarkedUnknown) {
  EXPECT_EQ(RegisterName(InstructionSet::kX86_64, Gp(16)), "r?16");
}

}  // namespace
}  // namespace frameproof
