#include "absl/strings/str_cat.h"
#include "verifiers/codec/codec_oracles.h"
#include "verifiers/codec/method_view.h"
#include "verifiers/codec/reference_view.h"
#include "verifiers/util/dump_sampling.h"

namespace frameproof {

OracleResult CheckCodeInfoDecode(absl::Span<const uint8_t> data) {
  return CheckCodeInfoDecodeInFormat(data, ArtFormat::kCurrent);
}

OracleResult CheckCodeInfoDecodeInFormat(absl::Span<const uint8_t> data, ArtFormat format) {
  constexpr InstructionSet kIsa = InstructionSet::kArm64;
  // Header-only reads must agree with the full decode wherever both succeed.
  const absl::StatusOr<CodeInfoHeader> header = CodeInfo::DecodeHeaderOnly(data, 0, format);
  const absl::StatusOr<CodeInfo> info = CodeInfo::Decode(data, 0, CodeInfo::Subset::kAll, format);
  if (!info.ok()) return std::nullopt;  // a clean rejection is the right answer to junk
  if (!header.ok() || !(*header == info->header())) {
    return Mismatch{MismatchClass::kQueryFailed, "DecodeHeaderOnly disagrees with Decode"};
  }
  if (DumpsInput(data)) {
    if (OracleResult result = ExerciseDumps(*info, data, 0)) return result;
  }
  if (OracleResult result = ExerciseQueries(*info)) return result;

  const MethodView production = ViewFromCodeInfo(*info, kIsa);
  const absl::StatusOr<MethodView> reference = ReferenceView(data, 0, kIsa, format);
  if (!reference.ok()) {
    return Mismatch{MismatchClass::kReferenceRejected, std::string(reference.status().message())};
  }
  if (std::optional<std::string> difference = FirstViewDifference(production, *reference)) {
    return Mismatch{MismatchClass::kDecodersDisagree,
                    absl::StrCat("reference vs production: ", *difference)};
  }

  // Decode -> encode -> decode, where the decoded method is something a compiler could record.
  const absl::StatusOr<MethodCallLog> log = LogFromView(production, kIsa);
  if (!log.ok()) return std::nullopt;
  const absl::StatusOr<std::vector<uint8_t>> reencoded = Replay(*log, VerifyMode::kOff, format);
  if (!reencoded.ok()) return std::nullopt;  // e.g. two Default maps at one pc: not recordable
  const absl::StatusOr<CodeInfo> again =
      CodeInfo::Decode(*reencoded, 0, CodeInfo::Subset::kAll, format);
  if (!again.ok()) {
    return Mismatch{
        MismatchClass::kReencodeNotFixedPoint,
        absl::StrCat("the re-encoded method does not decode: ", again.status().message())};
  }
  if (std::optional<std::string> difference =
          FirstViewDifference(production, ViewFromCodeInfo(*again, kIsa))) {
    return Mismatch{MismatchClass::kReencodeNotFixedPoint, *difference};
  }
  return std::nullopt;
}

}  // namespace frameproof
