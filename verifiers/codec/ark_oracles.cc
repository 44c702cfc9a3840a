#include "verifiers/codec/ark_oracles.h"

#include <algorithm>
#include <iterator>
#include <optional>
#include <string>
#include <type_traits>
#include <variant>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/base/status_macros.h"
#include "core/bits/bit_memory_writer.h"
#include "verifiers/conformance/ark_conformance.h"
#include "verifiers/dump/ark_code_info_json.h"
#include "verifiers/generators/ark_call_log_generator.h"
#include "verifiers/generators/byte_source.h"
#include "verifiers/reference/ark_reference_decoder.h"

namespace frameproof::ark {
namespace {

// The constants table as Ark's builder fills it: each 32-bit half once, in the order added.
class ConstantRows {
 public:
  uint32_t RowOf(uint32_t half) {
    const auto [it, added] = rows_.try_emplace(half, static_cast<uint32_t>(values_.size()));
    if (added) values_.push_back(half);
    return it->second;
  }
  const std::vector<uint32_t>& values() const { return values_; }

 private:
  absl::flat_hash_map<uint32_t, uint32_t> rows_;
  std::vector<uint32_t> values_;
};

// The decoded roots stack mask width: the widest vector any map gave a row.
uint32_t RootsStackMaskWidth(const CallLog& log) {
  uint32_t width = 0;
  for (const BuilderCall& call : log.calls) {
    if (const auto* begin = std::get_if<BeginStackMapCall>(&call)) {
      if (begin->roots_stack_mask.has_value())
        width = std::max(width, begin->roots_stack_mask->size);
    }
  }
  return width;
}

// `map` into `out`, with the fields an expectation leaves empty cleared. `out` keeps its buffers
// from map to map.
void CopyWithoutDerivedFields(const DecodedStackMap& map, DecodedStackMap& out) {
  out = map;
  out.row = 0;
  out.vreg_mask = {};
  out.static_roots.clear();
  for (DecodedInlineLevel& level : out.inline_infos) level.row = 0;
}

absl::Status Annotate(const absl::Status& status, absl::string_view what) {
  return absl::Status(status.code(), absl::StrCat(what, ": ", status.message()));
}

// Ark's MAX_VREG_LIVE_DISTANCE (../shared/conformance/ark/README.md §2.3), stated here rather
// than read from the builder under test, so that a builder that miscounts it disagrees with this.
constexpr uint32_t kLiveDistance = 32;

// The eight cells of a StackMap row, by what their indices point at: two rows are equal, and
// Ark's builder merges the second into the first, exactly when these are.
struct RowCells {
  bool is_osr = false;
  bool has_reg_map = false;
  uint32_t native_pc_cell = 0;  // the native pc over the ISA's instruction alignment
  uint32_t bytecode_pc = 0;
  uint32_t roots_reg_mask = 0;                           // 0: no row
  std::optional<StackMaskVector> roots_stack_mask = {};  // nullopt: no row
  std::vector<DecodedInlineLevel> inline_levels = {};    // their vregs left empty
  std::vector<uint32_t> vreg_mask = {};                  // the positions written
  std::vector<std::optional<VRegInfo>> vreg_map = {};    // per position written; nullopt: dead
  friend bool operator==(const RowCells&, const RowCells&) = default;
};

// Replays a call log on paper: what each call must leave in a decode.
//
// Ark's builder writes a map's vregs as changes: a position of the map's list (outer frame, then
// each inline level) is written only if it differs from what was last written there, or was
// written more than kLiveDistance rows ago, and a decoder takes each position from the
// newest row at or before the map's that wrote it. A map whose row equals an earlier row merges
// into it, yet the builder has counted its writes as done: a later map that repeats a merged
// map's value does not write it, and decodes what the last kept row wrote there instead. That is
// Ark's behaviour (code_info_builder.cpp writes the vregs, then adds the row deduplicated), so
// the expectation follows it rather than the calls.
class Expecter {
 public:
  Expecter(uint32_t stack_mask_width, uint32_t instruction_alignment)
      : stack_mask_width_(stack_mask_width), instruction_alignment_(instruction_alignment) {}

