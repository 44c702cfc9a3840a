#ifndef FRAMEPROOF_CORE_ART_DEX_REGISTER_LOCATION_H_
#define FRAMEPROOF_CORE_ART_DEX_REGISTER_LOCATION_H_

#include <cstdint>
#include <optional>
#include <string>

#include "absl/strings/string_view.h"

namespace frameproof {

// Where a virtual (dex) register lives at a safepoint; values as ART's DexRegisterLocation::Kind.
enum class DexRegisterKind : int32_t {
  kInvalid = -2,  // decoder-internal: not resolved yet
  kNone = -1,     // not live
  kInStack = 0,   // value: byte offset from SP, a multiple of kFrameSlotSize
  kConstant = 1,  // value: the int32 constant
  kInRegister = 2,
  kInRegisterHigh = 3,
  kInFpuRegister = 4,
  kInFpuRegisterHigh = 5,
};
inline constexpr DexRegisterKind kLastDexRegisterKind = DexRegisterKind::kInFpuRegisterHigh;
// Stack offsets are stored in units of this many bytes.
inline constexpr int32_t kFrameSlotSize = 4;

// A (kind, value) pair. Two locations are equal when both parts are equal.
struct DexRegisterLocation {
  DexRegisterKind kind = DexRegisterKind::kNone;
  int32_t value = 0;

  static constexpr DexRegisterLocation None() { return {DexRegisterKind::kNone, 0}; }
  static constexpr DexRegisterLocation Invalid() { return {DexRegisterKind::kInvalid, 0}; }
  bool IsLive() const { return kind != DexRegisterKind::kNone; }

  friend bool operator==(const DexRegisterLocation&, const DexRegisterLocation&) = default;
};

// "None", "InStack", "Constant", "InRegister", "InRegisterHigh", "InFpuRegister",
// "InFpuRegisterHigh" (and "Invalid"), the names the conformance vectors use.
absl::string_view DexRegisterKindName(DexRegisterKind kind);
std::optional<DexRegisterKind> ParseDexRegisterKind(absl::string_view name);
// oatdump style: "sp+8", "#-2", "r5", "r5/hi", "f3", "f3/hi", "None".
std::string ToString(const DexRegisterLocation& location);

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_ART_DEX_REGISTER_LOCATION_H_
