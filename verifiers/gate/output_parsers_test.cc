#include "verifiers/gate/output_parsers.h"

#include "gtest/gtest.h"

namespace frameproof::gate {
namespace {

TEST(ParseVerdictLine, ReadsPassAndFailWithTheReason) {
  const std::optional<GateCase> pass = ParseVerdictLine("PASS art-test1-x86_64");
  ASSERT_TRUE(pass.has_value());
  EXPECT_EQ(pass->name, "art-test1-x86_64");
  EXPECT_EQ(pass->status, StepStatus::kPass);

  const std::optional<GateCase> fail =
      ParseVerdictLine("FAIL corpora/snapshots/Class-0007.json: vreg 3: expected 7, decoded 8");
  ASSERT_TRUE(fail.has_value());
  EXPECT_EQ(fail->name, "corpora/snapshots/Class-0007.json");
  EXPECT_EQ(fail->status, StepStatus::kFail);
  EXPECT_EQ(fail->message, "vreg 3: expected 7, decoded 8");

  EXPECT_FALSE(ParseVerdictLine("  reproduce: frameproof ...").has_value());
  EXPECT_FALSE(ParseVerdictLine("PASSED").has_value());
}

TEST(ParseLlvmExecLines, FailAndUnsupportedAreFailuresKnownIsAFinding) {
  EXPECT_EQ(ParseLlvmExecFailLine("FAIL case 7 (arm64, llc (LLVM 14.0.6) -O2): compiler-finding"),
            7u);
  EXPECT_EQ(ParseLlvmExecFailLine("UNSUPPORTED case 12 (x86_64, llc (LLVM 14.0.6) -O2): "
                                  "unsupported: reproduce: frameproof ..."),
            12u);
  EXPECT_EQ(ParseLlvmExecFailLine("KNOWN case 3 (x86_64, ...): known-finding [uncovered stackmap]"),
            std::nullopt);
  EXPECT_EQ(ParseLlvmExecKnownLine("KNOWN case 3 (x86_64, ...): known-finding [uncovered stackmap]"),
            3u);
  EXPECT_EQ(ParseLlvmExecKnownLine("FAIL case 3 (x86_64, ...): compiler-finding"), std::nullopt);
}

TEST(ParseCountsLine, ReadsTheClosingCounts) {
  const std::optional<Counts> counts = ParseCountsLine("299 passed, 1 failed");
  ASSERT_TRUE(counts.has_value());
  EXPECT_EQ(counts->passed, 299u);
  EXPECT_EQ(counts->failed, 1u);
  EXPECT_FALSE(ParseCountsLine("299 passed").has_value());
  EXPECT_FALSE(ParseCountsLine("x passed, 1 failed").has_value());
}

TEST(ParseCtestResultLine, ReadsPassedFailedAndExceptions) {
  std::optional<CtestResult> result = ParseCtestResultLine(
      "  12/57 Test  #12: BitVector.Empty ...................   Passed    0.01 sec");
  ASSERT_TRUE(result.has_value());
  EXPECT_EQ(result->name, "BitVector.Empty");
  EXPECT_EQ(result->verdict, "Passed");
  EXPECT_DOUBLE_EQ(result->seconds, 0.01);

  result = ParseCtestResultLine(
      "  3/5 Test  #3: fuzz.replay.bits ..............***Failed  Required regular expression not "
      "found. Regex=[replayed]  1.20 sec");
  ASSERT_TRUE(result.has_value());
  EXPECT_EQ(result->name, "fuzz.replay.bits");
  EXPECT_EQ(result->verdict, "Failed  Required regular expression not found. Regex=[replayed]");

  result = ParseCtestResultLine(
      "104/536 Test #100: InterleavedVarints.Sizes<std::integral_constant<unsigned long, 1ul>> "
      ".......   Passed    0.15 sec");
  ASSERT_TRUE(result.has_value());
  EXPECT_EQ(result->name, "InterleavedVarints.Sizes<std::integral_constant<unsigned long, 1ul>>");
  EXPECT_EQ(result->verdict, "Passed");

  result = ParseCtestResultLine("  5/5 Test  #5: AVeryLongName***Timeout 600.01 sec");
  ASSERT_TRUE(result.has_value());
  EXPECT_EQ(result->name, "AVeryLongName");
  EXPECT_EQ(result->verdict, "Timeout");

  result = ParseCtestResultLine("  4/5 Test  #4: exec_test ......***Exception: SegFault  0.30 sec");
  ASSERT_TRUE(result.has_value());
  EXPECT_EQ(result->verdict, "Exception: SegFault");

  EXPECT_FALSE(ParseCtestResultLine("      Start  1: BitVector.Empty").has_value());
  EXPECT_FALSE(ParseCtestResultLine("100% tests passed, 0 tests failed out of 57").has_value());
}

TEST(ParseAflFuzzerStats, ReadsTheTotalsAFLWritesWhenItStops) {
  const std::optional<AflStats> stats = ParseAflFuzzerStats(
      "start_time        : 1764037000\n"
      "execs_done        : 123456\n"
      "execs_per_sec     : 4115.20\n"
      "corpus_count      : 88\n"
      "saved_crashes     : 1\n"
      "saved_hangs       : 2\n"
      "edges_found       : 731\n"
      "command_line      : afl-fuzz -i corpora/bits -o out -- bits_afl\n");
  ASSERT_TRUE(stats.has_value());
  EXPECT_EQ(stats->execs, 123456u);
  EXPECT_DOUBLE_EQ(stats->exec_per_second, 4115.2);
  EXPECT_EQ(stats->edges, 731u);
  EXPECT_EQ(stats->corpus, 88u);
  EXPECT_EQ(stats->crashes, 1u);
  EXPECT_EQ(stats->hangs, 2u);
  EXPECT_FALSE(ParseAflFuzzerStats("execs_done : 5\n").has_value());  // no rate, no edges
}

TEST(ParseAflPlotData, FindsItsColumnsByTheHeader) {
  const std::vector<FuzzSample> samples = ParseAflPlotData(
      "# relative_time, cycles_done, cur_item, corpus_count, pending_total, pending_favs, "
      "map_size, saved_crashes, saved_hangs, max_depth, execs_per_sec, total_execs, "
      "edges_found\n"
      "0, 0, 0, 12, 12, 3, 1.07%, 0, 0, 1, 0.00, 24, 512\n"
      "5, 0, 7, 40, 30, 2, 1.50%, 0, 0, 2, 3980.51, 19902, 690\n"
      "garbage\n");
  ASSERT_EQ(samples.size(), 2u);
  EXPECT_DOUBLE_EQ(samples[1].seconds, 5);
  EXPECT_EQ(samples[1].execs, 19902u);
  EXPECT_EQ(samples[1].coverage, 690u);
  EXPECT_EQ(samples[1].exec_per_second, 3980u);
}

TEST(ParseLibFuzzerStatusLine, ReadsExecsCoverageFeaturesAndRate) {
  const std::optional<FuzzSample> sample = ParseLibFuzzerStatusLine(
      "#4096\tpulse  cov: 1163 ft: 3010 corp: 88/2150b lim: 21 exec/s: 2048 rss: 52Mb", 2.5);
  ASSERT_TRUE(sample.has_value());
  EXPECT_DOUBLE_EQ(sample->seconds, 2.5);
  EXPECT_EQ(sample->execs, 4096u);
  EXPECT_EQ(sample->coverage, 1163u);
  EXPECT_EQ(sample->features, 3010u);
  EXPECT_EQ(sample->exec_per_second, 2048u);

  const std::optional<FuzzSample> inited =
      ParseLibFuzzerStatusLine("#2\tINITED cov: 12 ft: 13 corp: 1/1b exec/s: 0 rss: 30Mb", 0.1);
  ASSERT_TRUE(inited.has_value());
  EXPECT_EQ(inited->coverage, 12u);

  EXPECT_FALSE(ParseLibFuzzerStatusLine("INFO: Seed: 1234", 0).has_value());
  EXPECT_FALSE(ParseLibFuzzerStatusLine("#12\tEXTRA cov: 1 ft: 1", 0).has_value());
  EXPECT_FALSE(ParseLibFuzzerStatusLine("#12\tNEW", 0).has_value());
}

TEST(ParseExecLines, ReadTheFailingCaseAndTheRate) {
  EXPECT_EQ(ParseExecFailLine("FAIL Class case 17 (plan seed 123)"), 17u);
  EXPECT_FALSE(ParseExecFailLine("FAIL Class case x (plan seed 123)").has_value());
  EXPECT_FALSE(ParseExecFailLine("FAIL corpora/snapshots/a.json: why").has_value());
  EXPECT_EQ(ParseExecRateLine("exec: x86_64, 2954 cases/s"), 2954u);
  EXPECT_FALSE(ParseExecRateLine("exec: x86_64, fast").has_value());
}

TEST(ParseReplayLine, ReadsTheInputAboutToRun) {
  EXPECT_EQ(ParseReplayLine("replay: corpora/bits/seed (1) (12 bytes)"), "corpora/bits/seed (1)");
  EXPECT_FALSE(ParseReplayLine("replayed 12 inputs").has_value());
  EXPECT_FALSE(ParseReplayLine("replay: skipping x: no such file or directory").has_value());
}

TEST(ParseLlvmCorpusFailureLine, ReadsDiffsAndGeneratorBugs) {
  EXPECT_EQ(
      ParseLlvmCorpusFailureLine(
          "DIFF case 7 (x86_64-linux-gnu, case.x86_64-linux-gnu.o; frameproof exit status 1):"),
      7u);
  EXPECT_EQ(ParseLlvmCorpusFailureLine(
                "GENERATOR BUG: llc failed on case 12 (seed 1, triple aarch64-linux-gnu):"),
            12u);
  EXPECT_FALSE(ParseLlvmCorpusFailureLine("[25/50] 25 passed, 0 failed").has_value());
}

TEST(ParseMoarHostileLines, TellFrameproofsFailuresFromMoarVMsFindings) {
  EXPECT_EQ(ParseMoarHostileFailureLine("FAIL flip 12: flip 12 (SL bit 9, byte 1): frameproof "
                                        "crash (SIGSEGV), moar ok; reproduce: ..."),
            12u);
  EXPECT_EQ(ParseMoarHostileFindingLine("MOAR CRASH flip 40 (SL bit 4193, byte 524): SIGSEGV; "
                                        "frameproof rejected: ..."),
            40u);
  EXPECT_EQ(ParseMoarHostileFindingLine("MOAR HANG flip 3 (SL bit 8, byte 1): no exit after 20s"),
            3u);
  EXPECT_FALSE(ParseMoarHostileFailureLine("MOAR CRASH flip 40 (SL bit 4193)").has_value());
  EXPECT_FALSE(ParseMoarHostileFindingLine("FAIL flip 12: ...").has_value());
  EXPECT_FALSE(ParseMoarHostileFindingLine("moar-hostile: 500/9872 flips").has_value());
}

TEST(ParseMoarCorpusFailureLine, ReadsTheFailingCase) {
  EXPECT_EQ(ParseMoarCorpusFailureLine("FAIL case 7: the dumps differ (< moar --dump, > ...):"),
            7u);
  EXPECT_FALSE(ParseMoarCorpusFailureLine("  rerun: scripts/moar-corpus --seed 1").has_value());
  EXPECT_FALSE(ParseMoarCorpusFailureLine("moar-corpus: 25/50 cases, 0 failed").has_value());
  EXPECT_FALSE(ParseMoarCorpusFailureLine("FAIL case x: no number").has_value());
}

TEST(FirstReportLine, PrefersTheFirstReportOfAnyKind) {
  EXPECT_EQ(FirstReportLine("replay: a (3 bytes)\n"
                            "frameproof mismatch [decode-field]: stack map 3 register mask\n"
                            "==1==ERROR: AddressSanitizer: heap-buffer-overflow\n"),
            "frameproof mismatch [decode-field]: stack map 3 register mask");
  EXPECT_EQ(FirstReportLine("x.cc:3:5: runtime error: shift exponent 64\n"),
            "x.cc:3:5: runtime error: shift exponent 64");
  EXPECT_EQ(FirstReportLine("all fine\n"), "");
}

}  // namespace
}  // namespace frameproof::gate
