#include "arch/frame_layout.h"

#include <cassert>

namespace frameproof {
namespace {

constexpr int32_t kWord = 8;
constexpr int32_t kStackAlignmentBytes = 16;
constexpr int32_t kCalleeSaveTopFpOffset = FrameLayout::kMethodSlotFpOffset - kWord;

int32_t CalleeSaveBottom(const RegisterFile& file) {
  return kCalleeSaveTopFpOffset - kWord * (static_cast<int32_t>(file.callee_saved.size()) - 1);
}

}  // namespace

FrameLayout::FrameLayout(InstructionSet isa, uint32_t spill_slots)
    : registers_(&RegisterFileOf(isa)) {
  caller_save_bottom_ =
      CalleeSaveBottom(*registers_) - kWord * static_cast<int32_t>(registers_->caller_saved.size());
  const int32_t fixed = kFpAboveSp - caller_save_bottom_;
  const int32_t spills = static_cast<int32_t>(4 * spill_slots);
  const int32_t total = fixed + spills;
  frame_size_ = static_cast<uint32_t>((total + kStackAlignmentBytes - 1) / kStackAlignmentBytes *
                                      kStackAlignmentBytes);
}

int32_t FrameLayout::CalleeSaveFpOffset(Register reg) const {
  const int rank = registers_->CalleeSavedRank(reg);
  assert(rank >= 0);
  return kCalleeSaveTopFpOffset - kWord * rank;
}

int32_t FrameLayout::CallerSaveFpOffset(Register reg) const {
  return frameproof::CallerSaveFpOffset(registers_->isa, reg);
}

int32_t CallerSaveFpOffset(InstructionSet isa, Register reg) {
  const RegisterFile& file = RegisterFileOf(isa);
  const int rank = file.CallerSavedRank(reg);
  assert(rank >= 0);
  return CalleeSaveBottom(file) - kWord * (rank + 1);
}

}  // namespace frameproof
