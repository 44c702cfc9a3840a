#include "verifiers/exec/frame_state.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "arch/value_model.h"
#include "verifiers/exec/moving_collector.h"

namespace frameproof {

FrameState ExpectedFrameStateAt(const MethodPlan& plan, Metainfo metainfo, size_t site) {
  const uint32_t collections_before = static_cast<uint32_t>(site);
  const std::vector<PlannedFrame>& own_frames = SiteFrames(plan, site);
  FrameState state;
  state.frames.reserve(own_frames.size() + plan.callers.size() * 2);
  // The plan's own method's frames at the site, then its callers', as a walk meets them.
  auto add_frame = [&](const PlannedFrame& frame, bool callers) {
    // The plan's own method materializes its values right before each call; the callers'
    // references have been through every collection of the execution so far.
    DecodedFrame& decoded = state.frames.emplace_back();
    decoded.registers.reserve(frame.vregs.size() * 2);
    decoded.method_index = frame.method_index;
    decoded.dex_pc = frame.dex_pc;
    for (const PlannedVReg& vreg : frame.vregs) {
      const bool live = vreg.location != LocationClass::kNone;
      const bool root = IsGcRoot(vreg);
      uint64_t value = HeldBits(vreg);
      if (callers && root) {
        value = ReferenceAfterCollections(static_cast<uint32_t>(value), 0, collections_before);
      }
      for (uint32_t r = 0; r < DecodedRegisterCount(metainfo, vreg.type); ++r) {
        decoded.registers.push_back(
            live ? std::optional<uint64_t>(DecodedRegisterBits(metainfo, value, r)) : std::nullopt);
      }
      if (root) state.gc_roots.push_back(static_cast<uint32_t>(value));
    }
  };
  for (const PlannedFrame& frame : own_frames) add_frame(frame, /*callers=*/false);
  for (const PlannedCaller& caller : plan.callers) {
    for (const PlannedFrame& frame : caller.frames) add_frame(frame, /*callers=*/true);
  }
  std::sort(state.gc_roots.begin(), state.gc_roots.end());
  return state;
}

FrameState ExpectedFrameState(const MethodPlan& plan, Metainfo metainfo) {
  return ExpectedFrameStateAt(plan, metainfo, CallSiteCount(plan) - 1);
}

std::vector<FrameState> ExpectedFrameStatesBySite(const MethodPlan& plan, Metainfo metainfo) {
  std::vector<FrameState> states;
  states.reserve(CallSiteCount(plan));
  for (size_t site = 0; site < CallSiteCount(plan); ++site) {
    states.push_back(ExpectedFrameStateAt(plan, metainfo, site));
  }
  return states;
}

namespace {

std::string Cell(const std::optional<uint64_t>& value) {
  return value.has_value() ? absl::StrFormat("0x%08x", *value) : std::string("dead");
}

// The label of register `index` of `frame`: its vreg's type and location class.
std::string RegisterLabel(const PlannedFrame& frame, Metainfo metainfo, size_t index) {
  size_t reg = 0;
  for (size_t v = 0; v < frame.vregs.size(); ++v) {
    const uint32_t width = DecodedRegisterCount(metainfo, frame.vregs[v].type);
    if (index < reg + width) {
      return absl::StrCat("v", v, width == 2 ? (index == reg ? ".lo" : ".hi") : "", " ",
                          NameOf(kVRegTypeNames, frame.vregs[v].type), " ",
                          NameOf(kLocationClassNames, frame.vregs[v].location));
    }
    reg += width;
  }
  return "?";
}

// "frame 3 (caller 1, inlined)": frame `index` and where it sits in the chain.
std::string FrameLabel(const MethodPlan& plan, size_t index) {
  size_t first = 0;
  for (size_t m = 0; m < CompiledMethodCount(plan); ++m) {
    const size_t frames = FramesOf(plan, m).size();
    if (index < first + frames) {
      return absl::StrCat("frame ", index, " (", m == 0 ? "" : absl::StrCat("caller ", m, ", "),
                          index == first ? "outer" : "inlined", ")");
    }
    first += frames;
  }
  return absl::StrCat("frame ", index);
}

}  // namespace

std::string SideBySide(const MethodPlan& plan, Metainfo metainfo, const FrameState& expected,
                       const FrameState& decoded) {
  std::string out = absl::StrFormat("  %-38s %-18s | %-18s\n", "register", "expected", "decoded");
  auto row = [&out](bool differ, const std::string& label, const std::string& want,
                    const std::string& got) {
    absl::StrAppendFormat(&out, "%c %-38s %-18s | %-18s\n", differ ? '*' : ' ', label, want, got);
  };
  const size_t frames = std::max(expected.frames.size(), decoded.frames.size());
  for (size_t f = 0; f < frames; ++f) {
    const DecodedFrame* want = f < expected.frames.size() ? &expected.frames[f] : nullptr;
    const DecodedFrame* got = f < decoded.frames.size() ? &decoded.frames[f] : nullptr;
    auto header = [](const DecodedFrame* frame) {
      return frame == nullptr ? std::string("-")
                              : absl::StrCat("m", frame->method_index, "@", frame->dex_pc);
    };
    row(want == nullptr || got == nullptr || want->method_index != got->method_index ||
            want->dex_pc != got->dex_pc,
        FrameLabel(plan, f), header(want), header(got));
    const size_t registers = std::max(want ? want->registers.size() : 0,
                                      got ? got->registers.size() : 0);
    for (size_t r = 0; r < registers; ++r) {
      const bool has_want = want != nullptr && r < want->registers.size();
      const bool has_got = got != nullptr && r < got->registers.size();
      const std::string label = f < PlannedFrameCount(plan)
                                    ? RegisterLabel(PlannedFrameAt(plan, f), metainfo, r)
                                    : absl::StrCat("r", r);
      row(!has_want || !has_got || want->registers[r] != got->registers[r], label,
          has_want ? Cell(want->registers[r]) : "-", has_got ? Cell(got->registers[r]) : "-");
    }
  }
  const size_t roots = std::max(expected.gc_roots.size(), decoded.gc_roots.size());
  for (size_t i = 0; i < roots; ++i) {
    const bool has_want = i < expected.gc_roots.size();
    const bool has_got = i < decoded.gc_roots.size();
    row(!has_want || !has_got || expected.gc_roots[i] != decoded.gc_roots[i],
        absl::StrCat("gc root ", i), has_want ? Cell(expected.gc_roots[i]) : "-",
        has_got ? Cell(decoded.gc_roots[i]) : "-");
  }
  return out;
}

}  // namespace frameproof
