#ifndef FRAMEPROOF_VERIFIERS_LLVM_LLVM_ROUND_TRIP_H_
#define FRAMEPROOF_VERIFIERS_LLVM_LLVM_ROUND_TRIP_H_

#include <cstddef>
#include <string>

#include "absl/types/span.h"
#include "core/base/instruction_set.h"
#include "core/llvm/stack_map_section.h"
#include "verifiers/model/mismatch.h"

namespace frameproof {

// Function `function` of `maps`, re-encoded as CodeInfo for `isa`, decodes back to its records:
// one stack map per record at its instruction offset, dex pc = ID, and the dex registers the
// conversion promised. An unrepresentable function is fine (nullopt); a disagreement is a
// kLlvmConversionDiffers mismatch.
OracleResult CheckLlvmFunctionRoundTrip(const LlvmStackMaps& maps, size_t function,
                                        InstructionSet isa);

// The llvm_stackmaps fuzz target's oracle: arbitrary section bytes go to the parser; if it
// accepts them, every function round-trips on both ISAs, and the text and JSON renderings run on
// the inputs DumpsInput picks (oracle/dump_sampling.h).
OracleResult CheckLlvmStackMapsSection(absl::Span<const uint8_t> section);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_LLVM_LLVM_ROUND_TRIP_H_
