#ifndef FRAMEPROOF_VERIFIERS_EXEC_EXEC_CAMPAIGN_H_
#define FRAMEPROOF_VERIFIERS_EXEC_EXEC_CAMPAIGN_H_

// A seeded run of many execution-verifier cases, in this process (which must run `isa`).

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "arch/metainfo.h"
#include "arch/resolver_kind.h"
#include "core/base/instruction_set.h"

namespace frameproof {

struct CampaignOptions {
  InstructionSet isa = InstructionSet::kX86_64;
  Metainfo metainfo = kDefaultMetainfo;
  uint64_t seed = 1;
  uint64_t cases = 1000;  // per resolver
  std::vector<ResolverKind> resolvers = {kAllResolverKinds.begin(), kAllResolverKinds.end()};
  std::optional<uint64_t> only_case;   // run just this case index (a reproduction)
  uint32_t max_detailed_failures = 5;  // full reports; later failures get one line each
};

struct CampaignSummary {
  uint64_t passed = 0;
  uint64_t failed = 0;
  double seconds = 0;
  double cases_per_second() const { return seconds > 0 ? (passed + failed) / seconds : 0; }
};

// Runs the campaign, writing failures (with their one-line reproduction) to `out` and progress
// to `progress`; ends `out` with "N passed, M failed".
CampaignSummary RunCampaign(const CampaignOptions& options, std::ostream& out,
                            std::ostream& progress);

// The command line that reruns case `index` of `resolver` alone.
std::string ReproductionCommand(const CampaignOptions& options, ResolverKind resolver,
                                uint64_t index);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_EXEC_EXEC_CAMPAIGN_H_
