#ifndef FRAMEPROOF_CORE_LLVM_CODE_INFO_CONVERSION_H_
#define FRAMEPROOF_CORE_LLVM_CODE_INFO_CONVERSION_H_

// Re-encodes one function's LLVM stack map records as an ART CodeInfo, as LLVM's documentation
// suggests a runtime does right after compilation. The mapping, and where it refuses:
//
//   instruction offset  -> native pc (records must be in pc order, aligned for the ISA, and at
//                          distinct pcs: llc puts a stackmap that follows a call at the call's
//                          return address, and a lookup by pc would find only one of the two)
//   record ID           -> dex pc (an ID of 0xFFFFFFFF or more does not fit: error)
//   location #i         -> dex register i; records with fewer locations leave the rest None
//     Register          -> kInRegister / kInFpuRegister, DWARF numbers mapped per ISA; arm64's
//                          R#31 is the zero register there (llc's constant 0): kConstant 0
//                          (DwarfToMachineRegister); scalars only (8 bytes, or 16 for an
//                          x86_64 xmm register, whose low half holds the double)
//     Indirect [SP + k] -> kInStack k
//     Indirect [FP + k] -> kInStack (k + StackSize - 8) on x86_64, where rbp sits just under the
//                          return address; arm64 keeps its frame record below the callee-saves,
//                          which StackSize does not locate, so it is an error there
//     Constant          -> kConstant
//     ConstantIndex     -> kConstant when the constant fits in int32, otherwise an error
//     Direct            -> an error: it is an address (an alloca), which a CodeInfo cannot hold
//   StackSize           -> frame size, plus x86_64's return address, rounded up to 16; a
//                          dynamic (UINT64_MAX) stack size is an error
// Every error is FAILED_PRECONDITION ("unrepresentable") and names the record and location.

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "core/art/dex_register_location.h"
#include "core/base/instruction_set.h"
#include "core/llvm/dwarf_registers.h"
#include "core/llvm/stack_map_section.h"

namespace frameproof {

// The CodeInfo bytes for function `function` of `maps`, compiled for `isa` (x86_64 or arm64).
absl::StatusOr<std::vector<uint8_t>> ConvertLlvmFunctionToCodeInfo(const LlvmStackMaps& maps,
                                                                   size_t function,
                                                                   InstructionSet isa);

// The dex register locations ConvertLlvmFunctionToCodeInfo gives record `record` of `function`
// (before padding with None), so tests can compare a decode with the records.
absl::StatusOr<std::vector<DexRegisterLocation>> LlvmRecordToDexRegisters(const LlvmStackMaps& maps,
                                                                          size_t function,
                                                                          size_t record,
                                                                          InstructionSet isa);

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_LLVM_CODE_INFO_CONVERSION_H_
