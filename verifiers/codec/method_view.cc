#include "verifiers/codec/method_view.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace frameproof {
namespace {

MethodView::MethodInfoRow MethodInfoFor(const DexMethodReference& reference, uint32_t dex_pc) {
  MethodView::MethodInfoRow row{reference.dex_method_index, -1, -1};
  if (dex_pc == kNoDexPc) return row;  // ART skips the dex file lookup
  switch (reference.dex_file.kind) {
    case DexFileRef::Kind::kSameAsOuter:
      break;
    case DexFileRef::Kind::kOatFile:
      row.dex_file_index = static_cast<int32_t>(reference.dex_file.index);
      break;
    case DexFileRef::Kind::kBootClassPath:
      row.dex_file_index_kind = 0;
      row.dex_file_index = static_cast<int32_t>(reference.dex_file.index);
      break;
  }
  return row;
}

std::string Locations(const std::vector<DexRegisterLocation>& locations) {
  return absl::StrCat(
      "[",
      absl::StrJoin(locations, " ",
                    [](std::string* out, const auto& l) { out->append(ToString(l)); }),
      "]");
}

// Where in a view a difference lies: the header, a stack map, or one of its inline levels. The
// name is built only for a difference, so comparing equal views formats no strings.
struct ViewPlace {
  std::optional<size_t> stack_map;
  std::optional<size_t> depth;

  std::string Name(absl::string_view field) const {
    if (!stack_map.has_value()) return std::string(field);
    if (!depth.has_value()) return absl::StrCat("stack map ", *stack_map, " ", field);
    return absl::StrCat("stack map ", *stack_map, " inline level ", *depth, " ", field);
  }
};

template <typename T>
std::optional<std::string> Differ(const ViewPlace& place, absl::string_view field,
                                  const T& expected, const T& actual) {
  if (expected == actual) [[likely]]
    return std::nullopt;
  return absl::StrCat(place.Name(field), ": expected ", expected, ", got ", actual);
}

}  // namespace

MethodView ViewFromLog(const MethodCallLog& log, ArtFormat format) {
  MethodView view;
  view.code_size = CodeInfoHeader::EncodesCodeSize(format) ? log.code_size : 0;
  view.frame_size_in_bytes = log.method.frame_size_in_bytes;
  view.core_spill_mask = log.method.core_spill_mask;
  view.fp_spill_mask = log.method.fp_spill_mask;
  view.number_of_dex_registers = log.method.num_dex_registers;
  view.baseline = log.method.baseline;
  view.debuggable = log.method.debuggable;
  view.has_should_deoptimize_flag = log.method.has_should_deoptimize_flag;
  const std::vector<uint32_t> pcs = FinalNativePcs(log);
  view.stack_maps.reserve(log.stack_maps.size());
  for (size_t i = 0; i < log.stack_maps.size(); ++i) {
    const MethodCallLog::StackMapEntry& entry = log.stack_maps[i];
    MethodView::StackMapEntry map;
    map.kind = entry.params.kind;
    map.native_pc = pcs[i];
    map.dex_pc = entry.params.dex_pc;
    map.register_mask = entry.params.register_mask;
    map.stack_mask_bits = entry.params.stack_mask.SetBits();
    map.has_register_map =
        !entry.dex_registers.empty() ||
        std::any_of(entry.inline_infos.begin(), entry.inline_infos.end(),
                    [](const auto& level) { return !level.dex_registers.empty(); });
    if (map.has_register_map) map.registers = entry.dex_registers;
    map.inline_infos.reserve(entry.inline_infos.size());
    for (const MethodCallLog::InlineLevel& level : entry.inline_infos) {
      MethodView::InlineLevel decoded;
      decoded.dex_pc = level.dex_pc;
      if (const auto* pointer = std::get_if<ArtMethodPointer>(&level.method)) {
        decoded.art_method = pointer->value;
      } else {
        decoded.method_info =
            MethodInfoFor(std::get<DexMethodReference>(level.method), level.dex_pc);
      }
      if (map.has_register_map) decoded.registers = level.dex_registers;
      map.inline_infos.push_back(std::move(decoded));
    }
    view.stack_maps.push_back(std::move(map));
  }
  return view;
}

