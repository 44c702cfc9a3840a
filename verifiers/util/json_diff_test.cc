#include "verifiers/util/json_diff.h"

#include "gtest/gtest.h"

namespace frameproof {
namespace {

using nlohmann::json;

TEST(FirstJsonDifference, EqualValuesHaveNoDifference) {
  const json value = json::parse(R"({"a": [1, {"b": -1}], "c": true})");
  EXPECT_EQ(FirstJsonDifference(value, value), std::nullopt);
}

TEST(FirstJsonDifference, ExtraKeysInActualAreAllowed) {
  EXPECT_EQ(FirstJsonDifference(json::parse(R"({"a": 1})"), json::parse(R"({"a": 1, "z": 2})")),
            std::nullopt);
}

TEST(FirstJsonDifference, NamesThePathOfTheFirstDifferingScalar) {
  EXPECT_EQ(FirstJsonDifference(json::parse(R"({"maps": [{"pc": 4}, {"pc": 8}]})"),
                                json::parse(R"({"maps": [{"pc": 4}, {"pc": 9}]})"), "decoded"),
            "decoded.maps[1].pc: expected 8, got 9");
}

TEST(FirstJsonDifference, ReportsMissingKeysAndLengthDifferences) {
  EXPECT_EQ(FirstJsonDifference(json::parse(R"({"a": 1})"), json::parse(R"({})")), "a: missing");
  EXPECT_EQ(FirstJsonDifference(json::parse("[1, 2]"), json::parse("[1]"), "x"),
            "x: expected 2 elements, got 1");
}

TEST(FirstJsonDifference, SignedAndUnsignedNumbersCompareByValue) {
  EXPECT_EQ(FirstJsonDifference(json(64u), json(64)), std::nullopt);
  EXPECT_NE(FirstJsonDifference(json(-1), json(4294967295u)), std::nullopt);
}

}  // namespace
}  // namespace frameproof
