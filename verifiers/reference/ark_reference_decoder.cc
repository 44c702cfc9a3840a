#include "verifiers/reference/ark_reference_decoder.h"

#include <algorithm>
#include <bit>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"

namespace frameproof::reference {
namespace {

constexpr uint32_t kEmpty = 0xFFFFFFFFu;  // NO_VALUE: stored as 0 after the +1 bias

// The ten tables in stream order (README §1.3), with their column counts.
struct TableShape {
  const char* name;
  int columns;
  bool bitmap;
};
constexpr TableShape kShapes[10] = {
    {"StackMap", 8, false},      {"InlineInfo", 7, false},    {"RootsRegMask", 1, false},
    {"RootsStackMask", 1, true}, {"MethodId", 1, false},      {"VRegMask", 1, true},
    {"VRegMap", 1, false},       {"VRegCatalogue", 2, false}, {"ImplicitNullChecks", 2, false},
    {"Constants", 1, false}};
enum {
  kStackMap,
  kInlineInfo,
  kRootsRegMask,
  kRootsStackMask,
  kMethodId,
  kVRegMask,
  kVRegMap,
  kVRegCatalogue,
  kImplicitNullChecks,
  kConstants
};

const char* const kLocations[] = {"NONE", "SLOT", "REGISTER", "FP_REGISTER", "CONSTANT"};
const char* const kTypes[] = {"UNDEFINED", "OBJECT",  "INT32", "INT64",
                              "FLOAT32",   "FLOAT64", "BOOL",  "ANY"};
const char* const kVRegTypes[] = {"VREG", "ACC", "THIS_FUNC", "CONST_POOL", "LEX_ENV"};

// What the CFrame arithmetic needs of an ISA (README §2.4).
struct Target {
  uint64_t alignment;
  uint64_t pointer_size;
  uint64_t register_count;
  bool arm32;
};

absl::StatusOr<Target> TargetNamed(absl::string_view isa) {
  if (isa == "arm64") return Target{4, 8, 61, false};
  if (isa == "x86_64") return Target{1, 8, 30, false};
  if (isa == "arm32") return Target{4, 4, 43, true};
  return absl::InvalidArgumentError(absl::StrCat("no Ark target called ", isa));
}

// The stream, least significant bit first: bit i is bit i % 8 of byte i / 8. Fields are at most
// 32 bits wide (cells, varint bytes), so a read fits its 64-bit result.
class BitStream {
 public:
  explicit BitStream(absl::Span<const uint8_t> bytes) : bytes_(bytes) {}

  uint64_t position() const { return position_; }
  uint64_t left() const { return bytes_.size() * 8 - position_; }

  // Reads `count` bits. An error names the field by `what`, the pieces of its label (StrCat's
  // arguments), joined only then: the decoder reads every cell and bitmap bit through here.
  template <typename... Label>
  absl::StatusOr<uint64_t> Read(uint64_t count, const Label&... what) {
    if (count > left()) {
      return absl::OutOfRangeError(absl::StrCat(what..., " at bit ", position_, " needs ", count,
                                                " bits; ", left(), " are left"));
    }
    // What a byte holds of the field at a time, least significant bits first.
    uint64_t value = 0;
    for (uint64_t done = 0; done < count;) {
      const uint64_t offset = position_ % 8;
      const uint64_t take = std::min<uint64_t>(8 - offset, count - done);
      value |= uint64_t{(bytes_[position_ / 8] >> offset) & ((1u << take) - 1)} << done;
      done += take;
      position_ += take;
    }
    return value;
  }

  // A varint group: `count` 4-bit codes, then the bytes of each code above 11, in order.
  absl::StatusOr<std::vector<uint32_t>> VarintGroup(int count, absl::string_view what) {
    std::vector<uint32_t> codes;
    for (int i = 0; i < count; ++i) {
      absl::StatusOr<uint64_t> code = Read(4, what, " code ", i);
      if (!code.ok()) return code.status();
      codes.push_back(static_cast<uint32_t>(*code));
    }
    for (int i = 0; i < count; ++i) {
      if (codes[i] <= 11) continue;
      absl::StatusOr<uint64_t> value = Read(8 * (codes[i] - 11), what, " value ", i);
      if (!value.ok()) return value.status();
      codes[i] = static_cast<uint32_t>(*value);
    }
    return codes;
  }

