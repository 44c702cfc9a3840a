#include "core/ark/vreg_info.h"

#include "core/base/enum_names.h"

namespace frameproof::ark {
namespace {

constexpr EnumNameTable<VRegInfo::Location, 5> kLocationNames = {{
    {VRegInfo::Location::kNone, "NONE"},
    {VRegInfo::Location::kSlot, "SLOT"},
    {VRegInfo::Location::kRegister, "REGISTER"},
    {VRegInfo::Location::kFpRegister, "FP_REGISTER"},
    {VRegInfo::Location::kConstant, "CONSTANT"},
}};
static_assert(NamesEachOnce(kLocationNames));

constexpr EnumNameTable<VRegInfo::Type, 8> kTypeNames = {{
    {VRegInfo::Type::kUndefined, "UNDEFINED"},
    {VRegInfo::Type::kObject, "OBJECT"},
    {VRegInfo::Type::kInt32, "INT32"},
    {VRegInfo::Type::kInt64, "INT64"},
    {VRegInfo::Type::kFloat32, "FLOAT32"},
    {VRegInfo::Type::kFloat64, "FLOAT64"},
    {VRegInfo::Type::kBool, "BOOL"},
    {VRegInfo::Type::kAny, "ANY"},
}};
static_assert(NamesEachOnce(kTypeNames));

constexpr EnumNameTable<VRegInfo::VRegType, 5> kVRegTypeNames = {{
    {VRegInfo::VRegType::kVReg, "VREG"},
    {VRegInfo::VRegType::kAcc, "ACC"},
    {VRegInfo::VRegType::kThisFunc, "THIS_FUNC"},
    {VRegInfo::VRegType::kConstPool, "CONST_POOL"},
    {VRegInfo::VRegType::kLexEnv, "LEX_ENV"},
}};
static_assert(NamesEachOnce(kVRegTypeNames));

}  // namespace

std::optional<VRegInfo> VRegInfo::Unpack(uint32_t info, uint32_t value) {
  const uint32_t location = (info >> kLocationShift) & kFieldMask;
  const uint32_t vreg_type = (info >> kVRegTypeShift) & kFieldMask;
  if (location > static_cast<uint32_t>(Location::kConstant) ||
      vreg_type > static_cast<uint32_t>(VRegType::kLexEnv) || (info >> kInfoBits) != 0) {
    return std::nullopt;
  }
  return VRegInfo{.value = value,
                  .location = static_cast<Location>(location),
                  .type = static_cast<Type>((info >> kTypeShift) & kFieldMask),
                  .vreg_type = static_cast<VRegType>(vreg_type),
                  .index = (info >> kIndexShift) & kIndexMask};
}

absl::string_view LocationName(VRegInfo::Location location) {
  return NameOf(kLocationNames, location);
}
absl::string_view TypeName(VRegInfo::Type type) { return NameOf(kTypeNames, type); }
absl::string_view VRegTypeName(VRegInfo::VRegType vreg_type) {
  return NameOf(kVRegTypeNames, vreg_type);
}
std::optional<VRegInfo::Location> ParseLocation(absl::string_view name) {
  return EnumNamed(kLocationNames, name);
}
std::optional<VRegInfo::Type> ParseType(absl::string_view name) {
  return EnumNamed(kTypeNames, name);
}
std::optional<VRegInfo::VRegType> ParseVRegType(absl::string_view name) {
  return EnumNamed(kVRegTypeNames, name);
}

}  // namespace frameproof::ark
