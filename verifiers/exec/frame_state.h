#ifndef FRAMEPROOF_VERIFIERS_EXEC_FRAME_STATE_H_
#define FRAMEPROOF_VERIFIERS_EXEC_FRAME_STATE_H_

// What a runtime decodes at a safepoint, ISA-neutral: each frame of the inline chain with its dex
// registers (32-bit values, or dead), and the GC roots. A plan's reference snapshot has this
// shape, and so does what the mock runtime's stack walker records.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "arch/method_plan.h"

namespace frameproof {

struct DecodedFrame {
  uint32_t method_index = 0;
  uint32_t dex_pc = 0;
  std::vector<std::optional<uint32_t>> registers;  // nullopt: dead
  friend bool operator==(const DecodedFrame&, const DecodedFrame&) = default;
};

struct FrameState {
  std::vector<DecodedFrame> frames;  // outer method first
  std::vector<uint32_t> gc_roots;    // the values of the reference roots, ascending
  friend bool operator==(const FrameState&, const FrameState&) = default;
};

// The state a correct runtime must decode while `plan`'s call is in progress.
FrameState ExpectedFrameState(const MethodPlan& plan);

// "expected | decoded" rows, one per register and root, `*` marking rows that differ; types and
// locations from `plan` label the rows.
std::string SideBySide(const MethodPlan& plan, const FrameState& expected,
                       const FrameState& decoded);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_EXEC_FRAME_STATE_H_
