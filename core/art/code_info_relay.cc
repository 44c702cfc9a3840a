#include "core/art/code_info_relay.h"

#include "absl/strings/str_cat.h"
#include "core/art/code_info.h"
#include "core/base/status_macros.h"
#include "core/bits/bit_memory_writer.h"

namespace frameproof {
namespace {

constexpr CodeInfoFlag kFlags[] = {kHasInlineInfo, kHasShouldDeoptimizeFlag, kIsBaseline,
                                   kIsDebuggable};

}  // namespace

absl::StatusOr<std::vector<uint8_t>> RelayCodeInfo(absl::Span<const uint8_t> bytes, ArtFormat from,
                                                   ArtFormat to, uint32_t code_size) {
  FP_ASSIGN_OR_RETURN(const CodeInfo info,
                      CodeInfo::Decode(bytes, 0, CodeInfo::Subset::kAll, from));
  const absl::string_view to_name = ArtFormatName(to);
  CodeInfoHeader header = info.header();
  if (header.HasDedupedBitTables()) {
    return absl::InvalidArgumentError(
        "a CodeInfo with deduplicated tables cannot be laid out again on its own");
  }
  header.flags = 0;
  for (const CodeInfoFlag flag : kFlags) {
    if (!info.HasFlag(flag)) continue;
    if (FlagBit(to, flag) == 0) {
      return absl::InvalidArgumentError(
          absl::StrCat("the ", to_name, " format has no ", CodeInfoFlagName(flag), " flag"));
    }
    header.flags |= FlagBit(to, flag);
  }
  if (!CodeInfoHeader::EncodesCodeSize(to)) {
    header.code_size = 0;
  } else if (!CodeInfoHeader::EncodesCodeSize(from)) {
    header.code_size = code_size;
  }

  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  writer.WriteInterleavedVarints(header.Encoded(to));
  for (size_t i = 0; i < kNumBitTables; ++i) {
    const auto id = static_cast<BitTableId>(i);
    if (!header.HasBitTable(id)) continue;
    const absl::InlinedVector<uint32_t, 8> widths = info.TableColumnBits(id);
    const size_t columns = CodeInfo::EncodedColumns(to, id, widths.size());
    for (size_t c = columns; c < widths.size(); ++c) {
      if (widths[c] != 0) {
        return absl::InvalidArgumentError(
            absl::StrCat(BitTableName(id), " column ", c, " holds values (", widths[c],
                         " bits wide), which the ", to_name, " format does not encode"));
      }
    }
    // Columns a format leaves out are 0 bits wide, so the rows are the same bits either way.
    absl::InlinedVector<uint32_t, 9> table_header = {info.TableRows(id)};
    table_header.insert(table_header.end(), widths.begin(), widths.begin() + columns);
    writer.WriteInterleavedVarints(table_header);
    writer.WriteRegion(info.TableData(id));
  }
  return out;
}

}  // namespace frameproof
