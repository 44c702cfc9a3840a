#ifndef FRAMEPROOF_ARCH_METHOD_PLAN_H_
#define FRAMEPROOF_ARCH_METHOD_PLAN_H_

// The arch-neutral plan of one compiled method (DESIGN.md, step 1): virtual registers with typed
// values and a location class each, an optional inline chain, and the resolver operation the
// method performs. verifiers/exec generates plans; arch/ lowers them to one ISA.

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "arch/resolver_kind.h"
#include "arch/runtime_abi.h"
#include "core/base/enum_names.h"

namespace frameproof {

// The type of a virtual register's value. Wide types take two dex registers (low, then high).
enum class VRegType : uint8_t { kInt32, kInt64, kReference, kFloat, kDouble };

inline constexpr EnumNameTable<VRegType, 5> kVRegTypeNames = {{
    {VRegType::kInt32, "int32"},
    {VRegType::kInt64, "int64"},
    {VRegType::kReference, "reference"},
    {VRegType::kFloat, "float"},
    {VRegType::kDouble, "double"},
}};
static_assert(NamesEachOnce(kVRegTypeNames));

// Where the plan asks a value to live across the call. The lowering honours the class when the
// ISA has a free register of it, and otherwise uses a stack slot (x86_64 has no callee-saved
// floating-point registers).
enum class LocationClass : uint8_t {
  kCalleeSavedRegister,
  kCallerSavedRegister,
  kStackSlot,
  kConstant,
  kNone,  // dead: the runtime must decode no value
};

inline constexpr EnumNameTable<LocationClass, 5> kLocationClassNames = {{
    {LocationClass::kCalleeSavedRegister, "callee-saved"},
    {LocationClass::kCallerSavedRegister, "caller-saved"},
    {LocationClass::kStackSlot, "stack"},
    {LocationClass::kConstant, "constant"},
    {LocationClass::kNone, "none"},
}};
static_assert(NamesEachOnce(kLocationClassNames));

constexpr bool IsWide(VRegType type) {
  return type == VRegType::kInt64 || type == VRegType::kDouble;
}
constexpr bool IsFloatingPoint(VRegType type) {
  return type == VRegType::kFloat || type == VRegType::kDouble;
}

struct PlannedVReg {
  VRegType type = VRegType::kInt32;
  LocationClass location = LocationClass::kNone;
  uint64_t value = 0;  // narrow types use the low 32 bits; a constant reference is null
  friend bool operator==(const PlannedVReg&, const PlannedVReg&) = default;
};

// One frame of the inline chain: the outer method first, then each inlined callee.
struct PlannedFrame {
  uint32_t method_index = 0;  // dex method index (inlined frames are recorded by reference)
  uint32_t dex_pc = 0;
  std::vector<PlannedVReg> vregs;
  friend bool operator==(const PlannedFrame&, const PlannedFrame&) = default;
};

// A compiled method further down the stack: it calls the next one up directly, compiled code to
// compiled code, and the walker crosses its frame on the way out. `frames` is its inline chain
// at that call, the outer method first.
struct PlannedCaller {
  std::vector<PlannedFrame> frames;
  friend bool operator==(const PlannedCaller&, const PlannedCaller&) = default;
};

// An earlier call site of the plan's own method: a runtime call (Ark's SafepointEntrypoint,
// through its CALL_RUNTIME bridge) made before the resolver's call, with the method's inline
// chain and values there. Its stack map precedes the call's in the method, so a walker decodes
// the dialects' delta-compressed register maps across sites. The outer frame is the same method
// with the same values (by type; homes and contents may differ) as at the call.
struct PlannedSafepoint {
  std::vector<PlannedFrame> frames;
  friend bool operator==(const PlannedSafepoint&, const PlannedSafepoint&) = default;
};

struct MethodPlan {
  uint64_t seed = 0;
  ResolverKind resolver = ResolverKind::kCallStatic;
  std::vector<PlannedFrame> frames;  // frames[0] is the outer method; the call sits in the last
  // The plan's own method's safepoints, in code order, all before its call.
  std::vector<PlannedSafepoint> safepoints;
  // The compiled methods below this one: callers[0] calls it, callers[k + 1] calls callers[k].
  std::vector<PlannedCaller> callers;
  uint32_t target_id = 0;            // the method or class id in the GOT
  uint16_t vtable_index = 0;         // CallVirtual: the callee's slot in the receiver's vtable
  // Class: the class is already initialized when resolved. InitClass: initialization completes
  // (otherwise the class stays initializing, as when re-entered from its own initializer).
  bool class_initialized = false;
  // CallStatic / CallVirtual: the call's arguments after the Method*, one per argument register
  // the ISA has left (arm64 x1-x7, x86_64 rsi, rdx, rcx, r8, r9; extra ones are not passed). A
  // virtual call's receiver takes the first register, so arguments[0] is not passed there.
  std::vector<uint64_t> arguments;
  friend bool operator==(const MethodPlan&, const MethodPlan&) = default;
};

// The most call arguments a plan carries after the Method*: arm64's argument registers x1-x7.
inline constexpr size_t kMaxCallArguments = 7;
// The most compiled callers a plan stacks below its own method.
inline constexpr size_t kMaxCallers = 3;
// The most safepoints the plan's own method makes before its call.
inline constexpr size_t kMaxSafepoints = 3;
// The vtable slots of the class a CallVirtual plan calls into: vtable_index is below this.
inline constexpr uint32_t kVTableSize = 1024;

// The compiled methods of a plan's chain: method 0 is the plan's own, whose call goes through the
// resolver; method m > 0 is callers[m - 1], which calls method m - 1.
inline size_t CompiledMethodCount(const MethodPlan& plan) { return 1 + plan.callers.size(); }
inline const std::vector<PlannedFrame>& FramesOf(const MethodPlan& plan, size_t m) {
  return m == 0 ? plan.frames : plan.callers[m - 1].frames;
}

// The call sites of the plan's own method, in code order: its safepoints, then its call. Site
// s < safepoints.size() is safepoint s; the last is the resolver's call.
inline size_t CallSiteCount(const MethodPlan& plan) { return plan.safepoints.size() + 1; }
// The plan's own method's frames at call site `site`: safepoint `site`'s, or the call's.
inline const std::vector<PlannedFrame>& SiteFrames(const MethodPlan& plan, size_t site) {
  return site < plan.safepoints.size() ? plan.safepoints[site].frames : plan.frames;
}
// The plan as it stands at call site `site`: the plan's own frames are that site's, the callers
// are unchanged and there are no safepoints.
MethodPlan AtCallSite(const MethodPlan& plan, size_t site);
// Checks what every site of a method shares: the outer frame's method and its values' types.
absl::Status CheckCallSites(const MethodPlan& plan);

// Total dex registers of `frame`.
uint32_t DexRegisterCount(const PlannedFrame& frame);

// Calls fn(flat, frame_index, vreg_index, vreg) for every planned value, compiled method by
// compiled method in chain order and frame by frame, frames numbered across the chain: the one
// flat order the post-call dump (runtime_abi.h), the emitters and the verifier share.
template <typename Fn>
void ForEachPlannedVReg(const MethodPlan& plan, Fn&& fn) {
  uint32_t flat = 0;
  size_t frame_index = 0;
  for (size_t m = 0; m < CompiledMethodCount(plan); ++m) {
    for (const PlannedFrame& frame : FramesOf(plan, m)) {
      for (size_t v = 0; v < frame.vregs.size(); ++v, ++flat)
        fn(flat, frame_index, v, frame.vregs[v]);
      ++frame_index;
    }
  }
}
// The same over one method's `frames` alone (a call site's, SiteFrames), numbered from 0.
template <typename Fn>
void ForEachPlannedVReg(const std::vector<PlannedFrame>& frames, Fn&& fn) {
  uint32_t flat = 0;
  for (size_t f = 0; f < frames.size(); ++f) {
    for (size_t v = 0; v < frames[f].vregs.size(); ++v, ++flat) fn(flat, f, v, frames[f].vregs[v]);
  }
}

// Planned values in all frames of all compiled methods: the length of the flat order.
inline uint32_t PlannedVRegCount(const MethodPlan& plan) {
  uint32_t count = 0;
  ForEachPlannedVReg(plan, [&count](uint32_t, size_t, size_t, const PlannedVReg&) { ++count; });
  return count;
}
// The same over one method's `frames` alone.
inline uint32_t PlannedVRegCount(const std::vector<PlannedFrame>& frames) {
  uint32_t count = 0;
  for (const PlannedFrame& frame : frames) count += static_cast<uint32_t>(frame.vregs.size());
  return count;
}

// Calls fn(register index, argument) for each of an ISA's `registers` argument registers after the
// Method* that a call of `plan` fills: `argument` is the planned value, or nullopt for a virtual
// call's first one, which carries its receiver. The one statement of that rule, for the emitters
// that fill the registers and the verifier that checks what the callee got.
template <typename Fn>
void ForEachCallArgument(const MethodPlan& plan, size_t registers, Fn&& fn) {
  for (size_t i = 1; i < registers && i - 1 < plan.arguments.size(); ++i) {
    const bool receiver = i == 1 && plan.resolver == ResolverKind::kCallVirtual;
    fn(i, receiver ? std::nullopt : std::optional<uint64_t>(plan.arguments[i - 1]));
  }
}

// Where safepoint `s`'s section of the dump starts (runtime_abi.h), in words: after the post-call
// dump and the sections of the safepoints before it. With s = safepoints.size(), the dump's
// length.
uint32_t SafepointDumpIndex(const MethodPlan& plan, size_t s);
// Where named word `word` of safepoint `s`'s section is, in words from the dump's start.
uint32_t SafepointDumpWordAt(const MethodPlan& plan, size_t s, runtime_abi::SafepointDumpWord word);

// Frames of all compiled methods, and frame `index` in the numbering across the chain.
size_t PlannedFrameCount(const MethodPlan& plan);
const PlannedFrame& PlannedFrameAt(const MethodPlan& plan, size_t index);

}  // namespace frameproof

#endif  // FRAMEPROOF_ARCH_METHOD_PLAN_H_
