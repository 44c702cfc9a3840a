#ifndef FRAMEPROOF_VERIFIERS_MUTATE_STEP_ORDER_H_
#define FRAMEPROOF_VERIFIERS_MUTATE_STEP_ORDER_H_

// The order in which a mutant faces the gate's steps. A kill ends the mutant, so the steps that
// kill most for the least time (building included) come first.

#include <optional>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "core/base/instruction_set.h"
#include "verifiers/gate/step.h"
#include "verifiers/mutate/mutant.h"

namespace frameproof::mutate {

// Sorts `steps` cheapest first, stably: every native step before any emulated one (QEMU is
// slower and needs a second build tree), and by kind within each, in the order of their cost
// on 2 cores at the default budget (x86_64 steps, as a873406's baseline measured them): the
// snapshots (1.4s; the killer of 60 of the 156 mutants that seed 1's sample killed), the
// replays (3.4s together; 22 kills, 18 of them core/moar's), the conformance vectors (40s
// together, Debian's libart.so 24s of it), then the tests of the mutated folder (one program
// to build), llvm-exec ~12s, llvm-corpus ~26s, moar-corpus ~28s (half its units Raku),
// moar-hostile ~6s, the four exec campaigns ~70s together, then the whole unit-test suite and
// the fuzz smokes. A step kind it does not know goes last.
void OrderCheapestFirst(std::vector<gate::Step>& steps);

// The ISA whose steps alone can kill a mutant of `file`: arch/<isa>/ code runs only there.
std::optional<InstructionSet> IsaOfFile(absl::string_view file);

// The steps `mutant` faces, in order: `usable` (the gate's steps that passed the baseline) and
// `folder_tests` (its folder-tests steps), cheapest first, except that a mutant of arch/<isa>/
// faces <isa>'s steps first, since only they run its code (an arm64 mutant would otherwise
// wait for every native step, fuzz and AFL smokes included).
std::vector<gate::Step> StepsForMutant(const Mutant& mutant, absl::Span<const gate::Step> usable,
                                       absl::Span<const gate::Step> folder_tests);

}  // namespace frameproof::mutate

#endif  // FRAMEPROOF_VERIFIERS_MUTATE_STEP_ORDER_H_
