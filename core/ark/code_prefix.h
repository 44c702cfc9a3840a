#ifndef FRAMEPROOF_CORE_ARK_CODE_PREFIX_H_
#define FRAMEPROOF_CORE_ARK_CODE_PREFIX_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "core/ark/isa_layout.h"

namespace frameproof::ark {

// The 16 bytes before a compiled method's code (Ark's CodePrefix). A blob is
// [CodePrefix][pad to code alignment][code][pad][CodeInfo], every field little-endian.
struct CodePrefix {
  static constexpr uint32_t kMagic = 0xACCADECA;
  static constexpr size_t kSize = 16;
  // The CodeInfo starts on, and fills, a whole number of these (CodeInfo::ALIGNMENT).
  static constexpr uint32_t kCodeInfoAlignment = 8;

  uint32_t magic = kMagic;
  uint32_t code_size = 0;         // bytes of machine code
  uint32_t code_info_offset = 0;  // from the start of the prefix
  uint32_t code_info_size = 0;

  // Where the code starts: RoundUp(kSize, the ISA's code alignment), CodeInfo::GetCodeOffset.
  static uint32_t CodeOffset(const IsaLayout& isa);
  // The 16 bytes of this prefix.
  std::array<uint8_t, kSize> Encode() const;
  friend bool operator==(const CodePrefix&, const CodePrefix&) = default;
};

// A compiled-method blob, read: its prefix, and views of its code and its CodeInfo bytes.
struct CompiledMethod {
  CodePrefix prefix;
  absl::Span<const uint8_t> code;
  absl::Span<const uint8_t> code_info;
};

// Reads the blob in `bytes` (the prefix at byte 0). Validates all four fields against the blob:
// the magic; the code, from the ISA's code offset, inside it; the CodeInfo offset aligned to
// kCodeInfoAlignment, at or after the end of the code, and the CodeInfo inside the blob. Errors
// name the field and its byte offset.
absl::StatusOr<CompiledMethod> ReadCompiledMethod(absl::Span<const uint8_t> bytes,
                                                  const IsaLayout& isa);

// A blob of `code` and `code_info` laid out as Ark's AOT compiler does: the code at the ISA's
// code offset, the CodeInfo after the code rounded up to kCodeInfoAlignment.
std::vector<uint8_t> MakeCompiledMethod(absl::Span<const uint8_t> code,
                                        absl::Span<const uint8_t> code_info, const IsaLayout& isa);

// True if `bytes` starts with CodePrefix::kMagic.
bool StartsWithCodePrefix(absl::Span<const uint8_t> bytes);

}  // namespace frameproof::ark

#endif  // FRAMEPROOF_CORE_ARK_CODE_PREFIX_H_
