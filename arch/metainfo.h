#ifndef FRAMEPROOF_ARCH_METAINFO_H_
#define FRAMEPROOF_ARCH_METAINFO_H_

#include <array>
#include <cstdint>

#include "core/base/enum_names.h"

namespace frameproof {

// The metadata a lowered method describes its safepoints in, and the stack walk that reads it:
// Ark's CodeInfo (CodeInfoBuilder; CFrame slots, Ark's register numbers) or ART's (StackMapStream;
// sp-relative stack offsets, hardware register numbers).
enum class Metainfo : uint8_t { kArk, kArt };

inline constexpr EnumNameTable<Metainfo, 2> kMetainfoNames = {{
    {Metainfo::kArk, "ark"},
    {Metainfo::kArt, "art"},
}};
static_assert(NamesEachOnce(kMetainfoNames));

inline constexpr std::array<Metainfo, 2> kAllMetainfos = {Metainfo::kArk, Metainfo::kArt};

// The resolvers are Ark's, so Ark's metainfo describes their callers unless told otherwise.
inline constexpr Metainfo kDefaultMetainfo = Metainfo::kArk;

}  // namespace frameproof

#endif  // FRAMEPROOF_ARCH_METAINFO_H_
