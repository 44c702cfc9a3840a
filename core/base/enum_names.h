#ifndef FRAMEPROOF_CORE_BASE_ENUM_NAMES_H_
#define FRAMEPROOF_CORE_BASE_ENUM_NAMES_H_

#include <array>
#include <cstddef>
#include <optional>
#include <utility>

#include "absl/strings/string_view.h"

namespace frameproof {

// A fixed table of (enumerator, name) pairs: the one way enums here are named and parsed.
// Every table is checked where it is declared: static_assert(NamesEachOnce(table)).
template <typename Enum, size_t N>
using EnumNameTable = std::array<std::pair<Enum, absl::string_view>, N>;

// True if every entry has a name and no enumerator or name is listed twice. A table declared
// longer than its list is padded with unnamed entries for the first enumerator, which "" would
// then parse as; a name listed twice parses as its first enumerator only.
template <typename Enum, size_t N>
constexpr bool NamesEachOnce(const EnumNameTable<Enum, N>& table) {
  for (size_t i = 0; i < N; ++i) {
    if (table[i].second.empty()) return false;
    for (size_t j = 0; j < i; ++j) {
      if (table[j].first == table[i].first || table[j].second == table[i].second) return false;
    }
  }
  return true;
}

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
