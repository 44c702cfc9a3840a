#include "verifiers/libart/libart_answers.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/hex.h"
#include "core/base/instruction_set.h"
#include "nlohmann/json.hpp"

namespace frameproof::libart {
namespace {

using json = nlohmann::ordered_json;

constexpr uint32_t kNoValue = 0xFFFFFFFF;
// A code size for the method header of the subset decodes; nothing reads it.
constexpr uint32_t kHeaderCodeSize = 0x100;

// Bit `bit` of a region libart decoded, LSB first, as ART stores bits.
bool LoadBit(const BitRegion& region, size_t bit) {
  const size_t at = region.bit_start + bit;
  return (region.data[at / 8] >> (at % 8)) & 1;
}

// The value in a cell of a table libart decoded: the bits at the offsets libart computed, with
// ART's bias of -1 taken off.
template <size_t kColumns>
uint32_t Cell(const Table<kColumns>& table, size_t row, size_t column) {
  const size_t row_bits = table.column_offset[kColumns];
  const size_t first = row * row_bits + table.column_offset[column];
  uint32_t value = 0;
  for (uint32_t i = 0; i < table.ColumnBits(column); ++i) {
    value |= uint32_t{LoadBit(table.data, first + i)} << i;
  }
  return value + kNoValue;
}

// A bitmap cell as '0'/'1', bit 0 first.
template <size_t kColumns>
std::string Bits(const Table<kColumns>& table, size_t row) {
  const size_t first = row * table.column_offset[kColumns];
  std::string bits;
  for (uint32_t i = 0; i < table.ColumnBits(0); ++i)
    bits += LoadBit(table.data, first + i) ? '1' : '0';
  return bits;
}

template <size_t kColumns>
json TableAnswer(const char* name, const Table<kColumns>& table, bool bitmap) {
  json answer = {{"name", name}, {"rows", table.num_rows}};
  json widths = json::array();
  for (size_t c = 0; c < kColumns; ++c) widths.push_back(table.ColumnBits(c));
  answer["column_bits"] = widths;
  json rows = json::array();
  for (size_t r = 0; r < table.num_rows; ++r) {
    if (bitmap) {
      rows.push_back(Bits(table, r));
      continue;
    }
    json cells = json::array();
    for (size_t c = 0; c < kColumns; ++c) cells.push_back(Cell(table, r, c));
    rows.push_back(cells);
  }
  answer["cells"] = rows;
  return answer;
}

json RowAnswer(Row found) { return found.row == kNoRow ? json(nullptr) : json(found.row); }

// Column indices of the tables this answer reads itself.
enum StackMapColumn {
  kKind,
  kPackedNativePc,
  kDexPc,
  kRegisterMaskIndex,
  kStackMaskIndex,
  kInlineInfoIndex,
  kDexRegisterMaskIndex,
  kDexRegisterMapIndex
};
enum InlineInfoColumn {
  kIsLast,
  kInlineDexPc,
  kMethodInfoIndex,
  kArtMethodHi,
  kArtMethodLo,
  kNumberOfDexRegisters
};

json Registers(const Libart& libart, const CodeInfoObject& info, uint32_t row, uint32_t first,
               uint32_t count) {
  RegisterMap map(count);
  libart.DecodeDexRegisterMap(info, row, first, &map);
  json registers = json::array();
  for (size_t i = 0; i < count; ++i) {
    registers.push_back({map.data()[i].kind, map.data()[i].value});
  }
  return registers;
}

bool EncodesArtMethod(const CodeInfoObject& info, uint32_t inline_row) {
  return Cell(info.inline_infos, inline_row, kArtMethodLo) != kNoValue;
}

// Per stack map: libart's masks, inline rows, method indexes and every level's registers.
json StackMapAnswer(const Libart& libart, const CodeInfoObject& info, uint32_t row,
                    uint32_t alignment) {
  const Row stack_map{&info.stack_maps, row};
  json answer = {{"row", row},
                 {"kind", static_cast<int32_t>(Cell(info.stack_maps, row, kKind))},
                 {"native_pc", Cell(info.stack_maps, row, kPackedNativePc) * alignment},
                 {"dex_pc", Cell(info.stack_maps, row, kDexPc)},
                 {"register_mask", libart.GetRegisterMaskOf(info, stack_map)}};
  const uint32_t stack_mask = Cell(info.stack_maps, row, kStackMaskIndex);
  answer["stack_mask"] = stack_mask == kNoValue ? "" : Bits(info.stack_masks, stack_mask);
  const RowRange chain = libart.GetInlineInfosOf(info, stack_map);
  const uint32_t depth = chain.begin.table == nullptr ? 0 : chain.end.row - chain.begin.row;
  const bool has_registers = Cell(info.stack_maps, row, kDexRegisterMapIndex) != kNoValue;
  json levels = json::array();
  // ART's GetDexRegisterMapOf: the outer method's registers, none without a register map.
  levels.push_back(
      {{"registers", has_registers ? Registers(libart, info, row, 0, info.number_of_dex_registers)
                                   : json::array()}});
  for (uint32_t d = 0; d < depth; ++d) {
    const uint32_t inline_row = chain.begin.row + d;
    json level = {{"inline_row", inline_row},
                  {"dex_pc", Cell(info.inline_infos, inline_row, kInlineDexPc)}};
    if (EncodesArtMethod(info, inline_row)) {
      level["art_method"] = (uint64_t{Cell(info.inline_infos, inline_row, kArtMethodHi)} << 32) |
                            Cell(info.inline_infos, inline_row, kArtMethodLo);
    } else {
      level["method_index"] = libart.GetMethodIndexOf(info, Row{&info.inline_infos, inline_row});
    }
    // ART's GetInlineDexRegisterMapOf: [first, last) from the cumulative counts.
    const uint32_t first = d == 0 ? info.number_of_dex_registers
                                  : Cell(info.inline_infos, inline_row - 1, kNumberOfDexRegisters);
    const uint32_t last = Cell(info.inline_infos, inline_row, kNumberOfDexRegisters);
    level["registers"] =
        has_registers ? Registers(libart, info, row, first, last - first) : json::array();
    levels.push_back(level);
  }
  answer["has_register_map"] = has_registers;
  answer["levels"] = levels;
  return answer;
}

std::optional<std::pair<Isa, uint32_t>> IsaOf(absl::string_view name) {
  const std::optional<InstructionSet> isa = ParseInstructionSet(name);
  if (!isa) return std::nullopt;
  switch (*isa) {
    case InstructionSet::kArm:
      return std::make_pair(Isa::kThumb2, 2u);
    case InstructionSet::kArm64:
      return std::make_pair(Isa::kArm64, 4u);
    case InstructionSet::kX86:
      return std::make_pair(Isa::kX86, 1u);
    case InstructionSet::kX86_64:
      return std::make_pair(Isa::kX86_64, 1u);
    case InstructionSet::kRiscv64:
      break;  // not an ISA of Android 11
  }
  return std::nullopt;
}

json DecodeAnswer(const Libart& libart, const std::vector<uint8_t>& bytes, Isa isa,
                  uint32_t alignment) {
  // The CodeInfo, then its method header and the code it describes, as in an oat file.
  const size_t header_at =
      (bytes.size() + alignof(MethodHeader) - 1) / alignof(MethodHeader) * alignof(MethodHeader);
  std::vector<uint8_t> buffer(header_at + sizeof(MethodHeader) + kReadSlack, 0);
  std::copy(bytes.begin(), bytes.end(), buffer.begin());
  const MethodHeader method_header{static_cast<uint32_t>(header_at + sizeof(MethodHeader)),
                                   kHeaderCodeSize};
  std::memcpy(buffer.data() + header_at, &method_header, sizeof(method_header));
  const auto* header = reinterpret_cast<const MethodHeader*>(buffer.data() + header_at);

  CodeInfoObject info{};
  size_t read_bits = 0;
  libart.Construct(&info, buffer.data(), &read_bits);
  const FrameInfo frame = libart.DecodeFrameInfo(buffer.data());
  json answer = {{"read_bits", read_bits},
                 {"header",
                  {{"flags", info.flags},
                   {"packed_frame_size", info.packed_frame_size},
                   {"core_spill_mask", info.core_spill_mask},
                   {"fp_spill_mask", info.fp_spill_mask},
                   {"number_of_dex_registers", info.number_of_dex_registers},
                   {"bit_table_flags", info.bit_table_flags}}},
                 {"frame_info",
                  {{"frame_size_in_bytes", frame.frame_size_in_bytes},
                   {"core_spill_mask", frame.core_spill_mask},
                   {"fp_spill_mask", frame.fp_spill_mask}}}};
  answer["tables"] = {TableAnswer("StackMap", info.stack_maps, false),
                      TableAnswer("RegisterMask", info.register_masks, false),
                      TableAnswer("StackMask", info.stack_masks, true),
                      TableAnswer("InlineInfo", info.inline_infos, false),
                      TableAnswer("MethodInfo", info.method_infos, false),
                      TableAnswer("DexRegisterMask", info.dex_register_masks, true),
                      TableAnswer("DexRegisterMapInfo", info.dex_register_maps, false),
                      TableAnswer("DexRegisterInfo", info.dex_register_catalog, false)};

  json maps = json::array();
  std::vector<uint32_t> native_pcs;
  std::vector<uint32_t> dex_pcs;
  for (uint32_t row = 0; row < info.stack_maps.num_rows; ++row) {
    maps.push_back(StackMapAnswer(libart, info, row, alignment));
    native_pcs.push_back(Cell(info.stack_maps, row, kPackedNativePc) * alignment);
    dex_pcs.push_back(Cell(info.stack_maps, row, kDexPc));
  }
  answer["stack_maps"] = maps;
  for (std::vector<uint32_t>* pcs : {&native_pcs, &dex_pcs}) {
    std::sort(pcs->begin(), pcs->end());
    pcs->erase(std::unique(pcs->begin(), pcs->end()), pcs->end());
  }
  json lookups = {{"native_pc", json::array()},
                  {"dex_pc", json::array()},
                  {"osr", json::array()},
                  {"catch", json::array()}};
  for (uint32_t pc : native_pcs) {
    lookups["native_pc"].push_back(
        {pc, RowAnswer(libart.GetStackMapForNativePcOffset(info, pc, isa))});
  }
  for (uint32_t pc : dex_pcs) {
    lookups["dex_pc"].push_back({pc, RowAnswer(libart.GetStackMapForDexPc(info, pc))});
    lookups["osr"].push_back({pc, RowAnswer(libart.GetOsrStackMapForDexPc(info, pc))});
    lookups["catch"].push_back({pc, RowAnswer(libart.GetCatchStackMapForDexPc(info, pc))});
  }
  answer["lookups"] = lookups;

  // The subset decodes, as a stack walk asks them: through the method header.
  const CodeInfoObject gc = libart.DecodeGcMasksOnly(header);
  json gc_answer = {{"stack_maps", gc.stack_maps.num_rows},
                    {"register_masks", json::array()},
                    {"stack_masks", json::array()}};
  for (uint32_t row = 0; row < gc.stack_maps.num_rows; ++row) {
    gc_answer["register_masks"].push_back(libart.GetRegisterMaskOf(gc, Row{&gc.stack_maps, row}));
    const uint32_t mask = Cell(gc.stack_maps, row, kStackMaskIndex);
    gc_answer["stack_masks"].push_back(mask == kNoValue ? "" : Bits(gc.stack_masks, mask));
  }
  answer["gc_masks_only"] = gc_answer;
  const CodeInfoObject inl = libart.DecodeInlineInfoOnly(header);
  json inline_answer = {{"stack_maps", inl.stack_maps.num_rows},
                        {"number_of_dex_registers", inl.number_of_dex_registers},
                        {"inline_rows", json::array()}};
  for (uint32_t row = 0; row < inl.stack_maps.num_rows; ++row) {
    const RowRange chain = libart.GetInlineInfosOf(inl, Row{&inl.stack_maps, row});
    inline_answer["inline_rows"].push_back(chain.begin.table == nullptr
                                               ? json::array()
                                               : json::array({chain.begin.row, chain.end.row}));
  }
  answer["inline_info_only"] = inline_answer;

  bool names_art_method = false;
  for (uint32_t row = 0; row < info.inline_infos.num_rows; ++row) {
    names_art_method |= EncodesArtMethod(info, row);
  }
  answer["dump_verbose"] = !names_art_method;
  answer["dump"] = libart.Dump(info, 0, !names_art_method, isa);
  return answer;
}

// What a stack walk asks first of bytes nobody checked: the decode, the frame, a lookup by native
// pc and one by dex pc. The bytes sit against an unmapped page, after them (`at_end`) or before
// them, so that a read outside them faults.
json OpenAnswer(const Libart& libart, const std::vector<uint8_t>& bytes, bool at_end, Isa isa) {
  const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  const size_t data_pages = (bytes.size() + page - 1) / page;
  const size_t total = (data_pages + 2) * page;
  void* mapped = mmap(nullptr, total, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapped == MAP_FAILED) return {{"error", "mmap failed"}};
  uint8_t* const region = static_cast<uint8_t*>(mapped) + page;
  mprotect(region, data_pages * page, PROT_READ | PROT_WRITE);
  uint8_t* const data = at_end ? region + data_pages * page - bytes.size() : region;
  std::copy(bytes.begin(), bytes.end(), data);
  CodeInfoObject info{};
  size_t read_bits = 0;
  libart.Construct(&info, data, &read_bits);
  const FrameInfo frame = libart.DecodeFrameInfo(data);
  const Row by_pc = libart.GetStackMapForNativePcOffset(info, 0, isa);
  const Row by_dex_pc = libart.GetStackMapForDexPc(info, 0);
  munmap(mapped, total);
  return {{"read_bits", read_bits},
          {"frame_size_in_bytes", frame.frame_size_in_bytes},
          {"stack_maps", info.stack_maps.num_rows},
          {"native_pc_0", RowAnswer(by_pc)},
          {"dex_pc_0", RowAnswer(by_dex_pc)}};
}

json DedupeAnswer(const Libart& libart, const json& code_infos) {
  std::vector<std::vector<uint8_t>> inputs;
  for (const json& hex : code_infos) {
    absl::StatusOr<std::vector<uint8_t>> bytes = FromHex(hex.get<std::string>());
    if (!bytes.ok()) return {{"error", std::string(bytes.status().message())}};
    bytes->resize(bytes->size() + kReadSlack, 0);
    inputs.push_back(std::move(*bytes));
  }
  std::vector<const uint8_t*> pointers;
  for (const std::vector<uint8_t>& input : inputs) pointers.push_back(input.data());
  std::vector<uint8_t> out;
  const std::vector<size_t> offsets = libart.Dedupe(pointers, &out);
  return {{"offsets", offsets}, {"bytes", ToHex(out)}};
}

}  // namespace

std::string Answer(const Libart& libart, absl::string_view request_text) {
  const json request = json::parse(request_text, nullptr, /*allow_exceptions=*/false);
  if (request.is_discarded() || !request.is_object() || !request.contains("op")) {
    return json({{"error", "a request is a JSON object with \"op\""}}).dump();
  }
  const std::string op = request.value("op", "");
  if (op == "dedupe" && request.contains("code_infos") && request["code_infos"].is_array()) {
    return DedupeAnswer(libart, request["code_infos"]).dump();
  }
  if (op != "decode" && op != "open") {
    return json({{"error", absl::StrCat("unknown op '", op, "'")}}).dump();
  }
  const auto isa = IsaOf(request.value("isa", ""));
  if (!isa) return json({{"error", "\"isa\" is arm, arm64, x86 or x86_64"}}).dump();
  absl::StatusOr<std::vector<uint8_t>> bytes = FromHex(request.value("bytes", ""));
  if (!bytes.ok() || bytes->empty()) {
    return json({{"error", "\"bytes\" is the CodeInfo in hex"}}).dump();
  }
  if (op == "open") {
    return OpenAnswer(libart, *bytes, request.value("placement", "end") == "end", isa->first)
        .dump();
  }
  return DecodeAnswer(libart, *bytes, isa->first, isa->second).dump();
}

}  // namespace frameproof::libart
