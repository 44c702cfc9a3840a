#ifndef FRAMEPROOF_CORE_LLVM_DWARF_REGISTERS_H_
#define FRAMEPROOF_CORE_LLVM_DWARF_REGISTERS_H_

// The DWARF register numbers LLVM's stack maps use (System V x86_64 psABI; AArch64 DWARF ABI),
// and the hardware registers they name.

#include <cstdint>

#include "absl/status/statusor.h"
#include "core/art/dex_register_location.h"
#include "core/base/instruction_set.h"

namespace frameproof {

inline constexpr uint16_t kX86DwarfRbp = 6;
inline constexpr uint16_t kX86DwarfRsp = 7;
inline constexpr uint16_t kX86DwarfRip = 16;  // llc reports it live after code that uses it
inline constexpr uint16_t kX86DwarfFirstXmm = 17;
inline constexpr uint16_t kX86XmmCount = 16;
inline constexpr uint16_t kArm64DwarfFp = 29;
// sp as a base register; the zero register (xzr/wzr) as a Register location or a live-out.
inline constexpr uint16_t kArm64DwarfSpOrZero = 31;
inline constexpr uint16_t kArm64DwarfFirstV = 64;
inline constexpr uint16_t kArm64VCount = 32;

// True if `dwarf` is the ISA's stack pointer when it is a base register (Direct, Indirect).
bool IsDwarfStackPointer(InstructionSet isa, uint16_t dwarf);

// The register a DWARF register number names, as a location kind and number: x86_64 0 rax,
// 1 rdx, 2 rcx, 3 rbx, 4 rsi, 5 rdi, 6 rbp, 7 rsp, 8-15 r8-r15, 17-32 xmm0-15; arm64 0-30 x0-x30,
// 64-95 v0-v31. Other numbers (the stack pointers among them) are an error.
absl::StatusOr<DexRegisterLocation> DwarfToMachineRegister(InstructionSet isa, uint16_t dwarf);

// Where a Register location with DWARF number `dwarf` holds its value: the machine register, or
// for arm64's 31 the zero register, as the constant 0 (llc keeps constant zeros in wzr/xzr; as a
// base register, 31 is sp).
absl::StatusOr<DexRegisterLocation> DwarfValueRegister(InstructionSet isa, uint16_t dwarf);

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_LLVM_DWARF_REGISTERS_H_
