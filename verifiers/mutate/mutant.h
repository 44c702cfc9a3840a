#ifndef FRAMEPROOF_VERIFIERS_MUTATE_MUTANT_H_
#define FRAMEPROOF_VERIFIERS_MUTATE_MUTANT_H_

// A source mutant of the production code: one small edit at one place in one file, the kind of
// wrong-but-plausible change a real bug makes. `frameproof mutate` measures which of them the
// gate catches.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "absl/strings/string_view.h"
#include "core/base/enum_names.h"

namespace frameproof::mutate {

// The kinds of edit. Each keeps the program well-formed as often as the language allows, so most
// mutants compile and test the gate rather than the compiler.
enum class MutationOperator : uint8_t {
  kRelational,        // a < b  <->  a <= b, a > b  <->  a >= b: a bound moved by one
  kEquality,          // ==  <->  !=
  kLogical,           // &&  <->  ||
  kNegationRemoved,   // !x  ->  x
  kReturnFlag,        // return true  <->  return false
  kConstant,          // an integer literal off by one, up or down
  kShiftWidth,        // the literal count of a shift off by one
  kMaskWidth,         // a hex literal one bit narrower or one bit wider
  kStatementRemoved,  // a call, assignment or increment statement deleted
};

inline constexpr EnumNameTable<MutationOperator, 9> kMutationOperatorNames = {{
    {MutationOperator::kRelational, "relational"},
    {MutationOperator::kEquality, "equality"},
    {MutationOperator::kLogical, "logical"},
    {MutationOperator::kNegationRemoved, "negation-removed"},
    {MutationOperator::kReturnFlag, "return-flag"},
    {MutationOperator::kConstant, "constant"},
    {MutationOperator::kShiftWidth, "shift-width"},
    {MutationOperator::kMaskWidth, "mask-width"},
    {MutationOperator::kStatementRemoved, "statement-removed"},
}};
static_assert(NamesEachOnce(kMutationOperatorNames));

inline absl::string_view MutationOperatorName(MutationOperator op) {
  return NameOf(kMutationOperatorNames, op);
}

// One edit: the bytes [offset, offset + original.size()) of `file` become `replacement`.
struct Mutant {
  std::string file;  // relative to the repository root, '/'-separated
  size_t offset = 0;
  uint32_t line = 0;    // 1-based, of `offset`
  uint32_t column = 0;  // 1-based byte column of `offset`
  MutationOperator op = MutationOperator::kRelational;
  std::string original;
  std::string replacement;

  // "core/bits/bit_reader.h:88:17:relational:<=": names this mutant on every machine for as
  // long as the file does not change above it; `frameproof mutate --mutant KEY` reruns it.
  std::string Key() const;
  // "'<' -> '<='", or "statement removed: 'x += 1;'".
  std::string Describe() const;
};

// The parts of a key, for --mutant and the equivalents list.
struct MutantKey {
  std::string file;
  uint32_t line = 0;
  uint32_t column = 0;
  MutationOperator op = MutationOperator::kRelational;
  std::string replacement;
};

// Parses Mutant::Key() text; nullopt if it is not one.
std::optional<MutantKey> ParseMutantKey(absl::string_view key);

// True if `mutant` is the one `key` names.
bool Matches(const MutantKey& key, const Mutant& mutant);

}  // namespace frameproof::mutate

#endif  // FRAMEPROOF_VERIFIERS_MUTATE_MUTANT_H_
