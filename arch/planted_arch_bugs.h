#ifndef FRAMEPROOF_ARCH_PLANTED_ARCH_BUGS_H_
#define FRAMEPROOF_ARCH_PLANTED_ARCH_BUGS_H_

// The bugs arch/ plants in its resolvers, lowering and metainfo, each caught by the execution
// verifier. Their bits follow core's (core/base/planted_bug.h explains the scheme).

#include <cstdint>

#include "core/base/enum_names.h"
#include "core/base/planted_bug.h"

namespace frameproof {

enum class ArchPlantedBug : uint8_t {
  // A resolver does not save the first allocatable caller-saved register.
  kResolverSkipsCallerSaved = static_cast<uint8_t>(CorePlantedBug::kEndOfCore),
  kResolverWrongSaveSlot,          // a resolver saves a caller-saved register one slot off
  kGotSlotWrongValue,              // a resolver writes the resolved value plus 8 into its slot
  kInitClassFillsSecondSlotEarly,  // InitClass fills SecondSlot before the class is initialized
  kStackMapAtWrongPc,              // stack maps recorded one instruction after the return pc
  kVRegRecordedInWrongRegister,    // callee-saved vregs recorded one register number too high
  kResolverWrongEntryPointOffset,  // CallStatic's resolver works with EPoff 24, not 56
  kThreadFrameLeftAtBoundary,      // resolvers leave thread->frame at their own boundary frame
  kGcRootMissed,                   // the metainfo leaves its first reference out of the roots
  kEndOfArch,                      // not a bug: where verifiers/' bits start
};

inline constexpr EnumNameTable<ArchPlantedBug, 9> kArchPlantedBugNames = {{
    {ArchPlantedBug::kResolverSkipsCallerSaved, "resolver-skips-caller-saved"},
    {ArchPlantedBug::kResolverWrongSaveSlot, "resolver-wrong-save-slot"},
    {ArchPlantedBug::kGotSlotWrongValue, "got-slot-wrong-value"},
    {ArchPlantedBug::kInitClassFillsSecondSlotEarly, "init-class-fills-second-slot-early"},
    {ArchPlantedBug::kStackMapAtWrongPc, "stack-map-at-wrong-pc"},
    {ArchPlantedBug::kVRegRecordedInWrongRegister, "vreg-recorded-in-wrong-register"},
    {ArchPlantedBug::kResolverWrongEntryPointOffset, "resolver-wrong-entry-point-offset"},
    {ArchPlantedBug::kThreadFrameLeftAtBoundary, "thread-frame-left-at-boundary"},
    {ArchPlantedBug::kGcRootMissed, "gc-root-missed"},
}};
static_assert(NamesEachOnce(kArchPlantedBugNames));
static_assert(kArchPlantedBugNames.size() == static_cast<size_t>(ArchPlantedBug::kEndOfArch) -
                                                 static_cast<size_t>(CorePlantedBug::kEndOfCore),
              "every arch bug has a name");

constexpr const auto& PlantedBugNames(ArchPlantedBug) { return kArchPlantedBugNames; }

namespace planted {
using enum ArchPlantedBug;
}  // namespace planted

#ifdef FRAMEPROOF_PLANTED_BUGS
inline const bool kArchPlantedBugsFromEnvironment = PlantFromEnvironment(kArchPlantedBugNames);
#endif

}  // namespace frameproof

#endif  // FRAMEPROOF_ARCH_PLANTED_ARCH_BUGS_H_
