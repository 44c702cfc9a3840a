#ifndef FRAMEPROOF_CORE_ART_CODE_INFO_H_
#define FRAMEPROOF_CORE_ART_CODE_INFO_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "absl/base/attributes.h"
#include "absl/container/inlined_vector.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "core/art/art_format.h"
#include "core/art/dex_register_location.h"
#include "core/art/stack_map.h"
#include "core/base/instruction_set.h"
#include "core/bit_table/bit_table.h"
#include "core/bits/bit_memory_reader.h"
#include "core/bits/bit_utils.h"

namespace frameproof {

// CodeInfo header flags (ART's CodeInfo::Flags), with today's bit values. Android 11 knows two
// of them, at other bits: FlagBit() says where each format keeps each flag.
enum CodeInfoFlag : uint32_t {
  kHasInlineInfo = 1 << 0,
  kHasShouldDeoptimizeFlag = 1 << 1,
  kIsBaseline = 1 << 2,
  kIsDebuggable = 1 << 3,
};

// The bit of `flag` in `format`'s flags field; 0 where the format has no such flag.
constexpr uint32_t FlagBit(ArtFormat format, CodeInfoFlag flag) {
  if (format == ArtFormat::kCurrent) return flag;
  // Android 11's enum Flags: kHasInlineInfo = 1, kIsBaseline = 2; nothing else.
  switch (flag) {
    case kHasInlineInfo:
      return 1u << 0;
    case kIsBaseline:
      return 1u << 1;
    case kHasShouldDeoptimizeFlag:
    case kIsDebuggable:
      break;
  }
  return 0;
}
// "HasInlineInfo", "HasShouldDeoptimizeFlag", "IsBaseline", "IsDebuggable".
absl::string_view CodeInfoFlagName(CodeInfoFlag flag);
// Every flag bit `format` defines.
constexpr uint32_t KnownFlags(ArtFormat format) {
  return FlagBit(format, kHasInlineInfo) | FlagBit(format, kHasShouldDeoptimizeFlag) |
         FlagBit(format, kIsBaseline) | FlagBit(format, kIsDebuggable);
}

// The tables in encoding order; bit i of bit_table_flags says table i is present, bit 8 + i that
// it is a back-reference to an identical table earlier in the enclosing buffer.
enum class BitTableId : uint32_t {
  kStackMap,
  kRegisterMask,
  kStackMask,
  kInlineInfo,
  kMethodInfo,
  kDexRegisterMask,
  kDexRegisterMapInfo,
  kDexRegisterInfo,
};
inline constexpr size_t kNumBitTables = 8;
inline constexpr uint32_t kDedupedTableFlagShift = 8;
absl::string_view BitTableName(BitTableId id);

// Frames are 16-byte aligned, and the header stores frame size / kStackAlignment.
inline constexpr uint32_t kStackAlignment = 16;
// The dex format's limit on registers per method; a header or inline level claiming more is
// rejected, which bounds every register map a query builds.
inline constexpr uint32_t kMaxDexRegistersPerMethod = 65535;
// ART's delta-compressed register maps never refer further back than this many stack maps.
inline constexpr uint32_t kMaxDexRegisterMapSearchDistance = 32;

// The header varints: today's seven, in encoding order. Android 11 encodes six, without
// code_size (which then reads 0); NumEncodedFields and EncodedField say which, in order.
struct CodeInfoHeader {
  static constexpr size_t kNumFields = 7;
  static constexpr size_t kCodeSizeField = 1;
  static constexpr std::array<absl::string_view, kNumFields> kFieldNames = {
      "flags",           "code_size",     "packed_frame_size",
      "core_spill_mask", "fp_spill_mask", "number_of_dex_registers",
      "bit_table_flags"};
  static constexpr bool EncodesCodeSize(ArtFormat format) {
    return format != ArtFormat::kAndroid11;
  }
  static constexpr size_t NumEncodedFields(ArtFormat format) {
    return EncodesCodeSize(format) ? kNumFields : kNumFields - 1;
  }
  // Which of the kNumFields the `i`-th encoded varint of `format` is.
  static constexpr size_t EncodedField(ArtFormat format, size_t i) {
    return !EncodesCodeSize(format) && i >= kCodeSizeField ? i + 1 : i;
  }
  // The varints `format` encodes, in order, from fields read as `format` encodes them.
  template <ArtFormat kFormat>
  static CodeInfoHeader FromEncoded(
      const std::array<uint32_t, NumEncodedFields(kFormat)>& encoded) {
    std::array<uint32_t, kNumFields> fields{};
    for (size_t i = 0; i < encoded.size(); ++i) fields[EncodedField(kFormat, i)] = encoded[i];
    return FromArray(fields);
  }
  // The varints `format` encodes, in order.
  absl::InlinedVector<uint32_t, kNumFields> Encoded(ArtFormat format) const;

