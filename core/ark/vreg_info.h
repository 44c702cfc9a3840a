#ifndef FRAMEPROOF_CORE_ARK_VREG_INFO_H_
#define FRAMEPROOF_CORE_ARK_VREG_INFO_H_

#include <cstdint>
#include <optional>

#include "absl/strings/string_view.h"

namespace frameproof::ark {

// Where one virtual register lives at a stack map, and what it holds (Ark's VRegInfo). The
// catalogue stores `value` and the packed `info`: location in bits 0-2, type in bits 3-5, vreg
// type in bits 6-8 and index in bits 9-24.
struct VRegInfo {
  enum class Location : uint8_t {
    kNone = 0,        // dead
    kSlot = 1,        // CFrame slot `value` below the stack origin (negative: stack argument)
    kRegister = 2,    // general register `value` (Ark's numbering)
    kFpRegister = 3,  // floating-point register `value`
    kConstant = 4,    // `value` = low row | high row << 16 of the Constants table
  };
  // Ark's INVALID_LOCATION, the 3-bit field's largest value: never stored by a builder.
  static constexpr uint8_t kInvalidLocation = 7;
  enum class Type : uint8_t {
    kUndefined = 0,
    kObject = 1,
    kInt32 = 2,
    kInt64 = 3,
    kFloat32 = 4,
    kFloat64 = 5,
    kBool = 6,
    kAny = 7,
  };
  // What the register is to the interpreter: an ordinary vreg, the accumulator, or one of the
  // dynamic languages' environment pseudo-vregs that follow it.
  enum class VRegType : uint8_t { kVReg = 0, kAcc = 1, kThisFunc = 2, kConstPool = 3, kLexEnv = 4 };

  static constexpr uint32_t kLocationShift = 0;
  static constexpr uint32_t kTypeShift = 3;
  static constexpr uint32_t kVRegTypeShift = 6;
  static constexpr uint32_t kIndexShift = 9;
  static constexpr uint32_t kFieldMask = 7;
  static constexpr uint32_t kIndexMask = 0xFFFF;
  // Bits of `info` above the index are never set.
  static constexpr uint32_t kInfoBits = 25;

  uint32_t value = 0;
  Location location = Location::kNone;
  Type type = Type::kUndefined;
  VRegType vreg_type = VRegType::kVReg;
  // The position within its frame, filled in by the decoder for live entries; builders leave 0.
  uint32_t index = 0;

  bool IsLive() const { return location != Location::kNone; }
  uint32_t PackInfo() const {
    return static_cast<uint32_t>(location) << kLocationShift |
           static_cast<uint32_t>(type) << kTypeShift |
           static_cast<uint32_t>(vreg_type) << kVRegTypeShift | (index & kIndexMask) << kIndexShift;
  }
  // The entry a catalogue row (INFO, VALUE) describes; nullopt if INFO's location or vreg type
  // is not one Ark defines, or a bit above the index is set.
  static std::optional<VRegInfo> Unpack(uint32_t info, uint32_t value);

  friend bool operator==(const VRegInfo&, const VRegInfo&) = default;
};

// Ark's spellings, as the conformance vectors and `frameproof dump --dialect ark` print them:
// "NONE", "SLOT", "REGISTER", "FP_REGISTER", "CONSTANT"; "UNDEFINED", "OBJECT", "INT32",
// "INT64", "FLOAT32", "FLOAT64", "BOOL", "ANY"; "VREG", "ACC", "THIS_FUNC", "CONST_POOL",
// "LEX_ENV".
absl::string_view LocationName(VRegInfo::Location location);
absl::string_view TypeName(VRegInfo::Type type);
absl::string_view VRegTypeName(VRegInfo::VRegType vreg_type);
std::optional<VRegInfo::Location> ParseLocation(absl::string_view name);
std::optional<VRegInfo::Type> ParseType(absl::string_view name);
std::optional<VRegInfo::VRegType> ParseVRegType(absl::string_view name);

}  // namespace frameproof::ark

#endif  // FRAMEPROOF_CORE_ARK_VREG_INFO_H_
