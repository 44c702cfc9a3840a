#ifndef FRAMEPROOF_ARCH_RESOLVER_FAULTS_H_
#define FRAMEPROOF_ARCH_RESOLVER_FAULTS_H_

// Where a planted-bug build's resolvers depart from their listing (core/base/planted_bug.h): the
// one place the resolver bugs are switched, for both ISAs. The emitters take these values as the
// parameters of their listing, so no bug branches through their instruction sequences; in a
// healthy build every value is the listing's own.

#include <cstdint>
#include <optional>

#include "arch/frame_layout.h"
#include "arch/register_file.h"
#include "arch/runtime_abi.h"
#include "core/base/instruction_set.h"

namespace frameproof {

struct ResolverFaults {
  // The caller-saved register the prologue does not save (resolver-skips-caller-saved), and the
  // one it saves a word below its slot (resolver-wrong-save-slot).
  std::optional<Register> unsaved;
  std::optional<Register> misplaced;
  // The epilogue puts thread->frame back at the caller's frame (thread-frame-left-at-boundary:
  // it stays at the boundary frame).
  bool restores_thread_frame = true;
  // Added to what a resolver stores in a GOT slot (got-slot-wrong-value: a word).
  int32_t got_value_bias = 0;
  // InitClass fills SecondSlot only once the class is initialized
  // (init-class-fills-second-slot-early: always).
  bool init_class_checks_state = true;
};

// The faults of the planted bugs switched on now; ResolverFaults{} when none is.
ResolverFaults PlantedResolverFaults(InstructionSet isa);

// Calls fn(register, fp offset) for each caller-saved register a resolver's prologue saves into
// its caller's frame (CallerSaveFpOffset), in register-file order: all but the temps, and temp0
// too when `with_temp0` (arm64's resolvers, whose GOT slot arrives in temp0), as `faults` has it.
template <typename Fn>
void ForEachResolverCallerSave(InstructionSet isa, const ResolverFaults& faults, bool with_temp0,
                               Fn&& fn) {
  const RegisterFile& file = RegisterFileOf(isa);
  for (const Register& reg : file.caller_saved) {
    if (file.IsTemp(reg) && !(with_temp0 && reg == file.temp0)) continue;
    if (reg == faults.unsaved) continue;
    const int32_t misplaced_by =
        reg == faults.misplaced ? static_cast<int32_t>(runtime_abi::kWordSize) : 0;
    fn(reg, CallerSaveFpOffset(isa, reg) - misplaced_by);
  }
}

}  // namespace frameproof

#endif  // FRAMEPROOF_ARCH_RESOLVER_FAULTS_H_
