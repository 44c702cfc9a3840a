#include "core/art/dex_register_location.h"

#include "absl/strings/str_cat.h"
#include "core/base/enum_names.h"

namespace frameproof {
namespace {

constexpr EnumNameTable<DexRegisterKind, 8> kNames = {{
    {DexRegisterKind::kInvalid, "Invalid"},
    {DexRegisterKind::kNone, "None"},
    {DexRegisterKind::kInStack, "InStack"},
    {DexRegisterKind::kConstant, "Constant"},
    {DexRegisterKind::kInRegister, "InRegister"},
    {DexRegisterKind::kInRegisterHigh, "InRegisterHigh"},
    {DexRegisterKind::kInFpuRegister, "InFpuRegister"},
    {DexRegisterKind::kInFpuRegisterHigh, "InFpuRegisterHigh"},
}};
static_assert(NamesEachOnce(kNames));

}  // namespace

absl::string_view DexRegisterKindName(DexRegisterKind kind) { return NameOf(kNames, kind); }

std::optional<DexRegisterKind> ParseDexRegisterKind(absl::string_view name) {
  // kInvalid is decoder-internal; no input may name it.
  const std::optional<DexRegisterKind> kind = EnumNamed(kNames, name);
  if (kind == DexRegisterKind::kInvalid) return std::nullopt;
  return kind;
}

std::string ToString(const DexRegisterLocation& location) {
  switch (location.kind) {
    case DexRegisterKind::kInStack:
      return absl::StrCat("sp+", location.value);
    case DexRegisterKind::kConstant:
      return absl::StrCat("#", location.value);
    case DexRegisterKind::kInRegister:
      return absl::StrCat("r", location.value);
    case DexRegisterKind::kInRegisterHigh:
      return absl::StrCat("r", location.value, "/hi");
    case DexRegisterKind::kInFpuRegister:
      return absl::StrCat("f", location.value);
    case DexRegisterKind::kInFpuRegisterHigh:
      return absl::StrCat("f", location.value, "/hi");
    case DexRegisterKind::kNone:
      return "None";
    case DexRegisterKind::kInvalid:
      return "Invalid";
  }
  return "Unknown";
}

}  // namespace frameproof
