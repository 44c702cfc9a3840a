#ifndef FRAMEPROOF_VERIFIERS_GENERATORS_PLAN_GENERATOR_H_
#define FRAMEPROOF_VERIFIERS_GENERATORS_PLAN_GENERATOR_H_

#include <cstdint>

#include "absl/types/span.h"
#include "arch/method_plan.h"

namespace frameproof {

// Bounds of generated plans. Most are small, enough values to exhaust x86_64's registers of every
// class while a case stays fast; one in kLargePlanOneIn reaches the sizes real methods reach:
// more than 64 values in the outer frame, often more than 256 across inline levels, so frames
// grow past 1 KiB with references high in them.
inline constexpr uint32_t kMaxOuterVRegs = 12;
inline constexpr uint32_t kMaxInlineVRegs = 4;
inline constexpr uint32_t kMaxInlineDepth = 2;
inline constexpr uint32_t kLargePlanOneIn = 16;
inline constexpr uint32_t kMinLargeOuterVRegs = 65;
inline constexpr uint32_t kMaxLargeOuterVRegs = 320;
inline constexpr uint32_t kMaxLargeInlineVRegs = 96;
inline constexpr uint32_t kMaxLargeInlineDepth = 3;
// A quarter of the plans call past vtable slot 255 (of kVTableSize).
inline constexpr uint32_t kSmallVTableIndexes = 256;

// The plan of case `seed` for `resolver`: a pure function of both (our Prng only), so a seed
// names the same plan, and decodes to the same values, on every ISA and compiler. Half the plans
// run below compiled callers; independently, half make up to kMaxSafepoints safepoints before
// their call.
MethodPlan GeneratePlan(uint64_t seed, ResolverKind resolver);

// The plan fuzzer bytes describe (the resolver too); any bytes give a valid plan.
MethodPlan PlanFromBytes(absl::Span<const uint8_t> bytes);

// The seed of case `index` of a campaign started with `campaign_seed`.
uint64_t CaseSeed(uint64_t campaign_seed, uint64_t index);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_GENERATORS_PLAN_GENERATOR_H_
