#ifndef FRAMEPROOF_CORE_MOAR_BYTECODE_LAYOUT_H_
#define FRAMEPROOF_CORE_MOAR_BYTECODE_LAYOUT_H_

// Where things sit in a version-7 .moarvm file, shared by the reader and the writer. MoarVM's
// src/core/bytecode.c is the authority; the 2020.12 document in the seed lacks the mainline
// frame, the labeled handlers' extra register and the segment padding.

#include <cstddef>
#include <cstdint>

#include "absl/strings/string_view.h"

namespace frameproof::moar {

inline constexpr absl::string_view kMagic = "MOARVM\r\n";

// The header: 24 little-endian u32 after the magic (byte offsets).
inline constexpr size_t kVersionOffset = 8;
inline constexpr size_t kSegmentTableOffset = 12;  // 8 pairs: offset, then count or length
inline constexpr size_t kHllNameOffset = 76;
inline constexpr size_t kMainlineFrameOffset = 80;
inline constexpr size_t kMainFrameOffset = 84;
inline constexpr size_t kLoadFrameOffset = 88;
inline constexpr size_t kDeserializeFrameOffset = 92;
inline constexpr size_t kHeaderSize = 96;

// The segments, in the order the header lists them and the file holds them.
enum class Segment : uint8_t {
  kScDependencies,
  kExtensionOps,
  kFrames,
  kCallsites,
  kStrings,
  kScData,
  kBytecode,
  kAnnotations,
};
inline constexpr size_t kSegmentCount = 8;
absl::string_view SegmentName(Segment segment);

// Each segment starts on this boundary, zero-padded, and so does the end of the file.
inline constexpr size_t kSegmentAlignment = 8;
// Each string's bytes are zero-padded to this boundary.
inline constexpr size_t kStringAlignment = 4;

inline constexpr size_t kScDependencySize = 4;
inline constexpr size_t kExtensionOpSize = 12;  // name, then 8 operand descriptors
inline constexpr size_t kFrameRecordSize = 54;  // the fixed part of a frame
inline constexpr size_t kLexicalSize = 6;       // u16 type, u32 name
inline constexpr size_t kHandlerSize = 20;      // a labeled handler adds a u16 label register
inline constexpr size_t kStaticLexicalSize = 12;
inline constexpr size_t kDebugNameSize = 6;
inline constexpr size_t kAnnotationSize = 12;

// Byte offsets within a frame record.
inline constexpr size_t kFrameBytecodeOffset = 0;
inline constexpr size_t kFrameBytecodeLength = 4;
inline constexpr size_t kFrameLocalCount = 8;
inline constexpr size_t kFrameLexicalCount = 12;
inline constexpr size_t kFrameCuuid = 16;
inline constexpr size_t kFrameName = 20;
inline constexpr size_t kFrameOuter = 24;  // u16
inline constexpr size_t kFrameAnnotationOffset = 26;
inline constexpr size_t kFrameAnnotationCount = 30;
inline constexpr size_t kFrameHandlerCount = 34;
inline constexpr size_t kFrameFlags = 38;               // u16
inline constexpr size_t kFrameStaticLexicalCount = 40;  // u16
inline constexpr size_t kFrameCodeObjectScDependency = 42;
inline constexpr size_t kFrameCodeObjectScIndex = 46;
inline constexpr size_t kFrameDebugNameCount = 50;

// `value` rounded up to a multiple of `alignment` (a power of two).
constexpr uint64_t AlignUp(uint64_t value, uint64_t alignment) {
  return (value + alignment - 1) & ~(alignment - 1);
}

}  // namespace frameproof::moar

#endif  // FRAMEPROOF_CORE_MOAR_BYTECODE_LAYOUT_H_
