#include "verifiers/llvm/exec/ir_text.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "verifiers/llvm/exec/module_builds.h"
#include "verifiers/llvm/exec/module_check.h"

namespace frameproof {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;

constexpr char kModule[] = R"(%pair = type { i8, i64 }
declare void @llvm.experimental.stackmap(i64, i32, ...)
declare fastcc i32 @ext(i32, ...)

define i64 @f(i64 %a, %pair %p) {   ; a comment (with a bracket
entry:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 7, i32 0,
      i64 %a, %pair %p, <2 x i64> zeroinitializer, i32 undef)
  ret i64 %a
}
)";

TEST(IrText, JoinsACallOverSeveralLinesButNotAFunctionBody) {
  const auto statements = SplitIrStatements(kModule);
  ASSERT_TRUE(statements.ok()) << statements.status();
  ASSERT_EQ(statements->size(), 8u);
  EXPECT_EQ((*statements)[3].text, "define i64 @f(i64 %a, %pair %p) {");
  EXPECT_EQ((*statements)[5].first_line, 7u);
  EXPECT_EQ((*statements)[5].last_line, 8u);
  EXPECT_THAT((*statements)[5].text, HasSubstr("i32 0, i64 %a"));
}

TEST(IrText, NamesTheLineOfABracketNeverClosed) {
  EXPECT_THAT(SplitIrStatements("define void @f() {\n  call void @g(i64 1,\n").status().message(),
              HasSubstr("line 2"));
}

TEST(IrText, ReadsTypesWithSuffixes) {
  EXPECT_EQ(IrTypeLength("i8 addrspace(1)* %p"), 16u);
  EXPECT_EQ(IrTypeLength("i32 ()* @g"), 7u);
  EXPECT_EQ(IrTypeLength("{ i64, [2 x double] } %s"), 21u);
  EXPECT_EQ(IrTypeLength("ptr @g"), 3u);
  EXPECT_EQ(IrTypeLength("%struct.T* %t"), 10u);
  EXPECT_FALSE(IrTypeLength("noundef i64 %x").has_value());
}

TEST(IrText, SplitsAnOperandIntoTypeAttributesAndValue) {
  const auto operand = ParseIrOperand("ptr elementtype(i32 ()) @return_i32");
  ASSERT_TRUE(operand.ok());
  EXPECT_EQ(operand->type, "ptr");
  EXPECT_EQ(operand->attributes, "elementtype(i32 ())");
  EXPECT_EQ(operand->value, "@return_i32");
  EXPECT_EQ(ParseIrOperand("<2 x i64> <i64 1, i64 2>")->value, "<i64 1, i64 2>");
}

TEST(IrText, LeavesOfANamedStructAreItsFieldsWithTheirPaths) {
  const IrNamedTypes named = {{"%pair", "{ i8, [2 x i1] }"}};
  const auto leaves = IrTypeLeaves("%pair", named, 8);
  ASSERT_TRUE(leaves.ok()) << leaves.status();
  ASSERT_EQ(leaves->size(), 3u);
  EXPECT_EQ((*leaves)[0].bytes, 1u);
  EXPECT_EQ((*leaves)[2].bits, 1u);
  ASSERT_EQ((*leaves)[2].path.size(), 2u);
  EXPECT_TRUE((*leaves)[2].path[0].field);
  EXPECT_FALSE((*leaves)[2].path[1].field);
  EXPECT_EQ((*leaves)[2].path[1].index, 1u);
}

TEST(IrText, AVectorIsOneLeafAndAPointerIsMarked) {
  EXPECT_EQ(IrTypeLeaves("<4 x i32>", {}, 8)->front().bytes, 16u);
  EXPECT_TRUE(IrTypeLeaves("i8 addrspace(1)*", {}, 8)->front().pointer);
  EXPECT_EQ(IrTypeLeaves("x86_fp80", {}, 8)->front().bytes, 10u);
  EXPECT_FALSE(IrTypeLeaves("token", {}, 8).ok());
  EXPECT_FALSE(IrTypeLeaves("[100 x i64]", {}, 64).ok());
}

TEST(IrText, ReadsAFunctionHeader) {
  const auto header = ParseIrFunctionHeader("declare fastcc zeroext i32 @ext(i32 noundef, ...) #0");
  ASSERT_TRUE(header.has_value());
  EXPECT_FALSE(header->defined);
  EXPECT_EQ(header->name, "@ext");
  EXPECT_EQ(header->calling_convention, "fastcc");
  EXPECT_EQ(header->return_type, "i32");
  EXPECT_THAT(header->parameter_types, ElementsAre("i32"));
  EXPECT_TRUE(header->variadic);
  EXPECT_EQ(ParseIrFunctionHeader("define cc 10 void @g() {")->calling_convention, "cc 10");
}

