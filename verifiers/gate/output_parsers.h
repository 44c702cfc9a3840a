#ifndef FRAMEPROOF_VERIFIERS_GATE_OUTPUT_PARSERS_H_
#define FRAMEPROOF_VERIFIERS_GATE_OUTPUT_PARSERS_H_

// Readers of the lines the gate's child processes print: frameproof's verifiers, ctest,
// libFuzzer, the replay driver and the LLVM corpus script. Each returns nullopt for any other line.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "verifiers/gate/step_result.h"

namespace frameproof::gate {

// A verifier's "PASS <name>" or "FAIL <name>: <why>".
std::optional<GateCase> ParseVerdictLine(absl::string_view line);

struct Counts {
  uint64_t passed = 0;
  uint64_t failed = 0;
};
// A verifier's closing "N passed, M failed".
std::optional<Counts> ParseCountsLine(absl::string_view line);

struct CtestResult {
  std::string name;
  std::string verdict;  // "Passed", "Failed", "Timeout", "Exception: SegFault", "Skipped", ...
  double seconds = 0;
};
// ctest's "  12/57 Test  #12: BitVector.Empty ......   Passed    0.01 sec", or with "***Failed"
// (and the like) in place of "Passed".
std::optional<CtestResult> ParseCtestResultLine(absl::string_view line);

// libFuzzer's "#4096	pulse  cov: 1163 ft: 3010 corp: 88/2150b lim: 21 exec/s: 2048 rss: 52Mb"
// (INITED, NEW, REDUCE, pulse, DONE or RELOAD), stamped with `seconds`.
std::optional<FuzzSample> ParseLibFuzzerStatusLine(absl::string_view line, double seconds);

// The totals AFL++ writes to <out>/default/fuzzer_stats ("key : value" lines) when it stops.
struct AflStats {
  uint64_t execs = 0;           // execs_done
  double exec_per_second = 0;   // execs_per_sec
  uint64_t edges = 0;           // edges_found
  uint64_t corpus = 0;          // corpus_count
  uint64_t crashes = 0;         // saved_crashes
  uint64_t hangs = 0;           // saved_hangs
};

// AFL++'s fuzzer_stats; nullopt if execs_done, execs_per_sec or edges_found is missing.
std::optional<AflStats> ParseAflFuzzerStats(absl::string_view text);

// AFL++'s plot_data: a sample per line (relative_time, total_execs, edges_found, execs_per_sec),
// its columns found by the "# relative_time, ..." header. Malformed lines are skipped.
std::vector<FuzzSample> ParseAflPlotData(absl::string_view text);

// `frameproof verify exec`'s "FAIL Class case 17 (plan seed 123)": the case index.
std::optional<uint64_t> ParseExecFailLine(absl::string_view line);

// `frameproof verify exec`'s "exec: x86_64, 2954 cases/s": the campaign's own rate.
std::optional<uint64_t> ParseExecRateLine(absl::string_view line);

// The replay driver's "replay: FILE (N bytes)": the input about to run.
std::optional<std::string> ParseReplayLine(absl::string_view line);

// The LLVM corpus script's "DIFF case 7 (...)" or "GENERATOR BUG: ... on case 7 (...)": the
// module that failed.
std::optional<uint64_t> ParseLlvmCorpusFailureLine(absl::string_view line);

// The case of a scripts/moar-corpus failure line ("FAIL case 7: ..."); nullopt for other lines.
std::optional<uint64_t> ParseMoarCorpusFailureLine(absl::string_view line);

// The flip of a scripts/moar-hostile failure line ("FAIL flip 7: ..."): frameproof's failure.
std::optional<uint64_t> ParseMoarHostileFailureLine(absl::string_view line);

// The flip of a scripts/moar-hostile finding line ("MOAR CRASH flip 7 (...)" or "MOAR HANG flip
// 7 (...)"): MoarVM, not frameproof, failed on it.
std::optional<uint64_t> ParseMoarHostileFindingLine(absl::string_view line);

// `frameproof verify llvm-exec`'s "FAIL case 7 (arm64): ..." or "UNSUPPORTED case 7 (...)": the
// program that failed.
std::optional<uint64_t> ParseLlvmExecFailLine(absl::string_view line);

// `frameproof verify llvm-exec --known`'s "KNOWN case 7 (...): known-finding [...]": the program
// in which llc met a bug a public report describes.
std::optional<uint64_t> ParseLlvmExecKnownLine(absl::string_view line);

// The first line of `output` worth quoting for a crash: a frameproof mismatch, a sanitizer's or
// libFuzzer's error, a runtime error, or AFL++'s abort; empty if there is none.
std::string FirstReportLine(absl::string_view output);

}  // namespace frameproof::gate

#endif  // FRAMEPROOF_VERIFIERS_GATE_OUTPUT_PARSERS_H_
