#ifndef FRAMEPROOF_VERIFIERS_CODEC_ARK_ORACLES_H_
#define FRAMEPROOF_VERIFIERS_CODEC_ARK_ORACLES_H_

// The Ark fuzz targets' oracles. Like the ART ones (codec_oracles.h), each takes arbitrary bytes,
// runs them, and returns the first disagreement it finds without aborting. Decodes are compared
// as DecodedCodeInfo (ark_decode_model.h), which the production view
// (verifiers/dump/ark_code_info_json.h), the reference decoder and the call log's expectation
// all produce.

#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "absl/types/span.h"
#include "core/ark/code_info.h"
#include "core/base/instruction_set.h"
#include "verifiers/model/ark_call_log.h"
#include "verifiers/model/ark_decode_model.h"
#include "verifiers/model/mismatch.h"

namespace frameproof::ark {

// ark_code_info_decode: the first byte picks the ISA, the rest are a CodeInfo from nowhere. If it
// opens, every query runs and none leaves the bytes. If Validate() accepts it, every query must
// succeed, each map's pc must find a map at that pc, and the decode must equal the reference
// decoder's in every field.
OracleResult CheckArkCodeInfoDecode(absl::Span<const uint8_t> data);
// The first byte of a CheckArkCodeInfoDecode input that picks `isa`, one of kArkIsas.
uint8_t ArkIsaByte(InstructionSet isa);

// ark_code_info_builder: the bytes drive a valid call log (GenerateArkCallLog). The builder must
// accept and encode it; its bytes must open and validate; the production and the reference
// decodes must each show what the log recorded (header, every map's pcs, flags, roots, vregs with
// their constants, inline levels, null checks) and agree with each other in every field; and the
// decoded tables, written again, must give the same bytes.
OracleResult CheckArkCodeInfoBuilder(absl::Span<const uint8_t> data);

// Runs every query on every stack map of `info` and checks what holds for any decode: a frame's
// list has the declared count, live entries carry their position. The first failure, if any.
absl::Status ExerciseEveryArkQuery(const CodeInfo& info);

// What a decoder must show for `log`, computed from the calls alone: the header fields the calls
// set, the constants and null-check tables, and each BeginStackMap's map in call order, with the
// row Ark's builder gives it (a map whose row equals an earlier one merges into it). The fields
// that depend on the CFrame arithmetic or on table rows (a map's vreg mask, its static roots, its
// inline levels' rows) are left empty: FirstDifference ignores them.
struct ExpectedDecode {
  uint32_t frame_size = 0;
  bool has_float_regs = false;
  uint32_t callee_reg_mask = 0;
  uint32_t callee_fp_reg_mask = 0;
  uint32_t vregs_count = 0;
  std::vector<uint32_t> constants;
  std::vector<std::pair<uint32_t, uint32_t>> implicit_null_checks;
  std::vector<DecodedStackMap> stack_maps;  // per BeginStackMap call: what its row decodes to
  std::vector<uint32_t> stack_map_rows;     // per BeginStackMap call: its row
  uint32_t row_count = 0;                   // rows of the StackMap table

  // The first way `decoded` differs from what the calls recorded, naming the field.
  std::optional<std::string> FirstDifference(const DecodedCodeInfo& decoded) const;
};
ExpectedDecode ExpectFromLog(const CallLog& log);

// The opened tables of `info` written back with the header: for any CodeInfo Ark's builder
// wrote, the same bytes.
std::vector<uint8_t> ReencodeTables(const CodeInfo& info);

}  // namespace frameproof::ark

#endif  // FRAMEPROOF_VERIFIERS_CODEC_ARK_ORACLES_H_
