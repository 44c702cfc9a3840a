#ifndef FRAMEPROOF_VERIFIERS_LIBART_ART11_CONFORMANCE_H_
#define FRAMEPROOF_VERIFIERS_LIBART_ART11_CONFORMANCE_H_

#include <cstdint>
#include <iosfwd>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "verifiers/conformance/vector_file.h"
#include "verifiers/libart/libart_oracle.h"

namespace frameproof {

struct Art11LibartOptions {
  ConformanceOptions output;  // --verbose, --vector NAME
  uint32_t methods = 200;     // generated methods (and as many relaid ones)
  uint64_t seed = 1;
};

// conformance/art11-libart: frameproof's Android 11 format against Debian's libart.so.
// Cases, each a "PASS <name>" or "FAIL <name>: <first difference>" line:
//   vector:<name>        ART's bytes of a shared vector, laid out for Android 11 (RelayCodeInfo)
//   log:<name>           its call log, made expressible and encoded by StackMapStream(android11)
//   generated:<seed>:<i> a generated method through StackMapStream(android11)
//   relaid:<seed>:<i>    a generated method with repeated catch dex pcs, today's bytes relaid
//   dedupe:<seed>:<k>    eight generated methods through both dedupers
//   dedupe:twin-tables   CodeInfos with two identical tables each (TwinTablesLog)
//   compiler:<shape>     the compiler-like 10x16x0, 100x64x3 and 1000x256x3 methods
// Vectors whose CodeInfo Android 11 cannot express (a flag or a MethodInfo dex file it lacks)
// are counted apart. Last line: "N passed, M failed (K vectors not expressible in android11)".
absl::StatusOr<ConformanceCounts> RunArt11LibartConformance(LibartOracle& libart,
                                                            absl::string_view vectors_path,
                                                            const Art11LibartOptions& options,
                                                            std::ostream& out);

// conformance/art11-libart-hostile: every truncation and bit flip of the first `vectors` ART
// vectors (of at most 256 bytes) that Android 11 can express, laid out in its format. Each goes
// through frameproof's Android 11 decoder and, flush against an unmapped page after it and
// before it, through what libart does first with unchecked bytes (LibartOracle::Open). Prints how
// often each refuses, answers, crashes (by signal) or hangs. The hostile inputs frameproof
// accepts are valid, so libart must answer them as frameproof does (CheckBytesAgainstLibart):
// each one that does not is a "FAIL hostile:<vector>:<mutation>" line, and the last line is
// "N passed, M failed" over those.
absl::StatusOr<ConformanceCounts> RunArt11LibartHostile(LibartOracle& libart,
                                                        absl::string_view vectors_path, int vectors,
                                                        std::ostream& out);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_LIBART_ART11_CONFORMANCE_H_