  void operator()(const SetHasFloatRegsCall& c) { expected_.has_float_regs = c.has_float_regs; }
  void operator()(const BeginMethodCall& c) {
    expected_.frame_size = c.frame_size;
    expected_.vregs_count = c.vregs_count;
    constants_.RowOf(0);
  }
  void operator()(const SetFrameSizeCall& c) { expected_.frame_size = c.frame_size; }
  void operator()(const SetSavedCalleeRegsMaskCall& c) {
    expected_.callee_reg_mask = c.mask;
    expected_.callee_fp_reg_mask = c.fp_mask;
  }
  void operator()(const AddImplicitNullCheckCall& c) {
    auto& checks = expected_.implicit_null_checks;
    const std::pair check{c.instruction_native_pc, c.offset};
    if (std::find(checks.begin(), checks.end(), check) == checks.end()) checks.push_back(check);
  }
  void operator()(const BeginStackMapCall& c) {
    cumulative_ = c.require_vreg_map ? expected_.vregs_count : 0;
    map_ = DecodedStackMap{.native_pc = c.native_pc,
                           .bytecode_pc = c.bytecode_pc,
                           .is_osr = c.opcode == SaveStateOpcode::kSaveStateOsr,
                           .has_reg_map = c.require_vreg_map,
                           .roots_reg_mask = c.roots_regs_mask};
    cells_ = RowCells{.is_osr = map_.is_osr,
                      .has_reg_map = map_.has_reg_map,
                      .native_pc_cell = c.native_pc / instruction_alignment_,
                      .bytecode_pc = c.bytecode_pc,
                      .roots_reg_mask = c.roots_regs_mask};
    if (c.roots_stack_mask.has_value() && c.roots_stack_mask->size > 0) {
      map_.roots_stack_mask = {stack_mask_width_, c.roots_stack_mask->bits};
      cells_.roots_stack_mask = c.roots_stack_mask;
    }
    list_.clear();
    frame_sizes_.clear();
    frame_sizes_.push_back(0);
  }
  void operator()(const AddVRegCall& c) {
    VRegInfo written = c.vreg;
    written.index = 0;
    Append(written);
  }
  void operator()(const AddConstantCall& c) {
    const uint32_t low = constants_.RowOf(static_cast<uint32_t>(c.value));
    const uint32_t high = constants_.RowOf(static_cast<uint32_t>(c.value >> 32));
    Append(VRegInfo{.value = low | high << Constants::kRowIndexBits,
                    .location = VRegInfo::Location::kConstant,
                    .type = c.type,
                    .vreg_type = c.vreg_type},
           c.value);
  }
  void operator()(const BeginInlineInfoCall& c) {
    cumulative_ += c.vregs_count;
    map_.inline_infos.push_back(
        DecodedInlineLevel{.depth = static_cast<int32_t>(map_.inline_infos.size()),
                           .bytecode_pc = c.bytecode_pc,
                           .method_is_pointer = c.method != 0,
                           .method = c.method != 0 ? c.method : c.method_id,
                           .file_index = c.file_index,
                           .vregs_count = cumulative_});
    frame_sizes_.push_back(0);
  }
  void operator()(const EndStackMapCall&) {
    if (!map_.inline_infos.empty()) map_.inline_infos.back().is_last = true;
    map_.inline_depth = static_cast<int32_t>(map_.inline_infos.size()) - 1;
    cells_.inline_levels = map_.inline_infos;
    WriteVRegs();
    const auto earlier = std::find(rows_.begin(), rows_.end(), cells_);
    if (earlier != rows_.end()) {
      const size_t row = static_cast<size_t>(earlier - rows_.begin());
      expected_.stack_map_rows.push_back(static_cast<uint32_t>(row));
      expected_.stack_maps.push_back(expected_.stack_maps[first_call_of_row_[row]]);
      return;
    }
    for (size_t i = 0; i < cells_.vreg_mask.size(); ++i) {
      const uint32_t position = cells_.vreg_mask[i];
      visible_[position] = DecodedForm(cells_.vreg_map[i], list_[position].second);
    }
    FillFramesFromVisible();
    expected_.stack_map_rows.push_back(static_cast<uint32_t>(rows_.size()));
    rows_.push_back(std::move(cells_));
    first_call_of_row_.push_back(expected_.stack_maps.size());
    expected_.stack_maps.push_back(std::move(map_));
  }
  void operator()(const EndInlineInfoCall&) {}
  void operator()(const EndMethodCall&) {}
  void operator()(const EncodeCall&) {}

