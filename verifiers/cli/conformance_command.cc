#include <functional>
#include <iostream>
#include <memory>

#include "verifiers/cli/commands.h"
#include "verifiers/conformance/ark_conformance.h"
#include "verifiers/conformance/art_conformance.h"
#include "absl/strings/numbers.h"
#include "verifiers/cli/option_parsing.h"
#include "verifiers/libart/art11_conformance.h"

namespace frameproof {
namespace {

constexpr char kConformanceUsage[] =
    R"(usage: frameproof conformance art FILE.jsonl [--verbose] [--vector NAME]
       frameproof conformance art-dedup FILE.jsonl [--verbose] [--vector NAME]
       frameproof conformance ark FILE.jsonl [--verbose] [--vector NAME]
       frameproof conformance art11-libart FILE.jsonl [--methods N] [--seed S] [--verbose]
                  [--vector NAME] [--libart-oracle PATH]
       frameproof conformance art11-libart-hostile FILE.jsonl [--vectors N] [--libart-oracle PATH]

art        each line is a StackMapStream call log with ART's encoded bytes and decode; the log is
           replayed (verify mode on), the bytes compared exactly, and ART's bytes decoded and
           compared field by field
art-dedup  each line is a CodeInfoTableDeduper run: inputs, offsets and output buffer
ark        each line is an Ark CodeInfoBuilder call log with Ark's encoded bytes and decode
           (../shared/conformance/ark): the log is replayed and the bytes compared exactly, then
           Ark's bytes are opened, validated and decoded, and every field compared
art11-libart
           frameproof's Android 11 format against Debian's Android 11 libart.so (package
           android-libart, x86_64): each ART vector of FILE laid out for Android 11 and its call
           log encoded in that format, N generated methods (default 200) encoded and relaid, 8
           at a time through both dedupers, and the compiler-like 1000x256x3 method. libart's
           every answer must equal the calls and frameproof's decode (and its deduper's bytes).
           Without libart it prints "SKIP: <why>" and exits 3.
art11-libart-hostile
           every truncation and bit flip of the first N (default 8) ART vectors of FILE up to
           256 bytes, laid out for Android 11: how often frameproof refuses them and how often
           libart answers, crashes or hangs on them with an unmapped page right after them and
           right before them; the ones frameproof accepts must read the same in libart.

--verbose      also print "PASS <name>" for every passing vector
--vector NAME  check only the vector (or art11-libart case) called NAME (how a failure is
               reproduced)
--methods N, --seed S     art11-libart: how many generated methods, from which seed
--libart-oracle PATH      art11-libart*: the libart_oracle binary (default: the one built here)
--vectors N               art11-libart-hostile: how many ART vectors to corrupt

Prints "FAIL <name>: <first differing byte or field>" per failing vector, then
"N passed, M failed". Exit status: 0 all passed, 1 any failed, 2 usage error, 3 skipped.
)";

// Exit status of a run that could not happen here (the outside oracle is missing).
constexpr int kExitSkipped = 3;

// Starts Debian's libart behind `oracle_path` and runs `suite` with it: "SKIP: <why>" and
// kExitSkipped where it cannot load, the suite's verdict otherwise.
int RunWithLibart(
    const std::string& oracle_path,
    const std::function<absl::StatusOr<ConformanceCounts>(LibartOracle&)>& suite) {
  absl::StatusOr<std::unique_ptr<LibartOracle>> libart = LibartOracle::Start(oracle_path);
  if (!libart.ok()) {
    std::cout << "SKIP: " << libart.status().message() << "\n";
    return kExitSkipped;
  }
  absl::StatusOr<ConformanceCounts> counts = suite(**libart);
  if (!counts.ok()) {
    std::cerr << "frameproof conformance: " << counts.status().message() << "\n";
    return kExitFailure;
  }
  return counts->failed == 0 && counts->passed > 0 ? kExitOk : kExitFailure;
}

// The options of the two libart suites (each takes the ones its usage lists).
struct LibartSuiteOptions {
  Art11LibartOptions suite;
  int hostile_vectors = 8;
  std::string oracle_path = LibartOracle::DefaultPath();
};

// Parses args[2...] for art11-libart, or with `hostile` for art11-libart-hostile; false, after
// saying so, on a flag that suite does not take.
bool ParseLibartSuiteOptions(const std::vector<std::string>& args, bool hostile,
                             LibartSuiteOptions& options) {
  for (size_t i = 2; i < args.size(); ++i) {
    const bool has_value = i + 1 < args.size();
    const std::string& arg = args[i];
    if (arg == "--libart-oracle" && has_value) {
      options.oracle_path = args[++i];
    } else if (hostile && arg == "--vectors" && has_value &&
               absl::SimpleAtoi(args[i + 1], &options.hostile_vectors)) {
      ++i;
    } else if (!hostile && arg == "--verbose") {
      options.suite.output.verbose = true;
    } else if (!hostile && arg == "--vector" && has_value) {
      options.suite.output.only_vector = args[++i];
    } else if (!hostile && arg == "--methods" && has_value &&
               absl::SimpleAtoi(args[i + 1], &options.suite.methods)) {
      ++i;
    } else if (!hostile && arg == "--seed" && has_value &&
               ParseSeed(args[i + 1], &options.suite.seed)) {
      ++i;
    } else {
      std::cerr << "frameproof conformance: unexpected argument '" << arg << "'\n\n"
                << kConformanceUsage;
      return false;
    }
  }
  return true;
}

int RunLibartSuite(const std::vector<std::string>& args, bool hostile) {
  LibartSuiteOptions options;
  if (!ParseLibartSuiteOptions(args, hostile, options)) return kExitUsage;
  return RunWithLibart(options.oracle_path, [&](LibartOracle& libart) {
    return hostile ? RunArt11LibartHostile(libart, args[1], options.hostile_vectors, std::cout)
                   : RunArt11LibartConformance(libart, args[1], options.suite, std::cout);
  });
}

}  // namespace

int RunConformanceCommand(const std::vector<std::string>& args) {
  if (args.size() == 1 && (args[0] == "--help" || args[0] == "-h")) {
    std::cout << kConformanceUsage;
    return kExitOk;
  }
  if (args.size() >= 2 && args[0] == "art11-libart") return RunLibartSuite(args, false);
  if (args.size() >= 2 && args[0] == "art11-libart-hostile") return RunLibartSuite(args, true);
  if (args.size() < 2 || (args[0] != "art" && args[0] != "art-dedup" && args[0] != "ark")) {
    std::cerr << kConformanceUsage;
    return kExitUsage;
  }
  ConformanceOptions options;
  for (size_t i = 2; i < args.size(); ++i) {
    if (args[i] == "--verbose") {
      options.verbose = true;
    } else if (args[i] == "--vector" && i + 1 < args.size()) {
      options.only_vector = args[++i];
    } else {
      std::cerr << "frameproof conformance: unexpected argument '" << args[i] << "'\n\n"
                << kConformanceUsage;
      return kExitUsage;
    }
  }
  absl::StatusOr<ConformanceCounts> counts =
      args[0] == "ark"
          ? ark::RunArkVectorFile(args[1], options, std::cout)
          : RunArtVectorFile(args[1],
                             args[0] == "art" ? ArtVectorFile::kCodeInfo : ArtVectorFile::kDedup,
                             options, std::cout);
  if (!counts.ok()) {
    std::cerr << "frameproof conformance: " << counts.status().message() << "\n";
    return kExitFailure;
  }
  return counts->failed == 0 && counts->passed > 0 ? kExitOk : kExitFailure;
}

}  // namespace frameproof
