#ifndef FRAMEPROOF_ARCH_VREG_HOMES_H_
#define FRAMEPROOF_ARCH_VREG_HOMES_H_

// Lowering, part one: where each planned virtual register lives on one ISA, and how CodeInfo
// describes that place.

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "arch/frame_layout.h"
#include "arch/method_plan.h"
#include "arch/register_file.h"
#include "core/art/dex_register_location.h"

namespace frameproof {

// The place of one virtual register while the call is in progress.
struct VRegHome {
  LocationClass where = LocationClass::kNone;  // the class actually used
  Register reg;                                // register classes
  int32_t sp_offset = 0;  // kStackSlot: its spill slot; kCallerSavedRegister: its save slot
};

// Homes of every virtual register of a plan, frame by frame, plus the frame they need.
struct MethodHomes {
  std::vector<std::vector<VRegHome>> frames;  // parallel to MethodPlan::frames[i].vregs
  FrameLayout layout;
};

// Assigns homes in plan order: registers from RegisterFile::allocatable_* (wide values take one
// 64-bit register), spill slots otherwise. Fails only if the plan is malformed (a non-null
// constant reference, more values than the frame format can address).
absl::StatusOr<MethodHomes> AssignHomes(const MethodPlan& plan, InstructionSet isa);

// The dex register locations CodeInfo records for `vreg` at `home` (one, or two when wide).
std::vector<DexRegisterLocation> DexRegistersAt(const PlannedVReg& vreg, const VRegHome& home);

// The stack map's GC roots: register_mask bits for references in registers, and stack_mask bits
// (sp offset / 4) for references in stack or save slots.
struct GcRootMasks {
  uint32_t register_mask = 0;
  std::vector<uint32_t> stack_slots;  // sp offset / 4, ascending
};
GcRootMasks GcRootsOf(const MethodPlan& plan, const MethodHomes& homes);

}  // namespace frameproof

#endif  // FRAMEPROOF_ARCH_VREG_HOMES_H_
