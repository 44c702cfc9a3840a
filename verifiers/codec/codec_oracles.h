#ifndef FRAMEPROOF_VERIFIERS_CODEC_CODEC_ORACLES_H_
#define FRAMEPROOF_VERIFIERS_CODEC_CODEC_ORACLES_H_

// The codec oracles behind the fuzz targets in fuzzers/. Each takes arbitrary bytes, turns them
// into a plan, runs it, and returns the first disagreement it finds (or nothing). They never
// abort themselves, so tests can run them and assert what they report.

#include <cstdint>

#include "absl/types/span.h"
#include "core/art/code_info.h"
#include "verifiers/model/mismatch.h"

namespace frameproof {

// bits: varints, interleaved varints and bit-region stores written at fuzzed offsets read back
// the same through the fast and the checked reader; the checked reader agrees with the fast one
// on arbitrary bytes wherever it succeeds.
OracleResult CheckBits(absl::Span<const uint8_t> data);

// bit_table: fuzzed rows and runs go through BitTableBuilder / BitmapTableBuilder; every Dedup()
// returns a run equal to the one given, and decode(encode(table)) gives the rows back.
OracleResult CheckBitTable(absl::Span<const uint8_t> data);

// code_info_decode: arbitrary bytes into the validating decoder. If it accepts them, every query
// keeps its invariants, the reference decoder reads the same method, and decode -> encode ->
// decode is a fixed point. The dumps run on the inputs DumpsInput picks (oracle/dump_sampling.h).
OracleResult CheckCodeInfoDecode(absl::Span<const uint8_t> data);
// The same checks with the bytes read in `format`'s layout.
OracleResult CheckCodeInfoDecodeInFormat(absl::Span<const uint8_t> data, ArtFormat format);

// stack_map_stream: the bytes drive a valid call log; the stream must accept and encode it, both
// decoders must read back exactly what was recorded, every native-pc lookup must find what the
// log implies, and re-encoding the decoded method must give the same bytes.
OracleResult CheckStackMapStream(absl::Span<const uint8_t> data);

// code_info_dedup: several related methods go through CodeInfoTableDeduper; each must decode
// from the shared buffer to the header and tables it has alone, through the production decoder
// and through the reference decoder. Every query is a function of those, so equal tables answer
// alike; whether the answers match the method is CheckStackMapStream's question.
OracleResult CheckCodeInfoDedup(absl::Span<const uint8_t> data);

// Runs every query on an accepted CodeInfo and checks the invariants that hold for any valid
// CodeInfo: lookups find their maps, register maps have the declared sizes and no Invalid entry.
OracleResult ExerciseQueries(const CodeInfo& info);
// The JSON and text dumps of an accepted CodeInfo (decoded from byte `offset` of `buffer`),
// which walk every table, register map, inline chain and lookup, must not come out empty.
OracleResult ExerciseDumps(const CodeInfo& info, absl::Span<const uint8_t> buffer, size_t offset);
// ExerciseDumps, then ExerciseQueries.
OracleResult ExerciseEveryQuery(const CodeInfo& info, absl::Span<const uint8_t> buffer,
                                size_t offset);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_CODEC_CODEC_ORACLES_H_
