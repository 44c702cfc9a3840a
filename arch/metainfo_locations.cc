#include "arch/metainfo_locations.h"

#include <algorithm>

#include "arch/value_model.h"
#include "core/base/planted_bug.h"

namespace frameproof {

std::vector<DexRegisterLocation> DexRegistersAt(const PlannedVReg& vreg, const VRegHome& home) {
  const bool wide = IsWide(vreg.type);
  switch (home.where) {
    case LocationClass::kNone:
      return wide ? std::vector<DexRegisterLocation>{DexRegisterLocation::None(),
                                                     DexRegisterLocation::None()}
                  : std::vector<DexRegisterLocation>{DexRegisterLocation::None()};
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

namespace {

// Whether `vreg` is a reference a stack map must report (planted: all but the first).
// A home differs from the plan's location only where a register ran out (a stack slot instead),
// so the plan says what is a root.
bool IsRoot(const PlannedVReg& vreg, bool& first) {
  if (!IsGcRoot(vreg)) return false;
  const bool skip = first && FP_PLANTED_BUG(kGcRootMissed);
  first = false;
  return !skip;
}

}  // namespace

GcRootMasks GcRootsOf(const std::vector<PlannedFrame>& frames, const MethodHomes& homes) {
  GcRootMasks roots;
  bool first = true;
  ForEachPlannedVReg(frames, [&](uint32_t, size_t f, size_t v, const PlannedVReg& vreg) {
    if (!IsRoot(vreg, first)) return;
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
    if (!IsRoot(vreg, first)) return;
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

}  // namespace frameproof
