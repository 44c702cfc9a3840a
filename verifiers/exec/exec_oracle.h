#ifndef FRAMEPROOF_VERIFIERS_EXEC_EXEC_ORACLE_H_
#define FRAMEPROOF_VERIFIERS_EXEC_EXEC_ORACLE_H_

#include <cstdint>

#include "absl/types/span.h"
#include "core/base/instruction_set.h"
#include "verifiers/codec/mismatch.h"

namespace frameproof {

// The exec_<isa> fuzz targets' oracle: `data` becomes a plan (PlanFromBytes), which runs as one
// execution-verifier case on `isa`; the first broken post-condition is the mismatch.
OracleResult CheckExecCase(absl::Span<const uint8_t> data, InstructionSet isa);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_EXEC_EXEC_ORACLE_H_
