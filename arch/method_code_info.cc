#include "arch/method_code_info.h"

#include "arch/metainfo_locations.h"
#include "core/art/stack_map_stream.h"
#include "core/base/status_macros.h"

namespace frameproof {
namespace {

absl::Status AddFrameRegisters(StackMapStream& stream, const PlannedFrame& frame,
                               const std::vector<VRegHome>& homes) {
  for (size_t v = 0; v < frame.vregs.size(); ++v) {
    for (const DexRegisterLocation& location : DexRegistersAt(frame.vregs[v], homes[v])) {
      FP_RETURN_IF_ERROR(stream.AddDexRegisterEntry(location.kind, location.value));
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::vector<uint8_t>> EncodeArtMethodCodeInfo(absl::Span<const CallSiteHomes> sites,
                                                             InstructionSet isa,
                                                             absl::Span<const StackMapAt> maps,
                                                             uint32_t code_size) {
  if (sites.empty()) return absl::InvalidArgumentError("a method without call sites");
  const RegisterFile& file = RegisterFileOf(isa);
  MethodParams method;
  method.frame_size_in_bytes = sites.front().homes.layout.frame_size();
  for (const Register& reg : file.callee_saved) {
    (reg.bank == RegisterBank::kGeneral ? method.core_spill_mask : method.fp_spill_mask) |=
        1u << reg.number;
  }
  method.num_dex_registers = DexRegisterCount(sites.back().frames->front());
  StackMapStream stream(isa, VerifyMode::kOn);
  FP_RETURN_IF_ERROR(stream.BeginMethod(method));
  for (const StackMapAt& map : maps) {
    const std::vector<PlannedFrame>& frames = *sites[map.site].frames;
    const MethodHomes& homes = sites[map.site].homes;
    const GcRootMasks roots = GcRootsOf(frames, homes);
    StackMapParams params;
    params.dex_pc = frames[0].dex_pc;
    params.native_pc_offset = map.native_pc;
    params.register_mask = roots.register_mask;
    for (const uint32_t slot : roots.stack_slots) params.stack_mask.SetBit(slot);
    FP_RETURN_IF_ERROR(stream.BeginStackMapEntry(params));
    FP_RETURN_IF_ERROR(AddFrameRegisters(stream, frames[0], homes.frames[0]));
    for (size_t f = 1; f < frames.size(); ++f) {
      const PlannedFrame& frame = frames[f];
      FP_RETURN_IF_ERROR(stream.BeginInlineInfoEntry(DexMethodReference{frame.method_index, {}},
                                                     frame.dex_pc, DexRegisterCount(frame)));
      FP_RETURN_IF_ERROR(AddFrameRegisters(stream, frame, homes.frames[f]));
      FP_RETURN_IF_ERROR(stream.EndInlineInfoEntry());
    }
    FP_RETURN_IF_ERROR(stream.EndStackMapEntry());
  }
  FP_RETURN_IF_ERROR(stream.EndMethod(code_size));
  return stream.Encode();
}

absl::StatusOr<std::vector<uint8_t>> EncodeMethodCodeInfo(absl::Span<const CallSiteHomes> sites,
                                                          InstructionSet isa, Metainfo metainfo,
                                                          absl::Span<const StackMapAt> maps,
                                                          uint32_t code_size) {
  if (metainfo == Metainfo::kArk) return EncodeArkMethodCodeInfo(sites, isa, maps);
  return EncodeArtMethodCodeInfo(sites, isa, maps, code_size);
}

}  // namespace frameproof
