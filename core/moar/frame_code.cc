#include "core/moar/frame_code.h"

#include <algorithm>
#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "core/base/internal/byte_reader.h"
#include "core/base/planted_bug.h"
#include "core/base/status_macros.h"
#include "core/moar/op_table.h"

namespace frameproof::moar {
namespace {

constexpr size_t kOpcodeSize = 2;
constexpr size_t kRegisterSize = 2;

class FrameDecoder {
 public:
  FrameDecoder(const CompilationUnit& unit, uint32_t frame_index)
      : unit_(unit),
        frame_index_(frame_index),
        frame_(unit.frames[frame_index]),
        bytecode_(frame_.bytecode, ByteOrder::kLittle, "frame bytecode") {}

  absl::StatusOr<FrameCode> Decode() {
    // An instruction takes at least 2 bytes and an operand 2: room for the usual mix up front.
    code_.instructions.reserve(frame_.bytecode.size() / 6);
    code_.operands.reserve(frame_.bytecode.size() / 3);
    for (uint32_t offset = 0; offset < frame_.bytecode.size();) {
      FP_ASSIGN_OR_RETURN(offset, DecodeInstruction(offset));
    }
    FP_RETURN_IF_ERROR(CheckBranchTargets());
    FP_RETURN_IF_ERROR(CheckHandlersAndAnnotations());
    return std::move(code_);
  }

 private:
  std::string Where(uint32_t offset) const {
    return absl::StrCat("frames[", frame_index_, "] bytecode byte ", offset);
  }
  absl::Status Error(uint32_t offset, absl::string_view what) const {
    return absl::InvalidArgumentError(absl::StrCat(Where(offset), ": ", what));
  }
  // The T at `offset` in the frame's bytecode.
  template <typename T>
  absl::StatusOr<T> ReadAt(uint32_t offset) const {
    const std::optional<T> value = bytecode_.TryRead<T>(offset);
    if (!value.has_value()) {
      return Error(offset, absl::StrCat("the instruction needs ", sizeof(T),
                                        " more bytes, but the frame's bytecode ends at ",
                                        frame_.bytecode.size()));
    }
    return *value;
  }

  std::string OpName(uint16_t opcode) const {
    if (const OpInfo* op = FindCoreOp(opcode)) return std::string(op->name);
    return absl::StrCat("extension op ", opcode - kExtensionOpBase);
  }

  // Decodes the instruction at `offset`; returns where the next one starts.
  absl::StatusOr<uint32_t> DecodeInstruction(uint32_t offset) {
    FP_ASSIGN_OR_RETURN(const uint16_t opcode, ReadAt<uint16_t>(offset));
    absl::Span<const uint8_t> descriptors;
    if (opcode >= kExtensionOpBase) {
      const uint32_t index = opcode - kExtensionOpBase;
      if (index >= unit_.extension_ops.size()) {
        return Error(offset, absl::StrCat("opcode ", opcode, " names extension op ", index,
                                          ", but the unit has ", unit_.extension_ops.size()));
      }
      const auto& operands = unit_.extension_ops[index].operands;
      descriptors = absl::MakeConstSpan(operands.data(),
                                        std::find(operands.begin(), operands.end(), 0) -
                                            operands.begin());
    } else {
      const OpInfo* op = FindCoreOp(opcode);
      if (op == nullptr) return Error(offset, absl::StrCat("opcode ", opcode, " is no op"));
      if (op->kind != OpKind::kMast) {
        return Error(offset, absl::StrCat("op ", op->name, " (", opcode, ") is ",
                                          op->kind == OpKind::kDeprecated
                                              ? "retired; no compiler emits it"
                                              : "internal to MoarVM's optimizer or profiler"));
      }
      descriptors = absl::MakeConstSpan(op->operands.data(), op->operand_count);
    }
    Instruction instruction{.offset = offset,
                            .opcode = opcode,
                            .operands_begin = static_cast<uint32_t>(code_.operands.size())};
    uint32_t next = offset + kOpcodeSize;
    std::optional<uint32_t> callsite;
    for (size_t i = 0; i < descriptors.size(); ++i) {
      FP_ASSIGN_OR_RETURN(const Operand operand, DecodeOperand(opcode, i, descriptors[i], next));
      if (TypeOf(operand.descriptor) == OperandType::kCallsite) {
        callsite = static_cast<uint32_t>(operand.value);
      }
      next = operand.offset + *OperandSize(operand.descriptor);  // DecodeOperand checked it
      code_.operands.push_back(operand);
    }
    if (IsDispatchOp(opcode)) {
      if (!callsite.has_value()) {
        return Error(offset, absl::StrCat(OpName(opcode), " has no callsite operand"));
      }
      const Callsite& site = unit_.callsites[*callsite];
      // One register per flag: a named argument's name is in the callsite, not a register, even
      // though MoarVM's arg_count counts it twice.
      for (uint8_t flags : site.flags) {
        const int registers =
            FP_PLANTED_BUG(kMoarDispatchNamedArgTwice) && (flags & kArgNamed) != 0 ? 2 : 1;
        for (int r = 0; r < registers; ++r) {
          FP_ASSIGN_OR_RETURN(
              next, DecodeDispatchArgument(opcode, code_.operands.size() - instruction.operands_begin,
                                           *callsite, flags, next));
        }
      }
    }
    instruction.operands_end = static_cast<uint32_t>(code_.operands.size());
    instruction.length = next - offset;
    code_.instructions.push_back(instruction);
    return next;
  }