  ExpectedDecode Result() && {
    expected_.constants = constants_.values();
    expected_.row_count = static_cast<uint32_t>(rows_.size());
    return std::move(expected_);
  }

 private:
  // What was last written at one position of the vreg list, and the rows there were then.
  struct Written {
    VRegInfo vreg;
    uint32_t rows_then = 0;
  };

  void Append(const VRegInfo& vreg, std::optional<uint64_t> constant = std::nullopt) {
    list_.push_back({vreg, constant});
    ++frame_sizes_.back();
  }

  // The positions whose value changed, or was written too long ago, into the row's mask and map.
  void WriteVRegs() {
    const uint32_t rows = static_cast<uint32_t>(rows_.size());
    if (last_written_.size() < list_.size()) {
      last_written_.resize(list_.size());
      visible_.resize(list_.size());
    }
    for (uint32_t i = 0; i < list_.size(); ++i) {
      const VRegInfo& vreg = list_[i].first;
      std::optional<Written>& last = last_written_[i];
      if (last.has_value() && last->vreg == vreg && rows - last->rows_then <= kLiveDistance) {
        continue;
      }
      last = Written{vreg, rows};
      cells_.vreg_mask.push_back(i);
      cells_.vreg_map.push_back(vreg.IsLive() ? std::optional(vreg) : std::nullopt);
    }
  }

  static DecodedVReg DecodedForm(const std::optional<VRegInfo>& vreg,
                                 std::optional<uint64_t> constant) {
    if (!vreg.has_value()) return DecodedVReg{};
    return DecodedVReg{.value = vreg->value,
                       .location = LocationName(vreg->location),
                       .type = TypeName(vreg->type),
                       .vreg_type = VRegTypeName(vreg->vreg_type),
                       .constant = constant};
  }

  // Each frame of the kept map as a decoder reads it: its positions of the list, from the newest
  // row that wrote them, live entries numbered within their frame.
  void FillFramesFromVisible() {
    size_t position = 0;
    for (size_t frame = 0; frame < frame_sizes_.size(); ++frame) {
      std::vector<DecodedVReg>& vregs =
          frame == 0 ? map_.vregs : map_.inline_infos[frame - 1].vregs;
      vregs.clear();
      vregs.reserve(frame_sizes_[frame]);
      for (uint32_t i = 0; i < frame_sizes_[frame]; ++i, ++position) {
        DecodedVReg entry = visible_[position];
        if (entry.location != LocationName(VRegInfo::Location::kNone)) entry.index = i;
        vregs.push_back(std::move(entry));
      }
    }
  }

