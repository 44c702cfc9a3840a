#include <iostream>

#include "verifiers/cli/commands.h"
#include "verifiers/conformance/ark_conformance.h"
#include "verifiers/conformance/art_conformance.h"

namespace frameproof {
namespace {

constexpr char kConformanceUsage[] =
    R"(usage: frameproof conformance art FILE.jsonl [--verbose] [--vector NAME]
       frameproof conformance art-dedup FILE.jsonl [--verbose] [--vector NAME]
       frameproof conformance ark FILE.jsonl [--verbose] [--vector NAME]

art        each line is a StackMapStream call log with ART's encoded bytes and decode; the log is
           replayed (verify mode on), the bytes compared exactly, and ART's bytes decoded and
           compared field by field
art-dedup  each line is a CodeInfoTableDeduper run: inputs, offsets and output buffer
ark        each line is an Ark CodeInfoBuilder call log with Ark's encoded bytes and decode
           (../shared/conformance/ark): the log is replayed and the bytes compared exactly, then
           Ark's bytes are opened, validated and decoded, and every field compared

--verbose      also print "PASS <name>" for every passing vector
--vector NAME  check only the vector called NAME (how a failure is reproduced)

Prints "FAIL <name>: <first differing byte or field>" per failing vector, then
"N passed, M failed". Exit status: 0 all passed, 1 any failed, 2 usage error.
)";

}  // namespace

int RunConformanceCommand(const std::vector<std::string>& args) {
  if (args.size() == 1 && (args[0] == "--help" || args[0] == "-h")) {
    std::cout << kConformanceUsage;
    return kExitOk;
  }
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
