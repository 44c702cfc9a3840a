// Ark's spellings of a VRegInfo's fields: each enumerator has its own name, each name parses back
// to its enumerator, and nothing else parses (call logs and conformance vectors are read by name).

#include "core/ark/vreg_info.h"

#include <cstddef>
#include <optional>
#include <utility>

#include "absl/strings/string_view.h"
#include "gtest/gtest.h"

namespace frameproof::ark {
namespace {

using Location = VRegInfo::Location;
using Type = VRegInfo::Type;
using VRegType = VRegInfo::VRegType;

// Each (enumerator, name) pair: `name_of` spells the enumerator so, and `parse` reads it back.
template <typename Enum, size_t N>
void ExpectSpellings(const std::pair<Enum, absl::string_view> (&spellings)[N],
                     absl::string_view (*name_of)(Enum),
                     std::optional<Enum> (*parse)(absl::string_view)) {
  for (const auto& [value, name] : spellings) {
    EXPECT_EQ(name_of(value), name);
    EXPECT_EQ(parse(name), value) << name;
  }
}

TEST(VRegInfoNames, EachLocationIsSpelledAsArkSpellsItAndParsesBack) {
  const std::pair<Location, absl::string_view> kSpellings[] = {
      {Location::kNone, "NONE"},
      {Location::kSlot, "SLOT"},
      {Location::kRegister, "REGISTER"},
      {Location::kFpRegister, "FP_REGISTER"},
      {Location::kConstant, "CONSTANT"}};
  ExpectSpellings(kSpellings, LocationName, ParseLocation);
}

TEST(VRegInfoNames, EachTypeIsSpelledAsArkSpellsItAndParsesBack) {
  const std::pair<Type, absl::string_view> kSpellings[] = {
      {Type::kUndefined, "UNDEFINED"}, {Type::kObject, "OBJECT"},   {Type::kInt32, "INT32"},
      {Type::kInt64, "INT64"},         {Type::kFloat32, "FLOAT32"}, {Type::kFloat64, "FLOAT64"},
      {Type::kBool, "BOOL"},           {Type::kAny, "ANY"}};
  ExpectSpellings(kSpellings, TypeName, ParseType);
}

TEST(VRegInfoNames, EachVRegTypeIsSpelledAsArkSpellsItAndParsesBack) {
  const std::pair<VRegType, absl::string_view> kSpellings[] = {{VRegType::kVReg, "VREG"},
                                                               {VRegType::kAcc, "ACC"},
                                                               {VRegType::kThisFunc, "THIS_FUNC"},
                                                               {VRegType::kConstPool, "CONST_POOL"},
                                                               {VRegType::kLexEnv, "LEX_ENV"}};
  ExpectSpellings(kSpellings, VRegTypeName, ParseVRegType);
}

// A name table declared longer than its list would hold an unnamed entry, which "" would parse
// as; a name in the wrong case is not Ark's either.
TEST(VRegInfoNames, TheEmptyNameAndOtherSpellingsParseAsNothing) {
  for (const char* name : {"", "vreg", "Slot", "INT", " ACC", "LEX_ENV "}) {
    EXPECT_EQ(ParseLocation(name), std::nullopt) << '"' << name << '"';
    EXPECT_EQ(ParseType(name), std::nullopt) << '"' << name << '"';
    EXPECT_EQ(ParseVRegType(name), std::nullopt) << '"' << name << '"';
  }
}

}  // namespace
}  // namespace frameproof::ark
