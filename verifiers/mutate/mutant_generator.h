#ifndef FRAMEPROOF_VERIFIERS_MUTATE_MUTANT_GENERATOR_H_
#define FRAMEPROOF_VERIFIERS_MUTATE_MUTANT_GENERATOR_H_

// Finds the mutants of C++ source text and picks a seeded sample of them. The scan is lexical
// (comments, string and character literals and preprocessor lines are never touched) and leans
// on the clang-format layout of this repository: a binary operator has a space on each side,
// which tells `a < b` from `std::vector<int>` and `a && b` from `T&& x`.

#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "verifiers/mutate/mutant.h"

namespace frameproof::mutate {

// Every mutant of `source`, the text of `file`, in source order (then by replacement). Lines
// that mention planted bugs (test hooks, not production behaviour) and static_assert conditions
// (checked by the compiler alone) get none.
std::vector<Mutant> FindMutants(absl::string_view file, absl::string_view source);

// `source` with `mutant` applied. `mutant` must come from FindMutants(source).
std::string ApplyMutant(absl::string_view source, const Mutant& mutant);

// The lines `mutant` changes, before and after, as a unified diff with `context` lines either side.
std::string MutantDiff(absl::string_view source, const Mutant& mutant, int context = 2);

// `count` distinct mutants of `all` drawn with Prng(seed), in the order of `all` (so mutants of
// one file stay together and each rebuild touches as little as it can). All of them if `count`
// is at least all.size(). The same inputs pick the same mutants on every machine.
std::vector<Mutant> SampleMutants(const std::vector<Mutant>& all, uint64_t seed, size_t count);

}  // namespace frameproof::mutate

#endif  // FRAMEPROOF_VERIFIERS_MUTATE_MUTANT_GENERATOR_H_
