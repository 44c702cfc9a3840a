// NFC on the cases UAX #15 singles out; the expected code points are Python's
// unicodedata.normalize("NFC", ...) on the same input.

#include <string>

#include "gtest/gtest.h"
#include "verifiers/dump/nfc.h"

namespace frameproof {
namespace {

TEST(ToNfc, LeavesAsciiAndPrecomposedTextAlone) {
  EXPECT_EQ(ToNfc(""), "");
  EXPECT_EQ(ToNfc("plain ASCII\t'quoted'"), "plain ASCII\t'quoted'");
  EXPECT_EQ(ToNfc("h\u00e9llo w\u00f6rld \u65e5\u672c \U0001F600"),
            "h\u00e9llo w\u00f6rld \u65e5\u672c \U0001F600");
}

TEST(ToNfc, ComposesABaseAndItsMark) { EXPECT_EQ(ToNfc("e\u0301"), "\u00e9"); }

TEST(ToNfc, ComposesHangulJamoArithmetically) {
  EXPECT_EQ(ToNfc("\u1100\u1161"), "\uac00");
  EXPECT_EQ(ToNfc("\u1100\u1161\u11a8"), "\uac01");
  EXPECT_EQ(ToNfc("\uac00\u11a8"), "\uac01");
}

TEST(ToNfc, OrdersMarksByCombiningClassBeforeComposing) {
  EXPECT_EQ(ToNfc("a\u0323\u0302"), "\u1ead");
  EXPECT_EQ(ToNfc("a\u0302\u0323"), "\u1ead");
  EXPECT_EQ(ToNfc("A\u030a\u0301"), "\u01fa");
}

TEST(ToNfc, ReplacesSingletonsAndKeepsExclusionsDecomposed) {
  EXPECT_EQ(ToNfc("\u212b"), "\u00c5");        // ANGSTROM SIGN
  EXPECT_EQ(ToNfc("\u0344"), "\u0308\u0301");  // a non-starter decomposition
  EXPECT_EQ(ToNfc("\u0958"), "\u0915\u093c");  // a composition exclusion
}

TEST(ToNfc, ABlockedMarkStaysAndALeadingMarkHasNothingToComposeWith) {
  EXPECT_EQ(ToNfc("e\u0301\u0301"), "\u00e9\u0301");
  EXPECT_EQ(ToNfc("\u0301e"), "\u0301e");
}

}  // namespace
}  // namespace frameproof
