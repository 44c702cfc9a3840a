#ifndef FRAMEPROOF_ARCH_METHOD_CODE_INFO_H_
#define FRAMEPROOF_ARCH_METHOD_CODE_INFO_H_

// Lowering, part three: the CodeInfo of a lowered method, in either dialect. One stack map per
// call, at each return pc in `return_pcs`, records every frame of the plan's inline chain with
// the locations and GC roots of metainfo_locations.h.

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "arch/metainfo.h"
#include "arch/method_plan.h"
#include "arch/vreg_homes.h"

namespace frameproof {

// ART's, through StackMapStream in verify mode.
absl::StatusOr<std::vector<uint8_t>> EncodeArtMethodCodeInfo(const MethodPlan& plan,
                                                             const MethodHomes& homes,
                                                             InstructionSet isa,
                                                             absl::Span<const uint32_t> return_pcs,
                                                             uint32_t code_size);

// Ark's, through CodeInfoBuilder: the frame size and Ark's callee mask in the header, CFrame
// slots and Ark's register numbers in the vreg lists. An inlined method is named by its method
// id, which Ark never stores as 0: a plan inlining method index 0 is refused.
absl::StatusOr<std::vector<uint8_t>> EncodeArkMethodCodeInfo(const MethodPlan& plan,
                                                             const MethodHomes& homes,
                                                             InstructionSet isa,
                                                             absl::Span<const uint32_t> return_pcs);

// The one or the other, as `metainfo` says.
absl::StatusOr<std::vector<uint8_t>> EncodeMethodCodeInfo(const MethodPlan& plan,
                                                          const MethodHomes& homes,
                                                          InstructionSet isa, Metainfo metainfo,
                                                          absl::Span<const uint32_t> return_pcs,
                                                          uint32_t code_size);

}  // namespace frameproof

#endif  // FRAMEPROOF_ARCH_METHOD_CODE_INFO_H_
