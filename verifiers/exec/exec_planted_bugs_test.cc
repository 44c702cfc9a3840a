// Every planted resolver and lowering bug (core/base/planted_bug.h) is reported by the execution
// verifier within a bounded number of random cases, with a failure that names it.

#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "gtest/gtest.h"
#include "verifiers/exec/exec_case.h"
#include "verifiers/exec/exec_oracle.h"
#include "verifiers/generators/plan_generator.h"
#include "verifiers/util/oracle_inputs.h"
#include "verifiers/util/planted_verifier_bugs.h"

namespace frameproof {
namespace {

constexpr uint64_t kCampaignSeed = 11;
constexpr int kMaxCases = 200;

struct PlantedExecCase {
  PlantedBug bug;
  ResolverKind resolver;
  std::vector<std::string> expected;  // one of these is a substring of a failure line
  Metainfo metainfo = kDefaultMetainfo;
};

class ExecPlantedBugs : public testing::TestWithParam<PlantedExecCase> {
 protected:
  void TearDown() override { PlantBug(planted::kNone); }
};

TEST_P(ExecPlantedBugs, VerifierReportsThePlantedBug) {
  const PlantedExecCase& c = GetParam();
  PlantBug(c.bug);
  int runs = 0;
  CaseResult found;
  for (; runs < kMaxCases && found.failures.empty(); ++runs) {
    found = RunExecCase(GeneratePlan(CaseSeed(kCampaignSeed, runs), c.resolver),
                        NativeInstructionSet(), c.metainfo);
  }
  PlantBug(planted::kNone);
  ASSERT_FALSE(found.failures.empty()) << c.bug.name() << " went unnoticed in " << runs << " cases";
  const std::string failures = absl::StrJoin(
      found.failures, "\n",
      [](std::string* out, const Mismatch& failure) { out->append(FormatMismatch(failure)); });
  EXPECT_TRUE(
      std::any_of(c.expected.begin(), c.expected.end(),
                  [&](const std::string& want) { return absl::StrContains(failures, want); }))
      << "expected a failure containing one of '" << absl::StrJoin(c.expected, "', '")
      << "', got:\n"
      << failures;
  std::cout << "[ PLANTED  ] " << c.bug.name() << " in " << ResolverKindName(c.resolver)
            << ": caught after " << runs << " cases: " << FormatMismatch(found.failures.front())
            << "\n";
}

INSTANTIATE_TEST_SUITE_P(
    ResolversAndLowering, ExecPlantedBugs,
    testing::Values(
        PlantedExecCase{planted::kResolverSkipsCallerSaved,
                        ResolverKind::kClass,
                        {"the decoded frame state differs"}},
        PlantedExecCase{
            planted::kResolverSkipsCallerSaved, ResolverKind::kCallVirtual, {"after the call"}},
        PlantedExecCase{planted::kResolverWrongSaveSlot,
                        ResolverKind::kInitClass,
                        {"the decoded frame state differs"}},
        PlantedExecCase{planted::kGotSlotWrongValue, ResolverKind::kCallStatic, {"GOT ThirdSlot"}},
        PlantedExecCase{
            planted::kGotSlotWrongValue, ResolverKind::kCallVirtual, {"GOT SecondSlot"}},
        PlantedExecCase{planted::kGotSlotWrongValue, ResolverKind::kClass, {"GOT ThirdSlot"}},
        PlantedExecCase{
            planted::kInitClassFillsSecondSlotEarly, ResolverKind::kInitClass, {"GOT SecondSlot"}},
        PlantedExecCase{
            planted::kStackMapAtWrongPc, ResolverKind::kCallStatic, {"no stack map at native pc"}},
        PlantedExecCase{planted::kVRegRecordedInWrongRegister,
                        ResolverKind::kClass,
                        {"the decoded frame state differs", "has no save slot"}},
        PlantedExecCase{planted::kVRegRecordedInWrongRegister,
                        ResolverKind::kClass,
                        {"the decoded frame state differs", "has no save slot"},
                        Metainfo::kArt},
        PlantedExecCase{planted::kResolverSkipsCallerSaved,
                        ResolverKind::kClass,
                        {"the decoded frame state differs"},
                        Metainfo::kArt},
        PlantedExecCase{planted::kResolverWrongEntryPointOffset,
                        ResolverKind::kCallStatic,
                        {"the resolver asked for id"}},
        PlantedExecCase{
            planted::kThreadFrameLeftAtBoundary, ResolverKind::kClass, {"thread->frame is"}},
        PlantedExecCase{
            planted::kThreadFrameLeftAtBoundary, ResolverKind::kCallStatic, {"thread->frame is"}},
        PlantedExecCase{
            planted::kGcRootMissed, ResolverKind::kInitClass, {"a root the metainfo missed"}},
        PlantedExecCase{planted::kWalkStopsOneFrameEarly,
                        ResolverKind::kClass,
                        {"the decoded frame state differs", "a root the metainfo missed"}},
        PlantedExecCase{planted::kWalkStopsOneFrameEarly,
                        ResolverKind::kCallStatic,
                        {"the decoded frame state differs", "a root the metainfo missed"},
                        Metainfo::kArt},
        PlantedExecCase{planted::kGcRootMissed,
                        ResolverKind::kCallVirtual,
                        {"a root the metainfo missed"},
                        Metainfo::kArt},
        // Only a method with several stack maps (its safepoints, then its call) shows it.
        PlantedExecCase{planted::kRegisterMapNoLookBack,
                        ResolverKind::kClass,
                        {"the decoded frame state differs", "stack walk"}},
        // ART's StackMapStream decodes what it wrote in verify mode, and sees it first.
        PlantedExecCase{planted::kRegisterMapNoLookBack,
                        ResolverKind::kCallVirtual,
                        {"the decoded frame state differs", "stack walk", "verify: stack map"},
                        Metainfo::kArt}),
    [](const testing::TestParamInfo<PlantedExecCase>& info) {
      std::string name;
      for (char ch :
           absl::StrCat(info.param.bug.name(), "_in_", ResolverKindName(info.param.resolver), "_",
                        NameOf(kMetainfoNames, info.param.metainfo))) {
        name.push_back(std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_');
      }
      return name;
    });

// The exec_<isa> fuzz target's own oracle (plans from bytes) reports a planted resolver bug from
// its seed corpus too.
TEST(ExecFuzzOracle, ReportsAPlantedBugFromItsSeedCorpus) {
  const std::string isa(InstructionSetName(NativeInstructionSet()));
  const auto inputs = OracleInputs(std::string(FRAMEPROOF_CORPORA_DIR) + "/exec_" + isa, kMaxCases,
                                   512, kCampaignSeed);
  for (const auto& input : inputs) {
    ASSERT_FALSE(CheckExecCase(input, NativeInstructionSet()).has_value());
  }
  PlantBug(planted::kResolverSkipsCallerSaved);
  OracleResult found;
  for (const auto& input : inputs) {
    if ((found = CheckExecCase(input, NativeInstructionSet()))) break;
  }
  PlantBug(planted::kNone);
  ASSERT_TRUE(found.has_value());
  EXPECT_TRUE(found->kind == MismatchClass::kExecDecodedStateDiffers ||
              found->kind == MismatchClass::kExecValueNotPreserved)
      << FormatMismatch(*found);
}

}  // namespace
}  // namespace frameproof