  uint32_t flags = 0;
  uint32_t code_size = 0;
  uint32_t packed_frame_size = 0;
  uint32_t core_spill_mask = 0;
  uint32_t fp_spill_mask = 0;
  uint32_t number_of_dex_registers = 0;
  uint32_t bit_table_flags = 0;

  std::array<uint32_t, kNumFields> AsArray() const;
  // Inline: a trusted header-only read is this and the varint reads, nothing else.
  static CodeInfoHeader FromArray(const std::array<uint32_t, kNumFields>& fields) {
    return CodeInfoHeader{fields[0], fields[1], fields[2], fields[3],
                          fields[4], fields[5], fields[6]};
  }
  bool HasBitTable(BitTableId id) const {
    return (bit_table_flags >> static_cast<uint32_t>(id)) & 1;
  }
  bool IsBitTableDeduped(BitTableId id) const {
    return (bit_table_flags >> (kDedupedTableFlagShift + static_cast<uint32_t>(id))) & 1;
  }
  bool HasDedupedBitTables() const { return (bit_table_flags >> kDedupedTableFlagShift) != 0; }
  friend bool operator==(const CodeInfoHeader&, const CodeInfoHeader&) = default;
};

// ART's QuickMethodFrameInfo.
struct FrameInfo {
  uint32_t frame_size_in_bytes = 0;
  uint32_t core_spill_mask = 0;
  uint32_t fp_spill_mask = 0;
};

// The frame that `header` describes.
inline FrameInfo FrameInfoOf(const CodeInfoHeader& header) {
  return FrameInfo{header.packed_frame_size * kStackAlignment, header.core_spill_mask,
                   header.fp_spill_mask};
}

// Registers of one frame level; 16 fit without allocating, as in ART.
using DexRegisterMap = absl::InlinedVector<DexRegisterLocation, 16>;

// The rows of one inline chain, outermost level first.
class InlineInfoRange {
 public:
  InlineInfoRange() = default;
  InlineInfoRange(const BitTable<InlineInfo>* table, uint32_t first, uint32_t count)
      : table_(table), first_(first), count_(count) {}
  uint32_t size() const { return count_; }
  bool empty() const { return count_ == 0; }
  InlineInfo operator[](uint32_t depth) const { return table_->GetRow(first_ + depth); }
  InlineInfo back() const { return (*this)[count_ - 1]; }

 private:
  const BitTable<InlineInfo>* table_ = nullptr;
  uint32_t first_ = 0;
  uint32_t count_ = 0;
};

// A decoded CodeInfo: the compiled-method metadata ART keeps before each method's code.
//
// Untrusted bytes come in one of two ways. Decode() checks everything up front: every read
// against the buffer, every index column against the table it points into, every back-reference
// and the ordering the queries rely on, in time and memory bounded by the input size. After it
// succeeds, every query below runs on the fast path without checks, allocates nothing (except the
// DexRegisterMap conveniences beyond 16 registers) and cannot leave the buffer. A runtime that
// only wants a few answers opens the bytes with UntrustedCodeInfo::Open() instead
// (untrusted_code_info.h), which checks what each query follows as it follows it.
//
// A CodeInfo is a view: it points into the buffer it was decoded from, which must outlive it.
class CodeInfo {
 public:
  // Which tables a decode keeps (ART's DecodeGcMasksOnly / DecodeInlineInfoOnly).
  enum class Subset { kAll, kGcMasksOnly, kInlineInfoOnly };

