#include "arch/method_plan.h"

#include <cassert>

namespace frameproof {

MethodPlan CompiledMethodPlan(const MethodPlan& plan, size_t m) {
  MethodPlan method = plan;
  method.callers.clear();
  if (m > 0) method.frames = plan.callers[m - 1].frames;
  return method;
}

size_t PlannedFrameCount(const MethodPlan& plan) {
  size_t count = 0;
  for (size_t m = 0; m < CompiledMethodCount(plan); ++m) count += FramesOf(plan, m).size();
  return count;
}

const PlannedFrame& PlannedFrameAt(const MethodPlan& plan, size_t index) {
  for (size_t m = 0; m < CompiledMethodCount(plan); ++m) {
    const std::vector<PlannedFrame>& frames = FramesOf(plan, m);
    if (index < frames.size()) return frames[index];
    index -= frames.size();
  }
  assert(false && "a frame index past the chain");
  return plan.frames.front();
}

uint32_t DexRegisterCount(const PlannedFrame& frame) {
  uint32_t count = 0;
  for (const PlannedVReg& vreg : frame.vregs) count += DexRegisterWidth(vreg.type);
  return count;
}

}  // namespace frameproof