MethodView ViewFromCodeInfo(const CodeInfo& info, InstructionSet isa) {
  MethodView view;
  view.code_size = info.code_size();
  view.frame_size_in_bytes = info.frame_size_in_bytes();
  view.core_spill_mask = info.header().core_spill_mask;
  view.fp_spill_mask = info.header().fp_spill_mask;
  view.number_of_dex_registers = info.number_of_dex_registers();
  view.baseline = info.HasFlag(kIsBaseline);
  view.debuggable = info.HasFlag(kIsDebuggable);
  view.has_should_deoptimize_flag = info.HasFlag(kHasShouldDeoptimizeFlag);
  view.stack_maps.reserve(info.GetNumberOfStackMaps());
  for (uint32_t row = 0; row < info.GetNumberOfStackMaps(); ++row) {
    const StackMap stack_map = info.GetStackMapAt(row);
    MethodView::StackMapEntry map;
    map.kind = stack_map.kind();
    map.native_pc = stack_map.GetNativePcOffset(isa);
    map.dex_pc = stack_map.GetDexPc();
    map.register_mask = info.GetRegisterMaskOf(stack_map);
    const BitMemoryRegion mask = info.GetStackMaskOf(stack_map);
    for (size_t bit = 0; mask.IsValid() && bit < mask.size_in_bits(); ++bit) {
      if (mask.LoadBit(bit)) map.stack_mask_bits.push_back(static_cast<uint32_t>(bit));
    }
    map.has_register_map = stack_map.HasDexRegisterMap();
    const DexRegisterMap outer = info.GetDexRegisterMapOf(stack_map);
    map.registers.assign(outer.begin(), outer.end());
    const InlineInfoRange chain = info.GetInlineInfosOf(stack_map);
    map.inline_infos.reserve(chain.size());
    for (uint32_t depth = 0; depth < chain.size(); ++depth) {
      const InlineInfo level = chain[depth];
      MethodView::InlineLevel decoded;
      decoded.dex_pc = level.GetDexPc();
      if (level.EncodesArtMethod()) {
        decoded.art_method = level.GetArtMethod();
      } else {
        const MethodInfo method = info.GetMethodInfoOf(level);
        decoded.method_info = MethodView::MethodInfoRow{
            method.GetMethodIndex(), static_cast<int32_t>(method.GetDexFileIndexKind()),
            static_cast<int32_t>(method.GetDexFileIndex())};
      }
      const DexRegisterMap registers = info.GetInlineDexRegisterMapOf(stack_map, level);
      decoded.registers.assign(registers.begin(), registers.end());
      map.inline_infos.push_back(std::move(decoded));
    }
    view.stack_maps.push_back(std::move(map));
  }
  return view;
}

absl::StatusOr<MethodCallLog> LogFromView(const MethodView& view, InstructionSet isa) {
  MethodCallLog log;
  log.isa = isa;
  log.code_size = view.code_size;
  log.method =
      MethodParams{view.frame_size_in_bytes,       view.core_spill_mask, view.fp_spill_mask,
                   view.number_of_dex_registers,   view.baseline,        view.debuggable,
                   view.has_should_deoptimize_flag};
  log.stack_maps.reserve(view.stack_maps.size());
  for (size_t i = 0; i < view.stack_maps.size(); ++i) {
    const MethodView::StackMapEntry& map = view.stack_maps[i];
    MethodCallLog::StackMapEntry entry;
    entry.params.kind = map.kind;
    entry.params.native_pc_offset = map.native_pc;
    entry.params.dex_pc = map.dex_pc;
    entry.params.register_mask = map.register_mask;
    entry.params.stack_mask = BitVector::FromSetBits(map.stack_mask_bits);
    size_t register_count = map.registers.size();
    for (const auto& level : map.inline_infos) register_count += level.registers.size();
    if (map.has_register_map && register_count == 0) {
      return absl::InvalidArgumentError(absl::StrCat(
          "stack map ", i, " has a register map over zero registers, which no call log makes"));
    }
    // Maps with inline levels but no register map were recorded without vreg info.
    entry.params.needs_vreg_info = map.has_register_map || map.inline_infos.empty();
    if (map.has_register_map) entry.dex_registers = map.registers;
    entry.inline_infos.reserve(map.inline_infos.size());
    for (const MethodView::InlineLevel& level : map.inline_infos) {
      MethodCallLog::InlineLevel recorded;
      recorded.dex_pc = level.dex_pc;
      if (level.art_method.has_value()) {
        recorded.method = ArtMethodPointer{*level.art_method};
      } else {
        const MethodView::MethodInfoRow& row = *level.method_info;
        // ART skips the dex file lookup without a dex pc, so such a level always names (-1, -1).
        if (level.dex_pc == kNoDexPc && (row.dex_file_index_kind != -1 || row.dex_file_index != -1)) {
          return absl::InvalidArgumentError(absl::StrCat(
              "stack map ", i, ": an inline level without a dex pc names dex file (",
              row.dex_file_index_kind, ", ", row.dex_file_index, "), which no call log records"));
        }
        DexMethodReference reference{row.method_index, {}};
        if (row.dex_file_index_kind == -1 && row.dex_file_index == -1) {
          reference.dex_file = {DexFileRef::Kind::kSameAsOuter, 0};
        } else if (row.dex_file_index_kind == -1 && row.dex_file_index >= 0) {
          reference.dex_file = {DexFileRef::Kind::kOatFile,
                                static_cast<uint32_t>(row.dex_file_index)};
        } else if (row.dex_file_index_kind == 0 && row.dex_file_index >= 0) {
          reference.dex_file = {DexFileRef::Kind::kBootClassPath,
                                static_cast<uint32_t>(row.dex_file_index)};
        } else {
          return absl::InvalidArgumentError(
              absl::StrCat("stack map ", i, ": MethodInfo (", row.dex_file_index_kind, ", ",
                           row.dex_file_index, ") names no dex file a compiler can record"));
        }
        recorded.method = reference;
      }
      if (map.has_register_map) {
        recorded.num_dex_registers = static_cast<uint32_t>(level.registers.size());
        recorded.dex_registers = level.registers;
      }
      entry.inline_infos.push_back(std::move(recorded));
    }
    if (map.kind == StackMapKind::kCatch) {
      entry.params.catch_dex_pcs.push_back(map.dex_pc);
      for (const auto& level : map.inline_infos) entry.params.catch_dex_pcs.push_back(level.dex_pc);
    }
    log.stack_maps.push_back(std::move(entry));
  }
  return log;
}

