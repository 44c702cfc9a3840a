#include "core/llvm/location_recovery.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "core/base/internal/byte_reader.h"
#include "core/base/planted_bug.h"
#include "core/base/status_macros.h"
#include "core/bits/bit_utils.h"
#include "core/llvm/dwarf_registers.h"

namespace frameproof {
namespace {

// Locations wider than a word give their low word.
constexpr uint16_t kMaxScalarBytes = kLlvmWordBytes;

absl::StatusOr<uint64_t> ReadMachineRegister(const LlvmMachineState& state,
                                             const DexRegisterLocation& reg, uint16_t size) {
  const auto number = static_cast<size_t>(reg.value);
  if (reg.kind == DexRegisterKind::kInRegister && number < state.general.size()) {
    return LowLlvmBytes(state.general[number], size);
  }
  if (reg.kind == DexRegisterKind::kInFpuRegister && number < state.vector.size()) {
    const ByteReader vector(state.vector[number], ByteOrder::kLittle, "vector register");
    return LowLlvmBytes(*vector.TryRead<uint64_t>(0), size);
  }
  return absl::InvalidArgumentError(
      absl::StrCat("no saved ", DexRegisterKindName(reg.kind), " register ", reg.value));
}

// The address a Direct or Indirect location names: its base register plus its offset.
absl::StatusOr<uint64_t> LocationAddress(const LlvmLocation& location,
                                         const LlvmMachineState& state) {
  const uint16_t base_register =
      FP_PLANTED_BUG(kLlvmIndirectWrongBase) && location.kind == LlvmLocationKind::kIndirect
          ? (state.isa == InstructionSet::kX86_64 ? kX86DwarfRsp : kArm64DwarfSpOrZero)
          : location.dwarf_register;
  FP_ASSIGN_OR_RETURN(const uint64_t base,
                      ReadDwarfRegister(state, base_register, kMaxScalarBytes));
  return base + static_cast<uint64_t>(int64_t{location.offset_or_small_constant});
}

void AppendLittleEndian(uint64_t value, size_t bytes, std::vector<uint8_t>& out) {
  for (size_t b = 0; b < bytes; ++b) {
    out.push_back(static_cast<uint8_t>(value >> (b * kBitsPerByte)));
  }
}

}  // namespace

absl::StatusOr<uint64_t> LoadLlvmMemory(const LlvmMachineState& state, uint64_t address,
                                        uint16_t size) {
  if (size == 0 || size > kMaxScalarBytes || address < state.memory_address ||
      address - state.memory_address > state.memory.size() ||
      state.memory.size() - (address - state.memory_address) < size) {
    return absl::OutOfRangeError(absl::StrCat(
        size, " bytes at 0x", absl::Hex(address), " are outside the saved frame [0x",
        absl::Hex(state.memory_address), ", 0x", absl::Hex(state.memory_address + state.memory.size()),
        ")"));
  }
  uint64_t value = 0;
  const size_t start = address - state.memory_address;
  for (size_t i = 0; i < size; ++i) {
    value |= uint64_t{state.memory[start + i]} << (i * kBitsPerByte);
  }
  return value;
}

absl::StatusOr<uint64_t> ReadDwarfRegister(const LlvmMachineState& state, uint16_t dwarf,
                                           uint16_t size) {
  if (IsDwarfStackPointer(state.isa, dwarf)) return LowLlvmBytes(state.stack_pointer, size);
  if (state.isa == InstructionSet::kX86_64 && dwarf == kX86DwarfRip) {
    return LowLlvmBytes(state.program_counter, size);
  }
  FP_ASSIGN_OR_RETURN(const DexRegisterLocation reg, DwarfToMachineRegister(state.isa, dwarf));
  return ReadMachineRegister(state, reg, size);
}

absl::StatusOr<uint64_t> RecoverLlvmLocation(const LlvmStackMaps& maps,
                                             const LlvmLocation& location,
                                             const LlvmMachineState& state) {
  const uint16_t size = std::min(location.size, kMaxScalarBytes);
  const int64_t offset = location.offset_or_small_constant;
  switch (location.kind) {
    case LlvmLocationKind::kRegister: {
      FP_ASSIGN_OR_RETURN(const DexRegisterLocation reg,
                          DwarfValueRegister(state.isa, location.dwarf_register));
      return RecoverDexRegisterLocation(reg, size, state);
    }
    case LlvmLocationKind::kDirect:
    case LlvmLocationKind::kIndirect: {
      FP_ASSIGN_OR_RETURN(const uint64_t address, LocationAddress(location, state));
      if (location.kind == LlvmLocationKind::kDirect && !FP_PLANTED_BUG(kLlvmDirectAsIndirect)) {
        return address;
      }
      return LoadLlvmMemory(state, address, size);
    }
    case LlvmLocationKind::kConstant:
      return static_cast<uint64_t>(offset);
    case LlvmLocationKind::kConstantIndex: {
      const auto index = static_cast<uint32_t>(location.offset_or_small_constant);
      if (index >= maps.constants.size()) {
        return absl::OutOfRangeError(absl::StrCat("constant index ", index, " is past the pool of ",
                                                  maps.constants.size()));
      }
      return maps.constants[index];
    }
  }
  return absl::InvalidArgumentError("unknown location kind");
}

absl::StatusOr<std::vector<uint8_t>> RecoverLlvmLocationBytes(const LlvmStackMaps& maps,
                                                              const LlvmLocation& location,
                                                              const LlvmMachineState& state) {
  const size_t size = location.size == 0 ? kLlvmWordBytes : location.size;
  std::vector<uint8_t> bytes;
  if (size <= kLlvmWordBytes || location.kind == LlvmLocationKind::kDirect ||
      location.kind == LlvmLocationKind::kConstant ||
      location.kind == LlvmLocationKind::kConstantIndex) {
    FP_ASSIGN_OR_RETURN(const uint64_t value, RecoverLlvmLocation(maps, location, state));
    AppendLittleEndian(value, std::min(size, kLlvmWordBytes), bytes);
    return bytes;
  }
  if (location.kind == LlvmLocationKind::kRegister) {
    FP_ASSIGN_OR_RETURN(const DexRegisterLocation reg,
                        DwarfValueRegister(state.isa, location.dwarf_register));
    if (reg.kind != DexRegisterKind::kInFpuRegister || size > kLlvmVectorRegisterBytes ||
        static_cast<size_t>(reg.value) >= state.vector.size()) {
      return absl::UnimplementedError(absl::StrCat("a ", size, "-byte value in register R#",
                                                   location.dwarf_register));
    }
    const auto& vector = state.vector[static_cast<size_t>(reg.value)];
    return std::vector<uint8_t>(vector.begin(), vector.begin() + static_cast<ptrdiff_t>(size));
  }
  FP_ASSIGN_OR_RETURN(const uint64_t address, LocationAddress(location, state));
  for (size_t done = 0; done < size; done += kLlvmWordBytes) {
    const auto chunk = static_cast<uint16_t>(std::min(kLlvmWordBytes, size - done));
    FP_ASSIGN_OR_RETURN(const uint64_t word, LoadLlvmMemory(state, address + done, chunk));
    AppendLittleEndian(word, chunk, bytes);
  }
  return bytes;
}

absl::StatusOr<uint64_t> RecoverDexRegisterLocation(const DexRegisterLocation& location,
                                                    uint16_t size,
                                                    const LlvmMachineState& state) {
  size = std::min(size, kMaxScalarBytes);
  switch (location.kind) {
    case DexRegisterKind::kInStack:
      return LoadLlvmMemory(state, state.stack_pointer + static_cast<int64_t>(location.value),
                            size);
    case DexRegisterKind::kInRegister:
    case DexRegisterKind::kInFpuRegister:
      return ReadMachineRegister(state, location, size);
    case DexRegisterKind::kConstant:
      return static_cast<uint64_t>(int64_t{location.value});
    default:
      return absl::InvalidArgumentError(
          absl::StrCat("a ", DexRegisterKindName(location.kind), " location holds no value"));
  }
}

}  // namespace frameproof
