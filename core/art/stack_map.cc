#include "core/art/stack_map.h"

#include "core/base/enum_names.h"

namespace frameproof {
namespace {

constexpr EnumNameTable<StackMapKind, 4> kKindNames = {{
    {StackMapKind::kDefault, "Default"},
    {StackMapKind::kCatch, "Catch"},
    {StackMapKind::kOsr, "OSR"},
    {StackMapKind::kDebug, "Debug"},
}};
static_assert(NamesEachOnce(kKindNames));

}  // namespace

absl::string_view StackMapKindName(StackMapKind kind) { return NameOf(kKindNames, kind); }

std::optional<StackMapKind> ParseStackMapKind(absl::string_view name) {
  return EnumNamed(kKindNames, name);
}

}  // namespace frameproof