 private:
  absl::Span<const uint8_t> bytes_;
  uint64_t position_ = 0;
};

struct Table {
  bool present = false;
  uint32_t rows = 0;
  std::vector<uint32_t> widths;              // one per column
  // The rows one after another, so a table is two heap blocks however many rows it has: a value
  // table's cells (bias removed), one per column; a bitmap table's bits (0 or 1), widths[0] each.
  std::vector<uint32_t> cells;
  std::vector<uint8_t> bits;

  absl::Span<const uint32_t> Cells(uint32_t row) const {
    return absl::MakeConstSpan(cells).subspan(size_t{row} * widths.size(), widths.size());
  }
  absl::Span<const uint8_t> Bits(uint32_t row) const {
    return absl::MakeConstSpan(bits).subspan(size_t{row} * widths[0], widths[0]);
  }
};

class Decoder {
 public:
  Decoder(absl::Span<const uint8_t> bytes, Target target) : stream_(bytes), target_(target) {}

  absl::StatusOr<ark::DecodedCodeInfo> Run() {
    absl::StatusOr<std::vector<uint32_t>> header = stream_.VarintGroup(5, "header");
    if (!header.ok()) return header.status();
    header_ = *header;
    if ((header_[3] >> 10) != 0) {
      return absl::InvalidArgumentError(
          absl::StrCat("header TABLE_MASK ", header_[3], " names a table past the tenth"));
    }
    for (int t = 0; t < 10; ++t) {
      if (absl::Status status = ReadTable(t); !status.ok()) return status;
    }
    ark::DecodedCodeInfo out;
    std::copy(header_.begin(), header_.end(), out.header_varints.begin());
    out.tables = DecodedTables();
    for (uint32_t row = 0; row < tables_[kStackMap].rows; ++row) {
      absl::StatusOr<ark::DecodedStackMap> map = ResolveMap(row);
      if (!map.ok()) return map.status();
      out.stack_maps.push_back(*std::move(map));
    }
    for (uint32_t row = 0; row < tables_[kImplicitNullChecks].rows; ++row) {
      const absl::Span<const uint32_t> cells = tables_[kImplicitNullChecks].Cells(row);
      out.implicit_null_checks.emplace_back(cells[0], cells[1]);
    }
    for (uint32_t row = 0; row < tables_[kConstants].rows; ++row) {
      out.constants.push_back(tables_[kConstants].Cells(row)[0]);
    }
    out.native_pc_lookups = NativePcLookups(out.stack_maps);
    out.osr_lookups = OsrLookups(out.stack_maps);
    return out;
  }

 private:
  absl::Status ReadTable(int t) {
    const TableShape& shape = kShapes[t];
    Table& table = tables_[t];
    table.widths.assign(shape.columns, 0);
    table.present = ((header_[3] >> t) & 1) != 0;
    if (!table.present) return absl::OkStatus();
    absl::StatusOr<std::vector<uint32_t>> fields =
        stream_.VarintGroup(shape.columns + 1, absl::StrCat(shape.name, " header"));
    if (!fields.ok()) return fields.status();
    // Widths first, the row count last.
    std::copy(fields->begin(), fields->begin() + shape.columns, table.widths.begin());
    table.rows = (*fields)[shape.columns];
    if (table.rows > 0xFFFF) {
      return absl::InvalidArgumentError(
          absl::StrCat(shape.name, " claims ", table.rows, " rows; Ark counts at most 65535"));
    }
    uint64_t row_bits = 0;
    for (uint32_t width : table.widths) {
      if (!shape.bitmap && width > 32) {
        return absl::InvalidArgumentError(
            absl::StrCat(shape.name, " has a ", width, "-bit column; cells hold 32 bits"));
      }
      row_bits += width;
    }
    if (row_bits * table.rows > stream_.left()) {
      return absl::OutOfRangeError(absl::StrCat(shape.name, " needs ", row_bits * table.rows,
                                                " bits of rows at bit ", stream_.position(), "; ",
                                                stream_.left(), " are left"));
    }
    if (shape.bitmap) {
      table.bits.reserve(row_bits * table.rows);
    } else {
      table.cells.reserve(size_t{table.rows} * table.widths.size());
    }
    for (uint32_t row = 0; row < table.rows; ++row) {
      if (shape.bitmap) {
        for (uint32_t i = 0; i < table.widths[0]; ++i) {
          table.bits.push_back(static_cast<uint8_t>(*stream_.Read(1, shape.name)));
        }
        continue;
      }
      for (uint32_t width : table.widths) {
        table.cells.push_back(static_cast<uint32_t>(*stream_.Read(width, shape.name)) + kEmpty);
      }
    }
    return absl::OkStatus();
  }

