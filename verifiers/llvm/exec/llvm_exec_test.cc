// The llvm-exec pieces that need no tools: the expectation lines, the generator's determinism,
// the parser of the program's output, and the checker on a hand-made run.

#include <cstring>

#include "core/base/status_testing.h"
#include "gtest/gtest.h"
#include "verifiers/llvm/exec/hook_output.h"
#include "verifiers/llvm/exec/llvm_exec_check.h"
#include "verifiers/llvm/exec/llvm_exec_expectations.h"
#include "verifiers/llvm/exec/llvm_exec_generator.h"
#include "verifiers/llvm/exec/llvm_exec_toolchain.h"
#include "verifiers/llvm/exec_runtime/hook_record.h"

namespace frameproof {
namespace {

constexpr uint64_t kFunctionAddress = 0x401000;
constexpr uint32_t kStackMapOffset = 0x24;
constexpr uint64_t kSiteSp = 0x7ff000;
constexpr uint64_t kStackSize = 32;

LlvmExecExpectations OneStackMap() {
  LlvmExecExpectations expectations;
  expectations.functions = {{.result = 0x99, .values = {0x1234, 0x99}}};
  expectations.sites = {{.id = 77,
                         .kind = LlvmExecSiteKind::kStackMap,
                         .function = 0,
                         .locations = {{LlvmExecType::kI64, 0x1234},
                                       {LlvmExecType::kI32, 0xFFFFFFFF},
                                       {LlvmExecType::kF64, 0x3FF8000000000000}}}};
  return expectations;
}

// The section llc would emit for OneStackMap on x86_64: rbx, [rsp + 8], a constant -1.
LlvmStackMaps OneStackMapSection() {
  LlvmStackMaps maps;
  maps.functions = {{kFunctionAddress, kStackSize, 1}};
  LlvmStackMapRecord record;
  record.id = 77;
  record.instruction_offset = kStackMapOffset;
  record.locations = {{LlvmLocationKind::kRegister, 8, 3, 0},
                      {LlvmLocationKind::kConstant, 8, 0, -1},
                      {LlvmLocationKind::kIndirect, 8, 7, 8}};
  maps.records = {record};
  return maps;
}

// The run a correct program gives: rbx = 0x1234, 1.5 at [sp + 8], then result and end marker.
LlvmExecRun GoodRun() {
  HookRecord hook;
  hook.kind = HookKind::kStackMap;
  hook.site_pc = kFunctionAddress + kStackMapOffset;
  hook.return_pc = hook.site_pc + 5;
  hook.site_sp = kSiteSp;
  hook.entry_sp = kSiteSp + kStackSize;
  hook.registers.isa = InstructionSet::kX86_64;
  hook.registers.general[3] = 0x1234;
  hook.registers.stack_pointer = kSiteSp;
  hook.frame.assign(kStackSize + 8, 0);
  const uint64_t one_and_a_half = 0x3FF8000000000000;
  std::memcpy(hook.frame.data() + 8, &one_and_a_half, 8);
  LlvmExecRun run;
  run.hooks.push_back(hook);
  run.results = {{0, 0x99}};
  run.finished = true;
  return run;
}

std::string AllFailures(const LlvmExecCheck& check) {
  std::string text;
  for (const std::string& failure : check.failures) text += failure;
  return text;
}

TEST(LlvmExecExpectations, FormatAndParseRoundTrip) {
  LlvmExecExpectations expectations = OneStackMap();
  expectations.sites.push_back({.id = 78,
                                .kind = LlvmExecSiteKind::kStatePoint,
                                .function = 0,
                                .locations = {{LlvmExecType::kAny, 0},
                                              {LlvmExecType::kAlloca, 0xABC}},
                                .gc_pairs = {{0x10, 0x18}}});
  const std::string text = FormatLlvmExecExpectations(expectations);
  EXPECT_NE(text.find("; fp-exec site 77 stackmap function 0 : i64:0x1234 i32:0xffffffff "
                      "f64:0x3ff8000000000000\n"),
            std::string::npos)
      << text;
  ASSERT_OK_AND_ASSIGN(const LlvmExecExpectations parsed, ParseLlvmExecExpectations(text));
  EXPECT_EQ(parsed, expectations);
}

TEST(LlvmExecExpectations, MalformedLinesNameTheirLine) {
  EXPECT_TRUE(FailsWith(ParseLlvmExecExpectations("define void @f() {\n}\n").status(),
                        absl::StatusCode::kInvalidArgument, "not an llvm-exec program"));
  EXPECT_TRUE(FailsWith(
      ParseLlvmExecExpectations("; fp-exec function 0 result 0x1 values\n"
                                "; fp-exec site 5 stackmap function 1 : i64:0x1\n")
          .status(),
      absl::StatusCode::kInvalidArgument, "expectations line 2: site 5 names function 1"));
  EXPECT_TRUE(FailsWith(
      ParseLlvmExecExpectations("; fp-exec function 0 result 0x1 values\n"
                                "; fp-exec site 5 stackmap function 0 : i65:0x1\n")
          .status(),
      absl::StatusCode::kInvalidArgument, "bad location value i65:0x1"));
}

TEST(LlvmExecGenerator, IsAPureFunctionOfSeedAndCase) {
  const LlvmExecProgram first = GenerateLlvmExecProgram(3, 9);
  EXPECT_EQ(GenerateLlvmExecProgram(3, 9).ir, first.ir);
  EXPECT_NE(GenerateLlvmExecProgram(3, 10).ir, first.ir);
  ASSERT_OK_AND_ASSIGN(const LlvmExecExpectations parsed, ParseLlvmExecExpectations(first.ir));
  EXPECT_EQ(parsed, first.expectations);
  EXPECT_NE(first.ir.find("define void @fp_main()"), std::string::npos);
}

TEST(LlvmExecGenerator, ReachesEverySiteKindAndLargeLiveSets) {
  bool seen[4] = {};
  size_t largest = 0;
  for (uint64_t i = 0; i < 40; ++i) {
    for (const LlvmExecSite& site : GenerateLlvmExecProgram(1, i).expectations.sites) {
      seen[static_cast<size_t>(site.kind)] = true;
      largest = std::max(largest, site.locations.size());
    }
  }
  for (bool kind_seen : seen) EXPECT_TRUE(kind_seen);
  EXPECT_GE(largest, 16u);  // enough live values to spill on both ISAs
}

TEST(HookOutput, ParsesRecordsResultsAndTheEndMarker) {
  std::vector<uint64_t> words(FP_HOOK_FIXED_WORDS, 0);
  words[FP_HOOK_WORD_MAGIC] = FP_HOOK_RECORD_MAGIC;
  words[FP_HOOK_WORD_KIND] = FP_HOOK_KIND_STATEPOINT;
  words[FP_HOOK_WORD_SITE_PC] = 0x401234;
  words[FP_HOOK_WORD_RETURN_PC] = 0x401234;
  words[FP_HOOK_WORD_SITE_SP] = kSiteSp;
  words[FP_HOOK_WORD_GP + 3] = 0xB3;
  words[FP_HOOK_WORD_STACK_BYTES] = 8;
  words.push_back(0x5555);  // the frame
  words.insert(words.end(), {FP_RESULT_MAGIC, 0, 0x99, FP_END_MAGIC});
  std::vector<uint8_t> bytes(words.size() * 8);
  std::memcpy(bytes.data(), words.data(), bytes.size());
  ASSERT_OK_AND_ASSIGN(const LlvmExecRun run, ParseHookOutput(bytes, InstructionSet::kX86_64));
  ASSERT_EQ(run.hooks.size(), 1u);
  EXPECT_EQ(run.hooks[0].kind, HookKind::kStatePoint);
  EXPECT_EQ(run.hooks[0].registers.general[3], 0xB3u);
  EXPECT_EQ(run.hooks[0].registers.program_counter, 0x401234u);
  EXPECT_EQ(run.hooks[0].frame.size(), 8u);
  EXPECT_EQ(run.results, (std::vector<std::pair<uint64_t, uint64_t>>{{0, 0x99}}));
  EXPECT_TRUE(run.finished);

  bytes.resize(100);
  EXPECT_TRUE(FailsWith(ParseHookOutput(bytes, InstructionSet::kX86_64).status(),
                        absl::StatusCode::kDataLoss, "byte 0: a hook record is cut short"));
  bytes.assign(8, 0x41);
  EXPECT_TRUE(FailsWith(ParseHookOutput(bytes, InstructionSet::kX86_64).status(),
                        absl::StatusCode::kDataLoss, "byte 0: unknown record magic"));
}

TEST(LlvmExecCheck, PassesWhenEveryLocationHoldsItsValue) {
  const LlvmExecCheck check =
      CheckLlvmExecRun(OneStackMap(), OneStackMapSection(), GoodRun(), InstructionSet::kX86_64);
  EXPECT_TRUE(check.failures.empty()) << AllFailures(check);
  EXPECT_EQ(check.counts.sites, 1u);
  EXPECT_EQ(check.counts.locations, 3u);
  EXPECT_EQ(check.counts.code_info_records, 1u);  // rbx, -1 and [sp + 8] all have CodeInfo forms
}

TEST(LlvmExecCheck, ReportsAWrongValueInATableRow) {
  LlvmExecRun run = GoodRun();
  run.hooks[0].registers.general[3] = 0x1235;
  const LlvmExecCheck check =
      CheckLlvmExecRun(OneStackMap(), OneStackMapSection(), run, InstructionSet::kX86_64);
  const std::string text = AllFailures(check);
  EXPECT_NE(text.find("case 0 site ID 77 (stackmap), record 0 at function 0 + 36:"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("* #1  Register R#3, 8B"), std::string::npos) << text;
  EXPECT_NE(text.find("| 0x1235"), std::string::npos) << text;
}

TEST(LlvmExecCheck, ReportsAWrongPcStackSizeResultAndAMissingEnd) {
  LlvmExecRun run = GoodRun();
  run.hooks[0].site_pc += 4;
  EXPECT_NE(AllFailures(CheckLlvmExecRun(OneStackMap(), OneStackMapSection(), run,
                                         InstructionSet::kX86_64))
                .find("the hook was reached from 0x401028, but the record places it at 0x401024"),
            std::string::npos);
  run = GoodRun();
  run.hooks[0].entry_sp += 16;
  EXPECT_NE(AllFailures(CheckLlvmExecRun(OneStackMap(), OneStackMapSection(), run,
                                         InstructionSet::kX86_64))
                .find("stack size 32 does not match the frame the hook sees: entry sp - site sp "
                      "= 48"),
            std::string::npos);
  run = GoodRun();
  run.results[0].second = 0x98;
  run.finished = false;
  const std::string text = AllFailures(
      CheckLlvmExecRun(OneStackMap(), OneStackMapSection(), run, InstructionSet::kX86_64));
  EXPECT_NE(text.find("case 0 returned 0x98, expected 0x99"), std::string::npos) << text;
  EXPECT_NE(text.find("the program did not reach its end marker"), std::string::npos) << text;
}

TEST(BuildUnderTestRunTimeout, IsTenTimesTheReferenceRunWithinFiveToThirtySeconds) {
  EXPECT_EQ(BuildUnderTestRunTimeout(absl::Milliseconds(200)), absl::Seconds(5));
  EXPECT_EQ(BuildUnderTestRunTimeout(absl::Seconds(1)), absl::Seconds(10));
  EXPECT_EQ(BuildUnderTestRunTimeout(absl::Seconds(3)), absl::Seconds(30));
  EXPECT_EQ(BuildUnderTestRunTimeout(absl::Seconds(29)), kLlvmExecRunTimeout);
  EXPECT_EQ(kLlvmExecRunTimeout, absl::Seconds(30));
}

}  // namespace
}  // namespace frameproof