  CodeInfo() = default;

  // Validating decode of the CodeInfo that starts at byte `offset` of `buffer`. Deduplicated
  // tables may refer to any earlier bit of `buffer`. Errors name the table, row, column or field
  // and the bit offset from the start of `buffer`.
  static absl::StatusOr<CodeInfo> Decode(absl::Span<const uint8_t> buffer, size_t offset = 0,
                                         Subset subset = Subset::kAll,
                                         ArtFormat format = ArtFormat::kCurrent);
  // Fast decode of bytes that Decode() has accepted before or that StackMapStream wrote. Like
  // ART's subset decodes, a subset one stops after the last table it keeps: bit_size() and the
  // positions of the tables after it then end where it stopped.
  static CodeInfo DecodeTrusted(absl::Span<const uint8_t> buffer, size_t offset = 0,
                                Subset subset = Subset::kAll,
                                ArtFormat format = ArtFormat::kCurrent);

  // Header-only reads (ART's DecodeHeaderOnly, DecodeCodeSize, DecodeFrameInfo): they read the
  // header and nothing else.
  static absl::StatusOr<CodeInfoHeader> DecodeHeaderOnly(absl::Span<const uint8_t> buffer,
                                                         size_t offset = 0,
                                                         ArtFormat format = ArtFormat::kCurrent);
  static absl::StatusOr<uint32_t> DecodeCodeSize(absl::Span<const uint8_t> buffer,
                                                 size_t offset = 0,
                                                 ArtFormat format = ArtFormat::kCurrent);
  static absl::StatusOr<FrameInfo> DecodeFrameInfo(absl::Span<const uint8_t> buffer,
                                                   size_t offset = 0,
                                                   ArtFormat format = ArtFormat::kCurrent);
  // The same reads, unchecked, of bytes that Decode() has accepted before or that StackMapStream
  // wrote: what a stack walk over the runtime's own code asks, as ART asks it. Inline, so that a
  // caller wanting one field reads only the varints up to it.
  ABSL_ATTRIBUTE_ALWAYS_INLINE static CodeInfoHeader DecodeHeaderOnlyTrusted(
      absl::Span<const uint8_t> buffer, size_t offset = 0,
      ArtFormat format = ArtFormat::kCurrent) {
    BitMemoryReader reader(buffer, offset * kBitsPerByte);
    if (format == ArtFormat::kAndroid11) {
      return CodeInfoHeader::FromEncoded<ArtFormat::kAndroid11>(
          reader.ReadInterleavedVarintsBySelect<CodeInfoHeader::NumEncodedFields(
              ArtFormat::kAndroid11)>());
    }
    return CodeInfoHeader::FromArray(
        reader.ReadInterleavedVarintsBySelect<CodeInfoHeader::kNumFields>());
  }
  // Android 11 encodes no code size (its method header holds it), and this reads 0 there.
  ABSL_ATTRIBUTE_ALWAYS_INLINE static uint32_t DecodeCodeSizeTrusted(
      absl::Span<const uint8_t> buffer, size_t offset = 0,
      ArtFormat format = ArtFormat::kCurrent) {
    return DecodeHeaderOnlyTrusted(buffer, offset, format).code_size;
  }
  ABSL_ATTRIBUTE_ALWAYS_INLINE static FrameInfo DecodeFrameInfoTrusted(
      absl::Span<const uint8_t> buffer, size_t offset = 0,
      ArtFormat format = ArtFormat::kCurrent) {
    return FrameInfoOf(DecodeHeaderOnlyTrusted(buffer, offset, format));
  }

  ArtFormat format() const { return format_; }
  const CodeInfoHeader& header() const { return header_; }
  uint32_t code_size() const { return header_.code_size; }
  uint32_t frame_size_in_bytes() const { return FrameInfoOf(header_).frame_size_in_bytes; }
  uint32_t number_of_dex_registers() const { return header_.number_of_dex_registers; }
  // Whether the header sets `flag`, wherever this CodeInfo's format keeps it (false where the
  // format has no such flag).
  bool HasFlag(CodeInfoFlag flag) const { return (header_.flags & FlagBit(format_, flag)) != 0; }
  // Bits from the start of this CodeInfo to the end of its last inline table.
  size_t bit_size() const { return bit_size_; }

