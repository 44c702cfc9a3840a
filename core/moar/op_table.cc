#include "core/moar/op_table.h"

#include "absl/strings/match.h"

namespace frameproof::moar {
namespace {

// kOps, generated into the build tree.
#include "core/moar/op_table.inc"

}  // namespace

std::optional<uint32_t> LiteralSize(OperandType type) {
  switch (type) {
    case OperandType::kInt8:
    case OperandType::kInt16:
    case OperandType::kUint8:
    case OperandType::kUint16:
    case OperandType::kCodeRef:
    case OperandType::kCallsite:
    case OperandType::kSpeshSlot:
      return 2;
    case OperandType::kInt32:
    case OperandType::kUint32:
    case OperandType::kNum32:
    case OperandType::kStr:
    case OperandType::kIns:
      return 4;
    case OperandType::kInt64:
    case OperandType::kUint64:
    case OperandType::kNum64:
      return 8;
    case OperandType::kObj:
    case OperandType::kTypeVar:
      break;
  }
  return std::nullopt;
}

std::optional<uint32_t> OperandSize(uint8_t descriptor) {
  constexpr uint32_t kRegisterSize = 2;
  constexpr uint32_t kLexicalSize = 4;  // u16 index, u16 frames out
  switch (AccessOf(descriptor)) {
    case OperandAccess::kReadRegister:
    case OperandAccess::kWriteRegister:
      return kRegisterSize;
    case OperandAccess::kReadLexical:
    case OperandAccess::kWriteLexical:
      return kLexicalSize;
    case OperandAccess::kLiteral:
      return LiteralSize(TypeOf(descriptor));
  }
  return std::nullopt;
}

const OpInfo* FindCoreOp(uint16_t opcode) {
  return opcode < kOps.size() ? &kOps[opcode] : nullptr;
}

bool IsDispatchOp(uint16_t opcode) {
  const OpInfo* op = FindCoreOp(opcode);
  return op != nullptr && op->kind == OpKind::kMast && absl::StartsWith(op->name, "dispatch_");
}

}  // namespace frameproof::moar
