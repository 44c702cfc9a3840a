#ifndef FRAMEPROOF_CORE_LLVM_LOCATION_TESTING_H_
#define FRAMEPROOF_CORE_LLVM_LOCATION_TESTING_H_

#include <cstdint>

#include "core/llvm/stack_map_section.h"

namespace frameproof {

// A stack map location in the order core/llvm's tests spell one: kind, DWARF register, offset or
// constant, and size in bytes.
inline LlvmLocation Loc(LlvmLocationKind kind, uint16_t reg, int32_t value, uint16_t size = 8) {
  return {kind, size, reg, value};
}

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_LLVM_LOCATION_TESTING_H_