std::optional<std::string> FirstViewDifference(const MethodView& expected,
                                               const MethodView& actual) {
  const ViewPlace header;
  if (auto d = Differ(header, "code_size", expected.code_size, actual.code_size)) return d;
  if (auto d =
          Differ(header, "frame size", expected.frame_size_in_bytes, actual.frame_size_in_bytes)) {
    return d;
  }
  if (auto d = Differ(header, "core spill mask", expected.core_spill_mask, actual.core_spill_mask))
    return d;
  if (auto d = Differ(header, "fp spill mask", expected.fp_spill_mask, actual.fp_spill_mask))
    return d;
  if (auto d = Differ(header, "dex registers", expected.number_of_dex_registers,
                      actual.number_of_dex_registers)) {
    return d;
  }
  if (expected.baseline != actual.baseline || expected.debuggable != actual.debuggable ||
      expected.has_should_deoptimize_flag != actual.has_should_deoptimize_flag) {
    return "flags differ (baseline, debuggable or has-should-deoptimize)";
  }
  if (auto d =
          Differ(header, "stack map count", expected.stack_maps.size(), actual.stack_maps.size())) {
    return d;
  }
  for (size_t i = 0; i < expected.stack_maps.size(); ++i) {
    const MethodView::StackMapEntry& e = expected.stack_maps[i];
    const MethodView::StackMapEntry& a = actual.stack_maps[i];
    const ViewPlace at{i, std::nullopt};
    if (e.kind != a.kind) {
      return absl::StrCat(at.Name("kind"), ": expected ", StackMapKindName(e.kind), ", got ",
                          StackMapKindName(a.kind));
    }
    if (auto d = Differ(at, "native pc", e.native_pc, a.native_pc)) return d;
    if (auto d = Differ(at, "dex pc", e.dex_pc, a.dex_pc)) return d;
    if (auto d = Differ(at, "register mask", e.register_mask, a.register_mask)) return d;
    if (e.stack_mask_bits != a.stack_mask_bits) {
      return absl::StrCat(at.Name("stack mask"), ": expected {",
                          absl::StrJoin(e.stack_mask_bits, ","), "}, got {",
                          absl::StrJoin(a.stack_mask_bits, ","), "}");
    }
    if (e.has_register_map != a.has_register_map) {
      return absl::StrCat(at.Name("register map"), ": expected ",
                          e.has_register_map ? "one" : "none", ", got ",
                          a.has_register_map ? "one" : "none");
    }
    if (e.registers != a.registers) {
      return absl::StrCat(at.Name("registers"), ": expected ", Locations(e.registers), ", got ",
                          Locations(a.registers));
    }
    if (auto d = Differ(at, "inline depth", e.inline_infos.size(), a.inline_infos.size())) return d;
    for (size_t depth = 0; depth < e.inline_infos.size(); ++depth) {
      const MethodView::InlineLevel& el = e.inline_infos[depth];
      const MethodView::InlineLevel& al = a.inline_infos[depth];
      const ViewPlace level{i, depth};
      if (auto d = Differ(level, "dex pc", el.dex_pc, al.dex_pc)) return d;
      if (el.art_method != al.art_method || el.method_info != al.method_info) {
        return level.Name("method differs");
      }
      if (el.registers != al.registers) {
        return absl::StrCat(level.Name("registers"), ": expected ", Locations(el.registers),
                            ", got ", Locations(al.registers));
      }
    }
  }
  return std::nullopt;
}

}  // namespace frameproof
