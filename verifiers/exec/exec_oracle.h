#ifndef FRAMEPROOF_VERIFIERS_EXEC_EXEC_ORACLE_H_
#define FRAMEPROOF_VERIFIERS_EXEC_EXEC_ORACLE_H_

#include <cstdint>

#include "absl/types/span.h"
#include "arch/metainfo.h"
#include "core/base/instruction_set.h"
#include "verifiers/model/mismatch.h"

namespace frameproof {

// The exec_<isa> fuzz targets' oracle: `data` becomes a plan (PlanFromBytes), which runs as one
// execution-verifier case on `isa` in the dialect MetainfoForInput picks; the first broken
// post-condition is the mismatch, its detail naming the dialect.
OracleResult CheckExecCase(absl::Span<const uint8_t> data, InstructionSet isa);

// The dialect an input runs in: half of all inputs each, by the top bit of the input's FNV-1a
// hash, so one corpus covers both and an input reproduces alone.
Metainfo MetainfoForInput(absl::Span<const uint8_t> data);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_EXEC_EXEC_ORACLE_H_
