#ifndef FRAMEPROOF_VERIFIERS_LIBART_LIBART_ORACLE_H_
#define FRAMEPROOF_VERIFIERS_LIBART_LIBART_ORACLE_H_

// Debian's Android 11 libart.so as an oracle: the libart_oracle child process, asked through its
// line protocol (libart_answers.h). One child serves every question; a question that kills it
// is answered UNAVAILABLE, and the next one starts a new child.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "core/base/instruction_set.h"
#include "nlohmann/json.hpp"
#include "verifiers/util/line_child.h"

namespace frameproof {

class LibartOracle {
 public:
  // libart_oracle as built beside this binary (or $FRAMEPROOF_LIBART_ORACLE).
  static std::string DefaultPath();

  // Runs `oracle_path --self-check` first: FAILED_PRECONDITION with its message when libart.so
  // is missing or does not answer as expected, which callers report as SKIP with that reason.
  static absl::StatusOr<std::unique_ptr<LibartOracle>> Start(const std::string& oracle_path);

  // libart's answers about the Android 11 CodeInfo `code_info` (valid bytes only).
  absl::StatusOr<nlohmann::ordered_json> Decode(absl::Span<const uint8_t> code_info,
                                                InstructionSet isa);
  // Where unchecked bytes sit for Open: against an unmapped page after them, or before them.
  enum class Placement { kEnd, kStart };
  // What a stack walk asks first of bytes nobody checked (libart_answers.h, op "open"). A crash
  // is UNAVAILABLE naming the signal ("killed by SIGSEGV"): the bytes made libart read outside
  // them or fault otherwise.
  absl::StatusOr<nlohmann::ordered_json> Open(absl::Span<const uint8_t> bytes, InstructionSet isa,
                                              Placement placement);
  // CodeInfo::Deduper over `code_infos` in order: {"offsets": [...], "bytes": "<hex>"}.
  absl::StatusOr<nlohmann::ordered_json> Dedupe(absl::Span<const std::vector<uint8_t>> code_infos);

  // The one-line request Decode sends, for reproducing a crash by hand.
  static std::string DecodeRequest(absl::Span<const uint8_t> code_info, InstructionSet isa);

 private:
  explicit LibartOracle(const std::string& path) : child_({path}) {}
  absl::StatusOr<nlohmann::ordered_json> Ask(const std::string& request);

  LineChild child_;
};

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_LIBART_LIBART_ORACLE_H_
