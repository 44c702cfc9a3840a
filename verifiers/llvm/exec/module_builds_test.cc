#include "verifiers/llvm/exec/module_builds.h"

#include "absl/strings/match.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "verifiers/llvm/exec/module_generator.h"

namespace frameproof {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::UnorderedElementsAre;

// Two functions that reuse one token name; one invokes its statepoint through a callee it took
// out of an aggregate, and relocates on both edges; the other invokes a patchpoint.
constexpr char kInvokes[] =
    R"(declare token @llvm.experimental.gc.statepoint.p0f_i64i64f(i64, i32, i64 (i64)*, i32, i32, ...)
declare i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token, i32, i32)
declare void @llvm.experimental.patchpoint.void(i64, i32, i8*, i32, ...)
declare i32 @__gxx_personality_v0(...)
declare i64 @callee(i64)
@table = global {i64 (i64)*, i64} {i64 (i64)* @callee, i64 0}

define i64 @f(i64 %a, i8 addrspace(1)* %p) gc "statepoint-example" personality i32 (...)* @__gxx_personality_v0 {
entry:
  %t = load {i64 (i64)*, i64}, {i64 (i64)*, i64}* @table
  %fn = extractvalue {i64 (i64)*, i64} %t, 0
  %tok = invoke token (i64, i32, i64 (i64)*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_i64i64f(i64 5, i32 0, i64 (i64)* elementtype(i64 (i64)) %fn, i32 1, i32 0, i64 %a, i32 0, i32 0) [ "deopt"(i64 %a), "gc-live"(i8 addrspace(1)* %p) ] to label %ok unwind label %pad
ok:
  %r = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %tok, i32 0, i32 0)
  ret i64 %a
pad:
  %lp = landingpad token cleanup
  %rp = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %lp, i32 0, i32 0)
  ret i64 0
}

define i64 @g(i64 %b, i8 addrspace(1)* %q) gc "statepoint-example" personality i32 (...)* @__gxx_personality_v0 {
entry:
  %tok = call token (i64, i32, i64 (i64)*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_i64i64f(i64 6, i32 0, i64 (i64)* elementtype(i64 (i64)) @callee, i32 1, i32 0, i64 %b, i32 0, i32 0) [ "gc-live"(i8 addrspace(1)* %q) ]
  %r = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %tok, i32 0, i32 0)
  invoke void (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.void(i64 7, i32 16, i8* bitcast (i64 (i64)* @callee to i8*), i32 0, i64 %b) to label %ok unwind label %pad
ok:
  ret i64 %b
pad:
  %lp = landingpad token cleanup
  ret i64 0
}
)";

TEST(ModuleBuilds, AnInvokedSiteGoesOnToItsNormalSuccessorInTheReference) {
  const absl::StatusOr<ModuleBuilds> builds = DeriveModuleBuilds(kInvokes, {});
  ASSERT_TRUE(builds.ok()) << builds.status();
  ASSERT_EQ(builds->sites.size(), 3u);
  // The statepoint: the callee called directly, reported, then on to %ok; the patchpoint too.
  EXPECT_THAT(builds->reference_ir, HasSubstr("call i64 (i64) %fn(i64 %a)"));
  EXPECT_THAT(builds->reference_ir, HasSubstr("call void @fp_ref_site(i64 0, i64 5)"));
  EXPECT_THAT(builds->reference_ir, HasSubstr("call void @fp_ref_site(i64 2, i64 7)"));
  EXPECT_THAT(builds->reference_ir, Not(HasSubstr("invoke ")));
  EXPECT_THAT(builds->reference_ir, HasSubstr("br label %ok"));
  // The build under test keeps both invokes.
  EXPECT_THAT(builds->test_ir, HasSubstr("to label %ok unwind label %pad"));
}

TEST(ModuleBuilds, AComputedStatePointCalleeIsHandedToItsThunkBeforeTheCall) {
  const absl::StatusOr<ModuleBuilds> builds = DeriveModuleBuilds(kInvokes, {});
  ASSERT_TRUE(builds.ok()) << builds.status();
  EXPECT_THAT(builds->test_ir, HasSubstr("%fp.target.0 = bitcast i64 (i64)* %fn to i8*"));
  EXPECT_THAT(builds->test_ir, HasSubstr("store i8* %fp.target.0, i8** getelementptr"));
  // A callee named by the module is stored once, by the driver.
  EXPECT_THAT(builds->test_ir,
              HasSubstr("bitcast (i64 (i64)* @callee to i8*), i8** getelementptr"));
}

