// Opening a CodeInfo: the header, and every present table's header and extent.

#include "core/ark/code_info.h"

#include <string>
#include <type_traits>

#include "absl/strings/str_cat.h"
#include "core/base/enum_names.h"
#include "core/base/status_macros.h"
#include "core/bits/checked_bit_reader.h"

namespace frameproof::ark {
namespace {

constexpr EnumNameTable<TableId, kNumTables> kTableNames = {{
    {TableId::kStackMap, StackMap::kTableName},
    {TableId::kInlineInfo, InlineInfo::kTableName},
    {TableId::kRootsRegMask, RootsRegMask::kTableName},
    {TableId::kRootsStackMask, RootsStackMask::kTableName},
    {TableId::kMethodId, MethodId::kTableName},
    {TableId::kVRegMask, VRegMask::kTableName},
    {TableId::kVRegMap, VRegMap::kTableName},
    {TableId::kVRegCatalogue, VRegCatalogue::kTableName},
    {TableId::kImplicitNullChecks, ImplicitNullChecks::kTableName},
    {TableId::kConstants, Constants::kTableName},
}};
static_assert(NamesEachOnce(kTableNames));

absl::StatusOr<CodeInfoHeader> ReadHeader(CheckedBitReader& reader) {
  std::array<uint32_t, CodeInfoHeader::kNumFields> fields;
  FP_RETURN_IF_ERROR(reader.ReadInterleavedVarints(absl::MakeSpan(fields), [](size_t i) {
    return absl::StrCat("CodeInfo header field ", CodeInfoHeader::kFieldNames[i]);
  }));
  const CodeInfoHeader header = CodeInfoHeader::FromArray(fields);
  if ((header.properties & ~CodeInfoHeader::kKnownPropertyBits) != 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        "CodeInfo header at bit offset 0: field PROPERTIES 0x", absl::Hex(header.properties),
        " has bits above the frame size and HasFloatRegs (bit 16)"));
  }
  if ((header.table_mask & ~CodeInfoHeader::kAllTablesMask) != 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        "CodeInfo header at bit offset 0: field TABLE_MASK 0x", absl::Hex(header.table_mask),
        " names tables past the ", kNumTables, " of the format"));
  }
  if (header.vregs_count > kMaxVRegsPerFrame) {
    return absl::InvalidArgumentError(absl::StrCat(
        "CodeInfo header at bit offset 0: field VREGS_COUNT is ", header.vregs_count,
        ", more than the ", kMaxVRegsPerFrame, " a frame's 16-bit vreg index can number"));
  }
  return header;
}

}  // namespace

absl::string_view TableName(TableId id) { return NameOf(kTableNames, id); }

template <typename Self, typename Fn>
void CodeInfo::ForEachTable(Self& self, Fn&& fn) {
  fn(TableId::kStackMap, self.stack_maps_);
  fn(TableId::kInlineInfo, self.inline_infos_);
  fn(TableId::kRootsRegMask, self.roots_reg_masks_);
  fn(TableId::kRootsStackMask, self.roots_stack_masks_);
  fn(TableId::kMethodId, self.method_ids_);
  fn(TableId::kVRegMask, self.vreg_masks_);
  fn(TableId::kVRegMap, self.vreg_map_);
  fn(TableId::kVRegCatalogue, self.vreg_catalogue_);
  fn(TableId::kImplicitNullChecks, self.implicit_null_checks_);
  fn(TableId::kConstants, self.constants_);
}

absl::StatusOr<CodeInfo> CodeInfo::Decode(absl::Span<const uint8_t> bytes, const IsaLayout& isa) {
  CodeInfo info;
  info.bytes_ = bytes;
  info.isa_ = isa;
  CheckedBitReader reader(bytes);
  FP_ASSIGN_OR_RETURN(info.header_, ReadHeader(reader));
  absl::Status status;
  ForEachTable(info, [&](TableId id, auto& table) {
    info.table_bit_starts_[static_cast<size_t>(id)] = reader.position();
    if (!status.ok() || !info.header_.HasTable(id)) return;
    status = table.DecodeChecked(reader, std::remove_reference_t<decltype(table)>::Schema());
  });
  FP_RETURN_IF_ERROR(status);
  info.table_bit_starts_[kNumTables] = reader.position();
  return info;
}

}  // namespace frameproof::ark
