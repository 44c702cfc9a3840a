#include "verifiers/libart/art11_conformance.h"

#include <algorithm>
#include <fstream>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "core/art/code_info.h"
#include "core/art/code_info_relay.h"
#include "nlohmann/json.hpp"
#include "verifiers/conformance/art_vector.h"
#include "verifiers/generators/call_log_generator.h"
#include "verifiers/generators/compiler_like_method.h"
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
  ByteSource source(bytes, ByteSource::Sizes::kAny);
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
    absl::StatusOr<ArtCodeInfoVector> vector = json.is_discarded()
                                                   ? absl::InvalidArgumentError("not valid JSON")
                                                   : ParseArtCodeInfoVector(json);
    if (!vector.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat(vectors_path, ":", line_number, ": ", vector.status().message()));
    }
    // A CodeInfo that says what Android 11 cannot (a flag, a dex file) has no Android 11 form.
    if (!RelayCodeInfo(vector->encoded, ArtFormat::kCurrent, ArtFormat::kAndroid11).ok()) {
      ++not_expressible;
    } else {
      cases.Run(absl::StrCat("vector:", vector->name),
                [&] { return CheckRelaidAgainstLibart(libart, vector->encoded, vector->log.isa); });
    }
    cases.Run(absl::StrCat("log:", vector->name),
              [&] { return CheckMethodAgainstLibart(libart, AsAndroid11Log(vector->log)); });
  }

  std::vector<MethodCallLog> batch;
  for (uint32_t i = 0; i < options.methods; ++i) {
    const MethodCallLog log = GeneratedLog(options.seed, i, RepeatedCatchDexPc::kMoved);
    cases.Run(absl::StrCat("generated:", options.seed, ":", i),
              [&] { return CheckMethodAgainstLibart(libart, log); });
    cases.Run(absl::StrCat("relaid:", options.seed, ":", i), [&] {
      return CheckLogRelaidAgainstLibart(libart,
                                         GeneratedLog(options.seed, i, RepeatedCatchDexPc::kKept));
    });
    batch.push_back(log);
    if (batch.size() == kDedupeBatch) {
      cases.Run(absl::StrCat("dedupe:", options.seed, ":", i / kDedupeBatch),
                [&] { return CheckDedupeAgainstLibart(libart, batch); });
      batch.clear();
    }
  }
  // Twin tables within one CodeInfo, twice: where the two releases' dedupers part.
  cases.Run("dedupe:twin-tables", [&] {
    const std::vector<MethodCallLog> twins = {TwinTablesLog(), TwinTablesLog(), TwinTablesLog()};
    return CheckDedupeAgainstLibart(libart, twins);
  });
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

namespace frameproof {
namespace {

// Hostile inputs are mutations of vectors up to this size (every bit flip of each is an input).
constexpr size_t kMaxHostileVectorBytes = 256;

// How one reader took the hostile inputs.
struct ReaderTally {
  int refused = 0;  // frameproof: a clean error
  int answered = 0;
  absl::flat_hash_map<std::string, int> ended;  // libart: how its process ended ("SIGSEGV", ...)

  void Add(const absl::StatusOr<nlohmann::ordered_json>& answer) {
    if (answer.ok()) {
      ++answered;
      return;
    }
    const absl::string_view message = answer.status().message();
    const size_t by = message.find("killed by ");
    ++ended[by != absl::string_view::npos ? std::string(message.substr(by + 10))
                                          : std::string(message)];
  }
  std::string Describe() const {
    std::string text = absl::StrCat(answered, " answered");
    std::vector<std::pair<std::string, int>> ends(ended.begin(), ended.end());
    std::sort(ends.begin(), ends.end());
    for (const auto& [how, count] : ends) absl::StrAppend(&text, ", ", count, " ", how);
    return text;
  }
};

}  // namespace

absl::StatusOr<ConformanceCounts> RunArt11LibartHostile(LibartOracle& libart,
                                                        absl::string_view vectors_path, int vectors,
                                                        std::ostream& out) {
  std::ifstream file{std::string(vectors_path)};
  if (!file) return absl::NotFoundError(absl::StrCat("cannot open ", vectors_path));
  ConformanceCounts counts;
  ReaderTally frameproof, at_end, at_start;
  int inputs = 0, used_vectors = 0;
  int libart_crashed_on_accepted = 0;
  std::string line;
  while (used_vectors < vectors && std::getline(file, line)) {
    const nlohmann::json json = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (json.is_discarded()) continue;
    const absl::StatusOr<ArtCodeInfoVector> vector = ParseArtCodeInfoVector(json);
    if (!vector.ok() || vector->encoded.size() > kMaxHostileVectorBytes) continue;
    const absl::StatusOr<std::vector<uint8_t>> relaid =
        RelayCodeInfo(vector->encoded, ArtFormat::kCurrent, ArtFormat::kAndroid11);
    if (!relaid.ok()) continue;
    ++used_vectors;
    const InstructionSet isa = Android11Isa(vector->log.isa);
    const auto run = [&](const std::vector<uint8_t>& bytes, const std::string& mutation) {
      ++inputs;
      const bool accepted =
          CodeInfo::Decode(bytes, 0, CodeInfo::Subset::kAll, ArtFormat::kAndroid11).ok();
      accepted ? ++frameproof.answered : ++frameproof.refused;
      const absl::StatusOr<nlohmann::ordered_json> end =
          libart.Open(bytes, isa, LibartOracle::Placement::kEnd);
      at_end.Add(end);
      at_start.Add(libart.Open(bytes, isa, LibartOracle::Placement::kStart));
      if (!accepted) return;
      if (!end.ok()) ++libart_crashed_on_accepted;
      const OracleResult result = CheckBytesAgainstLibart(libart, bytes, isa);
      const std::string name = absl::StrCat("hostile:", vector->name, ":", mutation);
      if (result.has_value()) {
        ++counts.failed;
        out << "FAIL " << name << ": " << FormatMismatch(*result) << "\n" << std::flush;
      } else {
        ++counts.passed;
      }
    };
    for (size_t length = 1; length < relaid->size(); ++length) {
      run(std::vector<uint8_t>(relaid->begin(), relaid->begin() + length),
          absl::StrCat("truncated-", length));
    }
    std::vector<uint8_t> flipped = *relaid;
    for (size_t bit = 0; bit < flipped.size() * 8; ++bit) {
      flipped[bit / 8] ^= static_cast<uint8_t>(1u << (bit % 8));
      run(flipped, absl::StrCat("bit-", bit));
      flipped[bit / 8] ^= static_cast<uint8_t>(1u << (bit % 8));
    }
  }
  out << "hostile inputs: " << inputs << " (every truncation and bit flip of " << used_vectors
      << " ART vectors laid out for android11)\n"
      << "frameproof: " << frameproof.refused << " refused with an error, " << frameproof.answered
      << " accepted (every query answered)\n"
      << "libart, an unmapped page after the bytes: " << at_end.Describe() << "\n"
      << "libart, an unmapped page before the bytes: " << at_start.Describe() << "\n"
      << "libart on the inputs frameproof accepts: " << libart_crashed_on_accepted << " crashed\n"
      << counts.passed << " passed, " << counts.failed << " failed\n";
  return counts;
}

}  // namespace frameproof
