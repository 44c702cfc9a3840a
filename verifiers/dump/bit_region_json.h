#ifndef FRAMEPROOF_VERIFIERS_DUMP_BIT_REGION_JSON_H_
#define FRAMEPROOF_VERIFIERS_DUMP_BIT_REGION_JSON_H_

#include "core/bits/bit_memory_region.h"
#include "nlohmann/json.hpp"

namespace frameproof {

// The indices of the set bits of `region`, ascending; [] for an absent region. Bitmap rows
// (stack masks, register and vreg masks) appear this way in every dialect's dump.
inline nlohmann::json SetBitsToJson(const BitMemoryRegion& region) {
  nlohmann::json bits = nlohmann::json::array();
  if (!region.IsValid()) return bits;
  for (size_t i = 0; i < region.size_in_bits(); ++i) {
    if (region.LoadBit(i)) bits.push_back(i);
  }
  return bits;
}

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_DUMP_BIT_REGION_JSON_H_
