#include "absl/strings/str_cat.h"
#include "core/art/code_info_table_deduper.h"
#include "verifiers/generators/call_log_generator.h"
#include "verifiers/codec/codec_oracles.h"
#include "verifiers/codec/method_view.h"
#include "verifiers/codec/reference_view.h"

namespace frameproof {
namespace {

constexpr uint32_t kMaxMethods = 6;

// A close relative of `log`, so that some of its tables encode identically and some do not.
MethodCallLog Variant(const MethodCallLog& log, ByteSource& source) {
  MethodCallLog variant = log;
  switch (source.InRange(0, 3)) {
    case 0:
      break;  // an exact repeat
    case 1:
      variant.code_size += InstructionAlignment(log.isa) * source.InRange(1, 8);
      break;
    case 2:
      variant.method.core_spill_mask ^= 1u << source.InRange(0, 31);
      break;
    default:
      if (!variant.stack_maps.empty()) variant.stack_maps.back().params.register_mask ^= 0x10;
      break;
  }
  return variant;
}

}  // namespace

OracleResult CheckCodeInfoDedup(absl::Span<const uint8_t> data) {
  ByteSource source(data);
  std::vector<MethodCallLog> logs;
  for (uint32_t n = source.InRange(1, kMaxMethods); n > 0; --n) {
    if (!logs.empty() && source.Chance(1, 2)) {
      logs.push_back(Variant(logs[source.InRange(0, logs.size() - 1)], source));
    } else {
      logs.push_back(GenerateCallLog(source));
    }
  }
  std::vector<std::vector<uint8_t>> inputs;
  for (const MethodCallLog& log : logs) {
    absl::StatusOr<std::vector<uint8_t>> bytes = Replay(log, VerifyMode::kOff);
    if (!bytes.ok()) {
      return Mismatch{MismatchClass::kStreamRejectedValidLog,
                      std::string(bytes.status().message())};
    }
    inputs.push_back(*std::move(bytes));
  }
  std::vector<uint8_t> out;
  CodeInfoTableDeduper deduper(&out);
  std::vector<size_t> offsets;
  for (size_t i = 0; i < inputs.size(); ++i) {
    absl::StatusOr<size_t> offset = deduper.Dedupe(inputs[i]);
    if (!offset.ok()) {
      return Mismatch{MismatchClass::kDedupRejected,
                      absl::StrCat("input ", i, ": ", offset.status().message())};
    }
    offsets.push_back(*offset);
  }
  for (size_t i = 0; i < inputs.size(); ++i) {
    const InstructionSet isa = logs[i].isa;
    const MethodView alone = ViewFromCodeInfo(CodeInfo::DecodeTrusted(inputs[i]), isa);
    const absl::StatusOr<CodeInfo> shared = CodeInfo::Decode(out, offsets[i]);
    if (!shared.ok()) {
      return Mismatch{MismatchClass::kDedupDecodeDiffers,
                      absl::StrCat("input ", i, " at byte ", offsets[i],
                                   " does not decode: ", shared.status().message())};
    }
    if (auto difference = FirstViewDifference(alone, ViewFromCodeInfo(*shared, isa))) {
      return Mismatch{MismatchClass::kDedupDecodeDiffers,
                      absl::StrCat("input ", i, ": ", *difference)};
    }
    const absl::StatusOr<MethodView> reference = ReferenceView(out, offsets[i], isa);
    if (!reference.ok() || FirstViewDifference(alone, *reference).has_value()) {
      return Mismatch{MismatchClass::kDecodersDisagree,
                      absl::StrCat("input ", i,
                                   ": the reference decoder reads the deduplicated "
                                   "buffer differently")};
    }
  }
  return std::nullopt;
}

}  // namespace frameproof
