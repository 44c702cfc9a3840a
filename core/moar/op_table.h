#ifndef FRAMEPROOF_CORE_MOAR_OP_TABLE_H_
#define FRAMEPROOF_CORE_MOAR_OP_TABLE_H_

// MoarVM 2022.12's ops and their operand descriptors, generated at build time from the oplist data
// the moarvm packages ship (core/moar/gen_op_table.py), so no op is typed by hand.

#include <array>
#include <cstdint>
#include <optional>

#include "absl/strings/string_view.h"

namespace frameproof::moar {

// The most operands an op or extension op has (MVM_MAX_OPERANDS).
inline constexpr uint32_t kMaxOperands = 8;
// Opcodes from here up name the compilation unit's extension ops (MVM_OP_EXT_BASE), up to
// kExtensionOpBase + kMaxExtensionOps.
inline constexpr uint16_t kExtensionOpBase = 1024;
inline constexpr uint32_t kMaxExtensionOps = 1024;

// Whether a bytecode file may hold an op.
enum class OpKind : uint8_t {
  kMast,        // a compiler may emit it (MAST knows it)
  kDeprecated,  // numbered but retired: no 2022.12 compiler emits it
  kInternal,    // only MoarVM's optimizer and profiler emit it (sp_*, prof_*, ...)
};

// An operand descriptor byte: its low three bits say how the operand is accessed, the next five
// what it holds (MVM_operand_*).
enum class OperandAccess : uint8_t {
  kLiteral = 0,
  kReadRegister = 1,
  kWriteRegister = 2,
  kReadLexical = 3,
  kWriteLexical = 4,
};
enum class OperandType : uint8_t {
  kInt8 = 1,
  kInt16 = 2,
  kInt32 = 3,
  kInt64 = 4,
  kNum32 = 5,
  kNum64 = 6,
  kStr = 7,
  kObj = 8,
  kIns = 9,          // a branch target: a byte offset in the frame's bytecode
  kTypeVar = 10,     // a register of any type
  kCodeRef = 12,     // a frame index
  kCallsite = 13,    // a callsite index
  kSpeshSlot = 16,   // optimizer-only
  kUint8 = 17,
  kUint16 = 18,
  kUint32 = 19,
  kUint64 = 20,
};

inline OperandAccess AccessOf(uint8_t descriptor) {
  return static_cast<OperandAccess>(descriptor & 0x7);
}
inline OperandType TypeOf(uint8_t descriptor) { return static_cast<OperandType>(descriptor >> 3); }

// Bytes a literal of `type` takes in the bytecode, or nullopt if it cannot be a literal. Literals
// of 8 and 16 bits both take two bytes, as MAST writes them and the interpreter reads them.
std::optional<uint32_t> LiteralSize(OperandType type);

// Bytes an operand with `descriptor` takes in the bytecode: 2 for a register, 4 for a lexical
// (index, frames out), LiteralSize for a literal; nullopt if the descriptor is not valid.
std::optional<uint32_t> OperandSize(uint8_t descriptor);

struct OpInfo {
  absl::string_view name;
  OpKind kind;
  uint8_t operand_count;
  std::array<uint8_t, kMaxOperands> operands;
};

// The core op numbered `opcode`, or nullptr if MoarVM numbers no such op.
const OpInfo* FindCoreOp(uint16_t opcode);

// Whether `opcode` is one of the dispatch ops, whose fixed operands (a result register unless
// dispatch_v, the dispatcher name, a callsite) are followed by one register per callsite flag.
bool IsDispatchOp(uint16_t opcode);

}  // namespace frameproof::moar

#endif  // FRAMEPROOF_CORE_MOAR_OP_TABLE_H_
