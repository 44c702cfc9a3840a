#ifndef FRAMEPROOF_VERIFIERS_LLVM_EXEC_IR_TEXT_H_
#define FRAMEPROOF_VERIFIERS_LLVM_EXEC_IR_TEXT_H_

// Just enough of LLVM's textual IR to judge a module llvm-exec did not write: its statements,
// its types and their scalar leaves, its function headers and the typed operands of a call. The
// module itself is never re-printed: the builds frameproof derives from it replace whole
// statements and keep every other byte.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace frameproof {

// One IR statement: physical lines joined until every bracket closes, comments dropped.
struct IrStatement {
  size_t first_line = 0;  // 1-based
  size_t last_line = 0;
  std::string text;
};

// The module's statements in order; a bracket still open at the end is an error naming its line.
absl::StatusOr<std::vector<IrStatement>> SplitIrStatements(absl::string_view module);

// The length of the type that starts `text` (after leading blanks), or nullopt when none does.
// Covers integers, floating types, ptr and `T*` (with addrspace), vectors, arrays, structs,
// packed structs, named types and function types.
std::optional<size_t> IrTypeLength(absl::string_view text);

// `text` split at the commas outside brackets and quotes, each piece trimmed.
std::vector<std::string> SplitIrList(absl::string_view text);

// The position of the bracket that closes the one at `open`, or npos.
size_t MatchingIrBracket(absl::string_view text, size_t open);

// A call argument or parameter: its type, the attributes after it, and its value (or name).
struct IrOperand {
  std::string type;
  std::string attributes;  // "elementtype(i32 ())", "noundef", ... as written
  std::string value;
};

// "i64 %x", "ptr elementtype(i32 ()) @f", "{ i64, i64 } { i64 1, i64 2 }". Error: no type.
absl::StatusOr<IrOperand> ParseIrOperand(absl::string_view text);

// A named type's body (`%s = type { ... }`), by name with its '%'.
using IrNamedTypes = absl::flat_hash_map<std::string, std::string>;
IrNamedTypes CollectIrNamedTypes(const std::vector<IrStatement>& statements);

// A scalar the value of a type is made of: its GEP path from the type and its width. A vector
// is one leaf; `pointer` marks a pointer, whose value depends on where things were placed.
struct IrLeaf {
  struct Step {
    uint64_t index = 0;
    bool field = false;  // a struct field (an i32 GEP index) rather than an array element
  };
  std::vector<Step> path;  // from the type down (empty: the type is the scalar)
  std::string type;        // the scalar's own type: "i64", "<2 x i64>", "i8*"
  uint32_t bits = 0;       // the value's width; bits past it in the last byte are undefined
  uint32_t bytes = 0;      // store size
  bool pointer = false;
};

// The leaves of `type` in memory order; an error names what cannot be a stack map value
// (void, label, token, metadata, an opaque struct) or a type of more than `max_leaves` leaves.
absl::StatusOr<std::vector<IrLeaf>> IrTypeLeaves(absl::string_view type, const IrNamedTypes& named,
                                                 size_t max_leaves);

// The type that ends `text` ("call zeroext i32" gives "i32"), and where it starts; nullopt when
// the text does not end with one.
struct IrTrailingType {
  size_t start = 0;
  std::string type;
};
std::optional<IrTrailingType> TrailingIrType(absl::string_view text);

// A function header: `define`/`declare` ... RET @name(PARAMS) ...
struct IrFunctionHeader {
  bool defined = false;
  std::string name;                // with its '@'
  std::string calling_convention;  // "fastcc", "cc 10", ... or empty for C
  std::string return_type;
  std::vector<std::string> parameter_types;
  bool variadic = false;
};

// The header of a `define` or `declare` statement; nullopt for any other statement.
std::optional<IrFunctionHeader> ParseIrFunctionHeader(absl::string_view statement);

// The width of an integer type ("i37" gives 37), or nullopt for any other type.
std::optional<uint32_t> IrIntegerBits(absl::string_view type);

// Whether `type` is a pointer: `ptr` (with an address space or not) or `T*`.
bool IsIrPointerType(absl::string_view type);

// Whether `c` may appear in an unquoted IR name after its sigil.
bool IsIrNameChar(char c);

// Whether the module spells pointers `ptr` (opaque) rather than `T*`.
bool UsesOpaquePointers(absl::string_view module);

// How many times `module` names an undefined value (the words undef and poison) outside its
// comments: a value computed from one may differ between two builds of the same module.
size_t CountIrUndefinedValues(absl::string_view module);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_LLVM_EXEC_IR_TEXT_H_