  // Decodes the register of a dispatch argument with callsite `flags` at `offset`, which must hold
  // the flags' type; returns the offset after it.
  absl::StatusOr<uint32_t> DecodeDispatchArgument(uint16_t opcode, size_t index,
                                                  uint32_t callsite, uint8_t flags,
                                                  uint32_t offset) {
    FP_ASSIGN_OR_RETURN(Operand argument,
                        ReadRegister(opcode, index, offset, OperandAccess::kReadRegister));
    const std::optional<RegisterType> type = CallsiteArgumentType(flags);
    const RegisterType local = frame_.locals[argument.value];
    if (!type.has_value() || local != *type) {
      return Error(offset, absl::StrCat(OpName(opcode), " argument register ", argument.value,
                                        " holds type ", static_cast<int>(local), ", but callsite ",
                                        callsite, " flags it ", static_cast<int>(flags)));
    }
    code_.operands.push_back(argument);
    return offset + kRegisterSize;
  }

  absl::StatusOr<Operand> ReadRegister(uint16_t opcode, size_t index, uint32_t offset,
                                       OperandAccess access) {
    FP_ASSIGN_OR_RETURN(const uint16_t reg, ReadAt<uint16_t>(offset));
    if (reg >= frame_.locals.size()) {
      return Error(offset, absl::StrCat(OpName(opcode), " operand ", index, ": register ", reg,
                                        " does not exist (", frame_.locals.size(), " locals)"));
    }
    return Operand{.descriptor = static_cast<uint8_t>(access), .offset = offset, .value = reg};
  }

  absl::StatusOr<Operand> DecodeOperand(uint16_t opcode, size_t index, uint8_t descriptor,
                                        uint32_t offset) {
    const OperandAccess access = AccessOf(descriptor);
    const OperandType type = TypeOf(descriptor);
    const auto operand = [&] { return absl::StrCat(OpName(opcode), " operand ", index); };
    switch (access) {
      case OperandAccess::kReadRegister:
      case OperandAccess::kWriteRegister: {
        FP_ASSIGN_OR_RETURN(Operand reg, ReadRegister(opcode, index, offset, access));
        reg.descriptor = descriptor;
        const RegisterType local = frame_.locals[reg.value];
        if (type != OperandType::kTypeVar && static_cast<uint16_t>(local) != static_cast<uint16_t>(type)) {
          return Error(offset, absl::StrCat(operand(), ": register ", reg.value, " holds type ",
                                            static_cast<int>(local), ", the op wants type ",
                                            static_cast<int>(type)));
        }
        return reg;
      }
      case OperandAccess::kReadLexical:
      case OperandAccess::kWriteLexical:
        return DecodeLexical(operand, descriptor, offset);
      case OperandAccess::kLiteral:
        return DecodeLiteral(operand, descriptor, offset);
    }
    return Error(offset, absl::StrCat(operand(), ": descriptor ", descriptor, " has no access kind"));
  }

  template <typename Name>
  absl::StatusOr<Operand> DecodeLexical(const Name& operand, uint8_t descriptor,
                                        uint32_t offset) {
    FP_ASSIGN_OR_RETURN(const uint16_t lexical, ReadAt<uint16_t>(offset));
    FP_ASSIGN_OR_RETURN(const uint16_t outers, ReadAt<uint16_t>(offset + 2));
    // Follow the static outer chain; where it leaves the unit, the runtime resolves the lexical.
    uint32_t frame = frame_index_;
    for (uint32_t hop = 0; hop < outers && frame < unit_.frames.size(); ++hop) {
      const uint32_t outer = unit_.frames[frame].outer;
      frame = outer == frame ? static_cast<uint32_t>(unit_.frames.size()) : outer;
    }
    if (frame < unit_.frames.size()) {
      const std::vector<Lexical>& lexicals = unit_.frames[frame].lexicals;
      if (lexical >= lexicals.size()) {
        return Error(offset, absl::StrCat(operand(), ": lexical ", lexical, " of frame ", frame,
                                          " (", outers, " out) does not exist (",
                                          lexicals.size(), " lexicals)"));
      }
      const OperandType type = TypeOf(descriptor);
      if (type != OperandType::kTypeVar &&
          static_cast<uint16_t>(lexicals[lexical].type) != static_cast<uint16_t>(type)) {
        return Error(offset, absl::StrCat(operand(), ": lexical ", lexical, " of frame ", frame,
                                          " holds type ", static_cast<int>(lexicals[lexical].type),
                                          ", the op wants type ", static_cast<int>(type)));
      }
    }
    return Operand{.descriptor = descriptor, .offset = offset, .value = lexical, .outers = outers};
  }