  const BitTable<StackMap>& stack_maps() const { return stack_maps_; }
  const BitTable<RegisterMask>& register_masks() const { return register_masks_; }
  const BitTable<StackMask>& stack_masks() const { return stack_masks_; }
  const BitTable<InlineInfo>& inline_infos() const { return inline_infos_; }
  const BitTable<MethodInfo>& method_infos() const { return method_infos_; }
  const BitTable<DexRegisterMask>& dex_register_masks() const { return dex_register_masks_; }
  const BitTable<DexRegisterMapInfo>& dex_register_maps() const { return dex_register_maps_; }
  const BitTable<DexRegisterInfo>& dex_register_catalog() const { return dex_register_catalog_; }
  // Where table `id` is encoded, in bits from the start of this CodeInfo: its header and data, or
  // for a deduplicated table its back-reference varint. An absent table has size 0.
  size_t TableBitStart(BitTableId id) const { return table_bit_starts_[static_cast<size_t>(id)]; }
  size_t TableBitSize(BitTableId id) const {
    const size_t i = static_cast<size_t>(id);
    return table_bit_starts_[i + 1] - table_bit_starts_[i];
  }
  // Rows and column widths of table `id`, for dumps and size statistics.
  uint32_t TableRows(BitTableId id) const;
  // How many of table `id`'s columns this CodeInfo's format encodes: all of them but in
  // Android 11's MethodInfo, which has MethodIndex only. TableColumnBits lists every column; the
  // ones past this count read 0 bits wide.
  static constexpr size_t EncodedColumns(ArtFormat format, BitTableId id, size_t columns) {
    return format == ArtFormat::kAndroid11 && id == BitTableId::kMethodInfo ? 1 : columns;
  }
  size_t TableEncodedColumns(BitTableId id) const;
  // Table `id` here and in `other` has the same rows, column widths and data bits, wherever in
  // their buffers the two were read from.
  bool TableEquals(BitTableId id, const CodeInfo& other) const;
  absl::InlinedVector<uint32_t, 8> TableColumnBits(BitTableId id) const;
  // The data bits of table `id` (its header excluded), wherever they were read from.
  BitMemoryRegion TableData(BitTableId id) const;
  // Calls fn(BitTableId, const BitTable<Accessor>&) for each table, in encoding order: for dumps
  // and checks that treat every table alike.
  template <typename Fn>
  void ForEachTable(Fn&& fn) const {
    ForEachBitTable(*this, [&fn](BitTableId id, const auto& table) { fn(id, table); });
  }

  uint32_t GetNumberOfStackMaps() const { return stack_maps_.NumRows(); }
  // Whether `map`'s native pc at `isa`'s alignment lies within the code; always so where the
  // format records no code size (Android 11 keeps it in the method header).
  bool IsNativePcInCode(const StackMap& map, InstructionSet isa) const {
    return !CodeInfoHeader::EncodesCodeSize(format_) ||
           map.IsNativePcInCode(isa, header_.code_size);
  }
  StackMap GetStackMapAt(uint32_t row) const { return stack_maps_.GetRow(row); }

  // The Default or OSR map at `native_pc`, skipping Catch maps; the invalid row if none.
  StackMap GetStackMapForNativePcOffset(uint32_t native_pc, InstructionSet isa) const;
  // The first non-Debug map at `dex_pc`.
  StackMap GetStackMapForDexPc(uint32_t dex_pc) const;
  // The first OSR map at `dex_pc`.
  StackMap GetOsrStackMapForDexPc(uint32_t dex_pc) const;
  // The Catch map whose [dex pc, inline dex pcs...] equals `dex_pcs`. Android 11 looks up one
  // dex pc, the outer method's, and takes the last Catch map with it, whatever its inline chain;
  // in that format `dex_pcs` holds exactly one pc (any other count finds nothing).
  StackMap GetCatchStackMapForDexPc(absl::Span<const uint32_t> dex_pcs) const;
  // Whether `format`'s catch lookup reads the inline chain's dex pcs (today's) or only the outer
  // dex pc (Android 11's), so that a method may hold two catch maps at one dex pc.
  static constexpr bool CatchLookupReadsInlineChain(ArtFormat format) {
    return format != ArtFormat::kAndroid11;
  }
  // The dex pcs GetCatchStackMapForDexPc takes to find the catch map `map`.
  absl::InlinedVector<uint32_t, 4> CatchLookupKey(const StackMap& map) const;

