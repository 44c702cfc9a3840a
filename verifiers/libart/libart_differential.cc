#include "verifiers/libart/libart_differential.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "core/art/code_info.h"
#include "core/art/code_info_relay.h"
#include "core/art/code_info_table_deduper.h"
#include "core/base/hex.h"
#include "verifiers/codec/method_view.h"
#include "verifiers/codec/reference_view.h"
#include "verifiers/dump/art_dump_text.h"

namespace frameproof {
namespace {

using json = nlohmann::ordered_json;

constexpr ArtFormat kFormat = ArtFormat::kAndroid11;
// Android 11's CodeInfo::kIsBaseline.
constexpr uint32_t kAndroid11Baseline = FlagBit(ArtFormat::kAndroid11, kIsBaseline);

Mismatch Differs(MismatchClass kind, const std::vector<uint8_t>& bytes, InstructionSet isa,
                 const std::string& what) {
  return Mismatch{kind, absl::StrCat(what, " (android11 CodeInfo ", ToHex(bytes), ", isa ",
                                     InstructionSetName(isa), ")")};
}

std::vector<uint32_t> SetBits(const std::string& bits) {
  std::vector<uint32_t> set;
  for (size_t i = 0; i < bits.size(); ++i) {
    if (bits[i] == '1') set.push_back(static_cast<uint32_t>(i));
  }
  return set;
}

std::vector<DexRegisterLocation> Locations(const json& registers) {
  std::vector<DexRegisterLocation> locations;
  for (const json& location : registers) {
    locations.push_back(DexRegisterLocation{
        static_cast<DexRegisterKind>(location[0].get<int32_t>()), location[1].get<int32_t>()});
  }
  return locations;
}

// What libart reports, in the terms ViewFromLog and ViewFromCodeInfo use.
MethodView ViewFromLibart(const json& answer) {
  const json& header = answer["header"];
  MethodView view;
  view.code_size = 0;  // not in an Android 11 CodeInfo
  view.frame_size_in_bytes = header["packed_frame_size"].get<uint32_t>() * kStackAlignment;
  view.core_spill_mask = header["core_spill_mask"];
  view.fp_spill_mask = header["fp_spill_mask"];
  view.number_of_dex_registers = header["number_of_dex_registers"];
  view.baseline = (header["flags"].get<uint32_t>() & kAndroid11Baseline) != 0;
  for (const json& map : answer["stack_maps"]) {
    MethodView::StackMapEntry entry;
    entry.kind = static_cast<StackMapKind>(static_cast<uint32_t>(map["kind"].get<int32_t>()));
    entry.native_pc = map["native_pc"];
    entry.dex_pc = map["dex_pc"];
    entry.register_mask = map["register_mask"];
    entry.stack_mask_bits = SetBits(map["stack_mask"]);
    entry.has_register_map = map["has_register_map"];
    const json& levels = map["levels"];
    entry.registers = Locations(levels[0]["registers"]);
    for (size_t depth = 1; depth < levels.size(); ++depth) {
      const json& level = levels[depth];
      MethodView::InlineLevel inline_level;
      inline_level.dex_pc = level["dex_pc"];
      if (level.contains("art_method")) {
        inline_level.art_method = level["art_method"].get<uint64_t>();
      } else {
        inline_level.method_info = MethodView::MethodInfoRow{level["method_index"], -1, -1};
      }
      inline_level.registers = Locations(level["registers"]);
      entry.inline_infos.push_back(inline_level);
    }
    view.stack_maps.push_back(entry);
  }
  return view;
}

json RowOrNull(const StackMap& map) { return map.IsValid() ? json(map.Row()) : json(nullptr); }

std::string MaskBitsOf(const BitMemoryRegion& mask) {
  std::string bits;
  for (size_t i = 0; mask.IsValid() && i < mask.size_in_bits(); ++i) {
    bits += mask.LoadBit(i) ? '1' : '0';
  }
  return bits;
}

// Every cell of one table, as libart's answer lists them: values, or for bitmap tables the bits.
template <typename Accessor>
std::optional<std::string> CellDifference(const BitTable<Accessor>& table, size_t columns,
                                          const json& cells) {
  for (uint32_t row = 0; row < table.NumRows(); ++row) {
    json ours;
    if constexpr (kIsBitmapTable<Accessor>) {
      ours = MaskBitsOf(table.GetBitMemoryRegion(row));
    } else {
      ours = json::array();
      for (size_t c = 0; c < columns; ++c) ours.push_back(table.Get(row, c));
    }
    if (cells[row] != ours) {
      return absl::StrCat(Accessor::kTableName, " row ", row, ": libart ", cells[row].dump(),
                          ", frameproof ", ours.dump());
    }
  }
  return std::nullopt;
}

std::optional<std::string> CellsDifference(const CodeInfo& info, const json& tables) {
  std::optional<std::string> difference;
  info.ForEachTable([&](BitTableId id, const auto& table) {
    if (!difference) {
      difference = CellDifference(table, info.TableEncodedColumns(id),
                                  tables[static_cast<size_t>(id)]["cells"]);
    }
  });
  return difference;
}

// Rows, widths and cells of every table, as libart's answer lists them.
std::optional<std::string> TableDifference(const CodeInfo& info, const json& tables) {
  for (size_t i = 0; i < kNumBitTables; ++i) {
    const auto id = static_cast<BitTableId>(i);
    const json& theirs = tables[i];
    const absl::InlinedVector<uint32_t, 8> widths = info.TableColumnBits(id);
    const uint32_t rows = info.TableRows(id);
    if (theirs["rows"].get<uint32_t>() != rows) {
      return absl::StrCat(BitTableName(id), " rows: libart ", theirs["rows"].dump(),
                          ", frameproof ", rows);
    }
    // libart's tables have exactly the columns the format encodes.
    const size_t columns = info.TableEncodedColumns(id);
    std::vector<uint32_t> ours(widths.begin(), widths.begin() + columns);
    if (theirs["column_bits"].get<std::vector<uint32_t>>() != ours) {
      return absl::StrCat(BitTableName(id), " column widths: libart ", theirs["column_bits"].dump(),
                          ", frameproof ", json(ours).dump());
    }
  }
  return CellsDifference(info, tables);
}

// The lookups libart made, made again by frameproof's decoder.
std::optional<std::string> LookupDifference(const CodeInfo& info, const json& lookups,
                                            InstructionSet isa) {
  const auto compare = [](absl::string_view what, const json& pair,
                          const json& ours) -> std::optional<std::string> {
    if (pair[1] == ours) return std::nullopt;
    return absl::StrCat(what, "(", pair[0].dump(), "): libart row ", pair[1].dump(),
                        ", frameproof row ", ours.dump());
  };
  for (const json& pair : lookups["native_pc"]) {
    if (auto d = compare("GetStackMapForNativePcOffset", pair,
                         RowOrNull(info.GetStackMapForNativePcOffset(pair[0], isa)))) {
      return d;
    }
  }
  for (const json& pair : lookups["dex_pc"]) {
    if (auto d =
            compare("GetStackMapForDexPc", pair, RowOrNull(info.GetStackMapForDexPc(pair[0])))) {
      return d;
    }
  }
  for (const json& pair : lookups["osr"]) {
    if (auto d = compare("GetOsrStackMapForDexPc", pair,
                         RowOrNull(info.GetOsrStackMapForDexPc(pair[0])))) {
      return d;
    }
  }
  for (const json& pair : lookups["catch"]) {
    const uint32_t dex_pc[] = {pair[0].get<uint32_t>()};
    if (auto d = compare("GetCatchStackMapForDexPc", pair,
                         RowOrNull(info.GetCatchStackMapForDexPc(dex_pc)))) {
      return d;
    }
  }
  return std::nullopt;
}

// DecodeGcMasksOnly and DecodeInlineInfoOnly, libart's through a method header and frameproof's
// subset decodes.
std::optional<std::string> SubsetDifference(const std::vector<uint8_t>& bytes, const json& answer) {
  const CodeInfo gc = CodeInfo::DecodeTrusted(bytes, 0, CodeInfo::Subset::kGcMasksOnly, kFormat);
  const json& gc_answer = answer["gc_masks_only"];
  if (gc_answer["stack_maps"].get<uint32_t>() != gc.GetNumberOfStackMaps()) {
    return "DecodeGcMasksOnly stack map count differs";
  }
  for (uint32_t row = 0; row < gc.GetNumberOfStackMaps(); ++row) {
    const StackMap map = gc.GetStackMapAt(row);
    if (gc_answer["register_masks"][row].get<uint32_t>() != gc.GetRegisterMaskOf(map) ||
        gc_answer["stack_masks"][row].get<std::string>() != MaskBitsOf(gc.GetStackMaskOf(map))) {
      return absl::StrCat("DecodeGcMasksOnly stack map ", row, ": libart masks ",
                          gc_answer["register_masks"][row].dump(), " ",
                          gc_answer["stack_masks"][row].dump(), ", frameproof ",
                          gc.GetRegisterMaskOf(map), " \"", MaskBitsOf(gc.GetStackMaskOf(map)),
                          "\"");
    }
  }
  const CodeInfo inl =
      CodeInfo::DecodeTrusted(bytes, 0, CodeInfo::Subset::kInlineInfoOnly, kFormat);
  const json& inline_answer = answer["inline_info_only"];
  if (inline_answer["stack_maps"].get<uint32_t>() != inl.GetNumberOfStackMaps() ||
      inline_answer["number_of_dex_registers"].get<uint32_t>() != inl.number_of_dex_registers()) {
    return "DecodeInlineInfoOnly stack map or register count differs";
  }
  for (uint32_t row = 0; row < inl.GetNumberOfStackMaps(); ++row) {
    const StackMap map = inl.GetStackMapAt(row);
    const InlineInfoRange chain = inl.GetInlineInfosOf(map);
    const json ours =
        chain.empty()
            ? json::array()
            : json::array({map.GetInlineInfoIndex(), map.GetInlineInfoIndex() + chain.size()});
    if (inline_answer["inline_rows"][row] != ours) {
      return absl::StrCat("DecodeInlineInfoOnly stack map ", row, " inline rows: libart ",
                          inline_answer["inline_rows"][row].dump(), ", frameproof ", ours.dump());
    }
  }
  return std::nullopt;
}

// The first line where two texts differ, for a readable report.
std::string FirstDifferentLine(const std::string& theirs, const std::string& ours) {
  size_t start = 0;
  while (true) {
    const size_t their_end = theirs.find('\n', start);
    const size_t our_end = ours.find('\n', start);
    const std::string their_line = theirs.substr(start, their_end - start);
    const std::string our_line = ours.substr(start, our_end - start);
    if (their_line != our_line || their_end == std::string::npos || our_end == std::string::npos) {
      return absl::StrCat("libart \"", their_line, "\", frameproof \"", our_line, "\"");
    }
    start = their_end + 1;
  }
}

}  // namespace

InstructionSet Android11Isa(InstructionSet isa) {
  return isa == InstructionSet::kRiscv64 ? InstructionSet::kArm : isa;
}

OracleResult EncodeLog(const MethodCallLog& log, ArtFormat format, VerifyMode verify,
                       std::vector<uint8_t>& bytes) {
  absl::StatusOr<std::vector<uint8_t>> encoded = Replay(log, verify, format);
  if (!encoded.ok()) {
    return Mismatch{
        MismatchClass::kStreamRejectedValidLog,
        absl::StrCat(ArtFormatName(format), " StackMapStream: ", encoded.status().message())};
  }
  bytes = *std::move(encoded);
  return std::nullopt;
}

MethodCallLog AsAndroid11Log(MethodCallLog log, RepeatedCatchDexPc repeats) {
  log.isa = Android11Isa(log.isa);
  log.method.debuggable = false;
  log.method.has_should_deoptimize_flag = false;
  uint32_t fresh_dex_pc = 0;
  for (const MethodCallLog::StackMapEntry& entry : log.stack_maps) {
    if (entry.params.dex_pc != kNoDexPc)
      fresh_dex_pc = std::max(fresh_dex_pc, entry.params.dex_pc + 1);
  }
  absl::flat_hash_set<uint32_t> catch_dex_pcs;
  for (MethodCallLog::StackMapEntry& entry : log.stack_maps) {
    for (MethodCallLog::InlineLevel& level : entry.inline_infos) {
      if (auto* reference = std::get_if<DexMethodReference>(&level.method)) {
        reference->dex_file = DexFileRef{};
      }
    }
    if (entry.params.kind != StackMapKind::kCatch || repeats == RepeatedCatchDexPc::kKept) {
      continue;
    }
    // Android 11 tells catch maps apart by dex pc alone: a repeated one moves to a fresh pc.
    if (!catch_dex_pcs.insert(entry.params.dex_pc).second) {
      entry.params.dex_pc = fresh_dex_pc++;
      entry.params.catch_dex_pcs[0] = entry.params.dex_pc;
      catch_dex_pcs.insert(entry.params.dex_pc);
    }
  }
  return log;
}

namespace {

// libart's answer about `bytes`, or the mismatch of a libart that crashed or hung on them.
absl::StatusOr<json> AskLibart(LibartOracle& libart, const std::vector<uint8_t>& bytes,
                               InstructionSet isa, OracleResult& crashed) {
  absl::StatusOr<json> answer = libart.Decode(bytes, isa);
  if (!answer.ok()) {
    crashed = Mismatch{
        MismatchClass::kLibartCrashed,
        absl::StrCat(answer.status().message(), "; reproduce: echo '",
                     LibartOracle::DecodeRequest(bytes, isa), "' | ", LibartOracle::DefaultPath())};
  }
  return answer;
}

// libart's `answer` about `bytes` against frameproof's decode of them.
OracleResult CompareWithProduction(const std::vector<uint8_t>& bytes, InstructionSet isa,
                                   const json& answer) {
  const absl::StatusOr<CodeInfo> info = CodeInfo::Decode(bytes, 0, CodeInfo::Subset::kAll, kFormat);
  if (!info.ok()) {
    return Differs(
        MismatchClass::kLibartDiffersFromProduction, bytes, isa,
        absl::StrCat("frameproof rejects android11 bytes libart reads: ", info.status().message()));
  }
  const auto differs = [&](const std::string& what) {
    return Differs(MismatchClass::kLibartDiffersFromProduction, bytes, isa, what);
  };
  if (answer["read_bits"].get<size_t>() != info->bit_size()) {
    return differs(absl::StrCat("bits read: libart ", answer["read_bits"].dump(), ", frameproof ",
                                info->bit_size()));
  }
  if (answer["header"]["flags"].get<uint32_t>() != info->header().flags ||
      answer["header"]["bit_table_flags"].get<uint32_t>() != info->header().bit_table_flags) {
    return differs("header flags or bit_table_flags");
  }
  const FrameInfo frame = CodeInfo::DecodeFrameInfoTrusted(bytes, 0, kFormat);
  const json& their_frame = answer["frame_info"];
  if (their_frame["frame_size_in_bytes"].get<uint32_t>() != frame.frame_size_in_bytes ||
      their_frame["core_spill_mask"].get<uint32_t>() != frame.core_spill_mask ||
      their_frame["fp_spill_mask"].get<uint32_t>() != frame.fp_spill_mask) {
    return differs(absl::StrCat("DecodeFrameInfo: libart ", their_frame.dump()));
  }
  if (auto d = TableDifference(*info, answer["tables"])) return differs(*d);
  // The independent reference decoder reads the release's layout too.
  const absl::StatusOr<MethodView> reference = ReferenceView(bytes, 0, isa, kFormat);
  if (!reference.ok()) {
    return Differs(MismatchClass::kReferenceRejected, bytes, isa,
                   absl::StrCat("reference decoder (android11): ", reference.status().message()));
  }
  if (auto d = FirstViewDifference(*reference, ViewFromLibart(answer))) {
    return Differs(MismatchClass::kDecodersDisagree, bytes, isa,
                   "libart against the reference decoder: " + *d);
  }
  if (auto d = FirstViewDifference(ViewFromCodeInfo(*info, isa), ViewFromLibart(answer))) {
    return differs("decode: " + *d);
  }
  if (auto d = LookupDifference(*info, answer["lookups"], isa)) return differs(*d);
  if (auto d = SubsetDifference(bytes, answer)) return differs(*d);
  const std::string ours = Android11DumpText(*info, 0, answer["dump_verbose"].get<bool>(), isa);
  if (const std::string theirs = answer["dump"]; theirs != ours) {
    return differs("CodeInfo::Dump: " + FirstDifferentLine(theirs, ours));
  }
  return std::nullopt;
}

}  // namespace

OracleResult CheckBytesAgainstLibart(LibartOracle& libart, absl::Span<const uint8_t> bytes,
                                     InstructionSet isa) {
  const std::vector<uint8_t> owned(bytes.begin(), bytes.end());
  OracleResult crashed;
  const absl::StatusOr<json> answer = AskLibart(libart, owned, isa, crashed);
  if (!answer.ok()) return crashed;
  return CompareWithProduction(owned, isa, *answer);
}

OracleResult CheckMethodAgainstLibart(LibartOracle& libart, const MethodCallLog& log) {
  std::vector<uint8_t> bytes;
  if (OracleResult refused = EncodeLog(log, kFormat, VerifyMode::kOn, bytes)) return refused;
  OracleResult crashed;
  const absl::StatusOr<json> answer = AskLibart(libart, bytes, log.isa, crashed);
  if (!answer.ok()) return crashed;
  if (auto d = FirstViewDifference(ViewFromLog(log, kFormat), ViewFromLibart(*answer))) {
    return Differs(MismatchClass::kLibartDiffersFromLog, bytes, log.isa, "libart: " + *d);
  }
  return CompareWithProduction(bytes, log.isa, *answer);
}

OracleResult CheckRelaidAgainstLibart(LibartOracle& libart, absl::Span<const uint8_t> current,
                                      InstructionSet isa) {
  const absl::StatusOr<std::vector<uint8_t>> relaid =
      RelayCodeInfo(current, ArtFormat::kCurrent, kFormat);
  if (!relaid.ok()) {
    return Mismatch{MismatchClass::kLibartDiffersFromProduction,
                    absl::StrCat("cannot lay ", ToHex(current),
                                 " out for android11: ", relaid.status().message())};
  }
  return CheckBytesAgainstLibart(libart, *relaid, Android11Isa(isa));
}

OracleResult CheckLogRelaidAgainstLibart(LibartOracle& libart, const MethodCallLog& log) {
  std::vector<uint8_t> current;
  if (OracleResult refused = EncodeLog(log, ArtFormat::kCurrent, VerifyMode::kOff, current)) {
    return refused;
  }
  return CheckRelaidAgainstLibart(libart, current, log.isa);
}

MethodCallLog TwinTablesLog() {
  constexpr uint32_t kRegisters = 20;
  MethodCallLog log;
  log.isa = InstructionSet::kX86_64;
  log.method.frame_size_in_bytes = 128;
  log.method.num_dex_registers = kRegisters;
  MethodCallLog::StackMapEntry map;
  map.params.native_pc_offset = 4;
  for (uint32_t bit = 0; bit < kRegisters; ++bit) map.params.stack_mask.SetBit(bit);
  map.dex_registers.assign(kRegisters, DexRegisterLocation{DexRegisterKind::kInRegister, 1});
  log.stack_maps.push_back(map);
  log.code_size = 16;
  return log;
}

OracleResult CheckDedupeAgainstLibart(LibartOracle& libart, absl::Span<const MethodCallLog> logs) {
  std::vector<std::vector<uint8_t>> code_infos;
  for (const MethodCallLog& log : logs) {
    if (OracleResult refused =
            EncodeLog(log, kFormat, VerifyMode::kOff, code_infos.emplace_back())) {
      return refused;
    }
  }
  std::vector<uint8_t> ours;
  CodeInfoTableDeduper deduper(&ours, kFormat);
  std::vector<size_t> our_offsets;
  for (const std::vector<uint8_t>& code_info : code_infos) {
    absl::StatusOr<size_t> offset = deduper.Dedupe(code_info);
    if (!offset.ok()) {
      return Mismatch{MismatchClass::kDedupRejected,
                      absl::StrCat("android11 deduper: ", offset.status().message())};
    }
    our_offsets.push_back(*offset);
  }
  const absl::StatusOr<json> answer = libart.Dedupe(code_infos);
  if (!answer.ok()) {
    return Mismatch{MismatchClass::kLibartCrashed,
                    absl::StrCat("libart Deduper: ", answer.status().message())};
  }
  const std::string our_hex = ToHex(ours);
  if ((*answer)["offsets"].get<std::vector<size_t>>() != our_offsets ||
      (*answer)["bytes"].get<std::string>() != our_hex) {
    std::string inputs;
    for (const std::vector<uint8_t>& code_info : code_infos) {
      absl::StrAppend(&inputs, inputs.empty() ? "" : " ", ToHex(code_info));
    }
    return Mismatch{
        MismatchClass::kLibartDedupDiffers,
        absl::StrCat("libart offsets ", (*answer)["offsets"].dump(), " bytes ",
                     (*answer)["bytes"].get<std::string>(), "; frameproof offsets ",
                     json(our_offsets).dump(), " bytes ", our_hex, " (inputs ", inputs, ")")};
  }
  return std::nullopt;
}

}  // namespace frameproof
