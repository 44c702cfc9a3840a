#include "verifiers/dump/code_info_text.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace frameproof {
namespace {

std::string Registers(const DexRegisterMap& map) {
  std::string text;
  for (size_t i = 0; i < map.size(); ++i) {
    if (!map[i].IsLive()) continue;
    absl::StrAppend(&text, " v", i, ":", ToString(map[i]));
  }
  return text.empty() ? " (none live)" : text;
}

std::string MaskBits(const BitMemoryRegion& region) {
  if (!region.IsValid()) return "none";
  std::string bits;
  // MSB first, as oatdump prints masks.
  for (size_t i = region.size_in_bits(); i > 0; --i)
    bits.push_back(region.LoadBit(i - 1) ? '1' : '0');
  return absl::StrCat("0b", bits.empty() ? "0" : bits);
}

template <typename Accessor>
void AppendTable(std::string& out, const CodeInfo& info, BitTableId id,
                 const BitTable<Accessor>& table) {
  if (!info.header().HasBitTable(id)) return;
  absl::StrAppend(&out, "  ", Accessor::kTableName, ": ", table.NumRows(), " rows, ",
                  info.header().IsBitTableDeduped(id) ? "deduplicated, " : "", "bits [");
  const size_t columns = info.TableEncodedColumns(id);
  for (uint32_t c = 0; c < columns; ++c) {
    absl::StrAppend(&out, c == 0 ? "" : " ", kColumnNamesOf<Accessor>[c], "=",
                    table.NumColumnBits(c));
  }
  absl::StrAppend(&out, "] at bit ", info.TableBitStart(id), "\n");
  for (uint32_t r = 0; r < table.NumRows(); ++r) {
    absl::StrAppend(&out, "    ", r, ":");
    if constexpr (kIsBitmapTable<Accessor>) {
      absl::StrAppend(&out, " ", MaskBits(table.GetBitMemoryRegion(r)), "\n");
      continue;
    }
    for (uint32_t c = 0; c < columns; ++c) {
      const uint32_t value = table.Get(r, c);
      absl::StrAppend(&out, " ", value == kNoValue ? std::string("-") : absl::StrCat(value));
    }
    absl::StrAppend(&out, "\n");
  }
}

}  // namespace

std::string CodeInfoToText(const CodeInfo& info, InstructionSet isa) {
  const CodeInfoHeader& header = info.header();
  std::string out = absl::StrCat(
      "CodeInfo ", info.bit_size(), " bits, isa ", InstructionSetName(isa),
      info.format() == ArtFormat::kCurrent ? "" : absl::StrCat(", format ",
                                                                ArtFormatName(info.format())),
      "\n",
      "  CodeSize:", header.code_size, " FrameSize:", info.frame_size_in_bytes(),
      " CoreSpillMask:0x", absl::Hex(header.core_spill_mask), " FpSpillMask:0x",
      absl::Hex(header.fp_spill_mask), " NumberOfDexRegisters:", header.number_of_dex_registers,
      "\n  Flags:", header.flags, info.HasFlag(kHasInlineInfo) ? " HasInlineInfo" : "",
      info.HasFlag(kHasShouldDeoptimizeFlag) ? " HasShouldDeoptimizeFlag" : "",
      info.HasFlag(kIsBaseline) ? " IsBaseline" : "",
      info.HasFlag(kIsDebuggable) ? " IsDebuggable" : "", " BitTableFlags:0x",
      absl::Hex(header.bit_table_flags), "\n");
  info.ForEachTable([&](BitTableId id, const auto& table) { AppendTable(out, info, id, table); });

  for (uint32_t row = 0; row < info.GetNumberOfStackMaps(); ++row) {
    const StackMap map = info.GetStackMapAt(row);
    absl::StrAppend(&out, "  StackMap[", row, "] ", StackMapKindName(map.kind()), " native_pc=0x",
                    absl::Hex(map.GetNativePcOffset(isa)),
                    info.IsNativePcInCode(map, isa) ? "" : " (past the code)",
                    " dex_pc=0x", absl::Hex(map.GetDexPc()), " register_mask=0x",
                    absl::Hex(info.GetRegisterMaskOf(map)),
                    " stack_mask=", MaskBits(info.GetStackMaskOf(map)), "\n");
    if (map.HasDexRegisterMap()) {
      absl::StrAppend(&out, "    registers:", Registers(info.GetDexRegisterMapOf(map)), "\n");
    }
    const InlineInfoRange chain = info.GetInlineInfosOf(map);
    for (uint32_t depth = 0; depth < chain.size(); ++depth) {
      const InlineInfo level = chain[depth];
      absl::StrAppend(&out, "    InlineInfo[", level.Row(), "] depth=", depth, " dex_pc=0x",
                      absl::Hex(level.GetDexPc()));
      if (level.EncodesArtMethod()) {
        absl::StrAppend(&out, " art_method=0x", absl::Hex(level.GetArtMethod()));
      } else {
        const MethodInfo method = info.GetMethodInfoOf(level);
        absl::StrAppend(&out, " method_index=", method.GetMethodIndex(),
                        " dex_file=", static_cast<int32_t>(method.GetDexFileIndexKind()), ":",
                        static_cast<int32_t>(method.GetDexFileIndex()));
      }
      absl::StrAppend(&out, "\n");
      if (map.HasDexRegisterMap()) {
        absl::StrAppend(
            &out, "      registers:", Registers(info.GetInlineDexRegisterMapOf(map, level)), "\n");
      }
    }
  }
  return out;
}

}  // namespace frameproof