  const uint32_t stack_mask_width_;
  const uint32_t instruction_alignment_;
  ExpectedDecode expected_;
  ConstantRows constants_;
  DecodedStackMap map_;
  RowCells cells_;
  // The map's vreg list in call order, each with the 64-bit constant it stands for, if any; and
  // how many of them each frame (outer, then each inline level) holds.
  std::vector<std::pair<VRegInfo, std::optional<uint64_t>>> list_;
  std::vector<uint32_t> frame_sizes_;
  uint32_t cumulative_ = 0;
  std::vector<std::optional<Written>> last_written_;  // per list position; nullopt: never
  std::vector<DecodedVReg> visible_;                  // per list position, as a decoder finds it
  std::vector<RowCells> rows_;                        // the StackMap table's rows so far
  std::vector<size_t> first_call_of_row_;             // whose map each of them decodes to
};

}  // namespace

ExpectedDecode ExpectFromLog(const CallLog& log) {
  Expecter expecter(RootsStackMaskWidth(log), LayoutFor(log.isa)->instruction_alignment);
  for (const BuilderCall& call : log.calls) std::visit(expecter, call);
  return std::move(expecter).Result();
}

std::optional<std::string> ExpectedDecode::FirstDifference(const DecodedCodeInfo& decoded) const {
  const std::array<uint32_t, 5>& header = decoded.header_varints;
  const uint32_t properties = frame_size | (has_float_regs ? CodeInfoHeader::kHasFloatRegsBit : 0);
  if (header[0] != properties || header[1] != callee_reg_mask || header[2] != callee_fp_reg_mask ||
      header[4] != vregs_count) {
    return absl::StrCat("header [", absl::StrJoin(header, ", "), "]: the calls set PROPERTIES ",
                        properties, ", callee masks ", callee_reg_mask, " and ", callee_fp_reg_mask,
                        ", VREGS_COUNT ", vregs_count);
  }
  if (decoded.constants != constants) {
    return absl::StrCat("constants [", absl::StrJoin(decoded.constants, ", "),
                        "]: the calls added [", absl::StrJoin(constants, ", "), "]");
  }
  if (decoded.implicit_null_checks != implicit_null_checks) {
    return absl::StrCat("implicit null checks: ", decoded.implicit_null_checks.size(),
                        " rows; the calls added ", implicit_null_checks.size(), " distinct ones");
  }
  const std::vector<DecodedStackMap>& rows = decoded.stack_maps;
  if (rows.size() != row_count) {
    return absl::StrCat(rows.size(), " stack maps decoded; the ", stack_maps.size(),
                        " BeginStackMap calls leave ", row_count,
                        " rows (a map equal to an earlier row merges into it)");
  }
  // A lookup finds the first row at a pc, which is the first call's there: a call that merges
  // does so into an earlier row with the same pc.
  absl::flat_hash_set<uint32_t> seen_pcs;
  DecodedStackMap got;
  for (size_t call = 0; call < stack_maps.size(); ++call) {
    const DecodedStackMap& want = stack_maps[call];
    const uint32_t row = stack_map_rows[call];
    if (seen_pcs.insert(want.native_pc).second) {
      for (const auto& [pc, found] : decoded.native_pc_lookups) {
        if (pc != want.native_pc || found == static_cast<int64_t>(row)) continue;
        if (found < 0) {
          return absl::StrCat("no stack map is found at native pc ", pc, ", where call ", call,
                              " put one");
        }
        return absl::StrCat("the lookup at native pc ", pc, " finds row ", found, "; call ", call,
                            " put the first map there, in row ", row);
      }
    }
    CopyWithoutDerivedFields(rows[row], got);
    if (want == got) continue;
    if (auto difference = ark::FirstDifference(
            want, got, absl::StrCat("stack map of call ", call, " (row ", row, ")"))) {
      return difference;
    }
  }
  return std::nullopt;
}

absl::Status ExerciseEveryArkQuery(const CodeInfo& info) {
  for (uint32_t row = 0; row < info.GetStackMapsCount(); ++row) {
    const StackMap map = info.GetStackMap(row);
    const std::string where = absl::StrCat("stack map ", row);
    info.FindStackMapForNativePc(map.GetNativePcUnpacked(info.isa().instruction_alignment));
    info.FindOsrStackMap(map.GetBytecodePc());
    FP_RETURN_IF_ERROR(Annotate(info.GetRootsRegMask(map).status(), where));
    FP_RETURN_IF_ERROR(Annotate(info.GetRootsStackMask(map).status(), where));
    FP_RETURN_IF_ERROR(Annotate(info.GetVRegMask(map).status(), where));
    FP_RETURN_IF_ERROR(Annotate(info.EnumerateStaticRoots(map, [](const VRegInfo&) {}), where));
    std::vector<VRegList> frames;
    FP_ASSIGN_OR_RETURN(VRegList outer, info.GetVRegList(map));
    if (map.HasRegMap() && outer.size() != info.header().vregs_count) {
      return absl::InternalError(absl::StrCat(where, ": the outer frame has ", outer.size(),
                                              " vregs; the header says ",
                                              info.header().vregs_count));
    }
    frames.push_back(std::move(outer));
    FP_ASSIGN_OR_RETURN(const int32_t depth, info.GetInlineDepth(map));
    for (int32_t d = 0; d <= depth; ++d) {
      FP_ASSIGN_OR_RETURN(const InlineInfo level, info.GetInlineInfo(map, d));
      FP_RETURN_IF_ERROR(Annotate(info.GetMethod(level).status(), where));
      FP_ASSIGN_OR_RETURN(VRegList vregs, info.GetInlineVRegList(map, d));
      frames.push_back(std::move(vregs));
    }
    for (const VRegList& frame : frames) {
      for (size_t i = 0; i < frame.size(); ++i) {
        if (frame[i].IsLive() && frame[i].index != i) {
          return absl::InternalError(absl::StrCat(where, ": live vreg at position ", i,
                                                  " carries index ", frame[i].index));
        }
        if (frame[i].location == VRegInfo::Location::kConstant) {
          FP_RETURN_IF_ERROR(Annotate(info.GetConstant(frame[i]).status(), where));
        }
      }
    }
  }
  return absl::OkStatus();
}

std::vector<uint8_t> ReencodeTables(const CodeInfo& info) {
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  writer.WriteInterleavedVarints(info.header().AsArray());
  const auto values = [&](TableId id, const auto& table) {
    if (!info.header().HasTable(id)) return;
    BitTableBuilder<std::decay_t<decltype(table)>::kColumnCount> rows;
    for (uint32_t r = 0; r < table.NumRows(); ++r) {
      typename decltype(rows)::Entry entry;
      for (uint32_t c = 0; c < entry.size(); ++c) entry[c] = table.Get(r, c);
      rows.Add(entry);
    }
    rows.Encode(writer, kArkBitTableLayout);
  };
  const auto bitmaps = [&](TableId id, const auto& table) {
    if (!info.header().HasTable(id)) return;
    BitmapTableBuilder rows(kArkBitTableLayout);
    for (uint32_t r = 0; r < table.NumRows(); ++r) rows.Add(table.GetBitMemoryRegion(r));
    rows.Encode(writer, kArkBitTableLayout);
  };
  values(TableId::kStackMap, info.stack_maps());
  values(TableId::kInlineInfo, info.inline_infos());
  values(TableId::kRootsRegMask, info.roots_reg_masks());
  bitmaps(TableId::kRootsStackMask, info.roots_stack_masks());
  values(TableId::kMethodId, info.method_ids());
  bitmaps(TableId::kVRegMask, info.vreg_masks());
  values(TableId::kVRegMap, info.vreg_map());
  values(TableId::kVRegCatalogue, info.vreg_catalogue());
  values(TableId::kImplicitNullChecks, info.implicit_null_checks());
  values(TableId::kConstants, info.constants());
  writer.ByteAlign();
  out.resize((out.size() + 7) / 8 * 8, 0);
  return out;
}

uint8_t ArkIsaByte(InstructionSet isa) {
  return static_cast<uint8_t>(std::find(std::begin(kArkIsas), std::end(kArkIsas), isa) -
                              std::begin(kArkIsas));
}

OracleResult CheckArkCodeInfoDecode(absl::Span<const uint8_t> data) {
  if (data.empty()) return std::nullopt;
  const InstructionSet isa = kArkIsas[data[0] % std::size(kArkIsas)];
  const absl::Span<const uint8_t> bytes = data.subspan(1);
  const absl::StatusOr<CodeInfo> info = CodeInfo::Decode(bytes, *LayoutFor(isa));
  if (!info.ok()) return std::nullopt;
  const absl::Status queries = ExerciseEveryArkQuery(*info);
  if (queries.code() == absl::StatusCode::kInternal) {
    return Mismatch{MismatchClass::kQueryFailed, std::string(queries.message())};
  }
  if (!info->Validate().ok()) return std::nullopt;
  // Validate() accepted it: no query may fail, and every map is found at its own pc.
  if (!queries.ok()) {
    return Mismatch{
        MismatchClass::kQueryFailed,
        absl::StrCat("Validate() accepted a CodeInfo on which a query fails: ", queries.message())};
  }
  for (uint32_t row = 0; row < info->GetStackMapsCount(); ++row) {
    const uint32_t pc =
        info->GetStackMap(row).GetNativePcUnpacked(info->isa().instruction_alignment);
    const StackMap found = info->FindStackMapForNativePc(pc);
    if (!found.IsValid() || found.Row() > row ||
        found.GetNativePcUnpacked(info->isa().instruction_alignment) != pc) {
      return Mismatch{MismatchClass::kQueryFailed,
                      absl::StrCat("stack map ", row, " at native pc ", pc,
                                   " is not found by FindStackMapForNativePc")};
    }
  }
  const absl::StatusOr<DecodedCodeInfo> production = DecodeEverything(*info);
  if (!production.ok()) {
    return Mismatch{MismatchClass::kQueryFailed, std::string(production.status().message())};
  }
  const absl::StatusOr<DecodedCodeInfo> reference =
      reference::DecodeArkReference(bytes, VectorIsaName(isa));
  if (reference.status().code() == absl::StatusCode::kResourceExhausted) return std::nullopt;
  if (!reference.ok()) {
    return Mismatch{MismatchClass::kReferenceRejected,
                    absl::StrCat("production validated what the reference refuses: ",
                                 reference.status().message())};
  }
  if (std::optional<std::string> difference = FirstDifference(*reference, *production)) {
    return Mismatch{MismatchClass::kDecodersDisagree, *difference};
  }
  return std::nullopt;
}

OracleResult CheckArkCodeInfoBuilder(absl::Span<const uint8_t> data) {
  ByteSource source(data);
  const CallLog log = GenerateArkCallLog(source);
  const absl::StatusOr<std::vector<uint8_t>> bytes = ReplayCallLog(log);
  if (!bytes.ok()) {
    return Mismatch{MismatchClass::kStreamRejectedValidLog, std::string(bytes.status().message())};
  }
  const absl::StatusOr<CodeInfo> info = CodeInfo::Decode(*bytes, *LayoutFor(log.isa));
  if (!info.ok()) {
    return Mismatch{MismatchClass::kProductionDiffersFromLog,
                    absl::StrCat("our own encoding does not open: ", info.status().message())};
  }
  if (const absl::Status valid = info->Validate(); !valid.ok()) {
    return Mismatch{MismatchClass::kProductionDiffersFromLog,
                    absl::StrCat("our own encoding does not validate: ", valid.message())};
  }
  const absl::StatusOr<DecodedCodeInfo> production = DecodeEverything(*info);
  if (!production.ok()) {
    return Mismatch{MismatchClass::kQueryFailed, std::string(production.status().message())};
  }
  const absl::StatusOr<DecodedCodeInfo> reference =
      reference::DecodeArkReference(*bytes, VectorIsaName(log.isa));
  if (!reference.ok()) {
    if (reference.status().code() == absl::StatusCode::kResourceExhausted) return std::nullopt;
    return Mismatch{MismatchClass::kReferenceRejected, std::string(reference.status().message())};
  }
  // Each decode against what the calls recorded, the reference's first, so a failure names the
  // side that is wrong; then the rest (tables, masks, static roots, lookups) against each other.
  const ExpectedDecode expected = ExpectFromLog(log);
  if (std::optional<std::string> difference = expected.FirstDifference(*reference)) {
    return Mismatch{MismatchClass::kReferenceDiffersFromLog, *difference};
  }
  if (std::optional<std::string> difference = expected.FirstDifference(*production)) {
    return Mismatch{MismatchClass::kProductionDiffersFromLog, *difference};
  }
  if (std::optional<std::string> difference = FirstDifference(*reference, *production)) {
    return Mismatch{MismatchClass::kDecodersDisagree, *difference};
  }
  if (const std::vector<uint8_t> again = ReencodeTables(*info); again != *bytes) {
    return Mismatch{MismatchClass::kReencodeBytesDiffer,
                    absl::StrCat("writing the decoded tables again gives ", again.size(),
                                 " bytes that differ from the ", bytes->size(), " encoded")};
  }
  return std::nullopt;
}

}  // namespace frameproof::ark
