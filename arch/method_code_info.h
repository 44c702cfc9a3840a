#ifndef FRAMEPROOF_ARCH_METHOD_CODE_INFO_H_
#define FRAMEPROOF_ARCH_METHOD_CODE_INFO_H_

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "arch/method_plan.h"
#include "arch/vreg_homes.h"

namespace frameproof {

// The CodeInfo of a lowered method, through StackMapStream (in verify mode): one stack map per
// call, at each return pc in `return_pcs`, recording every frame of the plan's inline chain
// with the dex register locations of DexRegistersAt and the GC roots of GcRootsOf.
absl::StatusOr<std::vector<uint8_t>> EncodeMethodCodeInfo(const MethodPlan& plan,
                                                          const MethodHomes& homes,
                                                          InstructionSet isa,
                                                          absl::Span<const uint32_t> return_pcs,
                                                          uint32_t code_size);

}  // namespace frameproof

#endif  // FRAMEPROOF_ARCH_METHOD_CODE_INFO_H_
