#ifndef FRAMEPROOF_ARCH_FRAME_LAYOUT_H_
#define FRAMEPROOF_ARCH_FRAME_LAYOUT_H_

// The frame of a compiled method: Ark's CFrame (cframe_layout.h), the same shape on both ISAs.
// Words from the frame pointer down:
//
//   fp + 8                 return address (x86_64: pushed by call; arm64: saved x30)
//   fp + 0                 caller's frame pointer
//   fp - 8                 CFrame slot 1: the Method* of the compiled method
//   fp - 16                slot 2: flags
//   fp - 24 .. fp - 64     slots 3-8: data region and locals
//   fp - 72 - 8s           register slot s, counted from Ark's stack origin (fp - 72):
//                            callee-save area: RegisterFile::callee_saved[k] at s = k
//                            caller-save area: RegisterFile::caller_saved[k] after it, filled
//                              by resolvers and around calls so the runtime finds those values
//                            spill slots, one word each, after it, an even number of them
//   sp                     the frame's bottom, 16-byte aligned
//
// So a register's slot is fixed by its position in the architecture's register mask, as Ark's
// codegen, boundary frames and stack walker agree: on arm64 x28 is s0, x0 s36 and the first
// spill s61; on x86_64 r15 is s0, rax s13 and the first spill s30. The fixed areas are addressed
// from fp (resolvers know no frame sizes); CodeInfo's kInStack offsets count from sp.

#include <cstdint>

#include "arch/register_file.h"

namespace frameproof {

class FrameLayout {
 public:
  // The frame for a method needing `spill_slots` one-word spill slots on `isa`.
  FrameLayout(InstructionSet isa, uint32_t spill_slots);

  InstructionSet isa() const { return registers_->isa; }
  // Whole frame in bytes, return address and saved fp included; a multiple of 16.
  uint32_t frame_size() const { return frame_size_; }
  static constexpr int32_t kMethodSlotFpOffset = -8;
  // Bytes from the frame's top to fp: the return address and the saved frame pointer.
  static constexpr int32_t kFpAboveSp = 16;
  // Ark's stack origin, from which register slots count down a word each.
  static constexpr int32_t kStackOriginFpOffset = -72;
  static constexpr int32_t SlotFpOffset(uint32_t slot) {
    return kStackOriginFpOffset - 8 * static_cast<int32_t>(slot);
  }

  // Ark's slot numbers: of callee-saved `reg`, of caller-saved `reg` (each must be listed in the
  // register file as such), and of spill slot `index`.
  uint32_t CalleeSaveSlot(Register reg) const;
  uint32_t CallerSaveSlot(Register reg) const;
  uint32_t SpillSlot(uint32_t index) const { return first_spill_slot_ + index; }
  uint32_t first_spill_slot() const { return first_spill_slot_; }

  // fp-relative offsets of the slots above.
  int32_t CalleeSaveFpOffset(Register reg) const { return SlotFpOffset(CalleeSaveSlot(reg)); }
  int32_t CallerSaveFpOffset(Register reg) const { return SlotFpOffset(CallerSaveSlot(reg)); }
  int32_t SpillFpOffset(uint32_t index) const { return SlotFpOffset(SpillSlot(index)); }
  // An fp-relative offset as an sp-relative one.
  int32_t SpFromFp(int32_t fp_offset) const {
    return static_cast<int32_t>(frame_size_) - kFpAboveSp + fp_offset;
  }
  // The lowest fp-relative offset of the caller-save area.
  int32_t caller_save_bottom_fp_offset() const { return SlotFpOffset(first_spill_slot_ - 1); }

 private:
  const RegisterFile* registers_;
  uint32_t first_spill_slot_ = 0;
  uint32_t frame_size_ = 0;
};

// fp-relative offset of caller-save slot `reg` for `isa`, without building a layout (resolvers,
// walkers).
int32_t CallerSaveFpOffset(InstructionSet isa, Register reg);

}  // namespace frameproof

#endif  // FRAMEPROOF_ARCH_FRAME_LAYOUT_H_
