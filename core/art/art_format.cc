#include "core/art/art_format.h"

namespace frameproof {

absl::string_view ArtFormatName(ArtFormat format) {
  switch (format) {
    case ArtFormat::kCurrent:
      return "current";
    case ArtFormat::kAndroid11:
      return "android11";
  }
  return "unknown";
}

std::optional<ArtFormat> ParseArtFormat(absl::string_view name) {
  for (const ArtFormat format : {ArtFormat::kCurrent, ArtFormat::kAndroid11}) {
    if (name == ArtFormatName(format)) return format;
  }
  return std::nullopt;
}

}  // namespace frameproof
