#include "absl/strings/string_view.h"
#include "core/code_info/dex_register_location.h"

#include <array>
#include <utility>

#include "absl/strings/str_cat.h"

namespace frameproof {
namespace {

constexpr std::array<std::pair<DexRegisterKind, absl::string_view>, 8> kNames = {{
    {DexRegisterKind::kInvalid, "Invalid"},
    {DexRegisterKind::kNone, "None"},
    {DexRegisterKind::kInStack, "InStack"},
    {DexRegisterKind::kConstant, "Constant"},
    {DexRegisterKind::kInRegister, "InRegister"},
    {DexRegisterKind::kInRegisterHigh, "InRegisterHigh"},
    {DexRegisterKind::kInFpuRegister, "InFpuRegister"},
    {DexRegisterKind::kInFpuRegisterHigh, "InFpuRegisterHigh"},
}};

}  // namespace

absl::string_view DexRegisterKindName(DexRegisterKind kind) {
  for (const auto& [value, name] : kNames) {
    if (value == kind) return name;
  }
  return "Unknown";
}

std::optional<DexRegisterKind> ParseDexRegisterKind(absl::string_view name) {
  for (const auto& [value, known] : kNames) {
    if (known == name && value != DexRegisterKind::kInvalid) return value;
  }
  return std::nullopt;
}

std::string ToString(const DexRegisterLocation& location) {
  switch (location.kind) {
    case DexRegisterKind::kInStack: return absl::StrCat("sp+", location.value);
    case DexRegisterKind::kConstant: return absl::StrCat("#", location.value);
    case DexRegisterKind::kInRegister: return absl::StrCat("r", location.value);
    case DexRegisterKind::kInRegisterHigh: return absl::StrCat("r", location.value, "/hi");
    case DexRegisterKind::kInFpuRegister: return absl::StrCat("f", location.value);
    case DexRegisterKind::kInFpuRegisterHigh: return absl::StrCat("f", location.value, "/hi");
    case DexRegisterKind::kNone: return "None";
    case DexRegisterKind::kInvalid: return "Invalid";
  }
  return "Unknown";
}

}  // namespace frameproof
