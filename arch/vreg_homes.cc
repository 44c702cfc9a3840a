#include "arch/vreg_homes.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"

namespace frameproof {

namespace {

// Takes the first register of `bank` from `pool`, if any.
bool TakeRegister(std::vector<Register>& pool, RegisterBank bank, Register* out) {
  const auto it =
      std::find_if(pool.begin(), pool.end(), [bank](Register reg) { return reg.bank == bank; });
  if (it == pool.end()) return false;
  *out = *it;
  pool.erase(it);
  return true;
}

// Spill slots are words; frames stay within what one load or store can address from sp.
constexpr uint32_t kMaxSpillSlots = 1024;

// Assigns registers and spill indices to one site's values; `spill_slots` grows to cover them.
absl::StatusOr<std::vector<std::vector<VRegHome>>> AssignSiteHomes(
    const std::vector<PlannedFrame>& site_frames, InstructionSet isa, uint32_t& spill_slots) {
  const RegisterFile& file = RegisterFileOf(isa);
  std::vector<Register> callee_pool = file.allocatable_callee_saved;
  std::vector<Register> caller_pool = file.allocatable_caller_saved;
  std::vector<std::vector<VRegHome>> frames;
  frames.reserve(site_frames.size());
  uint32_t spill = 0;
  for (size_t f = 0; f < site_frames.size(); ++f) {
    std::vector<VRegHome>& homes = frames.emplace_back();
    homes.reserve(site_frames[f].vregs.size());
    for (size_t v = 0; v < site_frames[f].vregs.size(); ++v) {
      const PlannedVReg& vreg = site_frames[f].vregs[v];
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
        home.frame_slot = spill++;  // the spill index until the layout is known
        if (spill > kMaxSpillSlots) {
          return absl::InvalidArgumentError(
              absl::StrCat("the plan needs more than ", kMaxSpillSlots, " spill slots"));
        }
      }
      homes.push_back(home);
    }
  }
  spill_slots = std::max(spill_slots, spill);
  return frames;
}

// Turns spill indices into frame slots, and gives every slot its sp offset.
MethodHomes PlaceInLayout(std::vector<std::vector<VRegHome>> frames, const FrameLayout& layout) {
  for (std::vector<VRegHome>& homes : frames) {
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
  return MethodHomes{std::move(frames), layout};
}

}  // namespace

absl::StatusOr<std::vector<CallSiteHomes>> AssignCallSiteHomes(const MethodPlan& plan,
                                                               InstructionSet isa, size_t method) {
  const size_t site_count = method == 0 ? CallSiteCount(plan) : 1;
  std::vector<const std::vector<PlannedFrame>*> sites;
  std::vector<std::vector<std::vector<VRegHome>>> site_frames;
  sites.reserve(site_count);
  site_frames.reserve(site_count);
  uint32_t spill_slots = 0;
  for (size_t s = 0; s < site_count; ++s) {
    sites.push_back(method == 0 ? &SiteFrames(plan, s) : &FramesOf(plan, method));
    FP_ASSIGN_OR_RETURN(std::vector<std::vector<VRegHome>> frames,
                        AssignSiteHomes(*sites.back(), isa, spill_slots));
    site_frames.push_back(std::move(frames));
  }
  const FrameLayout layout(isa, spill_slots);
  std::vector<CallSiteHomes> result;
  result.reserve(sites.size());
  for (size_t s = 0; s < sites.size(); ++s) {
    result.push_back(CallSiteHomes{sites[s], PlaceInLayout(std::move(site_frames[s]), layout)});
  }
  return result;
}

absl::StatusOr<MethodHomes> AssignHomes(const MethodPlan& plan, InstructionSet isa) {
  FP_ASSIGN_OR_RETURN(std::vector<CallSiteHomes> sites, AssignCallSiteHomes(plan, isa));
  return std::move(sites.back().homes);
}

}  // namespace frameproof
