#include "verifiers/model/mismatch.h"

#include <cstdio>
#include <cstdlib>

#include "absl/base/attributes.h"
#include "absl/strings/str_cat.h"

namespace frameproof {
namespace {

// One instantiation per class: a distinct function, hence a distinct top frame in every crash.
template <MismatchClass kClass>
[[noreturn]] ABSL_ATTRIBUTE_NOINLINE void AbortWith(const Mismatch& mismatch) {
  std::fprintf(stderr, "%s\n", FormatMismatch(mismatch).c_str());
  std::fflush(stderr);
  std::abort();
}

}  // namespace

absl::string_view MismatchClassName(MismatchClass kind) {
  switch (kind) {
    case MismatchClass::kVarintRoundTrip:
      return "varint-round-trip";
    case MismatchClass::kInterleavedVarintRoundTrip:
      return "interleaved-varint-round-trip";
    case MismatchClass::kRegionRoundTrip:
      return "region-round-trip";
    case MismatchClass::kCheckedReaderDisagrees:
      return "checked-reader-disagrees";
    case MismatchClass::kBitTableRoundTrip:
      return "bit-table-round-trip";
    case MismatchClass::kBitTableDedup:
      return "bit-table-dedup";
    case MismatchClass::kBitmapTableRoundTrip:
      return "bitmap-table-round-trip";
    case MismatchClass::kQueryFailed:
      return "query-failed";
    case MismatchClass::kReferenceRejected:
      return "reference-rejected";
    case MismatchClass::kDecodersDisagree:
      return "decoders-disagree";
    case MismatchClass::kReencodeNotFixedPoint:
      return "reencode-not-fixed-point";
    case MismatchClass::kStreamRejectedValidLog:
      return "stream-rejected-valid-log";
    case MismatchClass::kProductionDiffersFromLog:
      return "production-differs-from-log";
    case MismatchClass::kReferenceDiffersFromLog:
      return "reference-differs-from-log";
    case MismatchClass::kReencodeBytesDiffer:
      return "reencode-bytes-differ";
    case MismatchClass::kDedupRejected:
      return "dedup-rejected";
    case MismatchClass::kDedupDecodeDiffers:
      return "dedup-decode-differs";
    case MismatchClass::kExecLoweringFailed:
      return "exec-lowering-failed";
    case MismatchClass::kExecCrashed:
      return "exec-crashed";
    case MismatchClass::kExecRuntimeEntry:
      return "exec-runtime-entry";
    case MismatchClass::kExecStackWalkFailed:
      return "exec-stack-walk-failed";
    case MismatchClass::kExecDecodedStateDiffers:
      return "exec-decoded-state-differs";
    case MismatchClass::kExecGotWrong:
      return "exec-got-wrong";
    case MismatchClass::kExecValueNotPreserved:
      return "exec-value-not-preserved";
    case MismatchClass::kExecWrongResult:
      return "exec-wrong-result";
    case MismatchClass::kExecCalleeWrong:
      return "exec-callee-wrong";
    case MismatchClass::kExecThreadFrameWrong:
      return "exec-thread-frame-wrong";
    case MismatchClass::kExecStaleReference:
      return "exec-stale-reference";
    case MismatchClass::kLlvmConversionDiffers:
      return "llvm-conversion-differs";
    case MismatchClass::kMoarReadersDisagree:
      return "moar-readers-disagree";
    case MismatchClass::kMoarDumpFailed:
      return "moar-dump-failed";
    case MismatchClass::kMoarWriteBackDiffers:
      return "moar-write-back-differs";
    case MismatchClass::kMoarRejectedValidUnit:
      return "moar-rejected-valid-unit";
    case MismatchClass::kMoarRoundTripDiffers:
      return "moar-round-trip-differs";
    case MismatchClass::kLibartCrashed:
      return "libart-crashed";
    case MismatchClass::kLibartDiffersFromLog:
      return "libart-differs-from-log";
    case MismatchClass::kLibartDiffersFromProduction:
      return "libart-differs-from-production";
    case MismatchClass::kLibartDedupDiffers:
      return "libart-dedup-differs";
  }
  return "unknown";
}

std::string FormatMismatch(const Mismatch& mismatch) {
  return absl::StrCat("frameproof mismatch [", MismatchClassName(mismatch.kind),
                      "]: ", mismatch.detail);
}

void AbortOnMismatch(const OracleResult& result) {
  if (!result.has_value()) return;
  switch (result->kind) {
#define FP_ABORT_CASE(name) \
  case MismatchClass::name: \
    AbortWith<MismatchClass::name>(*result);
    FP_ABORT_CASE(kVarintRoundTrip)
    FP_ABORT_CASE(kInterleavedVarintRoundTrip)
    FP_ABORT_CASE(kRegionRoundTrip)
    FP_ABORT_CASE(kCheckedReaderDisagrees)
    FP_ABORT_CASE(kBitTableRoundTrip)
    FP_ABORT_CASE(kBitTableDedup)
    FP_ABORT_CASE(kBitmapTableRoundTrip)
    FP_ABORT_CASE(kQueryFailed)
    FP_ABORT_CASE(kReferenceRejected)
    FP_ABORT_CASE(kDecodersDisagree)
    FP_ABORT_CASE(kReencodeNotFixedPoint)
    FP_ABORT_CASE(kStreamRejectedValidLog)
    FP_ABORT_CASE(kProductionDiffersFromLog)
    FP_ABORT_CASE(kReferenceDiffersFromLog)
    FP_ABORT_CASE(kReencodeBytesDiffer)
    FP_ABORT_CASE(kDedupRejected)
    FP_ABORT_CASE(kDedupDecodeDiffers)
    FP_ABORT_CASE(kExecLoweringFailed)
    FP_ABORT_CASE(kExecCrashed)
    FP_ABORT_CASE(kExecRuntimeEntry)
    FP_ABORT_CASE(kExecStackWalkFailed)
    FP_ABORT_CASE(kExecDecodedStateDiffers)
    FP_ABORT_CASE(kExecGotWrong)
    FP_ABORT_CASE(kExecValueNotPreserved)
    FP_ABORT_CASE(kExecWrongResult)
    FP_ABORT_CASE(kExecCalleeWrong)
    FP_ABORT_CASE(kExecThreadFrameWrong)
    FP_ABORT_CASE(kExecStaleReference)
    FP_ABORT_CASE(kLlvmConversionDiffers)
    FP_ABORT_CASE(kMoarReadersDisagree)
    FP_ABORT_CASE(kMoarDumpFailed)
    FP_ABORT_CASE(kMoarWriteBackDiffers)
    FP_ABORT_CASE(kMoarRejectedValidUnit)
    FP_ABORT_CASE(kMoarRoundTripDiffers)
    FP_ABORT_CASE(kLibartCrashed)
    FP_ABORT_CASE(kLibartDiffersFromLog)
    FP_ABORT_CASE(kLibartDiffersFromProduction)
    FP_ABORT_CASE(kLibartDedupDiffers)
#undef FP_ABORT_CASE
  }
  std::abort();
}

}  // namespace frameproof