  // The tables as the decode model holds them.
  std::vector<ark::DecodedTable> DecodedTables() const {
    std::vector<ark::DecodedTable> tables;
    tables.reserve(10);
    for (int t = 0; t < 10; ++t) {
      const Table& table = tables_[t];
      ark::DecodedTable decoded{.name = kShapes[t].name,
                                .present = table.present,
                                .rows = table.rows,
                                .column_bits = table.widths};
      decoded.row_ends.reserve(table.rows);  // 0 for a table that is not present
      for (uint32_t row = 0; row < table.rows; ++row) {
        if (kShapes[t].bitmap) {
          AppendSetBits(table.Bits(row), decoded.values);
        } else {
          const absl::Span<const uint32_t> cells = table.Cells(row);
          decoded.values.insert(decoded.values.end(), cells.begin(), cells.end());
        }
        decoded.EndRow();
      }
      tables.push_back(std::move(decoded));
    }
    return tables;
  }

  static void AppendSetBits(absl::Span<const uint8_t> bits, std::vector<uint32_t>& set) {
    for (size_t i = 0; i < bits.size(); ++i) {
      if (bits[i]) set.push_back(static_cast<uint32_t>(i));
    }
  }
  static std::vector<uint32_t> SetBits(absl::Span<const uint8_t> bits) {
    std::vector<uint32_t> set;
    set.reserve(std::count(bits.begin(), bits.end(), uint8_t{1}));
    AppendSetBits(bits, set);
    return set;
  }

  absl::Status Spend(uint64_t items) {
    spent_ += items;
    if (spent_ <= kMaxArkResolvedItems) return absl::OkStatus();
    return absl::ResourceExhaustedError("more resolved items than the reference decodes");
  }

  // Row `index` of table `t`, or an error naming who referred to it.
  // The referrer is given as StrCat's pieces, joined only for the error: every map, inline level
  // and vreg walk asks for rows, and none of them should pay for a name it never prints.
  template <typename... Referrer>
  absl::StatusOr<absl::Span<const uint32_t>> CellsAt(int t, uint32_t index,
                                                     const Referrer&... referrer) const {
    if (index >= tables_[t].rows) {
      return absl::InvalidArgumentError(absl::StrCat(referrer..., " refers to ", kShapes[t].name,
                                                     " row ", index, " of ", tables_[t].rows));
    }
    return tables_[t].Cells(index);
  }
  template <typename... Referrer>
  absl::StatusOr<absl::Span<const uint8_t>> BitmapAt(int t, uint32_t index,
                                                     const Referrer&... referrer) const {
    if (index >= tables_[t].rows) {
      return absl::InvalidArgumentError(absl::StrCat(referrer..., " refers to ", kShapes[t].name,
                                                     " row ", index, " of ", tables_[t].rows));
    }
    return tables_[t].Bits(index);
  }