TEST(IrText, TellsOpaquePointersFromNamesThatSayPtr) {
  EXPECT_TRUE(UsesOpaquePointers("define ptr @f(ptr %p)"));
  EXPECT_FALSE(UsesOpaquePointers("define i8* @ptr(i8* %ptr) { %ptr.1 = ... }"));
}

TEST(IrText, CountsTheUndefinedValuesAModuleNames) {
  EXPECT_EQ(CountIrUndefinedValues("%a = xor i64 undef, 0\n%b = add i64 poison, %undef.1\n"), 2u);
  EXPECT_EQ(CountIrUndefinedValues("call void @undefined(i64 %poisoned)"), 0u);
  EXPECT_EQ(CountIrUndefinedValues("call void @poison(i64 %undef)"), 0u);
  EXPECT_EQ(CountIrUndefinedValues("undef"), 1u);
  EXPECT_EQ(CountIrUndefinedValues("; an undef i128\n@s = constant [6 x i8] c\"a;undef\" ; undef\n"),
            1u);
}

TEST(ModuleBuilds, ReferenceBuildReportsEveryLeafInsteadOfTheCall) {
  const auto builds = DeriveModuleBuilds(kModule, {});
  ASSERT_TRUE(builds.ok()) << builds.status();
  ASSERT_EQ(builds->sites.size(), 1u);
  const ModuleSite& site = builds->sites[0];
  EXPECT_EQ(site.id, 7u);
  EXPECT_EQ(site.line, 7u);
  ASSERT_EQ(site.operands.size(), 4u);
  EXPECT_EQ(site.operands[1].leaves.size(), 2u);
  EXPECT_TRUE(site.operands[3].undefined);
  EXPECT_THAT(builds->reference_ir, Not(HasSubstr("@llvm.experimental.stackmap(i64 7")));
  EXPECT_THAT(builds->reference_ir, HasSubstr("call void @fp_ref_site(i64 0, i64 7)"));
  EXPECT_THAT(
      builds->reference_ir,
      HasSubstr(
          "store %pair %p, %pair* bitcast ([4096 x i8]* @fp_ref_scratch to %pair*), align 1"));
  EXPECT_THAT(builds->entries, ElementsAre("@f"));
  EXPECT_THAT(builds->stubs, ElementsAre("@ext"));
  EXPECT_THAT(builds->stackmap_ids, ElementsAre(7u));
}

TEST(ModuleBuilds, TestBuildWidensAShadowTooSmallToPatch) {
  const auto builds = DeriveModuleBuilds(kModule, {});
  ASSERT_TRUE(builds.ok());
  EXPECT_THAT(builds->test_ir, HasSubstr("@llvm.experimental.stackmap(i64 7, i32 8, i64 %a"));
  EXPECT_EQ(builds->sites[0].shadow_bytes, 0u);
}

TEST(ModuleBuilds, APatchPointCallsTheHookAndRecordsOnlyItsLiveValues) {
  const auto builds = DeriveModuleBuilds(
      "declare void @llvm.experimental.patchpoint.void(i64, i32, ptr, i32, ...)\n"
      "define void @f(i64 %a, i64 %b) {\n"
      "  call void (i64, i32, ptr, i32, ...) @llvm.experimental.patchpoint.void("
      "i64 3, i32 4, ptr null, i32 1, i64 %a, i64 %b)\n  ret void\n}\n",
      {});
  ASSERT_TRUE(builds.ok()) << builds.status();
  EXPECT_THAT(builds->test_ir, HasSubstr("i64 3, i32 16, ptr inttoptr (i64 16777216 to ptr)"));
  ASSERT_EQ(builds->sites[0].operands.size(), 1u);
  EXPECT_EQ(builds->sites[0].operands[0].value, "%b");
  EXPECT_TRUE(builds->stackmap_ids.empty());
}

