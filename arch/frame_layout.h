#ifndef FRAMEPROOF_ARCH_FRAME_LAYOUT_H_
#define FRAMEPROOF_ARCH_FRAME_LAYOUT_H_

// The frame of a compiled method, the same shape on both ISAs. From the frame pointer down:
//
//   fp + 8                       return address (x86_64: pushed by call; arm64: saved x30)
//   fp + 0                       caller's frame pointer
//   fp - 8                       method slot: the compiled method's Method*
//   fp - 16 - 8k                 callee-save area: RegisterFile::callee_saved[k]
//   below it, - 8k               caller-save area: RegisterFile::caller_saved[k], written by
//                                resolvers and around calls, so the runtime finds those values
//   below it                     spill slots, 4 bytes each, from sp upwards
//   sp
//
// The fixed areas are addressed from fp (resolvers know no frame sizes); spill slots from sp,
// as CodeInfo's kInStack offsets are.

#include <cstdint>

#include "arch/register_file.h"

namespace frameproof {

class FrameLayout {
 public:
  // The frame for a method needing `spill_slots` 4-byte slots on `isa`.
  FrameLayout(InstructionSet isa, uint32_t spill_slots);

  // Whole frame in bytes, return address and saved fp included; a multiple of 16.
  uint32_t frame_size() const { return frame_size_; }
  static constexpr int32_t kMethodSlotFpOffset = -8;

  // fp-relative offset of the callee-save / caller-save slot of `reg` (which must be listed in
  // the register file as such).
  int32_t CalleeSaveFpOffset(Register reg) const;
  int32_t CallerSaveFpOffset(Register reg) const;
  // sp-relative offset of spill slot `index`.
  int32_t SpillSpOffset(uint32_t index) const { return static_cast<int32_t>(4 * index); }
  // An fp-relative offset as an sp-relative one.
  int32_t SpFromFp(int32_t fp_offset) const {
    return static_cast<int32_t>(frame_size_) - kFpAboveSp + fp_offset;
  }
  // The first fp-relative offset below the caller-save area.
  int32_t caller_save_bottom_fp_offset() const { return caller_save_bottom_; }

  // Bytes from the frame's top to fp: the return address and the saved frame pointer.
  static constexpr int32_t kFpAboveSp = 16;

 private:
  const RegisterFile* registers_;
  int32_t caller_save_bottom_ = 0;
  uint32_t frame_size_ = 0;
};

// fp-relative offset of caller-save slot `reg` for `isa`, without building a layout (resolvers).
int32_t CallerSaveFpOffset(InstructionSet isa, Register reg);

}  // namespace frameproof

#endif  // FRAMEPROOF_ARCH_FRAME_LAYOUT_H_
