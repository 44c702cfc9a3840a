#include "verifiers/dump/ark_code_info_text.h"

#include <variant>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/base/status_macros.h"

namespace frameproof::ark {
namespace {

std::string Cell(uint32_t value) { return value == kNoValue ? "-" : absl::StrCat(value); }

template <typename Accessor>
void AppendTable(const CodeInfo& info, TableId id, const BitTable<Accessor>& table, bool is_bitmap,
                 std::string& out) {
  if (!info.header().HasTable(id)) return;
  std::vector<std::string> columns;
  const auto bits = table.ColumnBits();
  for (size_t c = 0; c < Accessor::kColumnCount; ++c) {
    columns.push_back(absl::StrCat(kColumnNamesOf<Accessor>[c], ":", bits[c]));
  }
  absl::StrAppend(&out, "  table ", Accessor::kTableName, " at bit ", info.TableBitStart(id), ", ",
                  table.NumRows(), " rows, ", info.TableBitSize(id), " bits; columns ",
                  absl::StrJoin(columns, " "), "\n");
  for (uint32_t row = 0; row < table.NumRows(); ++row) {
    std::vector<std::string> cells;
    if (is_bitmap) {
      const BitMemoryRegion region = table.GetBitMemoryRegion(row);
      for (uint32_t bit = 0; bit < region.size_in_bits(); ++bit) {
        if (region.LoadBit(bit)) cells.push_back(absl::StrCat(bit));
      }
      absl::StrAppend(&out, "    row ", row, ": {", absl::StrJoin(cells, ", "), "}\n");
      continue;
    }
    for (uint32_t c = 0; c < Accessor::kColumnCount; ++c) cells.push_back(Cell(table.Get(row, c)));
    absl::StrAppend(&out, "    row ", row, ": ", absl::StrJoin(cells, " "), "\n");
  }
}

absl::StatusOr<std::string> VRegsText(const CodeInfo& info, const VRegList& vregs) {
  if (vregs.empty()) return std::string("none");
  std::vector<std::string> items;
  for (size_t i = 0; i < vregs.size(); ++i) {
    const VRegInfo& vreg = vregs[i];
    if (!vreg.IsLive()) {
      items.push_back(absl::StrCat("v", i, " dead"));
      continue;
    }
    std::string value = absl::StrCat(static_cast<int32_t>(vreg.value));
    if (vreg.location == VRegInfo::Location::kConstant) {
      FP_ASSIGN_OR_RETURN(const uint64_t constant, info.GetConstant(vreg));
      value = absl::StrCat("0x", absl::Hex(constant));
    }
    items.push_back(absl::StrCat("v", i, " ", LocationName(vreg.location), " ", value, " ",
                                 TypeName(vreg.type),
                                 vreg.vreg_type == VRegInfo::VRegType::kVReg
                                     ? ""
                                     : absl::StrCat(" ", VRegTypeName(vreg.vreg_type))));
  }
  return absl::StrJoin(items, "; ");
}

std::string Bits(const BitMemoryRegion& region) {
  std::vector<std::string> set;
  for (uint32_t bit = 0; bit < region.size_in_bits(); ++bit) {
    if (region.LoadBit(bit)) set.push_back(absl::StrCat(bit));
  }
  return absl::StrCat("[", region.size_in_bits(), " bits] {", absl::StrJoin(set, ", "), "}");
}

absl::Status AppendStackMap(const CodeInfo& info, const StackMap& map, std::string& out) {
  absl::StrAppend(&out, "  stack map ", map.Row(), ": native pc ",
                  map.GetNativePcUnpacked(info.isa().instruction_alignment), ", bytecode pc ",
                  map.GetBytecodePc(), map.IsOsr() ? ", OSR" : "",
                  map.HasRegMap() ? "" : ", no vreg map", "\n");
  FP_ASSIGN_OR_RETURN(const uint32_t registers, info.GetRootsRegMask(map));
  FP_ASSIGN_OR_RETURN(const BitMemoryRegion stack, info.GetRootsStackMask(map));
  std::vector<std::string> roots;
  FP_RETURN_IF_ERROR(info.EnumerateStaticRoots(map, [&](const VRegInfo& root) {
    roots.push_back(
        absl::StrCat(LocationName(root.location), " ", static_cast<int32_t>(root.value)));
  }));
  absl::StrAppend(&out, "    roots: registers 0x", absl::Hex(registers), ", stack ", Bits(stack),
                  " -> ", roots.empty() ? "none" : absl::StrJoin(roots, ", "), "\n");
  FP_ASSIGN_OR_RETURN(const VRegList vregs, info.GetVRegList(map));
  FP_ASSIGN_OR_RETURN(const std::string vregs_text, VRegsText(info, vregs));
  absl::StrAppend(&out, "    vregs: ", vregs_text, "\n");
  FP_ASSIGN_OR_RETURN(const int32_t depth, info.GetInlineDepth(map));
  for (int32_t d = 0; d <= depth; ++d) {
    FP_ASSIGN_OR_RETURN(const InlineInfo level, info.GetInlineInfo(map, d));
    FP_ASSIGN_OR_RETURN(const InlinedMethod method, info.GetMethod(level));
    FP_ASSIGN_OR_RETURN(const VRegList level_vregs, info.GetInlineVRegList(map, d));
    FP_ASSIGN_OR_RETURN(const std::string level_text, VRegsText(info, level_vregs));
    const std::string named =
        std::holds_alternative<MethodPointer>(method)
            ? absl::StrCat("Method* 0x", absl::Hex(std::get<MethodPointer>(method).address))
            : absl::StrCat("method id ", std::get<PandaMethodId>(method).id);
    absl::StrAppend(&out, "    inline ", d, ": ", named, ", bytecode pc ", level.GetBytecodePc(),
                    ", file ", Cell(level.GetFileIndex()), ", vregs (cumulative ",
                    level.GetVRegsCount(), "): ", level_text, "\n");
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::string> CodeInfoToText(const CodeInfo& info) {
  const CodeInfoHeader& header = info.header();
  std::string out = absl::StrCat("Ark CodeInfo (", InstructionSetName(info.isa().isa), "), ",
                                 info.bit_size(), " bits\n");
  absl::StrAppend(&out, "  header: frame size ", header.frame_size(), ", HasFloatRegs ",
                  header.has_float_regs() ? "yes" : "no", ", callee GP 0x",
                  absl::Hex(header.callee_reg_mask), ", callee FP 0x",
                  absl::Hex(header.callee_fp_reg_mask), ", vregs ", header.vregs_count,
                  ", tables 0x", absl::Hex(header.table_mask), "\n");
  AppendTable(info, TableId::kStackMap, info.stack_maps(), false, out);
  AppendTable(info, TableId::kInlineInfo, info.inline_infos(), false, out);
  AppendTable(info, TableId::kRootsRegMask, info.roots_reg_masks(), false, out);
  AppendTable(info, TableId::kRootsStackMask, info.roots_stack_masks(), true, out);
  AppendTable(info, TableId::kMethodId, info.method_ids(), false, out);
  AppendTable(info, TableId::kVRegMask, info.vreg_masks(), true, out);
  AppendTable(info, TableId::kVRegMap, info.vreg_map(), false, out);
  AppendTable(info, TableId::kVRegCatalogue, info.vreg_catalogue(), false, out);
  AppendTable(info, TableId::kImplicitNullChecks, info.implicit_null_checks(), false, out);
  AppendTable(info, TableId::kConstants, info.constants(), false, out);
  for (uint32_t row = 0; row < info.GetStackMapsCount(); ++row) {
    FP_RETURN_IF_ERROR(AppendStackMap(info, info.GetStackMap(row), out));
  }
  return out;
}

}  // namespace frameproof::ark
