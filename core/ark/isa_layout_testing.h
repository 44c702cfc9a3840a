#ifndef FRAMEPROOF_CORE_ARK_ISA_LAYOUT_TESTING_H_
#define FRAMEPROOF_CORE_ARK_ISA_LAYOUT_TESTING_H_

#include "core/ark/isa_layout.h"

namespace frameproof::ark {

// The layouts core/ark's tests use most; LayoutFor knows both.
inline IsaLayout Arm64() { return *LayoutFor(InstructionSet::kArm64); }
inline IsaLayout Arm32() { return *LayoutFor(InstructionSet::kArm); }

}  // namespace frameproof::ark

#endif  // FRAMEPROOF_CORE_ARK_ISA_LAYOUT_TESTING_H_
