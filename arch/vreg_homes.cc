#include "arch/vreg_homes.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "core/base/planted_bug.h"

namespace frameproof {

uint32_t DexRegisterCount(const PlannedFrame& frame) {
  uint32_t count = 0;
  for (const PlannedVReg& vreg : frame.vregs) count += DexRegisterWidth(vreg.type);
  return count;
}

namespace {

// Takes the first register of `bank` from `pool`, if any.
bool TakeRegister(std::vector<Register>& pool, RegisterBank bank, Register* out) {
  const auto it = std::find_if(pool.begin(), pool.end(),
                               [bank](Register reg) { return reg.bank == bank; });
  if (it == pool.end()) return false;
  *out = *it;
  pool.erase(it);
  return true;
}

// Spill slots are 4 bytes; the frame format addresses this many.
constexpr uint32_t kMaxSpillSlots = 1024;

}  // namespace

absl::StatusOr<MethodHomes> AssignHomes(const MethodPlan& plan, InstructionSet isa) {
  const RegisterFile& file = RegisterFileOf(isa);
  std::vector<Register> callee_pool = file.allocatable_callee_saved;
  std::vector<Register> caller_pool = file.allocatable_caller_saved;
  std::vector<std::vector<VRegHome>> frames;
  uint32_t spill_slots = 0;
  for (size_t f = 0; f < plan.frames.size(); ++f) {
    std::vector<VRegHome>& homes = frames.emplace_back();
    for (size_t v = 0; v < plan.frames[f].vregs.size(); ++v) {
      const PlannedVReg& vreg = plan.frames[f].vregs[v];
      if (vreg.type == VRegType::kReference && vreg.location == LocationClass::kConstant &&
          vreg.value != 0) {
        return absl::InvalidArgumentError(absl::StrCat(
            "frame ", f, " vreg ", v, ": a constant reference must be null, not ", vreg.value));
      }
      VRegHome home;
      home.where = vreg.location;
      const RegisterBank bank =
          IsFloatingPoint(vreg.type) ? RegisterBank::kFloat : RegisterBank::kGeneral;
      if (home.where == LocationClass::kCalleeSavedRegister &&
          !TakeRegister(callee_pool, bank, &home.reg)) {
        home.where = LocationClass::kStackSlot;
      }
      if (home.where == LocationClass::kCallerSavedRegister &&
          !TakeRegister(caller_pool, bank, &home.reg)) {
        home.where = LocationClass::kStackSlot;
      }
      if (home.where == LocationClass::kStackSlot) {
        if (IsWide(vreg.type)) spill_slots += spill_slots % 2;  // 8-byte aligned
        home.sp_offset = static_cast<int32_t>(spill_slots * 4);
        spill_slots += DexRegisterWidth(vreg.type);
        if (spill_slots > kMaxSpillSlots) {
          return absl::InvalidArgumentError(
              absl::StrCat("the plan needs more than ", kMaxSpillSlots, " spill slots"));
        }
      }
      homes.push_back(home);
    }
  }
  MethodHomes result{std::move(frames), FrameLayout(isa, spill_slots)};
  for (std::vector<VRegHome>& homes : result.frames) {
    for (VRegHome& home : homes) {
      if (home.where == LocationClass::kCallerSavedRegister) {
        home.sp_offset = result.layout.SpFromFp(result.layout.CallerSaveFpOffset(home.reg));
      }
    }
  }
  return result;
}

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
      return {low, {fp ? DexRegisterKind::kInFpuRegisterHigh : DexRegisterKind::kInRegisterHigh,
                    number}};
    }
  }
  return {};
}

GcRootMasks GcRootsOf(const MethodPlan& plan, const MethodHomes& homes) {
  GcRootMasks roots;
  for (size_t f = 0; f < plan.frames.size(); ++f) {
    for (size_t v = 0; v < plan.frames[f].vregs.size(); ++v) {
      if (plan.frames[f].vregs[v].type != VRegType::kReference) continue;
      const VRegHome& home = homes.frames[f][v];
      if (home.where == LocationClass::kCalleeSavedRegister) {
        roots.register_mask |= 1u << home.reg.number;
      } else if (home.where == LocationClass::kStackSlot ||
                 home.where == LocationClass::kCallerSavedRegister) {
        roots.stack_slots.push_back(static_cast<uint32_t>(home.sp_offset) / kFrameSlotSize);
      }
    }
  }
  std::sort(roots.stack_slots.begin(), roots.stack_slots.end());
  return roots;
}

}  // namespace frameproof
