#ifndef FRAMEPROOF_VERIFIERS_EXEC_CASE_REPORT_H_
#define FRAMEPROOF_VERIFIERS_EXEC_CASE_REPORT_H_

// The report of a failed exec case: CaseResult::details.

#include <cstdint>
#include <string>

#include "arch/exec_image.h"
#include "arch/metainfo.h"
#include "arch/method_plan.h"
#include "core/base/instruction_set.h"
#include "verifiers/exec/exec_case.h"

namespace frameproof {

// The expected and decoded states of `result`'s call site side by side, then the disassembly of
// the plan's own compiled method around `crash_pc` (0: no crash; then its first stack map's pc,
// or its entry). Without an `image` (the case did not load), the states alone.
std::string CaseDetails(const MethodPlan& plan, InstructionSet isa, Metainfo metainfo,
                        const CaseResult& result, const ExecImage* image, uint64_t crash_pc);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_EXEC_CASE_REPORT_H_