  // The catalogue row `index` as a vreg entry of position `position`.
  absl::StatusOr<ark::DecodedVReg> CatalogueEntry(uint32_t index, uint32_t position) {
    absl::StatusOr<absl::Span<const uint32_t>> row =
        CellsAt(kVRegCatalogue, index, "a VRegMap entry");
    if (!row.ok()) return row.status();
    const uint32_t info = (*row)[0];
    const uint32_t value = (*row)[1];
    const uint32_t location = info & 7;
    const uint32_t type = (info >> 3) & 7;
    const uint32_t vreg_type = (info >> 6) & 7;
    if (location > 4 || vreg_type > 4 || (info >> 25) != 0) {
      return absl::InvalidArgumentError(
          absl::StrCat("VRegCatalogue row ", index, " has INFO ", info, ", not a valid VRegInfo"));
    }
    ark::DecodedVReg entry{.value = value,
                           .location = kLocations[location],
                           .type = kTypes[type],
                           .vreg_type = kVRegTypes[vreg_type],
                           .index = position};
    if (location == 4) {
      absl::StatusOr<absl::Span<const uint32_t>> low =
          CellsAt(kConstants, value & 0xFFFF, "a CONSTANT vreg's low half");
      if (!low.ok()) return low.status();
      absl::StatusOr<absl::Span<const uint32_t>> high =
          CellsAt(kConstants, value >> 16, "a CONSTANT vreg's high half");
      if (!high.ok()) return high.status();
      entry.constant = uint64_t{(*high)[0]} << 32 | (*low)[0];
    }
    return entry;
  }

  // Positions [first, first + count) of the vreg list at map `row` (README §2.4).
  absl::StatusOr<std::vector<ark::DecodedVReg>> ResolveVRegs(uint32_t row, uint64_t first,
                                                             uint64_t count) {
    if (absl::Status status = Spend(count); !status.ok()) return status;
    const ark::DecodedVReg dead;  // [0, NONE, UNDEFINED, VREG, 0]
    std::vector<std::optional<ark::DecodedVReg>> found(count);
    uint64_t missing = count;
    for (int64_t at = row; at >= 0 && missing > 0; --at) {
      const absl::Span<const uint32_t> map = tables_[kStackMap].Cells(at);
      if (map[6] == kEmpty) continue;
      absl::StatusOr<absl::Span<const uint8_t>> mask =
          BitmapAt(kVRegMask, map[6], "StackMap row ", at);
      if (!mask.ok()) return mask.status();
      if (map[7] == kEmpty) {
        return absl::InvalidArgumentError(
            absl::StrCat("StackMap row ", at, " has a mask but no VRegMap"));
      }
      uint64_t entry = map[7];
      for (uint64_t bit = 0; bit < std::min<uint64_t>(first, mask->size()); ++bit) {
        if ((*mask)[bit]) ++entry;
      }
      if (absl::Status status = Spend(mask->size() / 64 + 1); !status.ok()) return status;
      for (uint64_t j = 0; j < count && first + j < mask->size(); ++j) {
        if (!(*mask)[first + j]) continue;
        absl::StatusOr<absl::Span<const uint32_t>> index =
            CellsAt(kVRegMap, static_cast<uint32_t>(std::min<uint64_t>(entry, kEmpty)),
                    "StackMap row ", at);
        if (!index.ok()) return index.status();
        ++entry;
        if (found[j].has_value()) continue;
        if ((*index)[0] == kEmpty) {
          found[j] = dead;
        } else {
          absl::StatusOr<ark::DecodedVReg> live =
              CatalogueEntry((*index)[0], static_cast<uint32_t>(j));
          if (!live.ok()) return live.status();
          found[j] = *std::move(live);
        }
        --missing;
      }
    }
    std::vector<ark::DecodedVReg> list;
    list.reserve(found.size());
    for (std::optional<ark::DecodedVReg>& item : found) list.push_back(item.value_or(dead));
    return list;
  }

  template <typename... Referrer>
  ark::DecodedBits Bitmap(uint32_t index, int t, absl::Status& status,
                          const Referrer&... referrer) const {
    if (index == kEmpty) return {};
    absl::StatusOr<absl::Span<const uint8_t>> bits = BitmapAt(t, index, referrer...);
    if (!bits.ok()) {
      status = bits.status();
      return {};
    }
    return {bits->size(), SetBits(*bits)};
  }

