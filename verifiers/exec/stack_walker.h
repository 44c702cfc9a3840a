#ifndef FRAMEPROOF_VERIFIERS_EXEC_STACK_WALKER_H_
#define FRAMEPROOF_VERIFIERS_EXEC_STACK_WALKER_H_

// The runtime's view of a frame, as ART and Ark walkers take it: from the boundary frame a
// resolver built, to the compiled caller's frame, its return pc, the stack map there, and from
// the dex register maps to the places the values really are (the boundary's callee-save area,
// the caller's caller-save area and spill slots, or constants).

#include <cstdint>

#include "absl/status/statusor.h"
#include "core/base/instruction_set.h"
#include "verifiers/exec/frame_state.h"

namespace frameproof {

struct WalkResult {
  FrameState state;
  uint32_t native_pc = 0;  // of the stack map found, method-relative
};

// Walks from `boundary` (thread->frame while a resolver runs) on `isa`. Errors name what did not
// add up: the marker, the frame size, a pc with no stack map, a register with no save slot.
absl::StatusOr<WalkResult> WalkFromBoundary(uint64_t boundary, InstructionSet isa);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_EXEC_STACK_WALKER_H_
