#ifndef FRAMEPROOF_ARCH_RESOLVER_KIND_H_
#define FRAMEPROOF_ARCH_RESOLVER_KIND_H_

#include <array>
#include <cstdint>
#include <optional>

#include "absl/strings/string_view.h"
#include "core/base/enum_names.h"

namespace frameproof {

// The four PLT resolvers (Ark's Irtoc resolvers), one per kind of late-bound operation.
enum class ResolverKind : uint8_t {
  kCallStatic,   // a static call through the GOT; tail-jumps to the resolved callee
  kCallVirtual,  // patches a vtable index + 1; result in temp0
  kClass,        // LoadClass; result in temp0
  kInitClass,    // LoadAndInitClass; result in temp0
};

inline constexpr EnumNameTable<ResolverKind, 4> kResolverKindNames = {{
    {ResolverKind::kCallStatic, "CallStatic"},
    {ResolverKind::kCallVirtual, "CallVirtual"},
    {ResolverKind::kClass, "Class"},
    {ResolverKind::kInitClass, "InitClass"},
}};
static_assert(NamesEachOnce(kResolverKindNames));

inline constexpr std::array<ResolverKind, 4> kAllResolverKinds = {
    ResolverKind::kCallStatic, ResolverKind::kCallVirtual, ResolverKind::kClass,
    ResolverKind::kInitClass};

inline absl::string_view ResolverKindName(ResolverKind kind) {
  return NameOf(kResolverKindNames, kind);
}
inline std::optional<ResolverKind> ParseResolverKind(absl::string_view name) {
  return EnumNamed(kResolverKindNames, name);
}

}  // namespace frameproof

#endif  // FRAMEPROOF_ARCH_RESOLVER_KIND_H_
