#ifndef FRAMEPROOF_CORE_BASE_ENUM_NAMES_H_
#define FRAMEPROOF_CORE_BASE_ENUM_NAMES_H_

#include <array>
#include <cstddef>
#include <optional>
#include <utility>

#include "absl/strings/string_view.h"

namespace frameproof {

// A fixed table of (enumerator, name) pairs: the one way enums here are named and parsed.
template <typename Enum, size_t N>
using EnumNameTable = std::array<std::pair<Enum, absl::string_view>, N>;

// The name of `value`, or "unknown" if the table does not list it.
template <typename Enum, size_t N>
constexpr absl::string_view NameOf(const EnumNameTable<Enum, N>& table, Enum value) {
  for (const auto& [known, name] : table) {
    if (known == value) return name;
  }
  return "unknown";
}

// The enumerator named `name`, if any.
template <typename Enum, size_t N>
constexpr std::optional<Enum> EnumNamed(const EnumNameTable<Enum, N>& table,
                                        absl::string_view name) {
  for (const auto& [value, known] : table) {
    if (known == name) return value;
  }
  return std::nullopt;
}

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_BASE_ENUM_NAMES_H_
