#ifndef FRAMEPROOF_VERIFIERS_EXEC_FRAME_STATE_H_
#define FRAMEPROOF_VERIFIERS_EXEC_FRAME_STATE_H_

// What a runtime decodes at a safepoint, ISA-neutral: each frame of the inline chain with its
// registers, and the GC roots. The registers are the dialect's: ART's dex registers (32 bits each,
// a wide value taking two), or Ark's vregs (one per value, 64 bits wide, narrow types zero-
// extended from their 32 bits); dead ones are nullopt. A plan's reference snapshot has this
// shape, and so does what the mock runtime's stack walker records.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "arch/metainfo.h"
#include "arch/method_plan.h"

namespace frameproof {

struct DecodedFrame {
  uint32_t method_index = 0;
  uint32_t dex_pc = 0;
  std::vector<std::optional<uint64_t>> registers;  // nullopt: dead
  friend bool operator==(const DecodedFrame&, const DecodedFrame&) = default;
};

struct FrameState {
  std::vector<DecodedFrame> frames;  // outer method first
  std::vector<uint32_t> gc_roots;    // the values of the reference roots, ascending
  friend bool operator==(const FrameState&, const FrameState&) = default;
};

// The state a correct runtime must decode, in `metainfo`'s dialect, when call site `site` of the
// plan's own method (method_plan.h: its safepoints, then its call) enters it: that site's values,
// and the callers' references where the collections of the safepoints before it moved them
// (moving_collector.h).
FrameState ExpectedFrameStateAt(const MethodPlan& plan, Metainfo metainfo, size_t site);
// The same while the plan's call is in progress (the last site).
FrameState ExpectedFrameState(const MethodPlan& plan, Metainfo metainfo);
// ExpectedFrameStateAt of every call site, in code order.
std::vector<FrameState> ExpectedFrameStatesBySite(const MethodPlan& plan, Metainfo metainfo);

// "expected | decoded" rows, one per register and root, `*` marking rows that differ; types and
// locations from `plan` label the rows.
std::string SideBySide(const MethodPlan& plan, Metainfo metainfo, const FrameState& expected,
                       const FrameState& decoded);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_EXEC_FRAME_STATE_H_
