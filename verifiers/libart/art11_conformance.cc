#include "verifiers/libart/art11_conformance.h"

#include <fstream>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/art/code_info_relay.h"
#include "nlohmann/json.hpp"
#include "verifiers/codec/compiler_like_method.h"
#include "verifiers/conformance/art_vector.h"
#include "verifiers/generators/call_log_generator.h"
#include "verifiers/libart/libart_differential.h"

namespace frameproof {
namespace {

// Methods per dedupe case: a batch in which generated methods may share tables.
constexpr uint32_t kDedupeBatch = 8;

class CaseRunner {
 public:
  CaseRunner(const ConformanceOptions& options, std::ostream& out) : options_(options), out_(out) {}

  void Run(const std::string& name, const std::function<OracleResult()>& check) {
    if (!options_.only_vector.empty() && name != options_.only_vector) return;
    const OracleResult result = check();
    if (result.has_value()) {
      ++counts_.failed;
      out_ << "FAIL " << name << ": " << FormatMismatch(*result) << "\n" << std::flush;
    } else {
      ++counts_.passed;
      if (options_.verbose) out_ << "PASS " << name << "\n" << std::flush;
    }
  }
  const ConformanceCounts& counts() const { return counts_; }

 private:
  const ConformanceOptions& options_;
  std::ostream& out_;
  ConformanceCounts counts_;
};

MethodCallLog GeneratedLog(uint64_t seed, uint32_t i, RepeatedCatchDexPc repeats) {
  std::vector<uint8_t> bytes;
  for (uint64_t word : {seed, uint64_t{i}}) {
    for (int b = 0; b < 8; ++b) bytes.push_back(static_cast<uint8_t>(word >> (8 * b)));
  }
  ByteSource source(bytes);
  return AsAndroid11Log(GenerateCallLog(source), repeats);
}

}  // namespace

absl::StatusOr<ConformanceCounts> RunArt11LibartConformance(LibartOracle& libart,
                                                            absl::string_view vectors_path,
                                                            const Art11LibartOptions& options,
                                                            std::ostream& out) {
  std::ifstream file{std::string(vectors_path)};
  if (!file) return absl::NotFoundError(absl::StrCat("cannot open ", vectors_path));
  CaseRunner cases(options.output, out);
  int not_expressible = 0;
  std::string line;
  for (int line_number = 1; std::getline(file, line); ++line_number) {
    if (line.empty()) continue;
    const nlohmann::json json = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    absl::StatusOr<ArtCodeInfoVector> vector =
        json.is_discarded() ? absl::InvalidArgumentError("not valid JSON")
                            : ParseArtCodeInfoVector(json);
    if (!vector.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat(vectors_path, ":", line_number, ": ", vector.status().message()));
    }
    // A CodeInfo that says what Android 11 cannot (a flag, a dex file) has no Android 11 form.
    if (!RelayCodeInfo(vector->encoded, ArtFormat::kCurrent, ArtFormat::kAndroid11).ok()) {
      ++not_expressible;
    } else {
      cases.Run(absl::StrCat("vector:", vector->name), [&] {
        return CheckRelaidAgainstLibart(libart, vector->encoded, vector->log.isa);
      });
    }
    cases.Run(absl::StrCat("log:", vector->name),
              [&] { return CheckMethodAgainstLibart(libart, AsAndroid11Log(vector->log)); });
  }

  std::vector<MethodCallLog> batch;
  for (uint32_t i = 0; i < options.methods; ++i) {
    const MethodCallLog log = GeneratedLog(options.seed, i, RepeatedCatchDexPc::kMoved);
    cases.Run(absl::StrCat("generated:", options.seed, ":", i),
              [&] { return CheckMethodAgainstLibart(libart, log); });
    cases.Run(absl::StrCat("relaid:", options.seed, ":", i), [&]() -> OracleResult {
      const MethodCallLog repeats = GeneratedLog(options.seed, i, RepeatedCatchDexPc::kKept);
      const absl::StatusOr<std::vector<uint8_t>> current = Replay(repeats, VerifyMode::kOff);
      if (!current.ok()) {
        return Mismatch{MismatchClass::kStreamRejectedValidLog,
                        std::string(current.status().message())};
      }
      return CheckRelaidAgainstLibart(libart, *current, repeats.isa);
    });
    batch.push_back(log);
    if (batch.size() == kDedupeBatch) {
      cases.Run(absl::StrCat("dedupe:", options.seed, ":", i / kDedupeBatch),
                [&] { return CheckDedupeAgainstLibart(libart, batch); });
      batch.clear();
    }
  }
  for (const MethodShape shape :
       {MethodShape{10, 16, 0}, MethodShape{100, 64, 3}, MethodShape{1000, 256, 3}}) {
    cases.Run(absl::StrCat("compiler:", shape.stack_maps, "x", shape.dex_registers, "x",
                           shape.max_inline_depth),
              [&] {
                return CheckMethodAgainstLibart(
                    libart, AsAndroid11Log(GenerateCompilerLikeMethod(shape, options.seed)));
              });
  }
  const ConformanceCounts& counts = cases.counts();
  if (!options.output.only_vector.empty() && counts.passed + counts.failed == 0) {
    return absl::NotFoundError(absl::StrCat("no case named '", options.output.only_vector, "'"));
  }
  out << counts.passed << " passed, " << counts.failed << " failed (" << not_expressible
      << " vectors not expressible in android11)\n";
  return counts;
}

}  // namespace frameproof
