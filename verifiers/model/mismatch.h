#ifndef FRAMEPROOF_VERIFIERS_MODEL_MISMATCH_H_
#define FRAMEPROOF_VERIFIERS_MODEL_MISMATCH_H_

#include <cstdint>
#include <optional>
#include <string>

#include "absl/strings/string_view.h"

namespace frameproof {

// The oracle contract: the classes of disagreement every oracle reports (the codec oracles, the
// execution verifier, the LLVM and MoarVM oracles). Each aborts at its own site (see
// AbortOnMismatch), so crash deduplication in libFuzzer, AFL++ and ClusterFuzz keeps them apart.
enum class MismatchClass : uint8_t {
  kVarintRoundTrip,             // bits: a varint did not read back as written
  kInterleavedVarintRoundTrip,  // bits: interleaved varints did not read back
  kRegionRoundTrip,             // bits: stored bits did not load back, or neighbours changed
  kCheckedReaderDisagrees,      // bits: checked and fast readers read different values
  kBitTableRoundTrip,           // bit_table: decode(encode(rows)) != rows
  kBitTableDedup,               // bit_table: Dedup returned a run that is not the one given
  kBitmapTableRoundTrip,        // bit_table: bitmap rows did not read back
  kQueryFailed,                 // code_info_decode: an accepted CodeInfo broke a query invariant
  kReferenceRejected,           // the reference decoder rejected what production accepted
  kDecodersDisagree,            // production and reference decoders read different methods
  kReencodeNotFixedPoint,       // decode -> encode -> decode changed the method
  kStreamRejectedValidLog,      // StackMapStream refused a valid call log (or its verify failed)
  kProductionDiffersFromLog,    // the production decode is not what was recorded
  kReferenceDiffersFromLog,     // the reference decode is not what was recorded
  kReencodeBytesDiffer,         // re-encoding a decoded method gave different bytes
  kDedupRejected,               // the table deduper refused valid CodeInfos
  kDedupDecodeDiffers,          // a CodeInfo reads differently from the deduplicated buffer
  // The execution verifier (verifiers/exec):
  kExecLoweringFailed,       // the plan could not be lowered or loaded
  kExecCrashed,              // generated code faulted or timed out
  kExecRuntimeEntry,         // the runtime was entered the wrong number of times or wrongly
  kExecStackWalkFailed,      // the walker could not get from the boundary frame to the values
  kExecDecodedStateDiffers,  // the runtime decoded other values, frames or roots than planned
  kExecGotWrong,             // a GOT slot holds the wrong value after resolution
  kExecValueNotPreserved,    // a live value changed across the call
  kExecWrongResult,          // the operation produced the wrong Class* or Method*
  kExecCalleeWrong,          // the callee ran the wrong number of times or with wrong arguments
  kExecThreadFrameWrong,     // thread->frame after the call is not what the resolver must leave
  kExecStaleReference,       // a reference the collector moved still holds the old address
  // LLVM stack maps (verifiers/llvm):
  kLlvmConversionDiffers,  // a re-encoded function does not decode back to its records
  // MoarVM bytecode (verifiers/moar):
  kMoarReadersDisagree,    // the structure-only read and the full read disagree on a unit
  kMoarDumpFailed,         // an accepted unit did not dump
  kMoarWriteBackDiffers,   // writing an accepted unit back gave other bytes
  kMoarRejectedValidUnit,  // the reader rejected a generated, valid unit once written
  kMoarRoundTripDiffers,   // read(write(unit)) is not the unit
  // Android 11 CodeInfos against Debian's libart.so (verifiers/libart):
  kLibartCrashed,               // libart crashed or hung on bytes frameproof wrote as valid
  kLibartDiffersFromLog,        // libart read another method than the calls recorded
  kLibartDiffersFromProduction, // libart and frameproof's decoder answered a query differently
  kLibartDedupDiffers,          // libart's deduper wrote other bytes than frameproof's
};

// Every class, for tests and tools.
inline constexpr MismatchClass kLastMismatchClass = MismatchClass::kLibartDedupDiffers;

absl::string_view MismatchClassName(MismatchClass kind);

// One disagreement: its class and what exactly differed.
struct Mismatch {
  MismatchClass kind;
  std::string detail;
};
using OracleResult = std::optional<Mismatch>;

// "frameproof mismatch [class]: detail", the line a fuzz target prints before it aborts.
std::string FormatMismatch(const Mismatch& mismatch);

// Prints FormatMismatch() and aborts from a function specific to the class, so each class has
// its own crash signature. Does nothing for an empty result.
void AbortOnMismatch(const OracleResult& result);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_MODEL_MISMATCH_H_
