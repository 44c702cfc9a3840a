#ifndef FRAMEPROOF_CORE_BASE_PLANTED_BUG_H_
#define FRAMEPROOF_CORE_BASE_PLANTED_BUG_H_

// Bugs that tests plant on purpose, to prove each oracle and fuzz target reports them.
//
// Only libraries built with FRAMEPROOF_PLANTED_BUGS (the *_planted CMake variants, linked by the
// "proves it bites" tests) contain the switch; in every other build FP_PLANTED_BUG(x) is the
// constant false and the faulty branch is compiled out.

#include <atomic>
#include <cstdint>

#include "absl/strings/string_view.h"

namespace frameproof {

enum class PlantedBug : uint8_t {
  kNone,
  kVarintPayloadOffByOne,       // varint payloads written one byte too short
  kDedupReturnsWrongRun,        // BitTableBuilder::Dedup returns the start after the match
  kSearchDistance31,            // register maps re-emitted after 31 maps, decoded 32 back
  kRegisterMaskShiftDropped,    // RegisterMask::GetMask ignores Shift
  kCatchMapFoundByNativePc,     // native-pc lookup stops skipping catch maps
  kDedupBackReferenceOffByOne,  // the table deduper points one bit too far back
};

inline absl::string_view PlantedBugName(PlantedBug bug) {
  switch (bug) {
    case PlantedBug::kNone:
      return "none";
    case PlantedBug::kVarintPayloadOffByOne:
      return "varint-payload-off-by-one";
    case PlantedBug::kDedupReturnsWrongRun:
      return "dedup-returns-wrong-run";
    case PlantedBug::kSearchDistance31:
      return "search-distance-31";
    case PlantedBug::kRegisterMaskShiftDropped:
      return "register-mask-shift-dropped";
    case PlantedBug::kCatchMapFoundByNativePc:
      return "catch-map-found-by-native-pc";
    case PlantedBug::kDedupBackReferenceOffByOne:
      return "dedup-back-reference-off-by-one";
  }
  return "unknown";
}

#ifdef FRAMEPROOF_PLANTED_BUGS
// The bug active in this process (tests set it; kNone by default).
inline std::atomic<PlantedBug> g_planted_bug{PlantedBug::kNone};
inline void PlantBug(PlantedBug bug) { g_planted_bug.store(bug, std::memory_order_relaxed); }
#define FP_PLANTED_BUG(name) \
  (::frameproof::g_planted_bug.load(std::memory_order_relaxed) == ::frameproof::PlantedBug::name)
#else
#define FP_PLANTED_BUG(name) false
#endif

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_BASE_PLANTED_BUG_H_
