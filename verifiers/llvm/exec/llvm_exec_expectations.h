#ifndef FRAMEPROOF_VERIFIERS_LLVM_EXEC_LLVM_EXEC_EXPECTATIONS_H_
#define FRAMEPROOF_VERIFIERS_LLVM_EXEC_LLVM_EXEC_EXPECTATIONS_H_

// What an llvm-exec program must show at run time, carried in the program's own IR as comment
// lines, so a module in corpora/ replays without the generator:
//
//   ; fp-exec function F result 0xR values 0xV ...
//   ; fp-exec site ID KIND function F : TYPE:0xBITS ... | 0xBASE:0xDERIVED ...
//
// A site lists the value of each stack map location in order (for a statepoint: its three
// header constants and the deopt values), then after `|` the (base, derived) GC pointer pairs a
// statepoint records, in any order. `values` are the values the function computes: a
// patchpoint's live-out registers must hold one of them (or a frame address).

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace frameproof {

enum class LlvmExecType : uint8_t {
  kI64,
  kI32,     // compared on its low 32 bits
  kF64,     // the double's bit pattern
  kPtr,     // an i8* value
  kAlloca,  // a Direct location: the address of a stack slot that holds `bits`
  kAny,     // an anyregcc patchpoint's result register: any value, but a register
};

// "i64", "i32", "f64", "ptr", "alloca", "any".
absl::string_view LlvmExecTypeName(LlvmExecType type);

struct ExpectedLlvmValue {
  LlvmExecType type = LlvmExecType::kI64;
  uint64_t bits = 0;
  friend bool operator==(const ExpectedLlvmValue&, const ExpectedLlvmValue&) = default;
};

enum class LlvmExecSiteKind : uint8_t {
  kStackMap,          // llvm.experimental.stackmap; the runtime patches a call into its shadow
  kPatchPoint,        // llvm.experimental.patchpoint.void, C calling convention
  kAnyRegPatchPoint,  // anyregcc llvm.experimental.patchpoint.i64
  kStatePoint,        // llvm.experimental.gc.statepoint with deopt and gc-live bundles
};

// Whether `kind` is a patchpoint of either calling convention.
constexpr bool IsPatchPoint(LlvmExecSiteKind kind) {
  return kind == LlvmExecSiteKind::kPatchPoint || kind == LlvmExecSiteKind::kAnyRegPatchPoint;
}

// "stackmap", "patchpoint", "anyreg", "statepoint".
absl::string_view LlvmExecSiteKindName(LlvmExecSiteKind kind);

struct LlvmExecSite {
  uint64_t id = 0;
  LlvmExecSiteKind kind = LlvmExecSiteKind::kStackMap;
  uint32_t function = 0;
  std::vector<ExpectedLlvmValue> locations = {};
  std::vector<std::pair<uint64_t, uint64_t>> gc_pairs = {};  // (base, derived)
  friend bool operator==(const LlvmExecSite&, const LlvmExecSite&) = default;
};

struct LlvmExecFunction {
  uint64_t result = 0;
  std::vector<uint64_t> values = {};
  friend bool operator==(const LlvmExecFunction&, const LlvmExecFunction&) = default;
};

struct LlvmExecExpectations {
  std::vector<LlvmExecFunction> functions;  // fp_main calls them in this order
  std::vector<LlvmExecSite> sites;          // in the order each function reaches them
  friend bool operator==(const LlvmExecExpectations&, const LlvmExecExpectations&) = default;
};

// What every expectation line starts with: a module without one is judged on its own.
inline constexpr absl::string_view kLlvmExecExpectationMarker = "; fp-exec ";

// A 64-bit value as the comment lines write it, and as mismatch reports quote it: "0x2a".
std::string FormatLlvmExecWord(uint64_t value);

// The comment lines above, one per function and site.
std::string FormatLlvmExecExpectations(const LlvmExecExpectations& expectations);

// The expectations in an IR module's comment lines. Functions must be numbered 0, 1, ... and
// every site must name one of them; a malformed line is an error naming its line number.
absl::StatusOr<LlvmExecExpectations> ParseLlvmExecExpectations(absl::string_view ir);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_LLVM_EXEC_LLVM_EXEC_EXPECTATIONS_H_
