#include "verifiers/dump/art_dump_text.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace frameproof {
namespace {

// ART indents by two spaces per level (kIndentBy1Count).
constexpr int kIndentStep = 2;

std::string DumpIndent(int level) { return std::string(level * kIndentStep, ' '); }

// A bit region MSB first, as ART's dumps print masks.
std::string MsbFirst(const BitMemoryRegion& bits) {
  std::string text;
  for (size_t i = bits.IsValid() ? bits.size_in_bits() : 0; i > 0; --i) {
    text += bits.LoadBit(i - 1) ? '1' : '0';
  }
  return text;
}

// DexRegisterMap::Dump: the live registers on one line, one level deeper, or nothing.
void AppendDumpRegisters(std::string& out, const DexRegisterMap& map, int level) {
  std::string line;
  for (size_t i = 0; i < map.size(); ++i) {
    if (map[i].IsLive()) absl::StrAppend(&line, "v", i, ":", ToString(map[i]), " ");
  }
  if (!line.empty()) absl::StrAppend(&out, DumpIndent(level + 1), line, "\n");
}

template <typename Accessor>
void AppendDumpTable(std::string& out, const CodeInfo& info, BitTableId id,
                     const BitTable<Accessor>& table, bool verbose) {
  if (table.NumRows() == 0) return;
  const size_t columns = info.TableEncodedColumns(id);
  absl::StrAppend(&out, DumpIndent(1), Accessor::kTableName, " BitSize=", table.DataBitSize(),
                  " Rows=", table.NumRows(), " Bits={");
  for (size_t c = 0; c < columns; ++c) {
    absl::StrAppend(&out, c == 0 ? "" : " ", kColumnNamesOf<Accessor>[c], "=",
                    table.NumColumnBits(c));
  }
  absl::StrAppend(&out, "}\n");
  if (!verbose) return;
  for (uint32_t r = 0; r < table.NumRows(); ++r) {
    absl::StrAppend(&out, DumpIndent(2), absl::StrFormat("[%3u]={", r));
    for (size_t c = 0; c < columns; ++c) {
      absl::StrAppend(&out, c == 0 ? "" : " ");
      if constexpr (kIsBitmapTable<Accessor>) {
        absl::StrAppend(&out, MsbFirst(table.GetBitMemoryRegion(r, c)));
      } else {
        absl::StrAppend(&out, absl::StrFormat("%8d", static_cast<int32_t>(table.Get(r, c))));
      }
    }
    absl::StrAppend(&out, "}\n");
  }
}

void AppendDumpStackMap(std::string& out, const CodeInfo& info, const StackMap& map,
                        uint32_t code_offset, InstructionSet isa) {
  absl::StrAppend(&out, DumpIndent(1), "StackMap[", map.Row(), "] (native_pc=0x",
                  absl::Hex(code_offset + map.GetNativePcOffset(isa)), ", dex_pc=0x",
                  absl::Hex(map.GetDexPc()), ", register_mask=0x",
                  absl::Hex(info.GetRegisterMaskOf(map)), ", stack_mask=0b",
                  MsbFirst(info.GetStackMaskOf(map)), ")\n");
  AppendDumpRegisters(out, info.GetDexRegisterMapOf(map), 1);
  const InlineInfoRange chain = info.GetInlineInfosOf(map);
  for (uint32_t depth = 0; depth < chain.size(); ++depth) {
    const InlineInfo level = chain[depth];
    absl::StrAppend(&out, DumpIndent(1), "InlineInfo[", level.Row(), "] (depth=", depth,
                    ", dex_pc=0x", absl::Hex(level.GetDexPc()));
    if (level.EncodesArtMethod()) {
      absl::StrAppend(&out, ", method=0x", absl::Hex(level.GetArtMethod()));
    } else {
      absl::StrAppend(&out, ", method_index=", info.GetMethodInfoOf(level).GetMethodIndex());
    }
    absl::StrAppend(&out, ")\n");
    AppendDumpRegisters(out, info.GetInlineDexRegisterMapOf(map, level), 1);
  }
}

}  // namespace

std::string Android11DumpText(const CodeInfo& info, uint32_t code_offset, bool verbose,
                              InstructionSet isa) {
  const CodeInfoHeader& header = info.header();
  std::string out = absl::StrCat(
      // ART multiplies by a size_t here, so a hostile frame size prints unwrapped (while
      // DecodeFrameInfo's 32-bit field wraps it).
      "CodeInfo  FrameSize:", uint64_t{header.packed_frame_size} * kStackAlignment,
      " CoreSpillMask:", absl::Hex(header.core_spill_mask),
      " FpSpillMask:", absl::Hex(header.fp_spill_mask),
      " NumberOfDexRegisters:", header.number_of_dex_registers, "\n");
  info.ForEachTable(
      [&](BitTableId id, const auto& table) { AppendDumpTable(out, info, id, table, verbose); });
  if (verbose) {
    for (uint32_t row = 0; row < info.GetNumberOfStackMaps(); ++row) {
      AppendDumpStackMap(out, info, info.GetStackMapAt(row), code_offset, isa);
    }
  }
  return out;
}

}  // namespace frameproof
