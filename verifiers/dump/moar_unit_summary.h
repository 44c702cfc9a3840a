#ifndef FRAMEPROOF_VERIFIERS_DUMP_MOAR_UNIT_SUMMARY_H_
#define FRAMEPROOF_VERIFIERS_DUMP_MOAR_UNIT_SUMMARY_H_

// What `frameproof moar-validate` prints about a compilation unit: its header and the size of
// each part, per frame and in total, and every error found in the frames' code.

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "core/moar/compilation_unit.h"
#include "nlohmann/json.hpp"

namespace frameproof::moar {

// The outcome of decoding one frame's code: its instruction count, or its error.
struct FrameCheck {
  size_t instructions = 0;
  absl::Status status;
};

// Decodes every frame of `unit` (DecodeFrameCode), keeping every error, not only the first.
std::vector<FrameCheck> CheckEveryFrame(const CompilationUnit& unit);

// The summary as JSON: {"version", "hll", "special_frames", "counts", "frames": [...],
// "errors": [...]}; a frame lists its name, counts and instruction count.
nlohmann::json UnitSummaryJson(const CompilationUnit& unit, const std::vector<FrameCheck>& frames);

// The summary as text: the header, the totals, then one line per error.
std::string UnitSummaryText(const CompilationUnit& unit, const std::vector<FrameCheck>& frames);

}  // namespace frameproof::moar

#endif  // FRAMEPROOF_VERIFIERS_DUMP_MOAR_UNIT_SUMMARY_H_
