// Which mutants a piece of C++ has, how each is applied and shown, and how a sample is drawn.

#include "verifiers/mutate/mutant_generator.h"

#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "verifiers/util/file_bytes.h"

namespace frameproof::mutate {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

// "op:original->replacement@line:column" per mutant, in order.
std::vector<std::string> Describe(absl::string_view source) {
  std::vector<std::string> out;
  for (const Mutant& mutant : FindMutants("f.cc", source)) {
    out.push_back(absl::StrCat(MutationOperatorName(mutant.op), ":", mutant.original, "->",
                               mutant.replacement, "@", mutant.line, ":", mutant.column));
  }
  return out;
}

TEST(FindMutants, RelationalOperatorsMoveTheBoundByOne) {
  EXPECT_THAT(Describe("void g() { f(a < b, c >= d); }"),
              ElementsAre("statement-removed:f(a < b, c >= d);->@1:12", "relational:<-><=@1:16",
                          "relational:>=->>@1:23"));
}

TEST(FindMutants, TemplateAnglesAndReferencesAreNotOperators) {
  EXPECT_THAT(Describe("std::vector<int> v; template <typename T> T&& g(T&& x);"), IsEmpty());
}

TEST(FindMutants, EqualityAndLogicalOperatorsSwap) {
  EXPECT_THAT(Describe("void g() { ok = a == b && c != d; }"),
              ElementsAre("statement-removed:ok = a == b && c != d;->@1:12", "equality:==->!=@1:19",
                          "logical:&&->||@1:24", "equality:!=->==@1:29"));
}

TEST(FindMutants, NegationIsDroppedAndReturnedFlagsInverted) {
  EXPECT_THAT(Describe("bool f() { if (!ready) return false; return true; }"),
              ElementsAre("negation-removed:!->@1:16", "return-flag:false->true@1:31",
                          "return-flag:true->false@1:45"));
}

TEST(FindMutants, IntegerLiteralsGoUpAndDownKeepingTheirSuffix) {
  EXPECT_THAT(Describe("int k = 7u; int z = 0;"),
              ElementsAre("constant:7u->6u@1:9", "constant:7u->8u@1:9", "constant:0->1@1:21"));
}

TEST(FindMutants, ShiftCountsAndHexMasksChangeWidth) {
  EXPECT_THAT(Describe("int v = w >> 3 & 0xFF;"),
              ElementsAre("shift-width:3->2@1:14", "shift-width:3->4@1:14",
                          "mask-width:0xFF->0x1FF@1:18", "mask-width:0xFF->0x7F@1:18"));
}

TEST(FindMutants, FloatsAndOctalAreLeftAlone) {
  EXPECT_THAT(Describe("double d = 1.5; float f = 2e3f; int o = 017;"), IsEmpty());
}

TEST(FindMutants, CallsAssignmentsAndIncrementsCanBeRemovedDeclarationsCannot) {
  EXPECT_THAT(
      Describe("void f() {\n  Status s = Run();\n  out->Push(x);\n  ++n;\n  a.b[i] += c;\n}"),
      ElementsAre("statement-removed:out->Push(x);->@3:3", "statement-removed:++n;->@4:3",
                  "statement-removed:a.b[i] += c;->@5:3"));
}

TEST(FindMutants, CommentsLiteralsAndPreprocessorLinesAreNotCode) {
  EXPECT_THAT(Describe("#define LESS(a, b) (a < b)\n"
                       "// a < b\n"
                       "/* a == b */\n"
                       "const char* s = \"a < b\", c = 'x';\n"
                       "const char* r = R\"x(a < b)x\";\n"),
              IsEmpty());
}

TEST(FindMutants, StaticAssertsAndPlantedBugHooksAreSkipped) {
  EXPECT_THAT(Describe("static_assert(kBits < 64);\n"
                       "if (BugPlanted(kOffByOne)) n += 1;\n"),
              IsEmpty());
}

TEST(ApplyMutant, ReplacesExactlyTheMutatedBytes) {
  const std::string source = "if (a < b) return;";
  const std::vector<Mutant> mutants = FindMutants("f.cc", source);
  ASSERT_EQ(mutants.size(), 1u);
  EXPECT_EQ(ApplyMutant(source, mutants[0]), "if (a <= b) return;");
}

TEST(MutantDiff, ShowsTheChangedLineWithContext) {
  const std::string source = "int f() {\n  int k = 3;\n  return k;\n}\n";
  const Mutant mutant = FindMutants("core/f.cc", source)[1];  // 3 -> 2 comes first
  EXPECT_EQ(MutantDiff(source, mutant, 1),
            "--- a/core/f.cc\n+++ b/core/f.cc\n@@ -1,3 +1,3 @@\n int f() {\n-  int k = 3;\n"
            "+  int k = 4;\n   return k;\n");
}

TEST(MutantDiff, ARemovedMultiLineStatementBecomesOneLine) {
  const std::string source = "void f() {\n  Call(a,\n       b);\n  g();\n}\n";
  const Mutant mutant = FindMutants("f.cc", source)[0];
  ASSERT_EQ(mutant.op, MutationOperator::kStatementRemoved);
  EXPECT_EQ(MutantDiff(source, mutant, 0),
            "--- a/f.cc\n+++ b/f.cc\n@@ -2,2 +2,1 @@\n-  Call(a,\n-       b);\n+  \n");
}

TEST(MutantKey, RoundTripsEvenWithAnEmptyOrColonFreeReplacement) {
  for (absl::string_view source : {"{ x = a || b; }", "{ f(x); }"}) {
    for (const Mutant& mutant : FindMutants("core/x.cc", source)) {
      const std::optional<MutantKey> key = ParseMutantKey(mutant.Key());
      ASSERT_TRUE(key.has_value()) << mutant.Key();
      EXPECT_TRUE(Matches(*key, mutant)) << mutant.Key();
    }
  }
  EXPECT_EQ(FindMutants("core/x.cc", "{ f(x); }")[0].Key(), "core/x.cc:1:3:statement-removed:");
  EXPECT_FALSE(ParseMutantKey("core/x.cc:1:1:no-such-op:x").has_value());
  EXPECT_FALSE(ParseMutantKey("core/x.cc:0:1:constant:1").has_value());
}

std::vector<Mutant> Numbered(int count) {
  std::string source = "{\n";
  for (int i = 0; i < count; ++i) absl::StrAppend(&source, "x = ", 100 + i, ";\n");
  return FindMutants("f.cc", source);
}

TEST(SampleMutants, IsDeterministicDistinctAndInSourceOrder) {
  const std::vector<Mutant> all = Numbered(100);  // 300 mutants: two constants and a removal each
  const std::vector<Mutant> first = SampleMutants(all, 7, 40);
  const std::vector<Mutant> again = SampleMutants(all, 7, 40);
  ASSERT_EQ(first.size(), 40u);
  std::set<std::string> keys;
  for (size_t i = 0; i < first.size(); ++i) {
    EXPECT_EQ(first[i].Key(), again[i].Key());
    keys.insert(first[i].Key());
    if (i > 0) {
      EXPECT_LE(first[i - 1].offset, first[i].offset);
    }
  }
  EXPECT_EQ(keys.size(), 40u);
  EXPECT_NE(SampleMutants(all, 8, 40)[0].Key() + SampleMutants(all, 8, 40)[1].Key(),
            first[0].Key() + first[1].Key());
  EXPECT_EQ(SampleMutants(all, 7, 1000).size(), all.size());
}

// On the real production code, every mutant names the bytes it replaces and where they are.
TEST(FindMutants, EveryMutantOfTheCodecPointsAtItsOriginalText) {
  for (const char* file : {"core/bits/bit_memory_region.h", "core/art/stack_map_stream.cc"}) {
    const std::optional<std::string> source =
        ReadFileText((std::filesystem::path(FRAMEPROOF_SOURCE_DIR) / file).string());
    ASSERT_TRUE(source.has_value()) << file;
    const std::vector<Mutant> mutants = FindMutants(file, *source);
    EXPECT_GT(mutants.size(), 20u) << file;
    for (const Mutant& mutant : mutants) {
      ASSERT_EQ(source->substr(mutant.offset, mutant.original.size()), mutant.original);
      const size_t line_start = source->rfind('\n', mutant.offset - 1);
      const size_t column = mutant.offset - (line_start == std::string::npos ? 0 : line_start + 1);
      EXPECT_EQ(column + 1, mutant.column) << mutant.Key();
    }
  }
}

}  // namespace
}  // namespace frameproof::mutate
