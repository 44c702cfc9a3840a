#ifndef FRAMEPROOF_ARCH_METHOD_CODE_INFO_H_
#define FRAMEPROOF_ARCH_METHOD_CODE_INFO_H_

// Lowering, part three: the CodeInfo of a lowered method, in either dialect. One stack map per
// call, at its return pc, records every frame of the inline chain at that call site with the
// locations and GC roots of metainfo_locations.h.

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "arch/metainfo.h"
#include "arch/method_plan.h"
#include "arch/vreg_homes.h"

namespace frameproof {

// One stack map to record: a call's return pc and the call site (`sites[site]`) live there.
// Stack maps come in code order.
struct StackMapAt {
  uint32_t native_pc = 0;
  size_t site = 0;
};

// ART's, through StackMapStream in verify mode.
absl::StatusOr<std::vector<uint8_t>> EncodeArtMethodCodeInfo(absl::Span<const CallSiteHomes> sites,
                                                             InstructionSet isa,
                                                             absl::Span<const StackMapAt> maps,
                                                             uint32_t code_size);

// Ark's, through CodeInfoBuilder: the frame size and Ark's callee mask in the header, CFrame
// slots and Ark's register numbers in the vreg lists. An inlined method is named by its method
// id, which Ark never stores as 0: a plan inlining method index 0 is refused.
absl::StatusOr<std::vector<uint8_t>> EncodeArkMethodCodeInfo(absl::Span<const CallSiteHomes> sites,
                                                             InstructionSet isa,
                                                             absl::Span<const StackMapAt> maps);

// The one or the other, as `metainfo` says.
absl::StatusOr<std::vector<uint8_t>> EncodeMethodCodeInfo(absl::Span<const CallSiteHomes> sites,
                                                          InstructionSet isa, Metainfo metainfo,
                                                          absl::Span<const StackMapAt> maps,
                                                          uint32_t code_size);

}  // namespace frameproof

#endif  // FRAMEPROOF_ARCH_METHOD_CODE_INFO_H_
