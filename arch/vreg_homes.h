#ifndef FRAMEPROOF_ARCH_VREG_HOMES_H_
#define FRAMEPROOF_ARCH_VREG_HOMES_H_

// Lowering, part one: where each planned virtual register lives on one ISA
// (method_code_info.h says how each dialect describes that place).

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "arch/frame_layout.h"
#include "arch/method_plan.h"
#include "arch/register_file.h"

namespace frameproof {

// The place of one virtual register while the call is in progress.
struct VRegHome {
  LocationClass where = LocationClass::kNone;  // the class actually used
  Register reg;                                // register classes
  // kStackSlot: its spill slot; kCallerSavedRegister: its save slot. Ark's slot number in the
  // frame (frame_layout.h), and the same word's offset from sp.
  uint32_t frame_slot = 0;
  int32_t sp_offset = 0;
};

// Homes of every virtual register of a plan, frame by frame, plus the frame they need.
struct MethodHomes {
  std::vector<std::vector<VRegHome>> frames;  // parallel to MethodPlan::frames[i].vregs
  FrameLayout layout;
};

// Assigns homes in plan order: registers from RegisterFile::allocatable_* (wide values take one
// 64-bit register), one-word spill slots otherwise. Fails only if the plan is malformed (a non-null
// constant reference, more values than the frame format can address). The homes are those at
// the plan's call; a plan with safepoints gets the frame all its sites need.
absl::StatusOr<MethodHomes> AssignHomes(const MethodPlan& plan, InstructionSet isa);

// One call site of a compiled method: its frames as the plan has them (SiteFrames or FramesOf,
// not a copy: the plan outlives its sites) and their homes.
struct CallSiteHomes {
  const std::vector<PlannedFrame>* frames = nullptr;
  MethodHomes homes;
};

// The homes of every call site of compiled method `method` of `plan` (0: the plan's own, whose
// sites are its safepoints and its call; a caller has one), in code order (method_plan.h), each
// site assigned on its own, in one frame layout that holds the spill slots of all of them.
absl::StatusOr<std::vector<CallSiteHomes>> AssignCallSiteHomes(const MethodPlan& plan,
                                                               InstructionSet isa,
                                                               size_t method = 0);

}  // namespace frameproof

#endif  // FRAMEPROOF_ARCH_VREG_HOMES_H_