  absl::StatusOr<ark::DecodedStackMap> ResolveMap(uint32_t row) {
    const absl::Span<const uint32_t> map = tables_[kStackMap].Cells(row);
    const bool has_reg_map = ((map[0] >> 1) & 1) != 0;
    ark::DecodedStackMap out;
    out.row = row;
    out.native_pc = static_cast<uint32_t>(map[1] * target_.alignment);
    out.bytecode_pc = map[2];
    out.is_osr = (map[0] & 1) != 0;
    out.has_reg_map = has_reg_map;
    uint32_t reg_roots = 0;
    if (map[3] != kEmpty) {
      absl::StatusOr<absl::Span<const uint32_t>> mask =
          CellsAt(kRootsRegMask, map[3], "StackMap row ", row);
      if (!mask.ok()) return mask.status();
      reg_roots = (*mask)[0];
    }
    out.roots_reg_mask = reg_roots;
    absl::Status status;
    out.roots_stack_mask = Bitmap(map[4], kRootsStackMask, status, "StackMap row ", row);
    out.vreg_mask = Bitmap(map[6], kVRegMask, status, "StackMap row ", row);
    if (!status.ok()) return status;

    const uint64_t outer_count = header_[4];
    if (outer_count > 65536) {
      return absl::InvalidArgumentError("header VREGS_COUNT exceeds a frame's 65536 vregs");
    }
    if (has_reg_map && outer_count > 0) {
      absl::StatusOr<std::vector<ark::DecodedVReg>> vregs = ResolveVRegs(row, 0, outer_count);
      if (!vregs.ok()) return vregs.status();
      out.vregs = *std::move(vregs);
    }

    int32_t depth = -1;
    if (map[5] != kEmpty) {
      uint64_t at = map[5];
      uint64_t previous_count = outer_count;
      for (int32_t d = 0;; ++d) {
        absl::StatusOr<absl::Span<const uint32_t>> row_cells =
            CellsAt(kInlineInfo, static_cast<uint32_t>(std::min<uint64_t>(at, kEmpty)),
                    "StackMap row ", row);
        if (!row_cells.ok()) return row_cells.status();
        const absl::Span<const uint32_t> cells = *row_cells;
        if (cells[0] > 1) {
          return absl::InvalidArgumentError(
              absl::StrCat("InlineInfo row ", at, " has IS_LAST ", cells[0]));
        }
        if (absl::Status spent = Spend(1); !spent.ok()) return spent;
        ark::DecodedInlineLevel level{.depth = d,
                                      .row = static_cast<uint32_t>(at),
                                      .is_last = cells[0] == 1,
                                      .bytecode_pc = cells[1],
                                      .file_index = cells[6],
                                      .vregs_count = cells[5]};
        if (cells[4] != kEmpty) {
          const uint64_t high = target_.arm32 ? 0 : uint64_t{cells[3]} << 32;
          level.method_is_pointer = true;
          level.method = high | cells[4];
        } else if (cells[2] != kEmpty) {
          absl::StatusOr<absl::Span<const uint32_t>> id =
              CellsAt(kMethodId, cells[2], "InlineInfo row ", at);
          if (!id.ok()) return id.status();
          level.method = (*id)[0];
        } else {
          return absl::InvalidArgumentError(
              absl::StrCat("InlineInfo row ", at, " names no method"));
        }
        const uint64_t cumulative = cells[5];
        if (cumulative != 0) {
          if (cumulative < previous_count || cumulative - previous_count > 65536) {
            return absl::InvalidArgumentError(absl::StrCat("InlineInfo row ", at,
                                                           " has cumulative VREGS_COUNT ",
                                                           cumulative, " after ", previous_count));
          }
          if (has_reg_map && cumulative > previous_count) {
            absl::StatusOr<std::vector<ark::DecodedVReg>> resolved =
                ResolveVRegs(row, previous_count, cumulative - previous_count);
            if (!resolved.ok()) return resolved.status();
            level.vregs = *std::move(resolved);
          }
        }
        out.inline_infos.push_back(std::move(level));
        previous_count = cumulative;
        if (cells[0] == 1) {
          depth = d;
          break;
        }
        ++at;
      }
    }
    out.inline_depth = depth;

    out.static_roots.reserve(std::popcount(reg_roots) + out.roots_stack_mask.bits.size());
    for (uint32_t r = 0; r < 32; ++r) {
      if ((reg_roots >> r) & 1) out.static_roots.emplace_back(r, "REGISTER");
    }
    if (map[4] != kEmpty) {
      const absl::Span<const uint8_t> stack = tables_[kRootsStackMask].Bits(map[4]);
      if (absl::Status spent = Spend(stack.size() / 64 + 1); !spent.ok()) return spent;
      // The spill count, in the machine word of the target (README §2.4).
      const uint64_t word = target_.arm32 ? 0xFFFFFFFFull : ~0ull;
      uint64_t spills =
          ((header_[0] & 0xFFFF) / target_.pointer_size - (9 + target_.register_count + 1)) & word;
      if (target_.arm32) spills = (spills / 2 - 1) & word;
      if (spills & 1) spills -= 1;
      for (uint64_t k = 0; k < stack.size(); ++k) {
        if (!stack[k]) continue;
        uint32_t slot;
        if (k >= spills) {
          slot = static_cast<uint32_t>(0 - 11 - (k - spills));
        } else {
          slot = static_cast<uint32_t>((target_.arm32 ? 2 * k + 1 : k) + target_.register_count);
        }
        out.static_roots.emplace_back(slot, "SLOT");
      }
    }
    return out;
  }

