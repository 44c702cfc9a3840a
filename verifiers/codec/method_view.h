#ifndef FRAMEPROOF_VERIFIERS_CODEC_METHOD_VIEW_H_
#define FRAMEPROOF_VERIFIERS_CODEC_METHOD_VIEW_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/art/code_info.h"
#include "verifiers/model/method_call_log.h"

namespace frameproof {

// What a runtime learns about a method from its CodeInfo, in plain values: the common ground on
// which the call log (what was recorded), the production decoder and the reference decoder are
// compared. Kinds are StackMapKind values; MethodInfo fields are as stored (-1 = kNoValue).
struct MethodView {
  struct MethodInfoRow {
    uint32_t method_index = 0;
    int32_t dex_file_index_kind = -1;
    int32_t dex_file_index = -1;
    friend bool operator==(const MethodInfoRow&, const MethodInfoRow&) = default;
  };
  struct InlineLevel {
    uint32_t dex_pc = 0;
    std::optional<uint64_t> art_method;
    std::optional<MethodInfoRow> method_info;
    std::vector<DexRegisterLocation> registers;
    friend bool operator==(const InlineLevel&, const InlineLevel&) = default;
  };
  struct StackMapEntry {
    StackMapKind kind = StackMapKind::kDefault;
    uint32_t native_pc = 0;
    uint32_t dex_pc = 0;
    uint32_t register_mask = 0;
    std::vector<uint32_t> stack_mask_bits;
    bool has_register_map = false;
    std::vector<DexRegisterLocation> registers;  // the outer method's
    std::vector<InlineLevel> inline_infos;
    friend bool operator==(const StackMapEntry&, const StackMapEntry&) = default;
  };

  uint32_t code_size = 0;
  uint32_t frame_size_in_bytes = 0;
  uint32_t core_spill_mask = 0;
  uint32_t fp_spill_mask = 0;
  uint32_t number_of_dex_registers = 0;
  bool baseline = false;
  bool debuggable = false;
  bool has_should_deoptimize_flag = false;
  std::vector<StackMapEntry> stack_maps;
  friend bool operator==(const MethodView&, const MethodView&) = default;
};

// What a decoder must report for `log` encoded in `format` (inline MethodInfo rows follow ART's
// rules, including the kNoDexPc exception; a format without a code size reports 0).
MethodView ViewFromLog(const MethodCallLog& log, ArtFormat format = ArtFormat::kCurrent);
// What the production decoder reports.
MethodView ViewFromCodeInfo(const CodeInfo& info, InstructionSet isa);
// A call log that encodes to `view` again, or an error if the view holds something no call log
// can produce (such as a MethodInfo row naming no valid dex file).
absl::StatusOr<MethodCallLog> LogFromView(const MethodView& view, InstructionSet isa);

// "stack map 3 inline level 1 registers: expected [...], got [...]", or nullopt if equal.
std::optional<std::string> FirstViewDifference(const MethodView& expected,
                                               const MethodView& actual);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_CODEC_METHOD_VIEW_H_
