// ART's CodeInfo of a lowered method (method_code_info.h): each home as dex register locations,
// the roots as a register mask and a stack mask, through StackMapStream.

#include <algorithm>

#include "arch/method_code_info.h"
#include "arch/planted_arch_bugs.h"
#include "core/art/stack_map_stream.h"
#include "core/base/status_macros.h"

namespace frameproof {

DexRegistersOfValue DexRegistersAt(const PlannedVReg& vreg, const VRegHome& home) {
  const bool wide = IsWide(vreg.type);
  switch (home.where) {
    case LocationClass::kNone:
      return DexRegistersOfValue(wide ? 2 : 1, DexRegisterLocation::None());
    case LocationClass::kConstant: {
      const DexRegisterLocation low{DexRegisterKind::kConstant, static_cast<int32_t>(vreg.value)};
      if (!wide) return {low};
      return {low, {DexRegisterKind::kConstant, static_cast<int32_t>(vreg.value >> 32)}};
    }
    case LocationClass::kStackSlot:
    case LocationClass::kCallerSavedRegister: {
      const DexRegisterLocation low{DexRegisterKind::kInStack, home.sp_offset};
      if (!wide) return {low};
      return {low, {DexRegisterKind::kInStack, home.sp_offset + kFrameSlotSize}};
    }
    case LocationClass::kCalleeSavedRegister: {
      const bool fp = home.reg.bank == RegisterBank::kFloat;
      int32_t number = static_cast<int32_t>(home.reg.number);
      if (FP_PLANTED_BUG(kVRegRecordedInWrongRegister) && !fp) ++number;
      const DexRegisterLocation low{
          fp ? DexRegisterKind::kInFpuRegister : DexRegisterKind::kInRegister, number};
      if (!wide) return {low};
      return {
          low,
          {fp ? DexRegisterKind::kInFpuRegisterHigh : DexRegisterKind::kInRegisterHigh, number}};
    }
  }
  return {};
}

GcRootMasks GcRootsOf(const std::vector<PlannedFrame>& frames, const MethodHomes& homes) {
  GcRootMasks roots;
  bool first = true;
  ForEachPlannedVReg(frames, [&](uint32_t, size_t f, size_t v, const PlannedVReg& vreg) {
    if (!IsRecordedRoot(vreg, first)) return;
    const VRegHome& home = homes.frames[f][v];
    if (home.where == LocationClass::kCalleeSavedRegister) {
      roots.register_mask |= 1u << home.reg.number;
    } else if (home.where == LocationClass::kStackSlot ||
               home.where == LocationClass::kCallerSavedRegister) {
      roots.stack_slots.push_back(static_cast<uint32_t>(home.sp_offset) / kFrameSlotSize);
    }
  });
  std::sort(roots.stack_slots.begin(), roots.stack_slots.end());
  return roots;
}

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

absl::StatusOr<std::vector<uint8_t>> EncodeArtMethodCodeInfo(StackMapStream& stream,
                                                             absl::Span<const CallSiteHomes> sites,
                                                             absl::Span<const StackMapAt> maps,
                                                             uint32_t code_size) {
  if (sites.empty()) return absl::InvalidArgumentError("a method without call sites");
  const RegisterFile& file = RegisterFileOf(stream.isa());
  MethodParams method;
  method.frame_size_in_bytes = sites.front().homes.layout.frame_size();
  for (const Register& reg : file.callee_saved) {
    (reg.bank == RegisterBank::kGeneral ? method.core_spill_mask : method.fp_spill_mask) |=
        1u << reg.number;
  }
  method.num_dex_registers = DexRegisterCount(sites.back().frames->front());
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

}  // namespace frameproof
