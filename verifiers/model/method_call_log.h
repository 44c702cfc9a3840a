#ifndef FRAMEPROOF_VERIFIERS_MODEL_METHOD_CALL_LOG_H_
#define FRAMEPROOF_VERIFIERS_MODEL_METHOD_CALL_LOG_H_

#include <cstdint>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "core/art/dex_register_location.h"
#include "core/art/stack_map_stream.h"
#include "core/base/instruction_set.h"

namespace frameproof {

// Every StackMapStream call for one method, as data: what a compiler said, in order. Conformance
// vectors and fuzzers describe methods this way, and Replay() turns them into CodeInfo bytes.
struct MethodCallLog {
  struct InlineLevel {
    InlinedMethod method;
    uint32_t dex_pc = 0;
    uint32_t num_dex_registers = 0;
    std::vector<DexRegisterLocation> dex_registers;
  };
  struct StackMapEntry {
    StackMapParams params;
    std::vector<DexRegisterLocation> dex_registers;  // the outer method's
    std::vector<InlineLevel> inline_infos;           // outermost first
  };

  InstructionSet isa = InstructionSet::kX86_64;
  MethodParams method;
  std::vector<StackMapEntry> stack_maps;
  std::vector<std::pair<uint32_t, uint32_t>> set_native_pc_offsets;  // (stack map, pc)
  uint32_t code_size = 0;
};

// The native pc of each stack map after the SetStackMapNativePcOffset patches.
std::vector<uint32_t> FinalNativePcs(const MethodCallLog& log);

// Drives a StackMapStream writing `format` with `log` and returns Encode()'s bytes, or the first
// call's error prefixed with where in the log it happened.
absl::StatusOr<std::vector<uint8_t>> Replay(const MethodCallLog& log,
                                            VerifyMode verify = VerifyMode::kOn,
                                            ArtFormat format = ArtFormat::kCurrent);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_MODEL_METHOD_CALL_LOG_H_
