#include "verifiers/gate/ctest_selection.h"

#include <map>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace frameproof::gate {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using Time = std::filesystem::file_time_type;

constexpr Time kBefore = Time(std::chrono::seconds(100));
constexpr Time kRebuildStart = Time(std::chrono::seconds(200));
constexpr Time kAfter = Time(std::chrono::seconds(300));

// A build tree at /b where bits_test was relinked by the rebuild and art_test was not.
WriteTimeOf FakeTree() {
  return [](const std::filesystem::path& path) -> std::optional<Time> {
    static const std::map<std::string, Time> kFiles = {
        {"/b/core/bits/bits_test", kAfter},
        {"/b/core/art/art_test", kBefore},
        {"/b/verifiers/frameproof", kBefore},
        {"/b/fuzzers/bits_replay", kRebuildStart},
    };
    const auto found = kFiles.find(path.string());
    if (found == kFiles.end()) return std::nullopt;
    return found->second;
  };
}

constexpr char kListing[] = R"({
  "kind": "ctestInfo",
  "tests": [
    {"name": "BitVector.Empty",
     "command": ["/b/core/bits/bits_test", "--gtest_filter=BitVector.Empty"]},
    {"name": "CodeInfo.Decodes",
     "command": ["/b/core/art/art_test", "--gtest_filter=CodeInfo.Decodes"]},
    {"name": "Arm64.UnderQemu",
     "command": ["/usr/bin/qemu-aarch64", "-L", "/usr/aarch64-linux-gnu",
                 "/b/core/bits/./bits_test", "--gtest_filter=X"]},
    {"name": "conformance.art.codeinfo",
     "command": ["/b/verifiers/frameproof", "conformance", "/shared/art"]},
    {"name": "fuzz.replay.bits", "command": ["/b/fuzzers/bits_replay", "/src/corpora/bits"]},
    {"name": "gate.same-seed-same-cases", "command": ["/bin/bash", "/src/same_seed_test.sh"]},
    {"name": "clusterfuzzlite.build", "command": ["/src/.clusterfuzzlite/build_test.sh"],
     "properties": [{"name": "LABELS", "value": ["clusterfuzzlite", "compile-only"]}]},
    {"name": "gate.healthy", "command": ["/b/verifiers/frameproof", "gate"],
     "properties": [{"name": "LABELS", "value": ["gate"]},
                    {"name": "WORKING_DIRECTORY", "value": "/b/verifiers"}]},
    {"name": "names.a.missing.build.file", "command": ["/b/not/built/yet"]}
  ]
})";

TEST(SelectTestsRebuiltSince, RunsTestsWhoseProgramsTheRebuildWrote) {
  const absl::StatusOr<CtestSelection> selection =
      SelectTestsRebuiltSince(kListing, "/b", kRebuildStart, FakeTree());
  ASSERT_TRUE(selection.ok()) << selection.status();
  EXPECT_EQ(selection->total, 9u);
  // BitVector.Empty, Arm64.UnderQemu, fuzz.replay.bits, gate.same-seed-same-cases,
  // names.a.missing.build.file.
  EXPECT_THAT(selection->numbers, ElementsAre(1, 3, 5, 6, 9));
  EXPECT_EQ(selection->first, 0u);  // no folder was asked to go first
}

TEST(SelectTestsRebuiltSince, RunsEveryTestButCompileOnlyOnesWhenEverythingWasRelinked) {
  const absl::StatusOr<CtestSelection> selection =
      SelectTestsRebuiltSince(kListing, "/b", kBefore, FakeTree());
  ASSERT_TRUE(selection.ok()) << selection.status();
  EXPECT_THAT(selection->numbers, ElementsAre(1, 2, 3, 4, 5, 6, 8, 9));  // all but #7, the build
}

TEST(SelectTestsRebuiltSince, PutsTheTestsBuiltFromTheChangedFolderFirst) {
  const absl::StatusOr<CtestSelection> selection =
      SelectTestsRebuiltSince(kListing, "/b", kRebuildStart, FakeTree(), "core/bits");
  ASSERT_TRUE(selection.ok()) << selection.status();
  // BitVector.Empty and Arm64.UnderQemu run bits_test; then the others, in ctest's order.
  EXPECT_THAT(selection->numbers, ElementsAre(1, 3, 5, 6, 9));
  EXPECT_EQ(selection->first, 2u);

  const absl::StatusOr<CtestSelection> fuzzers_first =
      SelectTestsRebuiltSince(kListing, "/b", kRebuildStart, FakeTree(), "fuzzers");
  ASSERT_TRUE(fuzzers_first.ok()) << fuzzers_first.status();
  EXPECT_THAT(fuzzers_first->numbers, ElementsAre(5, 1, 3, 6, 9));
  EXPECT_EQ(fuzzers_first->first, 1u);
}

TEST(SelectTestsRebuiltSince, NamesWhatIsWrongWithTheListing) {
  EXPECT_THAT(SelectTestsRebuiltSince("not json", "/b", kBefore, FakeTree()).status().message(),
              HasSubstr("no JSON object"));
  EXPECT_THAT(SelectTestsRebuiltSince(R"({"kind": "ctestInfo"})", "/b", kBefore, FakeTree())
                  .status()
                  .message(),
              HasSubstr("no \"tests\" array"));
  EXPECT_THAT(SelectTestsRebuiltSince(R"({"tests": [{"command": []}]})", "/b", kBefore,
                                      FakeTree())
                  .status()
                  .message(),
              HasSubstr("tests[0] has no \"name\""));
}

TEST(TestNumbersArgument, SelectsByTheNumbersAlone) {
  EXPECT_EQ(TestNumbersArgument({1, 3, 700}), "0,0,0,1,3,700");
}

}  // namespace
}  // namespace frameproof::gate
