#include "arch/vreg_homes.h"

#include <algorithm>

#include "absl/strings/str_cat.h"

namespace frameproof {

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

// Spill slots are words; frames stay within what one load or store can address from sp.
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
        home.frame_slot = spill_slots++;  // the spill index until the layout is known
        if (spill_slots > kMaxSpillSlots) {
          return absl::InvalidArgumentError(
              absl::StrCat("the plan needs more than ", kMaxSpillSlots, " spill slots"));
        }
      }
      homes.push_back(home);
    }
  }
  MethodHomes result{std::move(frames), FrameLayout(isa, spill_slots)};
  const FrameLayout& layout = result.layout;
  for (std::vector<VRegHome>& homes : result.frames) {
    for (VRegHome& home : homes) {
      if (home.where == LocationClass::kStackSlot) {
        home.frame_slot = layout.SpillSlot(home.frame_slot);
      } else if (home.where == LocationClass::kCallerSavedRegister) {
        home.frame_slot = layout.CallerSaveSlot(home.reg);
      } else {
        continue;
      }
      home.sp_offset = layout.SpFromFp(FrameLayout::SlotFpOffset(home.frame_slot));
    }
  }
  return result;
}

}  // namespace frameproof
