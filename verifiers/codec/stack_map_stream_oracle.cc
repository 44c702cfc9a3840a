#include "absl/strings/str_cat.h"
#include "verifiers/generators/call_log_generator.h"
#include "verifiers/codec/codec_oracles.h"
#include "verifiers/codec/method_view.h"
#include "verifiers/codec/reference_view.h"

namespace frameproof {
namespace {

// The row a runtime must find at each native pc: the first Default/OSR map there, in table order
// (catch maps are never found by pc).
OracleResult CheckNativePcLookups(const MethodView& expected, const CodeInfo& info,
                                  InstructionSet isa) {
  for (const MethodView::StackMapEntry& probe : expected.stack_maps) {
    const uint32_t pc = probe.native_pc;
    int64_t want = -1;
    for (size_t row = 0; row < expected.stack_maps.size() && want < 0; ++row) {
      const MethodView::StackMapEntry& map = expected.stack_maps[row];
      if (map.native_pc == pc &&
          (map.kind == StackMapKind::kDefault || map.kind == StackMapKind::kOsr)) {
        want = static_cast<int64_t>(row);
      }
    }
    const StackMap found = info.GetStackMapForNativePcOffset(pc, isa);
    const int64_t got = found.IsValid() ? int64_t{found.Row()} : int64_t{-1};
    if (got != want) {
      return Mismatch{
          MismatchClass::kProductionDiffersFromLog,
          absl::StrCat("lookup of native pc ", pc, ": expected row ", want, ", got row ", got)};
    }
  }
  return std::nullopt;
}

}  // namespace

OracleResult CheckStackMapStream(absl::Span<const uint8_t> data) {
  ByteSource source(data);
  const MethodCallLog log = GenerateCallLog(source);
  // The stream's own verify mode (ART's dchecks) encodes the same bytes, so one replay serves
  // both. When verify mode objects, the bytes come from a replay without it, and the checks
  // below run first anyway: they name which side is wrong, and the objection is reported last.
  const absl::StatusOr<std::vector<uint8_t>> verified = Replay(log, VerifyMode::kOn);
  const absl::StatusOr<std::vector<uint8_t>> bytes =
      verified.ok() ? verified : Replay(log, VerifyMode::kOff);
  if (!bytes.ok()) {
    return Mismatch{MismatchClass::kStreamRejectedValidLog, std::string(bytes.status().message())};
  }
  const absl::StatusOr<CodeInfo> info = CodeInfo::Decode(*bytes);
  if (!info.ok()) {
    return Mismatch{MismatchClass::kProductionDiffersFromLog,
                    absl::StrCat("our own encoding does not decode: ", info.status().message())};
  }
  const MethodView expected = ViewFromLog(log);
  const MethodView production = ViewFromCodeInfo(*info, log.isa);
  if (std::optional<std::string> difference = FirstViewDifference(expected, production)) {
    return Mismatch{MismatchClass::kProductionDiffersFromLog, *difference};
  }
  if (OracleResult result = CheckNativePcLookups(expected, *info, log.isa)) return result;

  const absl::StatusOr<MethodView> reference = ReferenceView(*bytes, 0, log.isa);
  if (!reference.ok()) {
    return Mismatch{MismatchClass::kReferenceRejected, std::string(reference.status().message())};
  }
  if (std::optional<std::string> difference = FirstViewDifference(expected, *reference)) {
    return Mismatch{MismatchClass::kReferenceDiffersFromLog, *difference};
  }

  // Decoding and re-encoding gives the same bytes back.
  const absl::StatusOr<MethodCallLog> decoded_log = LogFromView(production, log.isa);
  if (!decoded_log.ok()) {
    return Mismatch{MismatchClass::kReencodeBytesDiffer,
                    std::string(decoded_log.status().message())};
  }
  const absl::StatusOr<std::vector<uint8_t>> again = Replay(*decoded_log, VerifyMode::kOff);
  if (!again.ok() || *again != *bytes) {
    return Mismatch{MismatchClass::kReencodeBytesDiffer,
                    again.ok()
                        ? absl::StrCat("re-encoded ", again->size(), " bytes differ from the ",
                                       bytes->size(), " first encoded")
                        : std::string(again.status().message())};
  }

  if (!verified.ok()) {
    return Mismatch{MismatchClass::kStreamRejectedValidLog,
                    absl::StrCat("verify mode: ", verified.status().message())};
  }
  return std::nullopt;
}

}  // namespace frameproof
