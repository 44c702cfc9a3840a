// The execution verifier, end to end on the ISA this test runs on (x86_64 natively, arm64 under
// QEMU through the aarch64 preset).

#include "verifiers/exec/exec_case.h"

#include <tuple>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "verifiers/generators/plan_generator.h"

namespace frameproof {
namespace {

constexpr uint64_t kCampaignSeed = 1;
constexpr int kCasesPerResolver = 100;

std::string Explain(const MethodPlan& plan, const CaseResult& result) {
  std::string out = absl::StrCat("seed ", plan.seed, " resolver ", ResolverKindName(plan.resolver),
                                 ":\n");
  for (const Mismatch& failure : result.failures) {
    absl::StrAppend(&out, "  ", FormatMismatch(failure), "\n");
  }
  return out + result.details;
}

PlannedVReg V(VRegType type, LocationClass location, uint64_t value) {
  return {type, location, value};
}

// One value of every type in every class, across an inline chain of two.
MethodPlan EveryLocationPlan(ResolverKind resolver) {
  MethodPlan plan;
  plan.resolver = resolver;
  plan.target_id = 77;
  plan.vtable_index = 3;
  plan.class_initialized = true;
  plan.arguments = {0x1111222233334444, 0x5555666677778888};
  PlannedFrame outer{1000, 12, {}};
  outer.vregs = {V(VRegType::kInt32, LocationClass::kCalleeSavedRegister, 0x11111111),
                 V(VRegType::kInt64, LocationClass::kCalleeSavedRegister, 0x2222222233333333),
                 V(VRegType::kReference, LocationClass::kCallerSavedRegister, 0x10000040),
                 V(VRegType::kFloat, LocationClass::kCallerSavedRegister, 0x3f800000),
                 V(VRegType::kDouble, LocationClass::kStackSlot, 0x400921fb54442d18),
                 V(VRegType::kInt32, LocationClass::kConstant, 0xfffffffe),
                 V(VRegType::kReference, LocationClass::kNone, 0)};
  PlannedFrame inlined{2000, 7, {}};
  inlined.vregs = {V(VRegType::kReference, LocationClass::kCalleeSavedRegister, 0x10000080),
                   V(VRegType::kDouble, LocationClass::kCalleeSavedRegister, 0x3ff0000000000000),
                   V(VRegType::kInt64, LocationClass::kConstant, 0x0000000100000002)};
  plan.frames = {outer, inlined};
  return plan;
}

// Every resolver, with its caller's safepoints in either dialect.
class EveryResolver : public testing::TestWithParam<std::tuple<ResolverKind, Metainfo>> {
 protected:
  ResolverKind resolver() const { return std::get<0>(GetParam()); }
  Metainfo metainfo() const { return std::get<1>(GetParam()); }
};

TEST_P(EveryResolver, DecodesEveryLocationClassAcrossAnInlineChain) {
  const MethodPlan plan = EveryLocationPlan(resolver());
  const CaseResult result = RunExecCase(plan, NativeInstructionSet(), metainfo());
  EXPECT_TRUE(result.passed) << Explain(plan, result);
  ASSERT_EQ(result.decoded.frames.size(), 2u);
  EXPECT_EQ(result.decoded.frames[1].method_index, 2000u);
  EXPECT_EQ(result.decoded.frames[0].registers[0], 0x11111111u);
  if (metainfo() == Metainfo::kArt) {
    EXPECT_EQ(result.decoded.frames[0].registers[1], 0x33333333u);  // int64 low half
    EXPECT_EQ(result.decoded.frames[0].registers[2], 0x22222222u);  // int64 high half
  } else {
    EXPECT_EQ(result.decoded.frames[0].registers[1], 0x2222222233333333u);  // one 64-bit vreg
  }
  EXPECT_EQ(result.decoded.gc_roots, (std::vector<uint32_t>{0x10000040, 0x10000080}));
}

// The plan's method below two compiled callers with values of every class, one with an inline
// level: the walker crosses both frames to the entry frame, callers' callee-saved values come
// from the frames above them, and every caller's values and references survive the collector.
TEST_P(EveryResolver, DecodesEveryCompiledFrameOfAChain) {
  MethodPlan plan = EveryLocationPlan(resolver());
  PlannedFrame near{3000, 40, {}};
  near.vregs = {V(VRegType::kInt32, LocationClass::kCalleeSavedRegister, 0x30303030),
                V(VRegType::kReference, LocationClass::kCallerSavedRegister, 0x100000c0),
                V(VRegType::kReference, LocationClass::kCalleeSavedRegister, 0x10000100),
                V(VRegType::kInt64, LocationClass::kStackSlot, 0x3131313132323232)};
  PlannedFrame far{4000, 50, {}};
  far.vregs = {V(VRegType::kReference, LocationClass::kStackSlot, 0x10000140),
               V(VRegType::kDouble, LocationClass::kCalleeSavedRegister, 0x4000000000000000)};
  PlannedFrame far_inlined{4001, 51, {}};
  far_inlined.vregs = {V(VRegType::kInt32, LocationClass::kCallerSavedRegister, 0x40404040)};
  plan.callers = {PlannedCaller{{near}}, PlannedCaller{{far, far_inlined}}};
  const CaseResult result = RunExecCase(plan, NativeInstructionSet(), metainfo());
  EXPECT_TRUE(result.passed) << Explain(plan, result);
  ASSERT_EQ(result.decoded.frames.size(), 5u);
  EXPECT_EQ(result.decoded.frames[2].method_index, 3000u);
  EXPECT_EQ(result.decoded.frames[2].registers[0], 0x30303030u);
  EXPECT_EQ(result.decoded.frames[3].method_index, 4000u);
  EXPECT_EQ(result.decoded.frames[4].method_index, 4001u);
  EXPECT_EQ(result.decoded.frames[4].registers[0], 0x40404040u);
  EXPECT_EQ(result.decoded.gc_roots,
            (std::vector<uint32_t>{0x10000040, 0x10000080, 0x100000c0, 0x10000100, 0x10000140}));
}

// The plan's method makes two safepoints before its call, below a compiled caller. Each site has
// its own dex pc, inline depth, homes and contents, so the method's three stack maps share some
// register map entries and change others; the walker decodes each site's state, and the
// caller's references as each collection of the execution left them.
TEST_P(EveryResolver, DecodesEachSafepointAndTheCallAfterThem) {
  MethodPlan plan = EveryLocationPlan(resolver());
  PlannedFrame first = plan.frames[0];
  first.dex_pc = 3;
  first.vregs[0] = V(VRegType::kInt32, LocationClass::kCalleeSavedRegister, 0x0a0a0a0a);
  first.vregs[2] = V(VRegType::kReference, LocationClass::kStackSlot, 0x10000200);
  first.vregs[5] = V(VRegType::kInt32, LocationClass::kConstant, 7);
  first.vregs[6] = V(VRegType::kReference, LocationClass::kCalleeSavedRegister, 0x10000240);
  PlannedFrame second = plan.frames[0];
  second.dex_pc = 9;
  second.vregs[1] = V(VRegType::kInt64, LocationClass::kNone, 0);
  PlannedFrame second_inlined = plan.frames[1];
  second_inlined.dex_pc = 5;
  plan.safepoints = {PlannedSafepoint{{first}}, PlannedSafepoint{{second, second_inlined}}};
  PlannedFrame caller{3000, 40, {}};
  caller.vregs = {V(VRegType::kReference, LocationClass::kCalleeSavedRegister, 0x10000300)};
  plan.callers = {PlannedCaller{{caller}}};

  const FrameState at_first = ExpectedFrameStateAt(plan, metainfo(), 0);
  ASSERT_EQ(at_first.frames.size(), 2u);  // the outer frame alone, then the caller's
  EXPECT_EQ(at_first.frames[0].dex_pc, 3u);
  EXPECT_EQ(at_first.frames[0].registers[0], 0x0a0a0a0au);
  EXPECT_EQ(at_first.gc_roots, (std::vector<uint32_t>{0x10000200, 0x10000240, 0x10000300}));
  const FrameState at_second = ExpectedFrameStateAt(plan, metainfo(), 1);
  ASSERT_EQ(at_second.frames.size(), 3u);
  EXPECT_EQ(at_second.frames[1].dex_pc, 5u);
  // One collection has moved the caller's object (bit 20), the next moves it again (bit 21).
  EXPECT_EQ(at_second.gc_roots, (std::vector<uint32_t>{0x10000040, 0x10000080, 0x10100300}));

  const CaseResult result = RunExecCase(plan, NativeInstructionSet(), metainfo());
  EXPECT_TRUE(result.passed) << Explain(plan, result);
  EXPECT_EQ(result.site, 2u);  // the state shown is the call's
  ASSERT_EQ(result.decoded.frames.size(), 3u);
  EXPECT_EQ(result.decoded.frames[0].dex_pc, 12u);
  EXPECT_EQ(result.decoded.gc_roots, (std::vector<uint32_t>{0x10000040, 0x10000080, 0x10300300}));
}

// A safepoint must be in the method of the call, with the same values by type.
// Held to states given per site (a golden snapshot's), a run compares what it decoded with those
// states themselves: the plan's own states pass, one value off is a differing state.
TEST_P(EveryResolver, IsHeldToTheStatesItIsGiven) {
  const MethodPlan plan = EveryLocationPlan(resolver());
  std::vector<FrameState> given = {ExpectedFrameStateAt(plan, metainfo(), 0)};
  const CaseResult held = RunExecCaseAgainst(plan, NativeInstructionSet(), metainfo(), given);
  EXPECT_TRUE(held.passed) << Explain(plan, held);

  ASSERT_TRUE(given[0].frames[0].registers[0].has_value());
  *given[0].frames[0].registers[0] ^= 1;
  const CaseResult off = RunExecCaseAgainst(plan, NativeInstructionSet(), metainfo(), given);
  ASSERT_FALSE(off.passed);
  EXPECT_EQ(off.failures.front().kind, MismatchClass::kExecDecodedStateDiffers);
  EXPECT_EQ(off.expected, given[0]);
}

TEST(CallSites, AStateMustBeGivenForEverySite) {
  const MethodPlan plan = EveryLocationPlan(ResolverKind::kClass);
  const CaseResult result =
      RunExecCaseAgainst(plan, NativeInstructionSet(), Metainfo::kArk, /*expected_by_site=*/{});
  ASSERT_FALSE(result.passed);
  EXPECT_EQ(result.failures.front().detail, "0 expected states for 1 call sites");
}

TEST(CallSites, SafepointsMustShareTheOuterMethodAndItsTypes) {
  MethodPlan plan = EveryLocationPlan(ResolverKind::kClass);
  plan.safepoints = {PlannedSafepoint{{plan.frames[0]}}};
  EXPECT_TRUE(CheckCallSites(plan).ok());
  plan.safepoints[0].frames[0].method_index = 1001;
  EXPECT_EQ(CheckCallSites(plan).message(),
            "safepoint 0 is in method 1001, the call in method 1000");
  plan.safepoints[0].frames[0] = plan.frames[0];
  plan.safepoints[0].frames[0].vregs[0].type = VRegType::kFloat;
  EXPECT_EQ(CheckCallSites(plan).message(),
            "safepoint 0's outer frame does not have the call's values and types");
  plan.safepoints.assign(kMaxSafepoints + 1, PlannedSafepoint{{plan.frames[0]}});
  EXPECT_EQ(CheckCallSites(plan).message(), "the plan has 4 safepoints; at most 3");
}

TEST_P(EveryResolver, RandomPlansPass) {
  for (int i = 0; i < kCasesPerResolver; ++i) {
    const MethodPlan plan = GeneratePlan(CaseSeed(kCampaignSeed, i), resolver());
    const CaseResult result = RunExecCase(plan, NativeInstructionSet(), metainfo());
    ASSERT_TRUE(result.passed) << Explain(plan, result);
  }
}

TEST_P(EveryResolver, UninitializedClassKeepsTheSlowPathWhereSpecified) {
  MethodPlan plan = EveryLocationPlan(resolver());
  plan.class_initialized = false;
  const CaseResult result = RunExecCase(plan, NativeInstructionSet(), metainfo());
  EXPECT_TRUE(result.passed) << Explain(plan, result);
}

INSTANTIATE_TEST_SUITE_P(
    Resolvers, EveryResolver,
    testing::Combine(testing::ValuesIn(kAllResolverKinds), testing::ValuesIn(kAllMetainfos)),
    [](const testing::TestParamInfo<std::tuple<ResolverKind, Metainfo>>& info) {
      return absl::StrCat(ResolverKindName(std::get<0>(info.param)), "_",
                          NameOf(kMetainfoNames, std::get<1>(info.param)));
    });

TEST(PlanGenerator, SameSeedSamePlan) {
  EXPECT_EQ(GeneratePlan(42, ResolverKind::kClass), GeneratePlan(42, ResolverKind::kClass));
  EXPECT_NE(GeneratePlan(42, ResolverKind::kClass), GeneratePlan(43, ResolverKind::kClass));
}

}  // namespace
}  // namespace frameproof