  uint32_t GetRegisterMaskOf(const StackMap& stack_map) const;
  // The raw stack mask; an invalid (absent) region when the map has none.
  BitMemoryRegion GetStackMaskOf(const StackMap& stack_map) const;
  InlineInfoRange GetInlineInfosOf(const StackMap& stack_map) const;
  MethodInfo GetMethodInfoOf(const InlineInfo& inline_info) const {
    return method_infos_.GetRow(inline_info.GetMethodInfoIndex());
  }
  DexRegisterLocation GetDexRegisterCatalogEntry(uint32_t index) const;

  // The outer method's registers at `stack_map`; empty when the map has no register map.
  DexRegisterMap GetDexRegisterMapOf(const StackMap& stack_map) const;
  // The registers of inline level `inline_info` of `stack_map`.
  DexRegisterMap GetInlineDexRegisterMapOf(const StackMap& stack_map,
                                           const InlineInfo& inline_info) const;
  // The allocation-free core of the two above: resolves registers [first, first + out.size())
  // of the concatenated register list at stack map `stack_map_row` into `out`, scanning back at
  // most kMaxDexRegisterMapSearchDistance maps. Registers no map names are None.
  void DecodeDexRegisterMap(uint32_t stack_map_row, uint32_t first_register,
                            absl::Span<DexRegisterLocation> out) const;

 private:
  friend class UntrustedCodeInfo;

