#ifndef FRAMEPROOF_CORE_ART_ART_FORMAT_H_
#define FRAMEPROOF_CORE_ART_ART_FORMAT_H_

#include <cstdint>
#include <optional>

#include "absl/strings/string_view.h"

namespace frameproof {

// Which release of ART's CodeInfo layout a buffer is in. Varints, bit tables, their order and
// bias, register maps and inline infos are the same in both; what differs is listed where the
// code makes each choice (code_info.h: header fields, flags, MethodInfo's columns, the catch
// lookup; code_info_table_deduper.h: what may be shared).
enum class ArtFormat : uint8_t {
  kCurrent,    // ART's main branch, byte for byte (../shared/conformance/art)
  kAndroid11,  // Android 11 (android11-release, 11.0.0_r48 as Debian's android-libart ships it)
};

// "current", "android11": the spelling of command-line flags and reports.
absl::string_view ArtFormatName(ArtFormat format);
std::optional<ArtFormat> ParseArtFormat(absl::string_view name);

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_ART_ART_FORMAT_H_
