#ifndef FRAMEPROOF_CORE_LLVM_ELF_READER_H_
#define FRAMEPROOF_CORE_LLVM_ELF_READER_H_

// Just enough ELF64 to find a section by name, in relocatable and linked objects of either byte
// order. Malformed files get an error naming the field and its byte offset.

#include <cstdint>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "core/base/internal/byte_reader.h"

namespace frameproof {

// ELF e_machine values frameproof knows.
inline constexpr uint16_t kElfMachineX86_64 = 62;
inline constexpr uint16_t kElfMachineAArch64 = 183;

struct ElfSection {
  absl::Span<const uint8_t> bytes;  // the section's contents, within the file
  size_t file_offset = 0;
  uint16_t machine = 0;  // e_machine
  ByteOrder order = ByteOrder::kLittle;
  bool relocatable = false;  // ET_REL: function addresses are still 0, awaiting relocations
};

// The first section named `name` in the ELF64 file `file`. NOT_FOUND if there is none.
absl::StatusOr<ElfSection> FindElfSection(absl::Span<const uint8_t> file, absl::string_view name);

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_LLVM_ELF_READER_H_