TEST(ModuleBuilds, AStatePointCallsItsCalleeThroughAThunkAndTheReferenceCallsItDirectly) {
  const auto builds = DeriveModuleBuilds(
      "declare i64 @callee(i64)\n"
      "define i64 @f(i64 %a, ptr addrspace(1) %obj) gc \"statepoint-example\" {\n"
      "  %tok = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0("
      "i64 42, i32 0, ptr elementtype(i64 (i64)) @callee, i32 1, i32 0, i64 %a, i32 0, i32 0)"
      " [ \"deopt\"(i64 %a, i32 7), \"gc-live\"(ptr addrspace(1) %obj) ]\n"
      "  %r = call i64 @llvm.experimental.gc.result.i64(token %tok)\n"
      "  %o = call ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token %tok, i32 0, i32 0)\n"
      "  ret i64 %r\n}\n",
      {});
  ASSERT_TRUE(builds.ok()) << builds.status();
  const ModuleSite& site = builds->sites[0];
  EXPECT_EQ(site.kind, LlvmExecSiteKind::kStatePoint);
  EXPECT_EQ(site.deopt_count, 2u);
  ASSERT_EQ(site.operands.size(), 3u);
  EXPECT_TRUE(site.operands[2].leaves[0].pointer);
  EXPECT_THAT(site.relocations, ElementsAre(std::make_pair(uint64_t{0}, uint64_t{0})));
  EXPECT_THAT(builds->test_ir,
              HasSubstr("ptr elementtype(i64 (i64)) @fp_statepoint_thunk_0, i32 1"));
  EXPECT_THAT(builds->reference_ir, HasSubstr("%fp.statepoint.0 = call i64 (i64) @callee(i64 %a)\n "
                                              " call void @fp_ref_site(i64 0, i64 42)"));
  EXPECT_THAT(builds->reference_ir, HasSubstr("%r = bitcast i64 %fp.statepoint.0 to i64"));
  EXPECT_THAT(builds->reference_ir,
              HasSubstr("%o = bitcast ptr addrspace(1) %obj to ptr addrspace(1)"));
  EXPECT_THAT(builds->test_ir, HasSubstr("addrspacecast (ptr @fp_buffer_0 to ptr addrspace(1))"));
}

TEST(ModuleBuilds, NamesWhatItCannotJudgeYet) {
  const auto used = DeriveModuleBuilds(
      "define i64 @f(i64 %a) {\n"
      "  %r = call anyregcc i64 (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.i64("
      "i64 3, i32 16, i8* null, i32 0)\n  %s = add i64 %r, %a\n  ret i64 %s\n}\n",
      {});
  EXPECT_EQ(used.status().code(), absl::StatusCode::kUnimplemented);
  EXPECT_THAT(used.status().message(), HasSubstr("line 2: the result of patchpoint ID 3 is used"));
  const auto other_isa = DeriveModuleBuilds(
      "target triple = \"aarch64-unknown-linux-gnu\"\ndefine void @f() {\n  ret void\n}\n", {});
  EXPECT_EQ(other_isa.status().code(), absl::StatusCode::kFailedPrecondition);
  const std::string x87 =
      "define void @f(double %d) {\n  %x = fpext double %d to x86_fp80\n  ret void\n}\n";
  ModuleBuildOptions arm64;
  arm64.isa = InstructionSet::kArm64;
  const auto x87_on_arm64 = DeriveModuleBuilds(x87, arm64);
  EXPECT_EQ(x87_on_arm64.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(x87_on_arm64.status().message(),
              HasSubstr("line 2: the module uses x86_fp80, x87's type, which arm64 does not have"));
  EXPECT_TRUE(DeriveModuleBuilds(x87, {}).ok());  // x86_64
  EXPECT_EQ(DeriveModuleBuilds("declare void @f()\n", {}).status().code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(ModuleShadows, AnotherSiteInsideTheBytesAStackmapAskedForIsAFinding) {
  ModuleBuilds builds;
  builds.sites.resize(2);
  builds.sites[0].id = 1;
  builds.sites[0].line = 4;
  builds.sites[1].id = 2;
  builds.sites[1].line = 5;
  builds.sites[0].shadow_bytes = builds.sites[1].shadow_bytes = 12;
  LlvmStackMaps maps;
  maps.functions.resize(1);
  maps.functions[0].record_count = 2;
  maps.records.resize(2);
  maps.records[0].id = 1;
  maps.records[0].instruction_offset = 4;
  maps.records[1].id = 2;
  maps.records[1].instruction_offset = 16;
  EXPECT_TRUE(CheckModuleShadows(builds, maps).empty());  // what llc 14 emits: 4 + 12 = 16
  maps.records[1].instruction_offset = 10;
  const std::vector<ModuleFinding> findings = CheckModuleShadows(builds, maps);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].kind, ModuleFindingKind::kShadowOverlap);
  EXPECT_EQ(findings[0].text,
            "line 4: stackmap ID 1 asks for 12 bytes at offset 4, but record "
            "ID 2 starts at offset 10 inside them");
}

}  // namespace
}  // namespace frameproof