  using Lookups = std::vector<std::pair<uint32_t, int64_t>>;

  Lookups NativePcLookups(const std::vector<ark::DecodedStackMap>& maps) const {
    std::set<uint64_t> pcs;
    for (const ark::DecodedStackMap& map : maps) pcs.insert(map.native_pc);
    const uint64_t align = target_.alignment;
    const uint64_t max = pcs.empty() ? 0 : *pcs.rbegin();
    std::vector<int64_t> extra = {0, static_cast<int64_t>(max + align)};
    if (align > 1) extra.push_back(static_cast<int64_t>(max + 1));
    for (uint64_t pc : pcs) {
      extra.push_back(static_cast<int64_t>(pc) - static_cast<int64_t>(align));
      extra.push_back(static_cast<int64_t>(pc + align));
    }
    extra.push_back(static_cast<int64_t>(max + 4096 * align));
    std::vector<uint64_t> keys(pcs.begin(), pcs.end());
    std::set<uint64_t> used;
    for (int64_t candidate : extra) {
      if (used.size() == 5) break;
      if (candidate < 0 || candidate > 0xFFFFFFFFll) continue;
      if (pcs.count(candidate) || used.count(candidate)) continue;
      used.insert(candidate);
      keys.push_back(candidate);
    }
    // The first map at each pc.
    std::map<uint64_t, int64_t> first_at;
    for (const ark::DecodedStackMap& map : maps) first_at.emplace(map.native_pc, map.row);
    Lookups lookups;
    for (uint64_t key : keys) {
      const auto found = first_at.find(key);
      lookups.emplace_back(key, found == first_at.end() ? -1 : found->second);
    }
    return lookups;
  }

  Lookups OsrLookups(const std::vector<ark::DecodedStackMap>& maps) const {
    std::set<uint64_t> osr;
    std::set<uint64_t> all;
    for (const ark::DecodedStackMap& map : maps) {
      all.insert(map.bytecode_pc);
      if (map.is_osr) osr.insert(map.bytecode_pc);
    }
    std::vector<uint64_t> keys(osr.begin(), osr.end());
    for (uint64_t pc : all) {
      if (!osr.count(pc)) {
        keys.push_back(pc);
        break;
      }
    }
    const uint64_t after = all.empty() ? 1 : *all.rbegin() + 1;
    if (after <= 0xFFFFFFFFull && !osr.count(after)) keys.push_back(after);
    std::map<uint64_t, int64_t> first_osr_at;
    for (const ark::DecodedStackMap& map : maps) {
      if (map.is_osr) first_osr_at.emplace(map.bytecode_pc, map.row);
    }
    Lookups lookups;
    for (uint64_t key : keys) {
      const auto found = first_osr_at.find(key);
      lookups.emplace_back(key, found == first_osr_at.end() ? -1 : found->second);
    }
    return lookups;
  }

  BitStream stream_;
  Target target_;
  std::vector<uint32_t> header_;
  Table tables_[10];
  uint64_t spent_ = 0;
};

}  // namespace

absl::StatusOr<ark::DecodedCodeInfo> DecodeArkReference(absl::Span<const uint8_t> bytes,
                                                        absl::string_view isa) {
  absl::StatusOr<Target> target = TargetNamed(isa);
  if (!target.ok()) return target.status();
  return Decoder(bytes, *target).Run();
}

}  // namespace frameproof::reference
