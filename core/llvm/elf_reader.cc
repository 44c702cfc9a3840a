#include "core/llvm/elf_reader.h"

#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"

namespace frameproof {
namespace {

// ELF64 header and section header fields (offsets from the ELF specification).
constexpr uint8_t kMagic[] = {0x7f, 'E', 'L', 'F'};
constexpr size_t kClassOffset = 4;
constexpr size_t kDataOffset = 5;
constexpr uint8_t kClass64 = 2;
constexpr uint8_t kDataLittle = 1;
constexpr uint8_t kDataBig = 2;
constexpr size_t kTypeOffset = 16;
constexpr size_t kMachineOffset = 18;
constexpr size_t kShOffOffset = 40;
constexpr size_t kShEntSizeOffset = 58;
constexpr size_t kShNumOffset = 60;
constexpr size_t kShStrNdxOffset = 62;
constexpr size_t kElfHeaderBytes = 64;
constexpr uint16_t kSectionHeaderSize = 64;
constexpr uint16_t kTypeRelocatable = 1;
constexpr size_t kShNameOffset = 0;
constexpr size_t kShTypeOffset = 4;
constexpr size_t kShOffsetOffset = 24;
constexpr size_t kShSizeOffset = 32;
constexpr uint32_t kShtNoBits = 8;

struct SectionHeader {
  uint32_t name = 0;
  uint32_t type = 0;
  uint64_t offset = 0;
  uint64_t size = 0;
};

absl::StatusOr<SectionHeader> ReadSectionHeader(const ByteReader& file, uint64_t table,
                                                uint32_t index) {
  const size_t at = table + uint64_t{index} * kSectionHeaderSize;
  SectionHeader header;
  const std::string field = absl::StrCat("section header ", index);
  FP_ASSIGN_OR_RETURN(header.name, file.Read<uint32_t>(at + kShNameOffset, field + " sh_name"));
  FP_ASSIGN_OR_RETURN(header.type, file.Read<uint32_t>(at + kShTypeOffset, field + " sh_type"));
  FP_ASSIGN_OR_RETURN(header.offset, file.Read<uint64_t>(at + kShOffsetOffset, field + " sh_offset"));
  FP_ASSIGN_OR_RETURN(header.size, file.Read<uint64_t>(at + kShSizeOffset, field + " sh_size"));
  if (header.type != kShtNoBits &&
      (header.offset > file.size() || file.size() - header.offset < header.size)) {
    return absl::OutOfRangeError(absl::StrCat("ELF ", field, " (at byte ", at, "): contents [",
                                              header.offset, ", +", header.size,
                                              ") run past the end of the ", file.size(),
                                              "-byte file"));
  }
  return header;
}

}  // namespace

absl::StatusOr<ElfSection> FindElfSection(absl::Span<const uint8_t> file, absl::string_view name) {
  if (file.size() < kElfHeaderBytes ||
      !std::equal(std::begin(kMagic), std::end(kMagic), file.begin())) {
    return absl::InvalidArgumentError("not an ELF file: no \\x7fELF magic in a 64-byte header");
  }
  if (file[kClassOffset] != kClass64) {
    return absl::InvalidArgumentError(
        absl::StrCat("ELF byte ", kClassOffset, ": class ", int{file[kClassOffset]},
                     " is not ELFCLASS64 (2); only 64-bit objects are read"));
  }
  if (file[kDataOffset] != kDataLittle && file[kDataOffset] != kDataBig) {
    return absl::InvalidArgumentError(absl::StrCat("ELF byte ", kDataOffset, ": data encoding ",
                                                   int{file[kDataOffset]}, " is neither LSB nor MSB"));
  }
  ElfSection result;
  result.order = file[kDataOffset] == kDataLittle ? ByteOrder::kLittle : ByteOrder::kBig;
  const ByteReader reader(file, result.order, "ELF file");
  FP_ASSIGN_OR_RETURN(const uint16_t type, reader.Read<uint16_t>(kTypeOffset, "e_type"));
  FP_ASSIGN_OR_RETURN(result.machine, reader.Read<uint16_t>(kMachineOffset, "e_machine"));
  result.relocatable = type == kTypeRelocatable;
  FP_ASSIGN_OR_RETURN(const uint64_t table, reader.Read<uint64_t>(kShOffOffset, "e_shoff"));
  FP_ASSIGN_OR_RETURN(const uint16_t entry_size, reader.Read<uint16_t>(kShEntSizeOffset, "e_shentsize"));
  FP_ASSIGN_OR_RETURN(const uint16_t count, reader.Read<uint16_t>(kShNumOffset, "e_shnum"));
  FP_ASSIGN_OR_RETURN(const uint16_t names_index, reader.Read<uint16_t>(kShStrNdxOffset, "e_shstrndx"));
  if (count == 0) return absl::NotFoundError("the ELF file has no section headers");
  if (entry_size != kSectionHeaderSize) {
    return absl::InvalidArgumentError(absl::StrCat("ELF byte ", kShEntSizeOffset, ": e_shentsize ",
                                                   entry_size, ", expected ", kSectionHeaderSize));
  }
  if (table > file.size() || (file.size() - table) / kSectionHeaderSize < count) {
    return absl::OutOfRangeError(absl::StrCat("ELF byte ", kShOffOffset, ": ", count,
                                              " section headers at byte ", table,
                                              " run past the end of the ", file.size(),
                                              "-byte file"));
  }
  if (names_index >= count) {
    return absl::OutOfRangeError(absl::StrCat("ELF byte ", kShStrNdxOffset, ": e_shstrndx ",
                                              names_index, " is not below e_shnum ", count));
  }
  FP_ASSIGN_OR_RETURN(const SectionHeader names, ReadSectionHeader(reader, table, names_index));
  const absl::Span<const uint8_t> strings = file.subspan(names.offset, names.size);
  for (uint32_t index = 0; index < count; ++index) {
    FP_ASSIGN_OR_RETURN(const SectionHeader header, ReadSectionHeader(reader, table, index));
    if (header.name >= strings.size()) {
      return absl::OutOfRangeError(absl::StrCat("ELF section header ", index, ": sh_name ",
                                                header.name, " is past the ", strings.size(),
                                                "-byte section name table"));
    }
    const absl::Span<const uint8_t> rest = strings.subspan(header.name);
    const auto end = std::find(rest.begin(), rest.end(), 0);
    if (end == rest.end()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "ELF section header ", index, ": its name at byte ", names.offset + header.name,
          " is not NUL-terminated"));
    }
    if (absl::string_view(reinterpret_cast<const char*>(rest.data()), end - rest.begin()) != name) {
      continue;
    }
    if (header.type == kShtNoBits) {
      return absl::InvalidArgumentError(absl::StrCat("section ", name, " has no contents (NOBITS)"));
    }
    result.bytes = file.subspan(header.offset, header.size);
    result.file_offset = header.offset;
    return result;
  }
  return absl::NotFoundError(absl::StrCat("no ", name, " section"));
}

}  // namespace frameproof
