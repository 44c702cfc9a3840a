#include "verifiers/generators/plan_generator.h"

#include "core/base/prng.h"
#include "verifiers/generators/byte_source.h"

namespace frameproof {
namespace {

// Our Prng behind the interface ByteSource has, so one generator serves seeds and fuzzer bytes.
class PrngSource {
 public:
  explicit PrngSource(uint64_t seed) : prng_(seed) {}
  uint32_t InRange(uint32_t low, uint32_t high) { return prng_.InRange(low, high); }
  bool Chance(uint32_t numerator, uint32_t denominator) {
    return prng_.Chance(numerator, denominator);
  }
  uint64_t Uint64() { return prng_.Next(); }
  // Seeded plans take any size (ByteSource's sizes follow its input's length).
  uint32_t Count(uint32_t low, uint32_t high, uint32_t) { return InRange(low, high); }
  bool Affords(size_t) const { return true; }

 private:
  Prng prng_;
};

constexpr uint32_t kReferenceAlignmentMask = ~uint32_t{7};
// A 64-bit value with every 16-bit halfword non-zero, so materializing it takes every movk.
constexpr uint64_t kEveryHalfword = 0x0001000100010001ull;
constexpr uint32_t kHeapBase = 0x10000000;  // references look like heap addresses, never null
constexpr uint32_t kMaxMethodIndex = 65535;
constexpr uint32_t kMaxDexPc = 4095;
// At a safepoint, one value in this many has another home and contents than at the call.
constexpr uint32_t kSafepointChangeOneIn = 4;
// About what a value's decisions read (type, class, contents): a fuzzer's input pays this much
// per planned value (ByteSource::Count).
constexpr uint32_t kInputBytesPerVReg = 10;

// A value of `type` with a random location class and contents.
template <typename Source>
PlannedVReg GenerateVRegOfType(Source& source, VRegType type) {
  PlannedVReg vreg;
  vreg.type = type;
  // Registers are what resolvers must preserve, so they get the most weight.
  static constexpr LocationClass kWeighted[] = {
      LocationClass::kCalleeSavedRegister, LocationClass::kCalleeSavedRegister,
      LocationClass::kCallerSavedRegister, LocationClass::kCallerSavedRegister,
      LocationClass::kCallerSavedRegister, LocationClass::kStackSlot,
      LocationClass::kStackSlot,           LocationClass::kConstant,
      LocationClass::kNone};
  vreg.location = kWeighted[source.InRange(0, std::size(kWeighted) - 1)];
  const uint64_t raw = source.Uint64();
  switch (vreg.type) {
    case VRegType::kReference:
      vreg.value = vreg.location == LocationClass::kConstant
                       ? 0
                       : ((kHeapBase | static_cast<uint32_t>(raw)) & kReferenceAlignmentMask);
      break;
    case VRegType::kInt32:
    case VRegType::kFloat:
      vreg.value = static_cast<uint32_t>(raw);
      break;
    case VRegType::kInt64:
    case VRegType::kDouble:
      vreg.value = source.Chance(1, 2) ? raw | kEveryHalfword : raw;
      break;
  }
  if (vreg.location == LocationClass::kNone) vreg.value = 0;
  return vreg;
}

template <typename Source>
PlannedVReg GenerateVReg(Source& source) {
  return GenerateVRegOfType(source, static_cast<VRegType>(source.InRange(0, 4)));
}

// `frame` at another dex pc of the same method: each value keeps its type and, but for one in
// kSafepointChangeOneIn, its home and contents, so consecutive stack maps share most entries of
// their register maps and differ in a few.
template <typename Source>
PlannedFrame FrameAtAnotherPc(Source& source, const PlannedFrame& frame) {
  PlannedFrame moved = frame;
  moved.dex_pc = source.InRange(0, kMaxDexPc);
  for (PlannedVReg& vreg : moved.vregs) {
    if (source.Chance(1, kSafepointChangeOneIn)) vreg = GenerateVRegOfType(source, vreg.type);
  }
  return moved;
}

// An inlined method is named by its index, which Ark's InlineInfo never stores as 0; the outer
// method's index comes from its Method and may be anything.
template <typename Source>
PlannedFrame GenerateFrame(Source& source, uint32_t min_vregs, uint32_t max_vregs, bool inlined) {
  PlannedFrame frame;
  frame.method_index = source.InRange(inlined ? 1 : 0, kMaxMethodIndex);
  frame.dex_pc = source.InRange(0, kMaxDexPc);
  const uint32_t count = source.Count(min_vregs, max_vregs, kInputBytesPerVReg);
  frame.vregs.reserve(count);
  for (uint32_t n = 0; n < count; ++n) frame.vregs.push_back(GenerateVReg(source));
  return frame;
}

template <typename Source>
MethodPlan Generate(Source& source, ResolverKind resolver) {
  MethodPlan plan;
  plan.resolver = resolver;
  const bool large = source.Chance(1, kLargePlanOneIn) &&
                     source.Affords(size_t{kMinLargeOuterVRegs} * kInputBytesPerVReg);
  plan.frames.push_back(large ? GenerateFrame(source, kMinLargeOuterVRegs, kMaxLargeOuterVRegs,
                                              /*inlined=*/false)
                              : GenerateFrame(source, 0, kMaxOuterVRegs, /*inlined=*/false));
  const uint32_t depth =
      large ? source.InRange(1, kMaxLargeInlineDepth)
            : (source.Chance(1, 2) ? source.InRange(1, kMaxInlineDepth) : 0);
  for (uint32_t i = 0; i < depth; ++i) {
    plan.frames.push_back(GenerateFrame(source, 0, large ? kMaxLargeInlineVRegs : kMaxInlineVRegs,
                                        /*inlined=*/true));
  }
  // Half the plans run below a chain of compiled callers, each with its own values and inline
  // levels, which the walker must cross.
  const uint32_t callers = source.Chance(1, 2) ? source.InRange(1, kMaxCallers) : 0;
  for (uint32_t c = 0; c < callers; ++c) {
    PlannedCaller& caller = plan.callers.emplace_back();
    caller.frames.push_back(GenerateFrame(source, 0, kMaxOuterVRegs, /*inlined=*/false));
    if (source.Chance(1, 2)) {
      caller.frames.push_back(GenerateFrame(source, 0, kMaxInlineVRegs, /*inlined=*/true));
    }
  }
  plan.target_id = source.InRange(1, kMaxMethodIndex);
  plan.vtable_index = static_cast<uint16_t>(source.Chance(1, 4)
                                                ? source.InRange(kSmallVTableIndexes, kVTableSize - 1)
                                                : source.InRange(0, kSmallVTableIndexes - 1));
  plan.class_initialized = source.Chance(1, 2);
  plan.arguments.reserve(kMaxCallArguments);
  for (size_t i = 0; i < kMaxCallArguments; ++i) plan.arguments.push_back(source.Uint64());
  // Half the plans' methods make safepoints before their call, each inside a prefix of the
  // call's inline chain.
  const uint32_t safepoints = source.Chance(1, 2) ? source.InRange(1, kMaxSafepoints) : 0;
  for (uint32_t p = 0; p < safepoints; ++p) {
    PlannedSafepoint& safepoint = plan.safepoints.emplace_back();
    const uint32_t frames = source.InRange(1, static_cast<uint32_t>(plan.frames.size()));
    for (uint32_t f = 0; f < frames; ++f) {
      safepoint.frames.push_back(FrameAtAnotherPc(source, plan.frames[f]));
    }
  }
  return plan;
}

}  // namespace

uint64_t CaseSeed(uint64_t campaign_seed, uint64_t index) {
  Prng prng(campaign_seed ^ (index * 0x9e3779b97f4a7c15ull));
  return prng.Next();
}

MethodPlan GeneratePlan(uint64_t seed, ResolverKind resolver) {
  PrngSource source(seed);
  MethodPlan plan = Generate(source, resolver);
  plan.seed = seed;
  return plan;
}

MethodPlan PlanFromBytes(absl::Span<const uint8_t> bytes) {
  ByteSource source(bytes);
  const ResolverKind resolver = kAllResolverKinds[source.InRange(0, kAllResolverKinds.size() - 1)];
  return Generate(source, resolver);
}

}  // namespace frameproof
