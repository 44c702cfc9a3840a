// Decoding: the trusted fast path, the validating path, and the header-only reads.

#include "core/art/code_info.h"

#include <string>
#include <type_traits>
#include <utility>

#include "absl/base/attributes.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "core/base/planted_bug.h"
#include "core/base/status_macros.h"
#include "core/bits/bit_memory_reader.h"
#include "core/bits/checked_bit_reader.h"

namespace frameproof {

absl::string_view BitTableName(BitTableId id) {
  switch (id) {
    case BitTableId::kStackMap:
      return StackMap::kTableName;
    case BitTableId::kRegisterMask:
      return RegisterMask::kTableName;
    case BitTableId::kStackMask:
      return StackMask::kTableName;
    case BitTableId::kInlineInfo:
      return InlineInfo::kTableName;
    case BitTableId::kMethodInfo:
      return MethodInfo::kTableName;
    case BitTableId::kDexRegisterMask:
      return DexRegisterMask::kTableName;
    case BitTableId::kDexRegisterMapInfo:
      return DexRegisterMapInfo::kTableName;
    case BitTableId::kDexRegisterInfo:
      return DexRegisterInfo::kTableName;
  }
  return "Unknown";
}

absl::string_view CodeInfoFlagName(CodeInfoFlag flag) {
  switch (flag) {
    case kHasInlineInfo:
      return "HasInlineInfo";
    case kHasShouldDeoptimizeFlag:
      return "HasShouldDeoptimizeFlag";
    case kIsBaseline:
      return "IsBaseline";
    case kIsDebuggable:
      return "IsDebuggable";
  }
  return "unknown";
}

std::array<uint32_t, CodeInfoHeader::kNumFields> CodeInfoHeader::AsArray() const {
  return {flags,           code_size,     packed_frame_size,
          core_spill_mask, fp_spill_mask, number_of_dex_registers,
          bit_table_flags};
}

namespace {

// Whether the planted bug that swaps Android 11's spill masks, in the writer and the readers
// alike, is on: frameproof then agrees with itself and only libart can tell.
bool SpillMasksSwapped(ArtFormat format) {
  return format == ArtFormat::kAndroid11 && FP_PLANTED_BUG(kAndroid11HeaderSwapsSpillMasks);
}

// The header `kFormat` encodes as `encoded`.
template <ArtFormat kFormat>
ABSL_ATTRIBUTE_ALWAYS_INLINE inline CodeInfoHeader HeaderAsRead(
    const std::array<uint32_t, CodeInfoHeader::NumEncodedFields(kFormat)>& encoded) {
  CodeInfoHeader header = CodeInfoHeader::FromEncoded<kFormat>(encoded);
  if (SpillMasksSwapped(kFormat)) std::swap(header.core_spill_mask, header.fp_spill_mask);
  return header;
}

}  // namespace

absl::InlinedVector<uint32_t, CodeInfoHeader::kNumFields> CodeInfoHeader::Encoded(
    ArtFormat format) const {
  std::array<uint32_t, kNumFields> fields = AsArray();
  if (SpillMasksSwapped(format)) std::swap(fields[3], fields[4]);
  absl::InlinedVector<uint32_t, kNumFields> encoded;
  for (size_t i = 0; i < NumEncodedFields(format); ++i) {
    encoded.push_back(fields[EncodedField(format, i)]);
  }
  return encoded;
}

void CodeInfo::KeepSubset(Subset subset) {
  subset_ = subset;
  if (subset == Subset::kAll) return;
  ForEachBitTable(*this, [this](BitTableId id, auto& table) {
    if (!Keeps(id)) table = std::remove_reference_t<decltype(table)>();
  });
}

namespace {

// The columns of `Table`, with id `kId`, that `kFormat` encodes.
template <ArtFormat kFormat, BitTableId kId, typename Table>
inline constexpr size_t kEncodedColumnsOf =
    CodeInfo::EncodedColumns(kFormat, kId, Table::kColumnCount);

// Where a table's back-reference of `distance` bits, read at bit `varint_start`, points: the
// distance counts from where its own varint starts.
size_t BackReferenceTarget(uint32_t distance, size_t varint_start) {
  return varint_start - distance + (FP_PLANTED_BUG(kBackReferenceBiasedByOne) ? 1 : 0);
}

}  // namespace

template <CodeInfo::Subset kSubset, ArtFormat kFormat>
CodeInfo CodeInfo::DecodeTrustedSubset(absl::Span<const uint8_t> buffer, size_t offset) {
  CodeInfo info;
  info.subset_ = kSubset;
  info.format_ = kFormat;
  const size_t start = offset * kBitsPerByte;
  BitMemoryReader reader(buffer, start);
  info.header_ = HeaderAsRead<kFormat>(
      reader.ReadInterleavedVarints<CodeInfoHeader::NumEncodedFields(kFormat)>());
  // Inline, so that `id` is a constant in each call and the branches on it fold away.
  ForEachBitTable(info, [&](auto id_constant, auto& table) ABSL_ATTRIBUTE_ALWAYS_INLINE {
    constexpr BitTableId id = decltype(id_constant)::value;
    using Table = std::remove_reference_t<decltype(table)>;
    constexpr size_t kColumns = kEncodedColumnsOf<kFormat, id, Table>;
    info.table_bit_starts_[static_cast<size_t>(id)] = reader.position() - start;
    if (id > LastTableRead(kSubset) || !info.header_.HasBitTable(id)) return;
    const bool deduped = info.header_.IsBitTableDeduped(id);
    if (!SubsetKeeps(kSubset, id)) {
      // Only the cursor moves: the compiler drops this table's shape and data view.
      if (deduped) {
        reader.ReadVarint();
      } else {
        Table().template Decode<kColumns>(reader);
      }
    } else if (deduped) {
      const size_t varint_start = reader.position();
      BitMemoryReader target(buffer, BackReferenceTarget(reader.ReadVarint(), varint_start));
      table.template Decode<kColumns>(target);
    } else {
      table.template Decode<kColumns>(reader);
    }
  });
  info.bit_size_ = reader.position() - start;
  info.table_bit_starts_[kNumBitTables] = info.bit_size_;
  return info;
}

template <ArtFormat kFormat>
CodeInfo CodeInfo::DecodeTrustedIn(absl::Span<const uint8_t> buffer, size_t offset,
                                   Subset subset) {
  switch (subset) {
    case Subset::kAll:
      break;
    case Subset::kGcMasksOnly:
      return DecodeTrustedSubset<Subset::kGcMasksOnly, kFormat>(buffer, offset);
    case Subset::kInlineInfoOnly:
      return DecodeTrustedSubset<Subset::kInlineInfoOnly, kFormat>(buffer, offset);
  }
  return DecodeTrustedSubset<Subset::kAll, kFormat>(buffer, offset);
}

CodeInfo CodeInfo::DecodeTrusted(absl::Span<const uint8_t> buffer, size_t offset, Subset subset,
                                 ArtFormat format) {
  if (format == ArtFormat::kAndroid11) [[unlikely]] {
    return DecodeTrustedIn<ArtFormat::kAndroid11>(buffer, offset, subset);
  }
  return DecodeTrustedIn<ArtFormat::kCurrent>(buffer, offset, subset);
}

namespace {

// One presence bit per table in the low byte, one dedup bit per table above it.
constexpr uint32_t kPresentTableFlags = (1u << kNumBitTables) - 1;
constexpr uint32_t kKnownBitTableFlags = (1u << (2 * kNumBitTables)) - 1;

// The first rule of this codec that a header breaks, in the order HeaderError reports them.
enum class HeaderProblem : uint8_t {
  kNone,
  kUnknownFlags,
  kUnknownBitTableFlags,
  kAbsentTableDeduplicated,
  kTooManyDexRegisters,
};

// A few compares, inline: the success path of a header read decides with this alone.
HeaderProblem FirstHeaderProblem(const CodeInfoHeader& header, ArtFormat format) {
  const uint32_t deduped = header.bit_table_flags >> kDedupedTableFlagShift;
  const uint32_t present = header.bit_table_flags & kPresentTableFlags;
  if ((header.flags & ~KnownFlags(format)) != 0) return HeaderProblem::kUnknownFlags;
  if ((header.bit_table_flags & ~kKnownBitTableFlags) != 0) {
    return HeaderProblem::kUnknownBitTableFlags;
  }
  if ((deduped & ~present) != 0) return HeaderProblem::kAbsentTableDeduplicated;
  if (header.number_of_dex_registers > kMaxDexRegistersPerMethod) {
    return HeaderProblem::kTooManyDexRegisters;
  }
  return HeaderProblem::kNone;
}

// The error naming `problem` of `header`, read at bit offset `start`. Out of line, so that the
// success path builds no strings and stays small.
[[gnu::cold]] [[gnu::noinline]] absl::Status HeaderError(const CodeInfoHeader& header,
                                                         ArtFormat format, size_t start,
                                                         HeaderProblem problem) {
  const std::string at = absl::StrCat("CodeInfo header at bit offset ", start, ": field ");
  switch (problem) {
    case HeaderProblem::kNone:
      break;
    case HeaderProblem::kUnknownFlags:
      return absl::InvalidArgumentError(
          absl::StrCat(at, "flags has unknown bits 0x",
                       absl::Hex(header.flags & ~KnownFlags(format)), " (the ",
                       ArtFormatName(format), " format defines 0x", absl::Hex(KnownFlags(format)),
                       ")"));
    case HeaderProblem::kUnknownBitTableFlags:
      return absl::InvalidArgumentError(
          absl::StrCat(at, "bit_table_flags 0x", absl::Hex(header.bit_table_flags),
                       " has bits above the 8 presence and 8 dedup bits"));
    case HeaderProblem::kAbsentTableDeduplicated:
      return absl::InvalidArgumentError(
          absl::StrCat(at, "bit_table_flags 0x", absl::Hex(header.bit_table_flags),
                       " marks an absent table as deduplicated"));
    case HeaderProblem::kTooManyDexRegisters:
      return absl::InvalidArgumentError(
          absl::StrCat(at, "number_of_dex_registers is ", header.number_of_dex_registers,
                       ", more than the dex format's ", kMaxDexRegistersPerMethod));
  }
  return absl::OkStatus();
}

// Reads and checks the header at the cursor into `header` (an out-parameter rather than a
// StatusOr, which the header-only reads would copy through two returns).
template <ArtFormat kFormat>
ABSL_ATTRIBUTE_ALWAYS_INLINE inline absl::Status ReadCheckedHeader(CheckedBitReader& reader,
                                                                    CodeInfoHeader& header) {
  const size_t start = reader.position();
  std::array<uint32_t, CodeInfoHeader::NumEncodedFields(kFormat)> fields;
  FP_RETURN_IF_ERROR(reader.ReadInterleavedVarints(absl::MakeSpan(fields), [](size_t i) {
    return absl::StrCat("CodeInfo header field ",
                        CodeInfoHeader::kFieldNames[CodeInfoHeader::EncodedField(kFormat, i)]);
  }));
  header = HeaderAsRead<kFormat>(fields);
  if (const HeaderProblem problem = FirstHeaderProblem(header, kFormat);
      problem != HeaderProblem::kNone) [[unlikely]] {
    return HeaderError(header, kFormat, start, problem);
  }
  return absl::OkStatus();
}

ABSL_ATTRIBUTE_ALWAYS_INLINE inline absl::Status ReadCheckedHeader(CheckedBitReader& reader,
                                                                    ArtFormat format,
                                                                    CodeInfoHeader& header) {
  if (format == ArtFormat::kAndroid11) [[unlikely]] {
    return ReadCheckedHeader<ArtFormat::kAndroid11>(reader, header);
  }
  return ReadCheckedHeader<ArtFormat::kCurrent>(reader, header);
}

// The first rule that a table's back-reference of `distance` bits, read at bit `varint_start` of
// the buffer, breaks: it must point backwards, and not past the buffer's first bit.
enum class BackReferenceProblem : uint8_t { kNone, kPointsNowhere, kBeforeBuffer };

BackReferenceProblem FirstBackReferenceProblem(uint32_t distance, size_t varint_start) {
  if (distance == 0) return BackReferenceProblem::kPointsNowhere;
  if (distance > varint_start) return BackReferenceProblem::kBeforeBuffer;
  return BackReferenceProblem::kNone;
}

[[gnu::cold]] [[gnu::noinline]] absl::Status OffsetError(absl::Span<const uint8_t> buffer,
                                                         size_t offset) {
  return absl::OutOfRangeError(absl::StrCat("CodeInfo offset ", offset, " is not inside the ",
                                            buffer.size(), "-byte buffer"));
}

absl::Status CheckOffset(absl::Span<const uint8_t> buffer, size_t offset) {
  if (offset >= buffer.size()) [[unlikely]] return OffsetError(buffer, offset);
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<CodeInfo> CodeInfo::Decode(absl::Span<const uint8_t> buffer, size_t offset,
                                          Subset subset, ArtFormat format) {
  CodeInfo info;
  FP_RETURN_IF_ERROR(OpenTables(buffer, offset, Subset::kAll, format, info));
  FP_RETURN_IF_ERROR(info.Validate(buffer));
  info.KeepSubset(subset);
  return info;
}

struct CodeInfo::OpenStop {
  enum class Step : uint8_t { kOffset, kHeader, kBackReference, kTable };
  Step step = Step::kOffset;
  BitTableId table = BitTableId::kStackMap;
  // Bits from the start of the buffer to where the step's read began.
  size_t bit_position = 0;
};

absl::Status CodeInfo::OpenTables(absl::Span<const uint8_t> buffer, size_t offset,
                                  Subset subset, ArtFormat format, CodeInfo& info) {
  OpenStop stop;
  if (format == ArtFormat::kCurrent) [[likely]] {
    if (ScreenTables<ArtFormat::kCurrent>(buffer, offset, subset, info, stop)) [[likely]] {
      return absl::OkStatus();
    }
  } else if (ScreenTablesAndroid11(buffer, offset, subset, info, stop)) {
    return absl::OkStatus();
  }
  return ExplainOpenStop(buffer, offset, format, stop);
}

// Out of line, so that today's format keeps the open it had before there were two.
bool CodeInfo::ScreenTablesAndroid11(absl::Span<const uint8_t> buffer, size_t offset,
                                     Subset subset, CodeInfo& info, OpenStop& stop) {
  return ScreenTables<ArtFormat::kAndroid11>(buffer, offset, subset, info, stop);
}

// One pass with no status or string on the way: every check is a compare, and a failure only
// records where it happened. A back-reference must point backwards into the buffer; the table it
// points to is checked as if it stood there.
template <ArtFormat kFormat>
bool CodeInfo::ScreenTables(absl::Span<const uint8_t> buffer, size_t offset, Subset subset,
                            CodeInfo& info, OpenStop& stop) {
  if (offset >= buffer.size()) [[unlikely]] {
    stop = {OpenStop::Step::kOffset};
    return false;
  }
  info.format_ = kFormat;
  const size_t start = offset * kBitsPerByte;
  CheckedBitReader reader(buffer, start);
  std::array<uint32_t, CodeInfoHeader::NumEncodedFields(kFormat)> fields;
  if (!reader.TryReadInterleavedVarints(absl::MakeSpan(fields))) [[unlikely]] {
    stop = {OpenStop::Step::kHeader, BitTableId::kStackMap, start};
    return false;
  }
  info.header_ = HeaderAsRead<kFormat>(fields);
  if (FirstHeaderProblem(info.header_, kFormat) != HeaderProblem::kNone) [[unlikely]] {
    stop = {OpenStop::Step::kHeader, BitTableId::kStackMap, start};
    return false;
  }
  bool ok = true;
  const BitTableId last = LastTableRead(subset);
  // Inline: out of line, each table's screening became a call of its own (+15-25% per open).
  ForEachBitTable(info, [&](auto id_constant, auto& table) ABSL_ATTRIBUTE_ALWAYS_INLINE {
    constexpr BitTableId id = decltype(id_constant)::value;
    using Table = std::remove_reference_t<decltype(table)>;
    if (!ok) return;
    info.table_bit_starts_[static_cast<size_t>(id)] = reader.position() - start;
    if (!info.header_.HasBitTable(id) || id > last) return;
    // A deduplicated table is read where its back-reference points, and the cursor moves on
    // past the back-reference alone. One decode call serves both cases: two would inline the
    // table's read twice, which measured slower.
    const bool deduped = info.header_.IsBitTableDeduped(id);
    CheckedBitReader target = reader;
    if (deduped) {
      const size_t varint_start = reader.position();
      uint32_t distance = 0;
      if (!reader.TryReadInterleavedVarints(absl::MakeSpan(&distance, 1)) ||
          FirstBackReferenceProblem(distance, varint_start) != BackReferenceProblem::kNone)
          [[unlikely]] {
        stop = {OpenStop::Step::kBackReference, id, varint_start};
        ok = false;
        return;
      }
      target = CheckedBitReader(buffer, BackReferenceTarget(distance, varint_start));
    }
    CheckedBitReader& source = deduped ? target : reader;
    const size_t table_start = source.position();
    if (!table.template TryDecodeChecked<kEncodedColumnsOf<kFormat, id, Table>>(source,
                                                                               Table::Schema()))
        [[unlikely]] {
      stop = {OpenStop::Step::kTable, id, table_start};
      ok = false;
    }
  });
  if (!ok) return false;
  info.bit_size_ = reader.position() - start;
  info.table_bit_starts_[kNumBitTables] = info.bit_size_;
  return true;
}

absl::Status CodeInfo::ExplainOpenStop(absl::Span<const uint8_t> buffer, size_t offset,
                                       ArtFormat format, const OpenStop& stop) {
  switch (stop.step) {
    case OpenStop::Step::kOffset:
      return OffsetError(buffer, offset);
    case OpenStop::Step::kHeader: {
      CheckedBitReader reader(buffer, stop.bit_position);
      CodeInfoHeader header;
      FP_RETURN_IF_ERROR(ReadCheckedHeader(reader, format, header));
      break;
    }
    case OpenStop::Step::kBackReference: {
      const absl::string_view name = BitTableName(stop.table);
      const auto what = [name](size_t) { return absl::StrCat(name, " table back-reference"); };
      CheckedBitReader reader(buffer, stop.bit_position);
      uint32_t distance = 0;
      FP_RETURN_IF_ERROR(reader.ReadInterleavedVarints(absl::MakeSpan(&distance, 1), what));
      switch (FirstBackReferenceProblem(distance, stop.bit_position)) {
        case BackReferenceProblem::kNone:
          break;
        case BackReferenceProblem::kPointsNowhere:
          return absl::InvalidArgumentError(absl::StrCat(
              what(0), " at bit offset ", stop.bit_position, " is 0; it must point backwards"));
        case BackReferenceProblem::kBeforeBuffer:
          return absl::OutOfRangeError(absl::StrCat(what(0), " at bit offset ", stop.bit_position,
                                                    " points ", distance,
                                                    " bits back, before the start of the buffer"));
      }
      break;
    }
    case OpenStop::Step::kTable: {
      absl::Status status;
      CodeInfo scratch;
      ForEachBitTable(scratch, [&](auto id_constant, auto& table) {
        constexpr BitTableId id = decltype(id_constant)::value;
        using Table = std::remove_reference_t<decltype(table)>;
        if (id != stop.table) return;
        CheckedBitReader reader(buffer, stop.bit_position);
        status = format == ArtFormat::kAndroid11
                     ? table.template DecodeChecked<
                           kEncodedColumnsOf<ArtFormat::kAndroid11, id, Table>>(reader,
                                                                               Table::Schema())
                     : table.DecodeChecked(reader, Table::Schema());
      });
      FP_RETURN_IF_ERROR(status);
      break;
    }
  }
  // ScreenTables refused a step that its explanation accepts: a bug here, not in the input.
  return absl::InternalError(absl::StrCat("CodeInfo at byte ", offset,
                                          ": the screening open and its explanation disagree"));
}

namespace {

// The header of the CodeInfo at byte `offset` of `buffer`, checked, into `header`. Inline: a
// header-only read is a few dozen instructions, and a call would add a fifth to them.
ABSL_ATTRIBUTE_ALWAYS_INLINE inline absl::Status ReadHeaderOnly(absl::Span<const uint8_t> buffer,
                                                                size_t offset, ArtFormat format,
                                                                CodeInfoHeader& header) {
  FP_RETURN_IF_ERROR(CheckOffset(buffer, offset));
  CheckedBitReader reader(buffer, offset * kBitsPerByte);
  return ReadCheckedHeader(reader, format, header);
}

}  // namespace

absl::StatusOr<CodeInfoHeader> CodeInfo::DecodeHeaderOnly(absl::Span<const uint8_t> buffer,
                                                          size_t offset, ArtFormat format) {
  CodeInfoHeader header;
  FP_RETURN_IF_ERROR(ReadHeaderOnly(buffer, offset, format, header));
  return header;
}

absl::StatusOr<uint32_t> CodeInfo::DecodeCodeSize(absl::Span<const uint8_t> buffer, size_t offset,
                                                  ArtFormat format) {
  CodeInfoHeader header;
  FP_RETURN_IF_ERROR(ReadHeaderOnly(buffer, offset, format, header));
  return header.code_size;
}

absl::StatusOr<FrameInfo> CodeInfo::DecodeFrameInfo(absl::Span<const uint8_t> buffer,
                                                    size_t offset, ArtFormat format) {
  CodeInfoHeader header;
  FP_RETURN_IF_ERROR(ReadHeaderOnly(buffer, offset, format, header));
  return FrameInfoOf(header);
}

uint32_t CodeInfo::TableRows(BitTableId id) const {
  uint32_t rows = 0;
  ForEachBitTable(*this, [&](BitTableId table_id, const auto& table) {
    if (table_id == id) rows = table.NumRows();
  });
  return rows;
}

size_t CodeInfo::TableEncodedColumns(BitTableId id) const {
  size_t columns = 0;
  ForEachBitTable(*this, [&](BitTableId table_id, const auto& table) {
    if (table_id == id) {
      columns = EncodedColumns(format_, id, std::remove_reference_t<decltype(table)>::kColumnCount);
    }
  });
  return columns;
}

bool CodeInfo::TableEquals(BitTableId id, const CodeInfo& other) const {
  bool equal = true;
  ForEachBitTable(*this, [&](BitTableId mine_id, const auto& mine) {
    ForEachBitTable(other, [&](BitTableId theirs_id, const auto& theirs) {
      if constexpr (std::is_same_v<decltype(mine), decltype(theirs)>) {
        if (mine_id == id && theirs_id == id) equal = mine.Equals(theirs);
      }
    });
  });
  return equal;
}

BitMemoryRegion CodeInfo::TableData(BitTableId id) const {
  BitMemoryRegion data;
  ForEachBitTable(*this, [&](BitTableId table_id, const auto& table) {
    if (table_id == id) data = table.data_region();
  });
  return data;
}

absl::InlinedVector<uint32_t, 8> CodeInfo::TableColumnBits(BitTableId id) const {
  absl::InlinedVector<uint32_t, 8> bits;
  ForEachBitTable(*this, [&](BitTableId table_id, const auto& table) {
    if (table_id == id) bits = table.ColumnBits();
  });
  return bits;
}

}  // namespace frameproof
