#ifndef FRAMEPROOF_VERIFIERS_DUMP_MOAR_UNIT_SUMMARY_H_
#define FRAMEPROOF_VERIFIERS_DUMP_MOAR_UNIT_SUMMARY_H_

// What `frameproof moar-validate` prints about a bytecode file: a precompiled module's Rakudo
// header, line by line; the unit's header and the size of each part, per frame and in total; and
// every error found in the frames' code.

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "core/moar/compilation_unit.h"
#include "core/moar/moar_file.h"
#include "nlohmann/json.hpp"

namespace frameproof::moar {

// The outcome of decoding one frame's code: its instruction count, or its error.
struct FrameCheck {
  size_t instructions = 0;
  absl::Status status;
};

// Decodes every frame of `unit` (DecodeFrameCode), keeping every error, not only the first.
std::vector<FrameCheck> CheckEveryFrame(const CompilationUnit& unit);

// The summary as JSON: {"precomp", "version", "hll", "special_frames", "counts", "frames": [...],
// "errors": [...]}; "precomp" is null for a bare unit, else {"header_bytes", "checksum",
// "source_checksum", "dependencies": [{"id", "source", "checksum", "spec"}]}; a frame lists its
// name, counts and instruction count.
nlohmann::json UnitSummaryJson(const MoarFile& file, const std::vector<FrameCheck>& frames);

// The summary as text: the precompilation header, the unit's header, the totals, then one line
// per error.
std::string UnitSummaryText(const MoarFile& file, const std::vector<FrameCheck>& frames);

}  // namespace frameproof::moar

#endif  // FRAMEPROOF_VERIFIERS_DUMP_MOAR_UNIT_SUMMARY_H_
