#ifndef FRAMEPROOF_CORE_LLVM_LOCATION_RECOVERY_H_
#define FRAMEPROOF_CORE_LLVM_LOCATION_RECOVERY_H_

// What a runtime does with a stack map record at its safepoint: read each location's value out of
// the machine state its hook saved (registers, stack pointer, and the caller's frame). The same
// state can be read through the ART CodeInfo locations ConvertLlvmFunctionToCodeInfo gives, so
// both encodings of one record can be held to the values the program computed.

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "core/art/dex_register_location.h"
#include "core/base/instruction_set.h"
#include "core/bits/bit_utils.h"
#include "core/llvm/stack_map_section.h"

namespace frameproof {

inline constexpr size_t kLlvmGeneralRegisterSlots = 32;
inline constexpr size_t kLlvmVectorRegisterSlots = 32;
inline constexpr size_t kLlvmVectorRegisterBytes = 16;
// A general register, and a stack slot, on both 64-bit ISAs.
inline constexpr size_t kLlvmWordBytes = 8;

// The low `size` bytes of `value`, zero-extended: how a `size`-byte location reads a register.
// A size of a word or more keeps the whole value.
constexpr uint64_t LowLlvmBytes(uint64_t value, size_t size) {
  return size >= kLlvmWordBytes ? value : value & ((uint64_t{1} << (size * kBitsPerByte)) - 1);
}

// Registers and memory at a stack map point, as a runtime hook saves them.
struct LlvmMachineState {
  InstructionSet isa = InstructionSet::kX86_64;
  // Hardware numbering: x86_64 rax rcx rdx rbx rsp rbp rsi rdi r8-r15; arm64 x0-x30, then sp.
  std::array<uint64_t, kLlvmGeneralRegisterSlots> general = {};
  // x86_64 xmm0-15, arm64 v0-v31, each little-endian.
  std::array<std::array<uint8_t, kLlvmVectorRegisterBytes>, kLlvmVectorRegisterSlots> vector = {};
  uint64_t stack_pointer = 0;
  uint64_t program_counter = 0;  // where the code resumes: x86_64's rip (DWARF 16)
  // Memory from `memory_address` on (the caller's frame); loads outside it are errors.
  uint64_t memory_address = 0;
  absl::Span<const uint8_t> memory;
};

// The little-endian value of `size` (1-8) bytes at `address` in the state's memory.
absl::StatusOr<uint64_t> LoadLlvmMemory(const LlvmMachineState& state, uint64_t address,
                                        uint16_t size);

// The contents of the register DWARF number `dwarf` names (the stack pointer and x86_64's rip
// included: llc 14 reports rip live after a patchpoint when later code addresses memory relative
// to it), as
// `size` bytes zero-extended; a vector register gives its low 8 bytes at most.
absl::StatusOr<uint64_t> ReadDwarfRegister(const LlvmMachineState& state, uint16_t dwarf,
                                           uint16_t size);

// The value location `location` of a record in `maps` holds in `state`: Register its register
// (arm64's DWARF 31 is the zero register there, and the stack pointer as a base),
// Direct the address register + offset, Indirect the `size` bytes at that address, Constant the
// sign-extended small constant, ConstantIndex the pool entry. Values wider than 8 bytes give
// their low 8.
absl::StatusOr<uint64_t> RecoverLlvmLocation(const LlvmStackMaps& maps,
                                             const LlvmLocation& location,
                                             const LlvmMachineState& state);

// The bytes location `location` holds, little-endian, as many as its size says (0 reads a
// word): a value wider than a word included, from a vector register (up to its 16 bytes) or
// from memory a word at a time. Direct and the constants are a word wide. A wide value in a
// general register is Unimplemented.
absl::StatusOr<std::vector<uint8_t>> RecoverLlvmLocationBytes(const LlvmStackMaps& maps,
                                                              const LlvmLocation& location,
                                                              const LlvmMachineState& state);

// The value CodeInfo location `location` holds in `state`, `size` bytes wide: kInStack from
// [sp + offset], kInRegister and kInFpuRegister by hardware number, kConstant sign-extended.
absl::StatusOr<uint64_t> RecoverDexRegisterLocation(const DexRegisterLocation& location,
                                                    uint16_t size,
                                                    const LlvmMachineState& state);

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_LLVM_LOCATION_RECOVERY_H_
