#include "arch/frame_layout.h"

#include <cassert>

namespace frameproof {
namespace {

constexpr int32_t kStackAlignmentBytes = 16;

uint32_t FirstSpillSlot(const RegisterFile& file) {
  return static_cast<uint32_t>(file.callee_saved.size() + file.caller_saved.size());
}

uint32_t CallerSaveSlotIn(const RegisterFile& file, Register reg) {
  const int rank = file.CallerSavedRank(reg);
  assert(rank >= 0);
  return static_cast<uint32_t>(file.callee_saved.size()) + static_cast<uint32_t>(rank);
}

}  // namespace

FrameLayout::FrameLayout(InstructionSet isa, uint32_t spill_slots)
    : registers_(&RegisterFileOf(isa)), first_spill_slot_(FirstSpillSlot(*registers_)) {
  // From the top: return address and fp, then every slot down to the last spill slot (the callee
  // list is never empty, so there is a last slot). The spill area takes an even number of slots:
  // Ark's EnumerateStaticRoots derives the spill count from the frame size and evens it down, so
  // an odd count on arm64 (71 fixed words) would hide the last spill from its roots.
  const uint32_t spill_area = (spill_slots + 1) / 2 * 2;
  const int32_t total = kFpAboveSp - SlotFpOffset(first_spill_slot_ + spill_area - 1);
  frame_size_ = static_cast<uint32_t>((total + kStackAlignmentBytes - 1) / kStackAlignmentBytes *
                                      kStackAlignmentBytes);
}

uint32_t FrameLayout::CalleeSaveSlot(Register reg) const {
  const int rank = registers_->CalleeSavedRank(reg);
  assert(rank >= 0);
  return static_cast<uint32_t>(rank);
}

uint32_t FrameLayout::CallerSaveSlot(Register reg) const {
  return CallerSaveSlotIn(*registers_, reg);
}

int32_t CallerSaveFpOffset(InstructionSet isa, Register reg) {
  return FrameLayout::SlotFpOffset(CallerSaveSlotIn(RegisterFileOf(isa), reg));
}

}  // namespace frameproof