TEST(ModuleBuilds, TokensAreTheirFunctionsAndLandingPadRelocatesAreNotTheirStatepoints) {
  const absl::StatusOr<ModuleBuilds> builds = DeriveModuleBuilds(kInvokes, {});
  ASSERT_TRUE(builds.ok()) << builds.status();
  ASSERT_EQ(builds->sites.size(), 3u);
  EXPECT_EQ(builds->sites[0].relocations.size(), 1u);  // @f's %tok: only the normal edge's
  EXPECT_EQ(builds->sites[1].relocations.size(), 1u);  // @g's %tok, the same name
  EXPECT_THAT(builds->reference_ir, HasSubstr("%r = bitcast i8 addrspace(1)* %p to"));
  EXPECT_THAT(builds->reference_ir, HasSubstr("%r = bitcast i8 addrspace(1)* %q to"));
  EXPECT_THAT(builds->reference_ir, HasSubstr("%rp = bitcast i8 addrspace(1)* undef to"));
}

TEST(ModuleBuilds, EntriesStartWithACanaryInEveryCalleeSavedGeneralRegister) {
  std::vector<std::string> x86;
  for (const Register reg : CanaryRegisters(InstructionSet::kX86_64)) {
    x86.push_back(RegisterName(InstructionSet::kX86_64, reg));
  }
  EXPECT_THAT(x86, UnorderedElementsAre("rbx", "r12", "r13", "r14", "r15"));
  EXPECT_EQ(CanaryRegisters(InstructionSet::kArm64).size(), 10u);  // x19..x28
  const absl::StatusOr<ModuleBuilds> builds = DeriveModuleBuilds(kInvokes, {});
  ASSERT_TRUE(builds.ok()) << builds.status();
  EXPECT_THAT(builds->test_ir, HasSubstr("~{r15},~{r14},~{r13},~{r12},~{rbx}"));
}

TEST(ModuleGenerator, IsAPureFunctionOfSeedCaseAndIsa) {
  EXPECT_EQ(GenerateLlvmExecModule(3, 7, InstructionSet::kX86_64),
            GenerateLlvmExecModule(3, 7, InstructionSet::kX86_64));
  EXPECT_NE(GenerateLlvmExecModule(3, 7, InstructionSet::kX86_64),
            GenerateLlvmExecModule(3, 8, InstructionSet::kX86_64));
}

TEST(ModuleGenerator, EveryModuleIsOneModuleModeCanJudge) {
  for (InstructionSet isa : {InstructionSet::kX86_64, InstructionSet::kArm64}) {
    for (uint64_t index = 0; index < 200; ++index) {
      const std::string module = GenerateLlvmExecModule(1, index, isa);
      const absl::StatusOr<ModuleBuilds> builds =
          DeriveModuleBuilds(module, {.isa = isa, .seed = 1, .entry = ""});
      ASSERT_TRUE(builds.ok()) << "seed 1, case " << index << ": " << builds.status();
      EXPECT_FALSE(builds->sites.empty());
    }
  }
}

TEST(ModuleGenerator, ReachesWhatTheIssueNames) {
  std::string all;
  for (uint64_t index = 0; index < 200; ++index) {
    all += GenerateLlvmExecModule(1, index, InstructionSet::kX86_64);
  }
  for (const char* construct :
       {"{i64, i64} %", "{i32, double} %", "i128 %", "x86_fp80 %", "<2 x i32> %", "<4 x float> %",
        " = phi ", "invoke token", "invoke anyregcc", "landingpad token",
        "extractvalue {i64 (i64)*", "bitcast (i64 (i64)* @callee_i64 to i8*)", "x i8], align 128",
        "[300000 x i8]", "\"stackrealign\"", "@llvm.experimental.gc.result.i64"}) {
    EXPECT_TRUE(absl::StrContains(all, construct)) << construct;
  }
  EXPECT_THAT(GenerateLlvmExecModule(1, 5, InstructionSet::kArm64), Not(HasSubstr("x86_fp80")));
}

}  // namespace
}  // namespace frameproof
