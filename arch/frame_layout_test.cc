// The compiled frame and the boundary frame against Ark's own numbers: the CFrame slot table
// of cframe_layout.h (which register sits in which slot counted from the stack origin, and where
// spills begin) and the boundary frame's callee area as Ark's stack walker reads it
// (InitCalleeBuffer), written out here slot by slot rather than derived from the register lists.

#include "arch/frame_layout.h"

#include <cstdint>

#include "arch/register_file.h"
#include "arch/register_testing.h"
#include "arch/runtime_abi.h"
#include "gtest/gtest.h"

namespace frameproof {
namespace {

struct SlotOf {
  Register reg;
  uint32_t slot;
};

// Ark, arm64: callee GP s0 = x28 .. s9 = x19; callee FP s10 = d15 .. s17 = d8; caller GP
// s18 = x18 .. s36 = x0; caller FP s37 = v31 .. s60 = v0, skipping v8-v15; spills from s61.
TEST(Arm64FrameLayout, RegisterSlotsAreArksCFrameSlots) {
  const FrameLayout layout(InstructionSet::kArm64, 0);
  for (const SlotOf& want :
       {SlotOf{Gp(28), 0}, SlotOf{Gp(19), 9}, SlotOf{Fp(15), 10}, SlotOf{Fp(8), 17}}) {
    EXPECT_EQ(layout.CalleeSaveSlot(want.reg), want.slot)
        << RegisterName(InstructionSet::kArm64, want.reg);
  }
  for (const SlotOf& want :
       {SlotOf{Gp(18), 18}, SlotOf{Gp(16), 20}, SlotOf{Gp(0), 36}, SlotOf{Fp(31), 37},
        SlotOf{Fp(16), 52}, SlotOf{Fp(7), 53}, SlotOf{Fp(0), 60}}) {
    EXPECT_EQ(layout.CallerSaveSlot(want.reg), want.slot)
        << RegisterName(InstructionSet::kArm64, want.reg);
  }
  EXPECT_EQ(layout.first_spill_slot(), 61u);
  EXPECT_EQ(layout.SpillSlot(3), 64u);
}

// Ark, x86_64 (its own register numbering: rax, rcx, rdx, r11, r10, r9, rsi, rdi, r8, ..., rbx,
// r12..r15): callee s0 = r15 .. s4 = rbx; caller GP s5 = r8 .. s13 = rax; caller FP s14 = xmm15
// .. s29 = xmm0; spills from s30.
TEST(X86_64FrameLayout, RegisterSlotsAreArksCFrameSlots) {
  const FrameLayout layout(InstructionSet::kX86_64, 0);
  EXPECT_EQ(layout.CalleeSaveSlot(Gp(kR15)), 0u);
  EXPECT_EQ(layout.CalleeSaveSlot(Gp(kR12)), 3u);
  EXPECT_EQ(layout.CalleeSaveSlot(Gp(kRbx)), 4u);
  for (const SlotOf& want :
       {SlotOf{Gp(kR8), 5}, SlotOf{Gp(kRdi), 6}, SlotOf{Gp(kRsi), 7}, SlotOf{Gp(kR9), 8},
        SlotOf{Gp(kR10), 9}, SlotOf{Gp(kR11), 10}, SlotOf{Gp(kRdx), 11}, SlotOf{Gp(kRcx), 12},
        SlotOf{Gp(kRax), 13}, SlotOf{Fp(15), 14}, SlotOf{Fp(0), 29}}) {
    EXPECT_EQ(layout.CallerSaveSlot(want.reg), want.slot)
        << RegisterName(InstructionSet::kX86_64, want.reg);
  }
  EXPECT_EQ(layout.first_spill_slot(), 30u);
}

// cframe_layout.h: the Method* is slot 1 (fp - 8) and the stack origin is fp - 9 words, from
// which slot s is s words further down.
TEST(FrameLayout, SlotsCountDownFromArksStackOrigin) {
  EXPECT_EQ(FrameLayout::kMethodSlotFpOffset, -8);
  EXPECT_EQ(FrameLayout::SlotFpOffset(0), -72);
  EXPECT_EQ(FrameLayout::SlotFpOffset(61), -72 - 61 * 8);
  const FrameLayout layout(InstructionSet::kArm64, 2);
  EXPECT_EQ(layout.CallerSaveFpOffset(Gp(0)), -72 - 36 * 8);
  EXPECT_EQ(CallerSaveFpOffset(InstructionSet::kArm64, Gp(0)), -72 - 36 * 8);
  EXPECT_EQ(layout.SpillFpOffset(1), -72 - 62 * 8);
}

// Ark's frame size in words is 9 + first spill + spills + 1 (cframe_layout.h), the spills an
// even number and the whole rounded to keep sp 16-byte aligned; sp-relative offsets count up from
// the frame's bottom.
TEST(FrameLayout, FrameSizeHoldsEverySlotAndKeepsSpAligned) {
  const FrameLayout no_spills(InstructionSet::kArm64, 0);
  EXPECT_EQ(no_spills.frame_size(), 8u * (9 + 61 + 1) + 8);  // 71 words, padded to 72
  const FrameLayout one_spill(InstructionSet::kArm64, 1);
  EXPECT_EQ(one_spill.frame_size(), 8u * (9 + 61 + 2 + 1) + 8);  // two spill slots
  EXPECT_EQ(one_spill.SpFromFp(one_spill.SpillFpOffset(0)), 16);
  const FrameLayout x86(InstructionSet::kX86_64, 3);
  EXPECT_EQ(x86.frame_size(), 8u * (9 + 30 + 4 + 1));
  EXPECT_EQ(x86.SpFromFp(x86.SpillFpOffset(2)), 8);
}

// Ark's EnumerateStaticRoots takes frame size / 8 - (9 + register slots + 1) as the spill count
// and evens it down; every spill slot a frame has must be within that count, or a reference
// spilled there would be no root.
TEST(FrameLayout, ArksRootWalkCountsEverySpillSlot) {
  for (const InstructionSet isa : {InstructionSet::kArm64, InstructionSet::kX86_64}) {
    for (uint32_t spills = 0; spills < 12; ++spills) {
      const FrameLayout layout(isa, spills);
      const uint32_t counted = layout.frame_size() / 8 - (9 + layout.first_spill_slot() + 1);
      EXPECT_GE(counted / 2 * 2, spills) << InstructionSetName(isa) << " " << spills;
    }
  }
}

// Ark's walker finds callee register r of a boundary frame at bp + CALLEES_OFFSET (-1) minus
// its distance from the mask's head minus one: x28 at bp - 2 words, x19 at bp - 11, d15 at
// bp - 12 (the reference's worked check), d8 at bp - 19; on x86_64 r15 at bp - 2, rbx at bp - 6.
TEST(BoundaryFrame, CalleeSavedRegistersSitWhereArksWalkerLooks) {
  const RegisterFile& arm64 = RegisterFileOf(InstructionSet::kArm64);
  const auto arm64_offset = [&](Register reg) {
    return runtime_abi::BoundaryCalleeSaveOffset(arm64.CalleeSavedRank(reg));
  };
  EXPECT_EQ(arm64_offset(Gp(28)), -2 * 8);
  EXPECT_EQ(arm64_offset(Gp(19)), -11 * 8);
  EXPECT_EQ(arm64_offset(Fp(15)), -12 * 8);
  EXPECT_EQ(arm64_offset(Fp(8)), -19 * 8);
  const RegisterFile& x86 = RegisterFileOf(InstructionSet::kX86_64);
  EXPECT_EQ(runtime_abi::BoundaryCalleeSaveOffset(x86.CalleeSavedRank(Gp(kR15))), -2 * 8);
  EXPECT_EQ(runtime_abi::BoundaryCalleeSaveOffset(x86.CalleeSavedRank(Gp(kRbx))), -6 * 8);
  EXPECT_EQ(runtime_abi::BoundaryCalleeAreaBytes(x86.callee_saved.size()), 6 * 8);
}

}  // namespace
}  // namespace frameproof
