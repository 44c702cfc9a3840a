#ifndef FRAMEPROOF_CORE_MOAR_FRAME_CODE_H_
#define FRAMEPROOF_CORE_MOAR_FRAME_CODE_H_

// A frame's bytecode as instructions, each operand checked against the compilation unit: opcodes
// MoarVM knows and a compiler may emit, registers that exist and have the operand's type, string,
// callsite, frame and extension op indexes in range, and branch targets on instruction boundaries
// inside the frame.

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "core/moar/compilation_unit.h"

namespace frameproof::moar {

struct Operand {
  uint8_t descriptor = 0;  // see op_table.h
  uint32_t offset = 0;     // bytes from the frame's bytecode start
  // A register or lexical index, a literal's bits (zero-extended), a string, callsite or frame
  // index, or a branch target's byte offset.
  uint64_t value = 0;
  uint16_t outers = 0;  // lexical operands: how many frames out
};

struct Instruction {
  uint32_t offset = 0;  // bytes from the frame's bytecode start
  uint32_t length = 0;  // bytes, opcode and operands
  uint16_t opcode = 0;
  uint32_t operands_begin = 0;  // into FrameCode::operands
  uint32_t operands_end = 0;
};

struct FrameCode {
  std::vector<Instruction> instructions;
  std::vector<Operand> operands;

  absl::Span<const Operand> OperandsOf(const Instruction& instruction) const {
    return absl::MakeConstSpan(operands).subspan(
        instruction.operands_begin, instruction.operands_end - instruction.operands_begin);
  }
  // The index of the instruction at `offset`, or -1 if no instruction starts there.
  int64_t InstructionAt(uint32_t offset) const;
};

// Decodes and checks frame `frame_index` of `unit`, and checks that its handlers and annotations
// point at instruction boundaries. Errors name the frame, the instruction's byte offset within
// the frame's bytecode, the operand and what is wrong.
absl::StatusOr<FrameCode> DecodeFrameCode(const CompilationUnit& unit, uint32_t frame_index);

}  // namespace frameproof::moar

#endif  // FRAMEPROOF_CORE_MOAR_FRAME_CODE_H_