  template <typename Name>
  absl::StatusOr<Operand> DecodeLiteral(const Name& operand, uint8_t descriptor,
                                        uint32_t offset) {
    const OperandType type = TypeOf(descriptor);
    const std::optional<uint32_t> size = LiteralSize(type);
    if (!size.has_value()) {
      return Error(offset, absl::StrCat(operand(), ": type ", static_cast<int>(type),
                                        " cannot be a literal"));
    }
    uint64_t value = 0;
    switch (*size) {
      case 2: {
        FP_ASSIGN_OR_RETURN(value, ReadAt<uint16_t>(offset));
        break;
      }
      case 4: {
        FP_ASSIGN_OR_RETURN(value, ReadAt<uint32_t>(offset));
        break;
      }
      default: {
        FP_ASSIGN_OR_RETURN(value, ReadAt<uint64_t>(offset));
        break;
      }
    }
    const auto check_index = [&](absl::string_view what, size_t count) -> absl::Status {
      if (value < count) return absl::OkStatus();
      return Error(offset, absl::StrCat(operand(), ": ", what, " ", value, " does not exist (",
                                        count, " in the unit)"));
    };
    switch (type) {
      case OperandType::kStr:
        FP_RETURN_IF_ERROR(check_index("string", unit_.strings.size()));
        break;
      case OperandType::kCallsite:
        FP_RETURN_IF_ERROR(check_index("callsite", unit_.callsites.size()));
        break;
      case OperandType::kCodeRef:
        FP_RETURN_IF_ERROR(check_index("frame", unit_.frames.size()));
        break;
      case OperandType::kSpeshSlot:
        return Error(offset, absl::StrCat(operand(), ": spesh slots exist only in optimized code"));
      case OperandType::kIns:
        if (value >= frame_.bytecode.size()) {
          return Error(offset, absl::StrCat(operand(), ": branch target ", value,
                                            " is outside the frame's ", frame_.bytecode.size(),
                                            " bytes"));
        }
        branch_operands_.push_back(static_cast<uint32_t>(code_.operands.size()));
        break;
      default:
        break;
    }
    return Operand{.descriptor = descriptor, .offset = offset, .value = value};
  }

  absl::Status CheckBranchTargets() const {
    for (uint32_t index : branch_operands_) {
      const Operand& operand = code_.operands[index];
      if (code_.InstructionAt(static_cast<uint32_t>(operand.value)) < 0) {
        return Error(operand.offset, absl::StrCat("branch target ", operand.value,
                                                  " is not the start of an instruction"));
      }
    }
    return absl::OkStatus();
  }

  absl::Status CheckHandlersAndAnnotations() const {
    const auto on_boundary = [&](uint32_t offset, bool end_allowed) {
      return code_.InstructionAt(offset) >= 0 ||
             (end_allowed && offset == frame_.bytecode.size());
    };
    for (size_t i = 0; i < frame_.handlers.size(); ++i) {
      const Handler& handler = frame_.handlers[i];
      const std::string where = absl::StrCat("frames[", frame_index_, "].handlers[", i, "]");
      if (!on_boundary(handler.start, false) || !on_boundary(handler.end, true) ||
          handler.start > handler.end) {
        return absl::InvalidArgumentError(absl::StrCat(
            where, ": the protected region [", handler.start, ", ", handler.end,
            ") is not a run of whole instructions of the frame's ", frame_.bytecode.size(),
            " bytes"));
      }
      if (!on_boundary(handler.goto_offset, false)) {
        return absl::InvalidArgumentError(absl::StrCat(where, ": goto offset ", handler.goto_offset,
                                                       " is not the start of an instruction"));
      }
    }
    for (size_t i = 0; i < frame_.annotations.size(); ++i) {
      if (!on_boundary(frame_.annotations[i].offset, false)) {
        return absl::InvalidArgumentError(
            absl::StrCat("frames[", frame_index_, "].annotations[", i, "]: offset ",
                         frame_.annotations[i].offset, " is not the start of an instruction"));
      }
    }
    return absl::OkStatus();
  }

  const CompilationUnit& unit_;
  const uint32_t frame_index_;
  const Frame& frame_;
  const ByteReader bytecode_;
  FrameCode code_;
  std::vector<uint32_t> branch_operands_;  // indexes into code_.operands
};

}  // namespace

int64_t FrameCode::InstructionAt(uint32_t offset) const {
  const auto it = std::lower_bound(
      instructions.begin(), instructions.end(), offset,
      [](const Instruction& instruction, uint32_t value) { return instruction.offset < value; });
  return it != instructions.end() && it->offset == offset ? it - instructions.begin() : -1;
}

absl::StatusOr<FrameCode> DecodeFrameCode(const CompilationUnit& unit, uint32_t frame_index) {
  if (frame_index >= unit.frames.size()) {
    return absl::InvalidArgumentError(
        absl::StrCat("frame ", frame_index, " does not exist (", unit.frames.size(), " frames)"));
  }
  return FrameDecoder(unit, frame_index).Decode();
}

}  // namespace frameproof::moar