  // Decode() without Validate() or KeepSubset(), into `info` (a CodeInfo is a few hundred bytes,
  // worth not copying on an open): the header and every table header are checked and every
  // table lies inside `buffer`, but no row has been read.
  // Tables after the last one `subset` keeps are neither read nor checked.
  static absl::Status OpenTables(absl::Span<const uint8_t> buffer, size_t offset, Subset subset,
                                 ArtFormat format, CodeInfo& info);
  // Where OpenTables' screening pass stopped: the step that failed and where it started.
  struct OpenStop;
  // OpenTables' checks without their errors, inline: true exactly where OpenTables succeeds,
  // with `info` filled; false where it fails, with the failing step in `stop`.
  template <ArtFormat kFormat>
  static bool ScreenTables(absl::Span<const uint8_t> buffer, size_t offset, Subset subset,
                           CodeInfo& info, OpenStop& stop);
  [[gnu::noinline]] static bool ScreenTablesAndroid11(absl::Span<const uint8_t> buffer,
                                                      size_t offset, Subset subset,
                                                      CodeInfo& info, OpenStop& stop);
  // The error of the step ScreenTables stopped at, redone with the reads and checks that name
  // what is wrong.
  static absl::Status ExplainOpenStop(absl::Span<const uint8_t> buffer, size_t offset,
                                      ArtFormat format, const OpenStop& stop);
  // The last table, in encoding order, that a decode of `subset` reads.
  static constexpr BitTableId LastTableRead(Subset subset) {
    switch (subset) {
      case Subset::kAll:
        break;
      case Subset::kGcMasksOnly:
        return BitTableId::kStackMask;
      case Subset::kInlineInfoOnly:
        return BitTableId::kMethodInfo;
    }
    return BitTableId::kDexRegisterInfo;
  }
  // Whether a decode of `subset` keeps table `id`.
  static constexpr bool SubsetKeeps(Subset subset, BitTableId id) {
    switch (subset) {
      case Subset::kAll:
        return true;
      case Subset::kGcMasksOnly:
        return id == BitTableId::kStackMap || id == BitTableId::kRegisterMask ||
               id == BitTableId::kStackMask;
      case Subset::kInlineInfoOnly:
        return id == BitTableId::kStackMap || id == BitTableId::kInlineInfo ||
               id == BitTableId::kMethodInfo;
    }
    return true;
  }
  // DecodeTrusted of a subset known when compiling: a table it reads past but does not keep is
  // skipped, neither stored nor cleared afterwards, and the tables after its last are not
  // looked at.
  template <Subset kSubset, ArtFormat kFormat>
  static CodeInfo DecodeTrustedSubset(absl::Span<const uint8_t> buffer, size_t offset);
  // DecodeTrusted in one format, `subset` picking the instantiation.
  template <ArtFormat kFormat>
  static CodeInfo DecodeTrustedIn(absl::Span<const uint8_t> buffer, size_t offset, Subset subset);
  // DecodeDexRegisterMap's walk. With kChecked it checks each index and location kind it reads
  // and names the first bad cell (bit offsets from `buffer_start`); without, it trusts them.
  template <bool kChecked>
  absl::Status WalkDexRegisterMap(const uint8_t* buffer_start, uint32_t stack_map_row,
                                  uint32_t first_register,
                                  absl::Span<DexRegisterLocation> out) const;
  // The walk over at most kRegisterWindow registers of `out`, which it fills.
  template <bool kChecked>
  absl::Status WalkDexRegisterWindow(const uint8_t* buffer_start, uint32_t stack_map_row,
                                     uint32_t first_register,
                                     absl::Span<DexRegisterLocation> out) const;
  // Registers one walk resolves at once; a larger span is walked a window at a time.
  static constexpr size_t kRegisterWindow = 4096;
  // Calls fn(id, table&) for each table, in encoding order; `id` is a
  // std::integral_constant<BitTableId, ...>, which converts to BitTableId where `fn` takes one
  // and is a constant where it takes `auto` (to pick the columns a format encodes). Always
  // inline, so that each call sees its table's id as a constant.
  template <typename Self, typename Fn>
  ABSL_ATTRIBUTE_ALWAYS_INLINE static void ForEachBitTable(Self& self, Fn&& fn) {
    using Id = BitTableId;
    fn(std::integral_constant<Id, Id::kStackMap>(), self.stack_maps_);
    fn(std::integral_constant<Id, Id::kRegisterMask>(), self.register_masks_);
    fn(std::integral_constant<Id, Id::kStackMask>(), self.stack_masks_);
    fn(std::integral_constant<Id, Id::kInlineInfo>(), self.inline_infos_);
    fn(std::integral_constant<Id, Id::kMethodInfo>(), self.method_infos_);
    fn(std::integral_constant<Id, Id::kDexRegisterMask>(), self.dex_register_masks_);
    fn(std::integral_constant<Id, Id::kDexRegisterMapInfo>(), self.dex_register_maps_);
    fn(std::integral_constant<Id, Id::kDexRegisterInfo>(), self.dex_register_catalog_);
  }
  // Checks every invariant the fast-path queries rely on; see Decode().
  absl::Status Validate(absl::Span<const uint8_t> buffer) const;
  // Drops the tables `subset` does not keep.
  void KeepSubset(Subset subset);
  bool Keeps(BitTableId id) const { return SubsetKeeps(subset_, id); }

  CodeInfoHeader header_;
  ArtFormat format_ = ArtFormat::kCurrent;
  Subset subset_ = Subset::kAll;
  size_t bit_size_ = 0;
  std::array<size_t, kNumBitTables + 1> table_bit_starts_{};
  BitTable<StackMap> stack_maps_;
  BitTable<RegisterMask> register_masks_;
  BitTable<StackMask> stack_masks_;
  BitTable<InlineInfo> inline_infos_;
  BitTable<MethodInfo> method_infos_;
  BitTable<DexRegisterMask> dex_register_masks_;
  BitTable<DexRegisterMapInfo> dex_register_maps_;
  BitTable<DexRegisterInfo> dex_register_catalog_;
};

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_ART_CODE_INFO_H_
