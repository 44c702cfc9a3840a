#ifndef FRAMEPROOF_ARCH_VALUE_MODEL_H_
#define FRAMEPROOF_ARCH_VALUE_MODEL_H_

// What a planned value is to each side of an exec case, in one place: the bits it holds, whether
// the code holds it at run time, whether it is a GC root, and the registers each dialect's runtime
// decodes it as. Lowering (emitters, metainfo), the expected state and the checks all read these;
// the frame readers do not, since they stand for the runtime and read what the metainfo says.

#include <cstdint>

#include "arch/metainfo.h"
#include "arch/method_plan.h"

namespace frameproof {

inline constexpr uint64_t kLow32Bits = 0xffffffffu;

// The bits a value of `type` holds: all 64 when wide, else the low 32.
constexpr uint64_t HeldBits(VRegType type, uint64_t value) {
  return IsWide(type) ? value : value & kLow32Bits;
}
constexpr uint64_t HeldBits(const PlannedVReg& vreg) { return HeldBits(vreg.type, vreg.value); }

// Whether the code holds a value in `location` at run time, in a register or a stack slot. A
// constant lives in the metainfo alone, a dead value nowhere.
constexpr bool IsMaterialized(LocationClass location) {
  return location != LocationClass::kConstant && location != LocationClass::kNone;
}

// Whether a stack map must report the value as a GC root: a reference the code holds.
constexpr bool IsGcRoot(const PlannedVReg& vreg) {
  return vreg.type == VRegType::kReference && IsMaterialized(vreg.location);
}

// The registers one value of `type` is in what `metainfo`'s runtime decodes: ART's dex registers
// are 32 bits, a wide value taking two (low half first); Ark's vregs are 64 bits, one per value.
constexpr uint32_t DecodedRegisterCount(Metainfo metainfo, VRegType type) {
  return metainfo == Metainfo::kArt && IsWide(type) ? 2 : 1;
}

// Register `index` (< DecodedRegisterCount) of a value holding `held` (HeldBits), as `metainfo`'s
// runtime decodes it.
constexpr uint64_t DecodedRegisterBits(Metainfo metainfo, uint64_t held, uint32_t index) {
  if (metainfo == Metainfo::kArk) return held;
  return index == 0 ? held & kLow32Bits : held >> 32;
}

}  // namespace frameproof

#endif  // FRAMEPROOF_ARCH_VALUE_MODEL_H_
