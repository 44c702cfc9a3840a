#include "verifiers/exec/exec_oracle.h"

#include "verifiers/exec/exec_case.h"
#include "verifiers/exec/plan_generator.h"

namespace frameproof {

OracleResult CheckExecCase(absl::Span<const uint8_t> data, InstructionSet isa) {
  const CaseResult result = RunExecCase(PlanFromBytes(data), isa);
  if (result.failures.empty()) return std::nullopt;
  return result.failures.front();
}

}  // namespace frameproof
