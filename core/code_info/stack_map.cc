#include "absl/strings/string_view.h"
#include "core/code_info/stack_map.h"

#include <array>
#include <utility>

namespace frameproof {
namespace {

constexpr std::array<std::pair<StackMapKind, absl::string_view>, 4> kKindNames = {{
    {StackMapKind::kDefault, "Default"},
    {StackMapKind::kCatch, "Catch"},
    {StackMapKind::kOsr, "OSR"},
    {StackMapKind::kDebug, "Debug"},
}};

}  // namespace

absl::string_view StackMapKindName(StackMapKind kind) {
  for (const auto& [value, name] : kKindNames) {
    if (value == kind) return name;
  }
  return "Unknown";
}

std::optional<StackMapKind> ParseStackMapKind(absl::string_view name) {
  for (const auto& [value, known] : kKindNames) {
    if (known == name) return value;
  }
  return std::nullopt;
}

}  // namespace frameproof
