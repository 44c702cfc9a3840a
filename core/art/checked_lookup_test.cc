// A trusted lookup that strays one row past its table reads the neighbouring bits and answers
// with them, silently, unless the build is checked (FRAMEPROOF_CHECKED, core/base/check.h): then
// the accessor's bounds check stops it and names the row. The stray is planted
// (dex-pc-lookup-reads-past-last-row); this test links the planted variant of the codec.

#include <cstdint>
#include <vector>

#include "core/art/code_info.h"
#include "core/art/code_info_test_support.h"
#include "core/base/hex.h"
#include "core/base/planted_bug.h"
#include "gtest/gtest.h"

namespace frameproof {
namespace {

class CheckedLookup : public testing::Test {
 protected:
  void TearDown() override { PlantBug(planted::kNone); }

  // ART's Test1: one stack map, at dex pc 0.
  static CodeInfo Test1() {
    static const std::vector<uint8_t> bytes = *FromHex(art_testing::kTest1X64);
    return CodeInfo::DecodeTrusted(bytes);
  }
};

TEST_F(CheckedLookup, ALookupThatFindsNothingReadsOnlyTheTablesRows) {
  EXPECT_TRUE(Test1().GetStackMapForDexPc(0).IsValid());
  EXPECT_FALSE(Test1().GetStackMapForDexPc(7).IsValid());
}

#if defined(FRAMEPROOF_CHECKED)
TEST_F(CheckedLookup, ALookupPastTheLastRowStopsAtTheBoundsCheck) {
  PlantBug(planted::kDexPcLookupReadsPastLastRow);
  EXPECT_DEATH(Test1().GetStackMapForDexPc(7),
               "bit_table.h:[0-9]+: check failed: row < num_rows_ \\(1 is not below 1\\)");
}
#endif

}  // namespace
}  // namespace frameproof
