// Ark's CodeInfo of a lowered method (method_code_info.h): each home as a VRegInfo, the roots as
// a registers mask and a spill mask, through CodeInfoBuilder.

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "arch/method_code_info.h"
#include "arch/planted_arch_bugs.h"
#include "arch/register_file.h"
#include "arch/value_model.h"
#include "core/ark/code_info_builder.h"
#include "core/ark/isa_layout.h"
#include "core/base/status_macros.h"
#include "core/bits/bit_vector.h"

namespace frameproof {

ark::VRegInfo::Type ArkTypeOf(VRegType type) {
  switch (type) {
    case VRegType::kInt32:
      return ark::VRegInfo::Type::kInt32;
    case VRegType::kInt64:
      return ark::VRegInfo::Type::kInt64;
    case VRegType::kReference:
      return ark::VRegInfo::Type::kObject;
    case VRegType::kFloat:
      return ark::VRegInfo::Type::kFloat32;
    case VRegType::kDouble:
      return ark::VRegInfo::Type::kFloat64;
  }
  return ark::VRegInfo::Type::kUndefined;
}

ark::VRegInfo ArkVRegAt(const PlannedVReg& vreg, const VRegHome& home, InstructionSet isa) {
  ark::VRegInfo info;
  info.type = ArkTypeOf(vreg.type);
  switch (home.where) {
    case LocationClass::kNone:
    case LocationClass::kConstant:
      return ark::VRegInfo{};
    case LocationClass::kStackSlot:
    case LocationClass::kCallerSavedRegister:
      info.location = ark::VRegInfo::Location::kSlot;
      info.value = home.frame_slot;
      return info;
    case LocationClass::kCalleeSavedRegister: {
      const bool fp = home.reg.bank == RegisterBank::kFloat;
      info.location =
          fp ? ark::VRegInfo::Location::kFpRegister : ark::VRegInfo::Location::kRegister;
      info.value = ArkRegisterNumber(isa, home.reg);
      if (FP_PLANTED_BUG(kVRegRecordedInWrongRegister) && !fp) ++info.value;
      return info;
    }
  }
  return ark::VRegInfo{};
}

ArkGcRoots ArkGcRootsOf(const std::vector<PlannedFrame>& frames, const MethodHomes& homes,
                        InstructionSet isa) {
  ArkGcRoots roots;
  bool first = true;
  ForEachPlannedVReg(frames, [&](uint32_t, size_t f, size_t v, const PlannedVReg& vreg) {
    if (!IsRecordedRoot(vreg, first)) return;
    const VRegHome& home = homes.frames[f][v];
    switch (home.where) {
      case LocationClass::kCalleeSavedRegister:
      case LocationClass::kCallerSavedRegister:
        roots.registers_mask |= 1u << ArkRegisterNumber(isa, home.reg);
        return;
      case LocationClass::kStackSlot:
        roots.spill_slots.push_back(home.frame_slot - homes.layout.first_spill_slot());
        return;
      case LocationClass::kConstant:
      case LocationClass::kNone:
        return;
    }
  });
  std::sort(roots.spill_slots.begin(), roots.spill_slots.end());
  return roots;
}

namespace {

absl::Status AddFrameVRegs(ark::CodeInfoBuilder& builder, const PlannedFrame& frame,
                           const std::vector<VRegHome>& homes, InstructionSet isa) {
  for (size_t v = 0; v < frame.vregs.size(); ++v) {
    const PlannedVReg& vreg = frame.vregs[v];
    if (homes[v].where == LocationClass::kConstant) {
      FP_RETURN_IF_ERROR(builder.AddConstant(HeldBits(vreg), ArkTypeOf(vreg.type),
                                             ark::VRegInfo::VRegType::kVReg));
    } else {
      FP_RETURN_IF_ERROR(builder.AddVReg(ArkVRegAt(vreg, homes[v], isa)));
    }
  }
  return absl::OkStatus();
}

// Whether any value lives in a vector register (the CFrame's HasFloatRegs flag).
bool UsesFloatRegisters(const MethodHomes& homes) {
  for (const std::vector<VRegHome>& frame : homes.frames) {
    for (const VRegHome& home : frame) {
      const bool in_register = home.where == LocationClass::kCalleeSavedRegister ||
                               home.where == LocationClass::kCallerSavedRegister;
      if (in_register && home.reg.bank == RegisterBank::kFloat) return true;
    }
  }
  return false;
}

}  // namespace

absl::StatusOr<std::vector<uint8_t>> EncodeArkMethodCodeInfo(ark::CodeInfoBuilder& builder,
                                                             absl::Span<const CallSiteHomes> sites,
                                                             InstructionSet isa,
                                                             absl::Span<const StackMapAt> maps) {
  if (sites.empty()) return absl::InvalidArgumentError("a method without call sites");
  for (const CallSiteHomes& site : sites) {
    for (size_t f = 1; f < site.frames->size(); ++f) {
      if ((*site.frames)[f].method_index == 0) {
        return absl::InvalidArgumentError(absl::StrCat(
            "frame ", f, " inlines method index 0, which Ark's InlineInfo cannot name"));
      }
    }
  }
  bool float_registers = false;
  for (const CallSiteHomes& site : sites) float_registers |= UsesFloatRegisters(site.homes);
  builder.SetHasFloatRegs(float_registers);
  FP_RETURN_IF_ERROR(
      builder.BeginMethod(sites.front().homes.layout.frame_size(),
                          static_cast<uint32_t>(sites.back().frames->front().vregs.size())));
  // Every compiled method saves the whole callee mask in its prologue.
  uint32_t callee_mask = 0;
  uint32_t callee_fp_mask = 0;
  for (const Register& reg : RegisterFileOf(isa).callee_saved) {
    (reg.bank == RegisterBank::kFloat ? callee_fp_mask : callee_mask) |=
        1u << ArkRegisterNumber(isa, reg);
  }
  builder.SetSavedCalleeRegsMask(callee_mask, callee_fp_mask);

  for (const StackMapAt& map : maps) {
    const std::vector<PlannedFrame>& frames = *sites[map.site].frames;
    const MethodHomes& homes = sites[map.site].homes;
    const ArkGcRoots roots = ArkGcRootsOf(frames, homes, isa);
    const BitVector stack_roots = BitVector::FromSetBits(roots.spill_slots);
    ark::SaveState save_state;
    save_state.roots_regs_mask = roots.registers_mask;
    save_state.roots_stack_mask = stack_roots.AsRegion();
    FP_RETURN_IF_ERROR(builder.BeginStackMap(frames[0].dex_pc, map.native_pc, save_state,
                                             /*require_vreg_map=*/true));
    FP_RETURN_IF_ERROR(AddFrameVRegs(builder, frames[0], homes.frames[0], isa));
    for (size_t f = 1; f < frames.size(); ++f) {
      const PlannedFrame& frame = frames[f];
      FP_RETURN_IF_ERROR(builder.BeginInlineInfo(/*method=*/0, frame.method_index, frame.dex_pc,
                                                 static_cast<uint32_t>(frame.vregs.size()),
                                                 /*file_index=*/0));
      FP_RETURN_IF_ERROR(AddFrameVRegs(builder, frame, homes.frames[f], isa));
      FP_RETURN_IF_ERROR(builder.EndInlineInfo());
    }
    FP_RETURN_IF_ERROR(builder.EndStackMap());
  }
  FP_RETURN_IF_ERROR(builder.EndMethod());
  return builder.Encode();
}

}  // namespace frameproof
