// An image builder that is reused from case to case gives each case the image a fresh build
// would: the same bytes (nothing of a longer, earlier image left past the end), the same entry
// points and the same CodeInfo in either dialect. A plan it cannot lower is refused, saying why.

#include "arch/exec_image.h"

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "arch/method_plan.h"
#include "core/base/status_testing.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace frameproof {
namespace {

using ::testing::HasSubstr;

constexpr uint64_t kImageBase = 0x40000000;

// One frame of `values` values, alternating between the location classes that emit code.
MethodPlan PlanWithValues(uint32_t values, ResolverKind resolver) {
  constexpr LocationClass kLocations[] = {LocationClass::kCallerSavedRegister,
                                          LocationClass::kStackSlot,
                                          LocationClass::kCalleeSavedRegister};
  MethodPlan plan;
  plan.resolver = resolver;
  plan.target_id = 9;
  plan.arguments.assign(kMaxCallArguments, 0x1234);
  PlannedFrame& frame = plan.frames.emplace_back();
  frame.method_index = 3;
  for (uint32_t v = 0; v < values; ++v) {
    frame.vregs.push_back({.type = VRegType::kInt64,
                           .location = kLocations[v % std::size(kLocations)],
                           .value = 0x1111111100000000ull + v});
  }
  return plan;
}

ImageEnvironment Environment() {
  ImageEnvironment env;
  env.base = kImageBase;
  env.dump_address = 0x7000;
  env.mailbox_address = 0x8000;
  env.receiver_address = 0x9000;
  env.method_addresses = {0xa000};
  return env;
}

void ExpectSameImage(const ExecImage& reused, const ExecImage& fresh) {
  EXPECT_EQ(reused.bytes, fresh.bytes);
  EXPECT_EQ(reused.entry, fresh.entry);
  EXPECT_EQ(reused.got_group_address, fresh.got_group_address);
  EXPECT_EQ(reused.callee_entry, fresh.callee_entry);
  EXPECT_EQ(reused.safepoint_bridge, fresh.safepoint_bridge);
  EXPECT_EQ(reused.resolvers, fresh.resolvers);
  ASSERT_EQ(reused.methods.size(), fresh.methods.size());
  for (size_t m = 0; m < fresh.methods.size(); ++m) {
    EXPECT_EQ(reused.methods[m].entry, fresh.methods[m].entry);
    EXPECT_EQ(reused.methods[m].code_size, fresh.methods[m].code_size);
    EXPECT_EQ(reused.methods[m].stack_map_pcs, fresh.methods[m].stack_map_pcs);
    EXPECT_EQ(reused.methods[m].code_info, fresh.methods[m].code_info);
  }
}

struct BuilderCase {
  InstructionSet isa;
  Metainfo metainfo;
};
void PrintTo(const BuilderCase& c, std::ostream* os) {
  *os << InstructionSetName(c.isa) << " " << NameOf(kMetainfoNames, c.metainfo);
}

class ExecImageBuilderTest : public testing::TestWithParam<BuilderCase> {};

TEST_P(ExecImageBuilderTest, AShortImageAfterALongOneIsTheImageAFreshBuildGives) {
  const auto [isa, metainfo] = GetParam();
  const MethodPlan long_plan = PlanWithValues(400, ResolverKind::kClass);
  const MethodPlan short_plan = PlanWithValues(2, ResolverKind::kCallStatic);
  ExecImageBuilder builder;
  ASSERT_OK_AND_ASSIGN(const ExecImage* first,
                       builder.Build(long_plan, isa, metainfo, Environment()));
  const size_t long_size = first->bytes.size();
  ASSERT_OK_AND_ASSIGN(const ExecImage* second,
                       builder.Build(short_plan, isa, metainfo, Environment()));
  ASSERT_OK_AND_ASSIGN(const ExecImage fresh,
                       BuildExecImage(short_plan, isa, metainfo, Environment()));
  ASSERT_LT(fresh.bytes.size(), long_size);  // the case this test is about
  ExpectSameImage(*second, fresh);
}

TEST_P(ExecImageBuilderTest, RebuildingAPlanGivesTheSameImageEveryTime) {
  const auto [isa, metainfo] = GetParam();
  const MethodPlan plan = PlanWithValues(40, ResolverKind::kInitClass);
  ASSERT_OK_AND_ASSIGN(const ExecImage fresh, BuildExecImage(plan, isa, metainfo, Environment()));
  ExecImageBuilder builder;
  for (int round = 0; round < 3; ++round) {
    SCOPED_TRACE(round);
    ASSERT_OK_AND_ASSIGN(const ExecImage* reused,
                         builder.Build(plan, isa, metainfo, Environment()));
    ExpectSameImage(*reused, fresh);
  }
}

absl::Status BuildStatus(const MethodPlan& plan, const ImageEnvironment& env) {
  return BuildExecImage(plan, InstructionSet::kX86_64, Metainfo::kArk, env).status();
}

TEST(BuildExecImage, RefusesAPlanWhoseOwnMethodHasNoFrames) {
  MethodPlan plan = PlanWithValues(2, ResolverKind::kCallStatic);
  plan.frames.clear();
  const absl::Status status = BuildStatus(plan, Environment());
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(status.message(), HasSubstr("compiled method 0 has no frames"));
}

TEST(BuildExecImage, RefusesACallerWithoutFrames) {
  MethodPlan plan = PlanWithValues(2, ResolverKind::kCallStatic);
  plan.callers.emplace_back();
  ImageEnvironment env = Environment();
  env.method_addresses.push_back(0xa100);
  const absl::Status status = BuildStatus(plan, env);
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(status.message(), HasSubstr("compiled method 1 has no frames"));
}

TEST(BuildExecImage, RefusesMoreCallersThanAnImageHolds) {
  MethodPlan plan = PlanWithValues(2, ResolverKind::kCallStatic);
  plan.callers.assign(kMaxCallers + 1, PlannedCaller{.frames = plan.frames});
  const absl::Status status = BuildStatus(plan, Environment());
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(status.message(), HasSubstr("callers; at most"));
}

TEST(BuildExecImage, RefusesAnEnvironmentWithoutAMethodPointerPerCompiledMethod) {
  MethodPlan plan = PlanWithValues(2, ResolverKind::kCallStatic);
  plan.callers.push_back(PlannedCaller{.frames = plan.frames});
  const absl::Status status = BuildStatus(plan, Environment());
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(status.message(), HasSubstr("the chain has 2 compiled methods, the environment 1"));
}

INSTANTIATE_TEST_SUITE_P(IsasAndDialects, ExecImageBuilderTest,
                         testing::Values(BuilderCase{InstructionSet::kX86_64, Metainfo::kArk},
                                         BuilderCase{InstructionSet::kX86_64, Metainfo::kArt},
                                         BuilderCase{InstructionSet::kArm64, Metainfo::kArk},
                                         BuilderCase{InstructionSet::kArm64, Metainfo::kArt}),
                         [](const testing::TestParamInfo<BuilderCase>& info) {
                           return std::string(InstructionSetName(info.param.isa)) + "_" +
                                  std::string(NameOf(kMetainfoNames, info.param.metainfo));
                         });

}  // namespace
}  // namespace frameproof
