#include "verifiers/llvm/exec/llvm_findings.h"

#include "core/base/status_testing.h"
#include "gtest/gtest.h"

namespace frameproof {
namespace {

constexpr char kUnsymbolizedCrash[] =
    R"(llc crashed on valid IR: llc -O2 -filetype=obj /tmp/a/program-0-as-given.ll: killed by SIGILL
1.	Running pass 'Function Pass Manager' on module '/tmp/a/program-0-as-given.ll'.
2.	Running pass 'X86 DAG->DAG Instruction Selection' on function '@g'
 #0 0x00007f2875aa5291 llvm::sys::PrintStackTrace(llvm::raw_ostream&, int) (/lib/x86_64-linux-gnu/libLLVM-14.so.1+0xea5291)
 #1 0x00007f2875aa2fbe llvm::sys::RunSignalHandlers() (/lib/x86_64-linux-gnu/libLLVM-14.so.1+0xea2fbe)
 #2 0x00007f2875aa57c6 (/lib/x86_64-linux-gnu/libLLVM-14.so.1+0xea57c6)
 #3 0x00007f2874a5a050 (/lib/x86_64-linux-gnu/libc.so.6+0x3c050)
 #4 0x00007f287a4239b2 (/lib/x86_64-linux-gnu/libLLVM-14.so.1+0x58239b2)
 #5 0x00007f287a4239b2 (/lib/x86_64-linux-gnu/libLLVM-14.so.1+0x1234567)
)";

constexpr char kSymbolizedCrash[] =
    R"(llc crashed on valid IR: llc-14 -O2 /tmp/b/case-3-as-given.ll: killed by SIGSEGV
2.	Running pass 'X86 Assembly Printer' on function '@reach_0'
 #0 0x00007f30e16a5291 llvm::sys::PrintStackTrace(llvm::raw_ostream&, int) (/lib/x86_64-linux-gnu/libLLVM-14.so.1+0xea5291)
 #3 0x00007f30e025a050 (/lib/x86_64-linux-gnu/libc.so.6+0x3c050)
 #4 0x00007f30e17e6ea2 llvm::StackMaps::createLiveOutReg(unsigned int, llvm::TargetRegisterInfo const*) const (/lib/x86_64-linux-gnu/libLLVM-14.so.1+0x1423ab8)
 #5 0x00007f30e17e6ea2 llvm::StackMaps::parseRegisterLiveOutMask(unsigned int const*) const (/lib/x86_64-linux-gnu/libLLVM-14.so.1+0x1422706)
)";

TEST(LlvmFindingSignature, AnUnsymbolizedCrashIsItsPassOrElseWhereItDied) {
  EXPECT_EQ(LlvmFindingSignature("llc-crash", kUnsymbolizedCrash, InstructionSet::kX86_64),
            "llc-crash: in X86 DAG->DAG Instruction Selection");
  const std::string without_pass(absl::string_view(kUnsymbolizedCrash)
                                     .substr(std::string_view(kUnsymbolizedCrash).find(" #0")));
  EXPECT_EQ(LlvmFindingSignature("llc-crash", without_pass, InstructionSet::kX86_64),
            "llc-crash: at libLLVM-14.so.1+0x58239b2");
  EXPECT_EQ(LlvmFindingSignature("llc-crash",
                                 "llc crashed on valid IR: llc-13 -O2 -mtriple=aarch64-linux-gnu "
                                 "-filetype=obj /tmp/w/case-19-as-given.ll -o /tmp/w/case-19.o: "
                                 "killed by SIGBUS\n  + llc-13 -O2 ...\n",
                                 InstructionSet::kArm64),
            "llc-crash: killed by SIGBUS");
}

TEST(LlvmFindingSignature, ASymbolizedCrashIsItsInnermostLlvmFunction) {
  EXPECT_EQ(LlvmFindingSignature("llc-crash", kSymbolizedCrash, InstructionSet::kX86_64),
            "llc-crash: llvm::StackMaps::createLiveOutReg");
}

TEST(LlvmFindingSignature, AFatalErrorIsNamedByItsPassAsAnUnsymbolizedCrashIs) {
  // llc 15 dies on an i128 operand through report_fatal_error; llc 14 on a ud2 in the same pass.
  constexpr char kFatal[] =
      R"(LLVM ERROR: Cannot select: 0x558509ebacb0: i128 = or 0x558509ebac48, 0x558509eba908
2.	Running pass 'X86 DAG->DAG Instruction Selection' on function '@reach_0'
 #6 0x00007f468bc44472 abort ./stdlib/./stdlib/abort.c:81:7
 #7 0x00007f468cc8bbeb llvm::report_fatal_error(llvm::Twine const&, bool) (/usr/lib/llvm-15/bin/../lib/libLLVM-15.so.1+0xe8bbeb)
 #8 0x00007f468d5a98c4 (/usr/lib/llvm-15/bin/../lib/libLLVM-15.so.1+0x17a98c4)
)";
  EXPECT_EQ(LlvmFindingSignature("llc-crash", kFatal, InstructionSet::kX86_64),
            "llc-crash: in X86 DAG->DAG Instruction Selection");
}

