// Helpers the CodeInfo, StackMapStream and deduper tests share: the notations their expected
// values are written in, and ART's Test1 bytes.

#ifndef FRAMEPROOF_CORE_ART_CODE_INFO_TEST_SUPPORT_H_
#define FRAMEPROOF_CORE_ART_CODE_INFO_TEST_SUPPORT_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "core/art/dex_register_location.h"
#include "core/base/hex.h"
#include "core/bits/bit_memory_region.h"

namespace frameproof::art_testing {

// "c0 02 20 ...": bytes as lowercase hex, space separated, the notation of the expected bytes.
inline std::string SpacedHex(absl::Span<const uint8_t> bytes) { return ToHex(bytes, " "); }

// Locations in oatdump notation: "sp+8", "#-2", "r5", "r5/hi", "f3", "f3/hi", "None".
inline std::vector<std::string> Locations(absl::Span<const DexRegisterLocation> locations) {
  std::vector<std::string> names;
  for (const DexRegisterLocation& location : locations) names.push_back(ToString(location));
  return names;
}

// Indices of the set bits of a decoded bitmap (an absent region has none).
inline std::vector<uint32_t> SetBitsOf(const BitMemoryRegion& bits) {
  std::vector<uint32_t> set;
  for (size_t i = 0; i < bits.size_in_bits(); ++i) {
    if (bits.LoadBit(i)) set.push_back(static_cast<uint32_t>(i));
  }
  return set;
}

// ART's Test1 on x86_64, 28 bytes (reference section 9.1): one map at native pc 64, dex pc 0,
// register mask 0x3, registers {InStack 0, Constant -2}; code size 64, frame 32.
inline constexpr absl::string_view kTest1X64 =
    "c0 02 20 0c 34 1e 70 11 00 11 c1 8f 09 0e 59 24 45 18 a4 00 00 00 00 ff ff ff ff 01";

}  // namespace frameproof::art_testing

#endif  // FRAMEPROOF_CORE_ART_CODE_INFO_TEST_SUPPORT_H_
