#ifndef FRAMEPROOF_ARCH_METHOD_CODE_INFO_H_
#define FRAMEPROOF_ARCH_METHOD_CODE_INFO_H_

// Lowering, part two: the CodeInfo of a lowered method, in either dialect. One stack map per call,
// at its return pc, records every frame of the inline chain at that call site: each value's home
// (vreg_homes.h) as the dialect describes it, and the GC roots among them. One file per dialect
// holds all of it: art_method_code_info.cc, ark_method_code_info.cc.
//
//   home                 ART (DexRegisterLocation)           Ark (VRegInfo)
//   callee-saved reg     kInRegister / kInFpuRegister,       REGISTER / FP_REGISTER,
//                        hardware number (wide: +High)       Ark's register number
//   caller-saved reg     kInStack at its caller-save slot    SLOT, its caller-save slot
//   stack slot           kInStack, sp offset (wide: +4)      SLOT, its spill slot
//   constant             kConstant (wide: two halves)        CONSTANT (the Constants table)
//   none                 kNone (wide: two)                   dead
//
// GC roots: ART marks references in callee-saved registers in the register mask and the rest by
// their stack word (sp offset / 4); Ark marks references in registers of either kind in its
// roots register mask (its walker reads a caller-saved one from the caller's slot) and those in
// spill slots by spill index.

#include <cstdint>
#include <optional>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "arch/metainfo.h"
#include "arch/method_plan.h"
#include "arch/vreg_homes.h"
#include "core/ark/code_info_builder.h"
#include "core/ark/vreg_info.h"
#include "core/art/dex_register_location.h"
#include "core/art/stack_map_stream.h"

namespace frameproof {

// One stack map to record: a call's return pc and the call site (`sites[site]`) live there.
// Stack maps come in code order.
struct StackMapAt {
  uint32_t native_pc = 0;
  size_t site = 0;
};

// The one or the other dialect's CodeInfo, as `metainfo` says.
absl::StatusOr<std::vector<uint8_t>> EncodeMethodCodeInfo(absl::Span<const CallSiteHomes> sites,
                                                          InstructionSet isa, Metainfo metainfo,
                                                          absl::Span<const StackMapAt> maps,
                                                          uint32_t code_size);

// EncodeMethodCodeInfo for method after method: ART's StackMapStream and Ark's CodeInfoBuilder
// are kept and Reset from one method to the next, so their tables' memory is allocated once
// (ExecImageBuilder keeps one encoder for all its images). The bytes are EncodeMethodCodeInfo's.
class MethodCodeInfoEncoder {
 public:
  absl::StatusOr<std::vector<uint8_t>> Encode(absl::Span<const CallSiteHomes> sites,
                                              InstructionSet isa, Metainfo metainfo,
                                              absl::Span<const StackMapAt> maps,
                                              uint32_t code_size);

 private:
  std::optional<StackMapStream> art_stream_;         // the last ART method's, for its ISA
  std::optional<ark::CodeInfoBuilder> ark_builder_;  // the last Ark method's,
  InstructionSet ark_builder_isa_{};                 // for this ISA
};

// Whether a stack map records `vreg` as a GC root: IsGcRoot (value_model.h), except for the
// first root of a map when the planted kGcRootMissed is on. `first` is true for a map's first
// value and is cleared by the first root.
bool IsRecordedRoot(const PlannedVReg& vreg, bool& first);

// ---- ART (art_method_code_info.cc)

// The dex register locations recorded for `vreg` at `home`: one, or two when wide. Inline, since
// the encoder asks for every value of every stack map.
using DexRegistersOfValue = absl::InlinedVector<DexRegisterLocation, 2>;
DexRegistersOfValue DexRegistersAt(const PlannedVReg& vreg, const VRegHome& home);

// A stack map's GC roots.
struct GcRootMasks {
  uint32_t register_mask = 0;         // hardware numbers of callee-saved registers
  std::vector<uint32_t> stack_slots;  // sp offset / 4, ascending
};
GcRootMasks GcRootsOf(const std::vector<PlannedFrame>& frames, const MethodHomes& homes);

// ART's CodeInfo, through `stream` (in verify mode, new or Reset); the ISA is the stream's.
absl::StatusOr<std::vector<uint8_t>> EncodeArtMethodCodeInfo(StackMapStream& stream,
                                                             absl::Span<const CallSiteHomes> sites,
                                                             absl::Span<const StackMapAt> maps,
                                                             uint32_t code_size);

// ---- Ark (ark_method_code_info.cc)

// The VRegInfo of `vreg` at `home` on `isa`, for every home but a constant (whose row the
// builder makes: AddConstant). A dead value is VRegInfo{}.
ark::VRegInfo ArkVRegAt(const PlannedVReg& vreg, const VRegHome& home, InstructionSet isa);

// Ark's type of a planned value.
ark::VRegInfo::Type ArkTypeOf(VRegType type);

// A stack map's GC roots.
struct ArkGcRoots {
  uint32_t registers_mask = 0;        // Ark's numbers of the registers holding references
  std::vector<uint32_t> spill_slots;  // spill indices (CFrame slot - first spill slot), ascending
};
ArkGcRoots ArkGcRootsOf(const std::vector<PlannedFrame>& frames, const MethodHomes& homes,
                        InstructionSet isa);

// Ark's CodeInfo, through `builder` (new or Reset, for `isa`'s layout): the frame size and
// Ark's callee mask in the header, CFrame slots and Ark's register numbers in the vreg lists. An
// inlined method is named by its method id, which Ark never stores as 0: a plan inlining method
// index 0 is refused.
absl::StatusOr<std::vector<uint8_t>> EncodeArkMethodCodeInfo(ark::CodeInfoBuilder& builder,
                                                             absl::Span<const CallSiteHomes> sites,
                                                             InstructionSet isa,
                                                             absl::Span<const StackMapAt> maps);

}  // namespace frameproof

#endif  // FRAMEPROOF_ARCH_METHOD_CODE_INFO_H_
