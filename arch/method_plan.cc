#include "arch/method_plan.h"

#include <cassert>

#include "absl/strings/str_cat.h"
#include "arch/value_model.h"
#include "core/base/check.h"

namespace frameproof {

namespace {

// `plan` without its frames, safepoints and callers, which each plan derived from it sets itself:
// copying them only to drop them was a sixth of an exec case's heap allocations.
MethodPlan CallOf(const MethodPlan& plan) {
  MethodPlan call;
  call.seed = plan.seed;
  call.resolver = plan.resolver;
  call.target_id = plan.target_id;
  call.vtable_index = plan.vtable_index;
  call.class_initialized = plan.class_initialized;
  call.arguments = plan.arguments;
  return call;
}
static_assert(sizeof(MethodPlan) == 120, "CallOf copies every field of MethodPlan: add the new one");

}  // namespace

MethodPlan AtCallSite(const MethodPlan& plan, size_t site) {
  MethodPlan at = CallOf(plan);
  at.frames = SiteFrames(plan, site);
  at.callers = plan.callers;
  return at;
}

absl::Status CheckCallSites(const MethodPlan& plan) {
  if (plan.safepoints.size() > kMaxSafepoints) {
    return absl::InvalidArgumentError(absl::StrCat("the plan has ", plan.safepoints.size(),
                                                   " safepoints; at most ", kMaxSafepoints));
  }
  if (plan.frames.empty()) return absl::InvalidArgumentError("the plan's method has no frames");
  const PlannedFrame& outer = plan.frames[0];
  for (size_t s = 0; s < plan.safepoints.size(); ++s) {
    const std::vector<PlannedFrame>& frames = plan.safepoints[s].frames;
    if (frames.empty()) {
      return absl::InvalidArgumentError(absl::StrCat("safepoint ", s, " has no frames"));
    }
    if (frames[0].method_index != outer.method_index) {
      return absl::InvalidArgumentError(absl::StrCat("safepoint ", s, " is in method ",
                                                     frames[0].method_index,
                                                     ", the call in method ", outer.method_index));
    }
    bool same_types = frames[0].vregs.size() == outer.vregs.size();
    for (size_t v = 0; same_types && v < outer.vregs.size(); ++v) {
      same_types = frames[0].vregs[v].type == outer.vregs[v].type;
    }
    if (!same_types) {
      return absl::InvalidArgumentError(absl::StrCat(
          "safepoint ", s, "'s outer frame does not have the call's values and types"));
    }
  }
  return absl::OkStatus();
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

namespace {

// Values of the plan's own method at safepoint `s`: the length of its section's value words.
uint32_t SafepointVRegCount(const MethodPlan& plan, size_t s) {
  uint32_t values = 0;
  for (const PlannedFrame& frame : plan.safepoints[s].frames) {
    values += static_cast<uint32_t>(frame.vregs.size());
  }
  return values;
}

}  // namespace

uint32_t SafepointDumpIndex(const MethodPlan& plan, size_t s) {
  FP_DCHECK_LT(s, plan.safepoints.size() + 1);  // s = the count asks for the dump's length
  uint32_t index = runtime_abi::DumpWordCount(PlannedVRegCount(plan));
  for (size_t k = 0; k < s; ++k) {
    index += runtime_abi::SafepointDumpWordCount(SafepointVRegCount(plan, k));
  }
  return index;
}

uint32_t SafepointDumpWordAt(const MethodPlan& plan, size_t s,
                             runtime_abi::SafepointDumpWord word) {
  return SafepointDumpIndex(plan, s) +
         runtime_abi::SafepointDumpWordIndex(SafepointVRegCount(plan, s), word);
}

uint32_t DexRegisterCount(const PlannedFrame& frame) {
  uint32_t count = 0;
  for (const PlannedVReg& vreg : frame.vregs) {
    count += DecodedRegisterCount(Metainfo::kArt, vreg.type);
  }
  return count;
}

}  // namespace frameproof
