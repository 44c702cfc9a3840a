#include "arch/resolver_faults.h"

#include "arch/planted_arch_bugs.h"

namespace frameproof {

ResolverFaults PlantedResolverFaults(InstructionSet isa) {
  // The register the bugs pick on: the first one values live in.
  const Register victim = RegisterFileOf(isa).allocatable_caller_saved.front();
  ResolverFaults faults;
  if (FP_PLANTED_BUG(kResolverSkipsCallerSaved)) faults.unsaved = victim;
  if (FP_PLANTED_BUG(kResolverWrongSaveSlot)) faults.misplaced = victim;
  faults.restores_thread_frame = !FP_PLANTED_BUG(kThreadFrameLeftAtBoundary);
  if (FP_PLANTED_BUG(kGotSlotWrongValue)) {
    faults.got_value_bias = static_cast<int32_t>(runtime_abi::kWordSize);
  }
  faults.init_class_checks_state = !FP_PLANTED_BUG(kInitClassFillsSecondSlotEarly);
  return faults;
}

}  // namespace frameproof
