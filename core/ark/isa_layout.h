#ifndef FRAMEPROOF_CORE_ARK_ISA_LAYOUT_H_
#define FRAMEPROOF_CORE_ARK_ISA_LAYOUT_H_

#include <cstdint>

#include "absl/status/statusor.h"
#include "core/base/instruction_set.h"

namespace frameproof::ark {

// What Ark's CodeInfo and compiled-method layout depend on per ISA (Ark's Arch: AARCH32,
// AARCH64, X86_64; code_info.h, cframe_layout.h, arch.h).
struct IsaLayout {
  InstructionSet isa = InstructionSet::kArm64;
  // Native pcs are stored divided by this (INSTRUCTION_ALIGNMENT: 4 on both arms, 1 on x86_64).
  uint32_t instruction_alignment = 1;
  // Bytes of a pointer, and of a CFrame slot.
  uint32_t pointer_size = 8;
  // CFrame register slots below the stack origin; spill slot k is this + k (GetFirstSpillSlot;
  // arm32 numbers spills 2k + 1 from here).
  uint32_t register_count = 0;
  // Code starts at RoundUp(sizeof(CodePrefix), this) in a compiled-method blob (CODE_ALIGNMENT).
  uint32_t code_alignment = 16;

  // Pointers are 32 bits: the CFrame arithmetic of EnumerateStaticRoots wraps in 32 bits, and a
  // method pointer is METHOD_LOW alone.
  bool Is32Bit() const { return pointer_size == 4; }
};

// Ark's layout of `isa`: arm (Ark's AARCH32), arm64 and x86_64. Ark compiles for no other ISA, so
// the others are an INVALID_ARGUMENT error that says which ones exist.
absl::StatusOr<IsaLayout> LayoutFor(InstructionSet isa);

}  // namespace frameproof::ark

#endif  // FRAMEPROOF_CORE_ARK_ISA_LAYOUT_H_
