#include "core/moar/compilation_unit.h"

#include <string>

#include "absl/strings/string_view.h"
#include "core/moar/bytecode_layout.h"

namespace frameproof::moar {

bool IsWellFormedUtf8(absl::string_view bytes) {
  for (size_t i = 0; i < bytes.size();) {
    const uint8_t lead = static_cast<uint8_t>(bytes[i]);
    size_t length;
    uint32_t min;
    uint32_t code;
    if (lead < 0x80) {
      ++i;
      continue;
    } else if ((lead & 0xe0) == 0xc0) {
      length = 2, min = 0x80, code = lead & 0x1f;
    } else if ((lead & 0xf0) == 0xe0) {
      length = 3, min = 0x800, code = lead & 0x0f;
    } else if ((lead & 0xf8) == 0xf0) {
      length = 4, min = 0x10000, code = lead & 0x07;
    } else {
      return false;
    }
    if (bytes.size() - i < length) return false;
    for (size_t k = 1; k < length; ++k) {
      const uint8_t next = static_cast<uint8_t>(bytes[i + k]);
      if ((next & 0xc0) != 0x80) return false;
      code = (code << 6) | (next & 0x3f);
    }
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return false;
    i += length;
  }
  return true;
}

bool IsRegisterType(uint16_t value) {
  switch (static_cast<RegisterType>(value)) {
    case RegisterType::kInt8:
    case RegisterType::kInt16:
    case RegisterType::kInt32:
    case RegisterType::kInt64:
    case RegisterType::kNum32:
    case RegisterType::kNum64:
    case RegisterType::kStr:
    case RegisterType::kObj:
    case RegisterType::kUint8:
    case RegisterType::kUint16:
    case RegisterType::kUint32:
    case RegisterType::kUint64:
      return true;
  }
  return false;
}

std::optional<RegisterType> CallsiteArgumentType(uint8_t flags) {
  switch (flags & (kArgObj | kArgInt | kArgNum | kArgStr | kArgUint)) {
    case kArgObj:
      return RegisterType::kObj;
    case kArgInt:
      return RegisterType::kInt64;
    case kArgNum:
      return RegisterType::kNum64;
    case kArgStr:
      return RegisterType::kStr;
    case kArgUint:
      return RegisterType::kUint64;
    default:
      return std::nullopt;
  }
}

std::string HeapString::ToUtf8() const {
  if (utf8) return bytes;
  std::string text;
  text.reserve(bytes.size());
  for (const char c : bytes) {
    const uint8_t byte = static_cast<uint8_t>(c);
    if (byte < 0x80) {
      text.push_back(c);
    } else {
      text.push_back(static_cast<char>(0xc0 | (byte >> 6)));
      text.push_back(static_cast<char>(0x80 | (byte & 0x3f)));
    }
  }
  return text;
}

absl::string_view SegmentName(Segment segment) {
  switch (segment) {
    case Segment::kScDependencies:
      return "sc_dependencies";
    case Segment::kExtensionOps:
      return "extension_ops";
    case Segment::kFrames:
      return "frames";
    case Segment::kCallsites:
      return "callsites";
    case Segment::kStrings:
      return "strings";
    case Segment::kScData:
      return "sc_data";
    case Segment::kBytecode:
      return "bytecode";
    case Segment::kAnnotations:
      return "annotations";
  }
  return "unknown segment";
}

}  // namespace frameproof::moar
