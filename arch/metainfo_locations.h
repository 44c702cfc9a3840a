#ifndef FRAMEPROOF_ARCH_METAINFO_LOCATIONS_H_
#define FRAMEPROOF_ARCH_METAINFO_LOCATIONS_H_

// Lowering, part two: how each dialect's metainfo describes a value's home (vreg_homes.h) and
// the GC roots among them. The one place that maps homes to locations, for both dialects.
//
//   home                 ART (DexRegisterLocation)           Ark (VRegInfo)
//   callee-saved reg     kInRegister / kInFpuRegister,       REGISTER / FP_REGISTER,
//                        hardware number (wide: +High)       Ark's register number
//   caller-saved reg     kInStack at its caller-save slot    SLOT, its caller-save slot
//   stack slot           kInStack, sp offset (wide: +4)      SLOT, its spill slot
//   constant             kConstant (wide: two halves)        CONSTANT (the Constants table)
//   none                 kNone (wide: two)                   dead
//
// GC roots: ART marks references in callee-saved registers in the register mask and the rest by
// their stack word (sp offset / 4); Ark marks references in registers of either kind in its
// roots register mask (its walker reads a caller-saved one from the caller's slot) and those in
// spill slots by spill index.

#include <cstdint>
#include <vector>

#include "arch/method_plan.h"
#include "arch/vreg_homes.h"
#include "core/ark/vreg_info.h"
#include "core/art/dex_register_location.h"

namespace frameproof {

// ART: the dex register locations recorded for `vreg` at `home` (one, or two when wide).
std::vector<DexRegisterLocation> DexRegistersAt(const PlannedVReg& vreg, const VRegHome& home);

// ART: the stack map's GC roots.
struct GcRootMasks {
  uint32_t register_mask = 0;         // hardware numbers of callee-saved registers
  std::vector<uint32_t> stack_slots;  // sp offset / 4, ascending
};
GcRootMasks GcRootsOf(const std::vector<PlannedFrame>& frames, const MethodHomes& homes);

// Ark: the VRegInfo of `vreg` at `home` on `isa`, for every home but a constant (whose row the
// builder makes: AddConstant). A dead value is VRegInfo{}.
ark::VRegInfo ArkVRegAt(const PlannedVReg& vreg, const VRegHome& home, InstructionSet isa);

// Ark's type of a planned value.
ark::VRegInfo::Type ArkTypeOf(VRegType type);

// Ark: the stack map's GC roots.
struct ArkGcRoots {
  uint32_t registers_mask = 0;        // Ark's numbers of the registers holding references
  std::vector<uint32_t> spill_slots;  // spill indices (CFrame slot - first spill slot), ascending
};
ArkGcRoots ArkGcRootsOf(const std::vector<PlannedFrame>& frames, const MethodHomes& homes,
                        InstructionSet isa);

}  // namespace frameproof

#endif  // FRAMEPROOF_ARCH_METAINFO_LOCATIONS_H_
