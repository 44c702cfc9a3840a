#include "core/llvm/stack_map_section.h"

#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"

namespace frameproof {
namespace {

constexpr size_t kSectionHeaderBytes = 16;
constexpr size_t kNumFunctionsOffset = 4;
constexpr size_t kNumConstantsOffset = 8;
constexpr size_t kNumRecordsOffset = 12;
constexpr size_t kFunctionSize = 24;
constexpr size_t kConstantSize = 8;
constexpr size_t kRecordHeaderSize = 16;
constexpr size_t kLocationSize = 12;
constexpr size_t kLiveOutSize = 4;
// The smallest record: its header, then (aligned) the padding and live-out count words.
constexpr size_t kMinRecordSize = 24;

constexpr uint64_t AlignTo8(uint64_t value) { return (value + 7) & ~uint64_t{7}; }

absl::StatusOr<LlvmLocation> ReadLocation(const ByteReader& reader, size_t at,
                                          size_t constant_count, const std::string& name) {
  LlvmLocation location;
  FP_ASSIGN_OR_RETURN(const uint8_t kind, reader.Read<uint8_t>(at, name + " kind"));
  if (kind < static_cast<uint8_t>(LlvmLocationKind::kRegister) ||
      kind > static_cast<uint8_t>(LlvmLocationKind::kConstantIndex)) {
    return absl::InvalidArgumentError(absl::StrCat(".llvm_stackmaps byte ", at, ": ", name,
                                                   " has unknown kind ", int{kind},
                                                   " (1 Register .. 5 ConstantIndex)"));
  }
  location.kind = static_cast<LlvmLocationKind>(kind);
  FP_ASSIGN_OR_RETURN(location.size, reader.Read<uint16_t>(at + 2, name + " size"));
  FP_ASSIGN_OR_RETURN(location.dwarf_register, reader.Read<uint16_t>(at + 4, name + " register"));
  FP_ASSIGN_OR_RETURN(const uint32_t raw, reader.Read<uint32_t>(at + 8, name + " offset"));
  location.offset_or_small_constant = static_cast<int32_t>(raw);
  if (location.kind == LlvmLocationKind::kConstantIndex && raw >= constant_count) {
    return absl::OutOfRangeError(absl::StrCat(".llvm_stackmaps byte ", at + 8, ": ", name,
                                              " names constant #", raw, ", but the pool has ",
                                              constant_count));
  }
  return location;
}

}  // namespace

absl::string_view LlvmLocationKindName(LlvmLocationKind kind) {
  switch (kind) {
    case LlvmLocationKind::kRegister:
      return "Register";
    case LlvmLocationKind::kDirect:
      return "Direct";
    case LlvmLocationKind::kIndirect:
      return "Indirect";
    case LlvmLocationKind::kConstant:
      return "Constant";
    case LlvmLocationKind::kConstantIndex:
      return "ConstantIndex";
  }
  return "";
}

size_t LlvmStackMaps::FirstRecordOf(size_t function) const {
  size_t first = 0;
  for (size_t i = 0; i < function; ++i) first += functions[i].record_count;
  return first;
}

absl::StatusOr<LlvmStackMaps> ParseLlvmStackMaps(absl::Span<const uint8_t> section,
                                                 ByteOrder order) {
  const ByteReader reader(section, order, ".llvm_stackmaps");
  if (section.size() < kSectionHeaderBytes) {
    return absl::InvalidArgumentError(absl::StrCat(".llvm_stackmaps: the section has ",
                                                   section.size(), " bytes, fewer than its ",
                                                   kSectionHeaderBytes, "-byte header"));
  }
  if (section[0] != kLlvmStackMapVersion) {
    return absl::InvalidArgumentError(absl::StrCat(".llvm_stackmaps byte 0: version ", int{section[0]},
                                                   " is unsupported; frameproof reads version ",
                                                   int{kLlvmStackMapVersion}));
  }
  FP_ASSIGN_OR_RETURN(const uint32_t num_functions,
                      reader.Read<uint32_t>(kNumFunctionsOffset, "NumFunctions"));
  FP_ASSIGN_OR_RETURN(const uint32_t num_constants,
                      reader.Read<uint32_t>(kNumConstantsOffset, "NumConstants"));
  FP_ASSIGN_OR_RETURN(const uint32_t num_records,
                      reader.Read<uint32_t>(kNumRecordsOffset, "NumRecords"));
  // Counts are checked against the bytes before anything is reserved.
  const uint64_t tables = uint64_t{num_functions} * kFunctionSize +
                          uint64_t{num_constants} * kConstantSize +
                          uint64_t{num_records} * kMinRecordSize;
  if (tables > section.size() - kSectionHeaderBytes) {
    return absl::OutOfRangeError(absl::StrCat(
        ".llvm_stackmaps byte ", kNumFunctionsOffset, ": ", num_functions, " functions, ",
        num_constants, " constants and ", num_records, " records need at least ", tables,
        " bytes after the header, but the section has ", section.size() - kSectionHeaderBytes));
  }
  LlvmStackMaps maps;
  size_t at = kSectionHeaderBytes;
  uint64_t records_claimed = 0;
  maps.functions.resize(num_functions);
  for (uint32_t i = 0; i < num_functions; ++i, at += kFunctionSize) {
    LlvmStackMapFunction& function = maps.functions[i];
    const std::string name = absl::StrCat("function ", i);
    FP_ASSIGN_OR_RETURN(function.address, reader.Read<uint64_t>(at, name + " address"));
    FP_ASSIGN_OR_RETURN(function.stack_size, reader.Read<uint64_t>(at + 8, name + " stack size"));
    FP_ASSIGN_OR_RETURN(function.record_count, reader.Read<uint64_t>(at + 16, name + " record count"));
    records_claimed += function.record_count;
    if (function.record_count > num_records || records_claimed > num_records) {
      return absl::OutOfRangeError(absl::StrCat(".llvm_stackmaps byte ", at + 16, ": function ", i,
                                                " claims ", function.record_count,
                                                " records; the functions claim more than the ",
                                                num_records, " NumRecords says"));
    }
  }
  if (records_claimed != num_records) {
    return absl::InvalidArgumentError(absl::StrCat(".llvm_stackmaps: the functions' record counts sum to ",
                                                   records_claimed, ", but NumRecords is ",
                                                   num_records));
  }
  maps.constants.resize(num_constants);
  for (uint32_t i = 0; i < num_constants; ++i, at += kConstantSize) {
    FP_ASSIGN_OR_RETURN(maps.constants[i], reader.Read<uint64_t>(at, absl::StrCat("constant #", i)));
  }
  maps.records.resize(num_records);
  for (uint32_t r = 0; r < num_records; ++r) {
    LlvmStackMapRecord& record = maps.records[r];
    const std::string name = absl::StrCat("record ", r);
    record.section_offset = at;
    FP_ASSIGN_OR_RETURN(record.id, reader.Read<uint64_t>(at, name + " ID"));
    FP_ASSIGN_OR_RETURN(record.instruction_offset,
                        reader.Read<uint32_t>(at + 8, name + " instruction offset"));
    FP_ASSIGN_OR_RETURN(record.flags, reader.Read<uint16_t>(at + 12, name + " flags"));
    FP_ASSIGN_OR_RETURN(const uint16_t num_locations,
                        reader.Read<uint16_t>(at + 14, name + " NumLocations"));
    const uint64_t locations_end = at + kRecordHeaderSize + uint64_t{num_locations} * kLocationSize;
    if (locations_end > section.size()) {
      return absl::OutOfRangeError(absl::StrCat(".llvm_stackmaps byte ", at + 14, ": ", name,
                                                " has ", num_locations,
                                                " locations, which run past the section's ",
                                                section.size(), " bytes"));
    }
    record.locations.reserve(num_locations);
    for (uint16_t l = 0; l < num_locations; ++l) {
      FP_ASSIGN_OR_RETURN(LlvmLocation location,
                          ReadLocation(reader, at + kRecordHeaderSize + l * kLocationSize,
                                       num_constants, absl::StrCat(name, " location #", l + 1)));
      record.locations.push_back(location);
    }
    const uint64_t live_out_header = AlignTo8(locations_end);
    FP_ASSIGN_OR_RETURN(const uint16_t num_live_outs,
                        reader.Read<uint16_t>(live_out_header + 2, name + " NumLiveOuts"));
    const uint64_t live_outs_end = live_out_header + 4 + uint64_t{num_live_outs} * kLiveOutSize;
    if (live_outs_end > section.size()) {
      return absl::OutOfRangeError(absl::StrCat(".llvm_stackmaps byte ", live_out_header + 2, ": ",
                                                name, " has ", num_live_outs,
                                                " live-outs, which run past the section's ",
                                                section.size(), " bytes"));
    }
    record.live_outs.reserve(num_live_outs);
    for (uint16_t l = 0; l < num_live_outs; ++l) {
      const size_t live_out_at = live_out_header + 4 + l * kLiveOutSize;
      LlvmLiveOut live_out;
      FP_ASSIGN_OR_RETURN(live_out.dwarf_register,
                          reader.Read<uint16_t>(live_out_at, absl::StrCat(name, " live-out ", l)));
      FP_ASSIGN_OR_RETURN(live_out.size, reader.Read<uint8_t>(live_out_at + 3,
                                                              absl::StrCat(name, " live-out ", l)));
      record.live_outs.push_back(live_out);
    }
    at = AlignTo8(live_outs_end);
  }
  return maps;
}

}  // namespace frameproof
