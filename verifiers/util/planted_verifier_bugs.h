#ifndef FRAMEPROOF_VERIFIERS_UTIL_PLANTED_VERIFIER_BUGS_H_
#define FRAMEPROOF_VERIFIERS_UTIL_PLANTED_VERIFIER_BUGS_H_

// The bugs verifiers/ plants in its own harnesses, walkers and dumps, whose bits follow arch's
// (core/base/planted_bug.h explains the scheme), and the one check of a list of bug names
// against every layer's.

#include <cstdint>
#include <string>

#include "absl/strings/string_view.h"
#include "arch/planted_arch_bugs.h"
#include "core/base/enum_names.h"
#include "core/base/planted_bug.h"

namespace frameproof {

enum class VerifierPlantedBug : uint8_t {
  // The walker stops one compiled frame short of the entry (verifiers/exec).
  kWalkStopsOneFrameEarly = static_cast<uint8_t>(ArchPlantedBug::kEndOfArch),
  kLlvmReferenceRelocatesBase,   // the reference build's gc.relocate is its base, not its derived
  kExecHarnessDiesOutsideGuard,  // on some plans the harness dies by SIGSEGV, bypassing handlers
  kMoarDumpPadsExtensionOpsAsCore,  // MoarVM's dump pads extension ops to 18 columns, as core ops
  kEndOfVerifiers,                  // not a bug: the last layer ends here
};

inline constexpr EnumNameTable<VerifierPlantedBug, 4> kVerifierPlantedBugNames = {{
    {VerifierPlantedBug::kWalkStopsOneFrameEarly, "walk-stops-one-frame-early"},
    {VerifierPlantedBug::kLlvmReferenceRelocatesBase, "llvm-reference-relocates-base"},
    {VerifierPlantedBug::kExecHarnessDiesOutsideGuard, "exec-harness-dies-outside-guard"},
    {VerifierPlantedBug::kMoarDumpPadsExtensionOpsAsCore, "moar-dump-pads-extension-ops-as-core"},
}};
static_assert(NamesEachOnce(kVerifierPlantedBugNames));
static_assert(kVerifierPlantedBugNames.size() ==
                  static_cast<size_t>(VerifierPlantedBug::kEndOfVerifiers) -
                      static_cast<size_t>(ArchPlantedBug::kEndOfArch),
              "every verifier bug has a name");
static_assert(static_cast<size_t>(VerifierPlantedBug::kEndOfVerifiers) <= 64,
              "one bit per planted bug, in a 64-bit set");

constexpr const auto& PlantedBugNames(VerifierPlantedBug) { return kVerifierPlantedBugNames; }

namespace planted {
using enum VerifierPlantedBug;
}  // namespace planted

#ifdef FRAMEPROOF_PLANTED_BUGS
inline const bool kVerifierPlantedBugsFromEnvironment =
    PlantFromEnvironment(kVerifierPlantedBugNames);
#endif

// "'<name>' names no planted bug; known: <every bug of every layer>" for the first name of the
// comma-separated `names` that no layer knows ("none" is known); empty if every name is known.
std::string PlantedBugNamingProblem(absl::string_view names);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_UTIL_PLANTED_VERIFIER_BUGS_H_
