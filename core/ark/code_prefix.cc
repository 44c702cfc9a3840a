#include "core/ark/code_prefix.h"

#include <algorithm>

#include "absl/base/internal/endian.h"
#include "absl/strings/str_cat.h"

namespace frameproof::ark {
namespace {

constexpr size_t kMagicOffset = 0;
constexpr size_t kCodeSizeOffset = 4;
constexpr size_t kCodeInfoOffsetOffset = 8;
constexpr size_t kCodeInfoSizeOffset = 12;

uint64_t RoundUp(uint64_t value, uint64_t alignment) {
  return (value + alignment - 1) / alignment * alignment;
}

absl::Status FieldError(absl::string_view field, size_t offset, absl::string_view problem) {
  return absl::InvalidArgumentError(
      absl::StrCat("CodePrefix field ", field, " (byte ", offset, "): ", problem));
}

}  // namespace

uint32_t CodePrefix::CodeOffset(const IsaLayout& isa) {
  return static_cast<uint32_t>(RoundUp(kSize, isa.code_alignment));
}

std::array<uint8_t, CodePrefix::kSize> CodePrefix::Encode() const {
  std::array<uint8_t, kSize> bytes;
  absl::little_endian::Store32(bytes.data() + kMagicOffset, magic);
  absl::little_endian::Store32(bytes.data() + kCodeSizeOffset, code_size);
  absl::little_endian::Store32(bytes.data() + kCodeInfoOffsetOffset, code_info_offset);
  absl::little_endian::Store32(bytes.data() + kCodeInfoSizeOffset, code_info_size);
  return bytes;
}

bool StartsWithCodePrefix(absl::Span<const uint8_t> bytes) {
  return bytes.size() >= sizeof(uint32_t) &&
         absl::little_endian::Load32(bytes.data() + kMagicOffset) == CodePrefix::kMagic;
}

absl::StatusOr<CompiledMethod> ReadCompiledMethod(absl::Span<const uint8_t> bytes,
                                                  const IsaLayout& isa) {
  if (bytes.size() < CodePrefix::kSize) {
    return absl::OutOfRangeError(absl::StrCat("CodePrefix: the blob has ", bytes.size(),
                                              " bytes; the prefix alone takes ",
                                              CodePrefix::kSize));
  }
  CompiledMethod method;
  CodePrefix& prefix = method.prefix;
  prefix.magic = absl::little_endian::Load32(bytes.data() + kMagicOffset);
  prefix.code_size = absl::little_endian::Load32(bytes.data() + kCodeSizeOffset);
  prefix.code_info_offset = absl::little_endian::Load32(bytes.data() + kCodeInfoOffsetOffset);
  prefix.code_info_size = absl::little_endian::Load32(bytes.data() + kCodeInfoSizeOffset);
  if (prefix.magic != CodePrefix::kMagic) {
    return FieldError(
        "magic", kMagicOffset,
        absl::StrCat("0x", absl::Hex(prefix.magic), " is not 0x", absl::Hex(CodePrefix::kMagic)));
  }
  const uint64_t code_start = CodePrefix::CodeOffset(isa);
  const uint64_t code_end = code_start + prefix.code_size;
  if (code_end > bytes.size()) {
    return FieldError("codeSize", kCodeSizeOffset,
                      absl::StrCat(prefix.code_size, " bytes of code from byte ", code_start,
                                   " run past the end of the ", bytes.size(), "-byte blob"));
  }
  if (prefix.code_info_offset % CodePrefix::kCodeInfoAlignment != 0) {
    return FieldError("codeInfoOffset", kCodeInfoOffsetOffset,
                      absl::StrCat(prefix.code_info_offset, " is not a multiple of ",
                                   CodePrefix::kCodeInfoAlignment));
  }
  if (prefix.code_info_offset < code_end) {
    return FieldError(
        "codeInfoOffset", kCodeInfoOffsetOffset,
        absl::StrCat(prefix.code_info_offset,
                     " points inside the prefix or the code, which end at byte ", code_end));
  }
  if (uint64_t{prefix.code_info_offset} + prefix.code_info_size > bytes.size()) {
    return FieldError(
        "codeInfoSize", kCodeInfoSizeOffset,
        absl::StrCat(prefix.code_info_size, " bytes from byte ", prefix.code_info_offset,
                     " run past the end of the ", bytes.size(), "-byte blob"));
  }
  method.code = bytes.subspan(code_start, prefix.code_size);
  method.code_info = bytes.subspan(prefix.code_info_offset, prefix.code_info_size);
  return method;
}

std::vector<uint8_t> MakeCompiledMethod(absl::Span<const uint8_t> code,
                                        absl::Span<const uint8_t> code_info, const IsaLayout& isa) {
  const uint32_t code_start = CodePrefix::CodeOffset(isa);
  CodePrefix prefix;
  prefix.code_size = static_cast<uint32_t>(code.size());
  prefix.code_info_offset =
      static_cast<uint32_t>(RoundUp(code_start + code.size(), CodePrefix::kCodeInfoAlignment));
  prefix.code_info_size = static_cast<uint32_t>(code_info.size());
  std::vector<uint8_t> blob(prefix.code_info_offset + code_info.size(), 0);
  const std::array<uint8_t, CodePrefix::kSize> header = prefix.Encode();
  std::copy(header.begin(), header.end(), blob.begin());
  std::copy(code.begin(), code.end(), blob.begin() + code_start);
  std::copy(code_info.begin(), code_info.end(), blob.begin() + prefix.code_info_offset);
  return blob;
}

}  // namespace frameproof::ark
