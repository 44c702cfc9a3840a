#ifndef FRAMEPROOF_VERIFIERS_MODEL_ARK_DECODE_MODEL_H_
#define FRAMEPROOF_VERIFIERS_MODEL_ARK_DECODE_MODEL_H_

// Everything a decoder reads from one Ark CodeInfo, as plain data: the shape of the conformance
// vectors' "decoded" object (../shared/conformance/ark/README.md §1.3). The reference decoder and
// the production view (verifiers/dump/ark_code_info_json.h) each fill one, and the oracles
// compare them field by field; ToJson gives the vectors' JSON for conformance and dumps. No
// decoding happens here, so sharing it costs the reference decoder none of its independence.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "nlohmann/json.hpp"

namespace frameproof::ark {

// One entry of a vreg list: [value, location, type, vreg_type, index] and, for a CONSTANT, its
// 64-bit value. The names are Ark's spellings ("SLOT", "INT64", "ACC"...), each a view of a
// producer's static table of them: a decode holds thousands of entries, and views keep an entry
// small and trivially copyable. They compare by content, so producers' tables need not be shared.
struct DecodedVReg {
  uint32_t value = 0;
  absl::string_view location = "NONE";
  absl::string_view type = "UNDEFINED";
  absl::string_view vreg_type = "VREG";
  uint32_t index = 0;
  std::optional<uint64_t> constant = {};
  friend bool operator==(const DecodedVReg&, const DecodedVReg&) = default;
};

// A bitmap as the queries return it: its width and its set bits.
struct DecodedBits {
  uint64_t size = 0;
  std::vector<uint32_t> bits = {};
  friend bool operator==(const DecodedBits&, const DecodedBits&) = default;
};

struct DecodedInlineLevel {
  int32_t depth = 0;
  uint32_t row = 0;
  bool is_last = false;
  uint32_t bytecode_pc = 0;
  bool method_is_pointer = false;  // else a method id
  uint64_t method = 0;
  uint32_t file_index = 0;
  uint32_t vregs_count = 0;  // cumulative
  std::vector<DecodedVReg> vregs = {};
  friend bool operator==(const DecodedInlineLevel&, const DecodedInlineLevel&) = default;
};

struct DecodedStackMap {
  uint32_t row = 0;
  uint32_t native_pc = 0;
  uint32_t bytecode_pc = 0;
  bool is_osr = false;
  bool has_reg_map = false;
  uint32_t roots_reg_mask = 0;
  DecodedBits roots_stack_mask = {};
  DecodedBits vreg_mask = {};
  std::vector<DecodedVReg> vregs = {};
  int32_t inline_depth = -1;
  std::vector<DecodedInlineLevel> inline_infos = {};
  // (value, location), the location a static spelling as in DecodedVReg.
  std::vector<std::pair<uint32_t, absl::string_view>> static_roots = {};
  friend bool operator==(const DecodedStackMap&, const DecodedStackMap&) = default;
};

struct DecodedTable {
  std::string name;
  bool present = false;
  uint32_t rows = 0;
  std::vector<uint32_t> column_bits = {};
  // Value tables: each row's cells with the bias removed; bitmap tables: each row's set bits.
  // Held flat, row after row, so that a decode does not allocate per row: a producer appends a
  // row's values, then EndRow.
  std::vector<uint32_t> values = {};
  std::vector<uint32_t> row_ends = {};  // per row: where it ends in `values`

  void EndRow() { row_ends.push_back(static_cast<uint32_t>(values.size())); }
  size_t RowCount() const { return row_ends.size(); }
  absl::Span<const uint32_t> Row(size_t r) const {
    const uint32_t begin = r == 0 ? 0 : row_ends[r - 1];
    return absl::MakeConstSpan(values).subspan(begin, row_ends[r] - begin);
  }
  friend bool operator==(const DecodedTable&, const DecodedTable&) = default;
};

struct DecodedCodeInfo {
  std::array<uint32_t, 5> header_varints{};
  std::vector<DecodedTable> tables = {};  // all ten, in stream order
  std::vector<DecodedStackMap> stack_maps = {};
  std::vector<std::pair<uint32_t, uint32_t>> implicit_null_checks = {};
  std::vector<uint32_t> constants = {};
  std::vector<std::pair<uint32_t, int64_t>> native_pc_lookups = {};  // (pc, row or -1)
  std::vector<std::pair<uint32_t, int64_t>> osr_lookups = {};        // (bytecode pc, row or -1)
  friend bool operator==(const DecodedCodeInfo&, const DecodedCodeInfo&) = default;
};

// The vectors' "decoded" JSON.
nlohmann::json ToJson(const DecodedCodeInfo& decoded);
nlohmann::json ToJson(const DecodedStackMap& map);

// The first difference between two decodes, named by its path ("stack_maps[3].vregs[2]: expected
// [...], got [...]"), or nullopt if they are equal. Cheap when they are equal.
std::optional<std::string> FirstDifference(const DecodedCodeInfo& expected,
                                           const DecodedCodeInfo& actual);
std::optional<std::string> FirstDifference(const DecodedStackMap& expected,
                                           const DecodedStackMap& actual, const std::string& path);

}  // namespace frameproof::ark

#endif  // FRAMEPROOF_VERIFIERS_MODEL_ARK_DECODE_MODEL_H_