TEST(LlvmFindingSignature, AnErrorIsItsLastMessageWithoutNumbers) {
  EXPECT_EQ(LlvmFindingSignature(
                "llc-error",
                "llc rejected valid IR: llc -O0 /tmp/c/x.ll: exit status 1\n"
                "llc: error: llc: /tmp/c/x.ll:166:1: error: ran out of registers during register "
                "allocation\n",
                InstructionSet::kArm64),
            "llc-error: ran out of registers during register allocation");
  EXPECT_EQ(LlvmFindingSignature("llc-error", "LLVM ERROR: Cannot select: 0x55d0 i128 = 7\n",
                                 InstructionSet::kX86_64),
            "llc-error: Cannot select: X iN = N");
}

TEST(LlvmFindingSignature, ARecordFindingIsItsKindAndSiteKind) {
  EXPECT_EQ(LlvmFindingSignature("uncovered",
                                 "  line 9: stackmap ID 99 in @main (case 0): operand #1 (%s %s3): "
                                 "no location covers bytes 8..15 of it\n"
                                 "  line 12: patchpoint ID 7 in @main (case 0): ...\n",
                                 InstructionSet::kX86_64),
            "uncovered stackmap");
  EXPECT_EQ(LlvmFindingSignature("wrong-result", "  @f (case 0) returned 0x1 and 0x2\n",
                                 InstructionSet::kX86_64),
            "wrong-result");
  EXPECT_EQ(
      LlvmFindingSignature("run-failed", "the build under test failed", InstructionSet::kArm64),
      "run-failed arm64");
}

TEST(LlvmFindingSignature, AnUncoveredOperandAddsTheShapeOfTheOperandItWasShortFor) {
  EXPECT_EQ(
      LlvmFindingSignature("uncovered",
                           "  line 9: stackmap ID 99 in @main (case 0): the record has 3 "
                           "locations for the 4 scalar leaves of its 3 operands: some operand "
                           "got fewer locations than its width needs " +
                               WideOperandTag(2, "aggregate") + "\n",
                           InstructionSet::kX86_64),
      "uncovered stackmap aggregate");
  EXPECT_EQ(
      LlvmFindingSignature("uncovered",
                           "  line 4: patchpoint ID 1 in @f (case 0): operand #3 (i32 %c): no "
                           "location covers bytes 0..3 of it " +
                               WideOperandTag(1, "x86_fp80") + "\n",
                           InstructionSet::kX86_64),
      "uncovered patchpoint x86_fp80");
  // The tag is read only for uncovered findings and only from the first line.
  EXPECT_EQ(LlvmFindingSignature("wrong-value",
                                 "  line 4: stackmap ID 1 in @f: x " + WideOperandTag(1, "i128"),
                                 InstructionSet::kX86_64),
            "wrong-value stackmap");
  EXPECT_EQ(LlvmFindingSignature(
                "uncovered",
                "  line 4: stackmap ID 1 in @f: short\n  " + WideOperandTag(1, "i128") + "\n",
                InstructionSet::kX86_64),
            "uncovered stackmap");
}

TEST(LlvmFindingSignature, AnExpectationMismatchLeavesOutNamesAndNumbers) {
  EXPECT_EQ(LlvmFindingSignature("expectations",
                                 "  line 40: stackmap ID 1234 in @fp_case_2: location 3 of %v17 "
                                 "holds 0x7f, expected 0x80\n",
                                 InstructionSet::kX86_64),
            "expectations: stackmap ID N in @F: location N of %V holds X, expected X");
  EXPECT_EQ(LlvmFindingSignature("expectations",
                                 "  case 2 site ID 1991222418 (statepoint), record 5 at function 2 "
                                 "+ 244:\n  case 0 returned 0xe67f, expected 0xe7ae\n",
                                 InstructionSet::kArm64),
            "expectations: case N returned X, expected X");
}

TEST(KnownLlvmFindings, MatchesASignatureInItsVersionsOnly) {
  const absl::StatusOr<KnownLlvmFindings> known = KnownLlvmFindings::Parse(
      "# a comment\n\nuncovered stackmap\t13-16\thttps://example/1\nrun-failed "
      "arm64\t13\thttps://example/2\n");
  ASSERT_TRUE(known.ok()) << known.status();
  ASSERT_NE(known->Find("uncovered stackmap", 15), nullptr);
  EXPECT_EQ(known->Find("uncovered stackmap", 15)->report, "https://example/1");
  EXPECT_EQ(known->Find("uncovered stackmap", 17), nullptr);
  EXPECT_NE(known->Find("run-failed arm64", 13), nullptr);
  EXPECT_EQ(known->Find("run-failed arm64", 14), nullptr);
  EXPECT_EQ(known->Find("uncovered patchpoint", 14), nullptr);
}

TEST(KnownLlvmFindings, AMalformedLineNamesItsNumber) {
  EXPECT_TRUE(FailsWith(KnownLlvmFindings::Parse("# ok\nuncovered stackmap 13-16 url\n").status(),
                        absl::StatusCode::kInvalidArgument, "line 2: want 3 tab-separated fields"));
  EXPECT_TRUE(FailsWith(KnownLlvmFindings::Parse("x\t16-13\turl\n").status(),
                        absl::StatusCode::kInvalidArgument, "line 1: versions '16-13'"));
}

TEST(KnownLlvmFindings, TheCheckedInFileParses) {
  EXPECT_TRUE(
      KnownLlvmFindings::Load(FRAMEPROOF_SOURCE_DIR "/corpora/llvm_modules/known_findings.tsv")
          .ok());
}

}  // namespace
}  // namespace frameproof
