#ifndef FRAMEPROOF_VERIFIERS_LIBART_LIBART_DIFFERENTIAL_H_
#define FRAMEPROOF_VERIFIERS_LIBART_LIBART_DIFFERENTIAL_H_

// frameproof's Android 11 format held to Debian's libart.so: what StackMapStream writes in that
// format, libart must read as the calls said, and answer every query as frameproof's decoder
// does; libart's deduper must write the bytes frameproof's does.

#include <vector>

#include "absl/types/span.h"
#include "verifiers/libart/libart_oracle.h"
#include "verifiers/model/method_call_log.h"
#include "verifiers/model/mismatch.h"

namespace frameproof {

// Android 11's ISA for `isa`: RISC-V, which that release lacks, becomes Thumb-2, which aligns pcs
// alike; the others stay.
InstructionSet Android11Isa(InstructionSet isa);

// `log` encoded by StackMapStream in `format` (verify mode `verify`) into `bytes`; a refusal is
// the mismatch of a stream that refused a valid log.
OracleResult EncodeLog(const MethodCallLog& log, ArtFormat format, VerifyMode verify,
                       std::vector<uint8_t>& bytes);

// What AsAndroid11Log does with a second catch map at a dex pc.
enum class RepeatedCatchDexPc : uint8_t {
  kMoved,  // to a fresh dex pc: StackMapStream in the Android 11 format refuses repeats
  kKept,   // as it is: for today's encoder, whose bytes RelayCodeInfo then lays out again
};

// `log` with what Android 11 cannot say taken out: an ISA of that release (RISC-V becomes
// Thumb-2, which aligns pcs alike), no debuggable or should-deoptimize flag, inlined methods from
// the outer dex file, and catch maps at distinct dex pcs unless `repeats` keeps them.
MethodCallLog AsAndroid11Log(MethodCallLog log,
                             RepeatedCatchDexPc repeats = RepeatedCatchDexPc::kMoved);

// Checks libart's answers about the Android 11 CodeInfo `bytes` (valid ones only) against
// frameproof's decode, query by query: the bits read, header and frame info, each table's rows,
// widths and cells, every map's kind, pcs, masks, inline levels and registers per level, the
// lookups by native pc, dex pc, OSR and catch dex pc, the two subset decodes through a method
// header, and CodeInfo::Dump's text against Android11DumpText. The first difference, or nothing.
OracleResult CheckBytesAgainstLibart(LibartOracle& libart, absl::Span<const uint8_t> bytes,
                                     InstructionSet isa);

// Encodes `log` (valid for Android 11), checks that libart reads what the calls said, then
// CheckBytesAgainstLibart.
OracleResult CheckMethodAgainstLibart(LibartOracle& libart, const MethodCallLog& log);

// `current` (today's format, from today's encoder or ART's) laid out again for Android 11 with
// RelayCodeInfo, then CheckBytesAgainstLibart: the same tables, read by the release's own code.
OracleResult CheckRelaidAgainstLibart(LibartOracle& libart, absl::Span<const uint8_t> current,
                                      InstructionSet isa);
// `log` encoded by today's StackMapStream, then CheckRelaidAgainstLibart.
OracleResult CheckLogRelaidAgainstLibart(LibartOracle& libart, const MethodCallLog& log);

// One stack map whose 20 registers all change and whose stack mask has the same 20 bits set: its
// StackMask and DexRegisterMask tables are the same 36 bits, the case where today's deduper and
// Android 11's part (sharing within a CodeInfo, which copy a back-reference names).
MethodCallLog TwinTablesLog();

// Encodes every log (valid for Android 11), runs both dedupers over the results in order and
// compares offsets and bytes.
OracleResult CheckDedupeAgainstLibart(LibartOracle& libart, absl::Span<const MethodCallLog> logs);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_LIBART_LIBART_DIFFERENTIAL_H_
