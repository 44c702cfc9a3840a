#ifndef FRAMEPROOF_VERIFIERS_DUMP_CODE_INFO_JSON_H_
#define FRAMEPROOF_VERIFIERS_DUMP_CODE_INFO_JSON_H_

#include <cstdint>
#include <vector>

#include "absl/types/span.h"
#include "core/art/code_info.h"
#include "nlohmann/json.hpp"

namespace frameproof {

// The keys the lookups in CodeInfoToJson are evaluated at.
struct LookupKeys {
  std::vector<uint32_t> native_pcs;
  std::vector<uint32_t> dex_pcs;
  std::vector<std::vector<uint32_t>> catch_dex_pcs;
};

// Every distinct stack map pc and dex pc, and every catch map's dex pc list.
LookupKeys DefaultLookupKeys(const CodeInfo& info, InstructionSet isa);

// The header's seven fields under the names the conformance vectors give them.
nlohmann::json HeaderToJson(const CodeInfoHeader& header);

// `info` (decoded from byte `offset` of `buffer`) in the shape of the conformance vectors'
// "decoded" object: header, tables (with their rows), stack maps with registers and inline
// chains, lookups at `keys`, and whether the GC-masks-only and inline-info-only decodes agree
// with the full one. Keys are stable, so dumps diff cleanly.
nlohmann::json CodeInfoToJson(const CodeInfo& info, InstructionSet isa, const LookupKeys& keys,
                              absl::Span<const uint8_t> buffer, size_t offset);

// A message per stack map whose native pc at `isa` lies past the code (ART's GetNativePcOffset
// computes it modulo 2^32 all the same), as an array: the JSON counterpart of the text dump's
// "(past the code)" mark. Apart from CodeInfoToJson, whose shape is the conformance vectors'.
nlohmann::json PcPastCodeWarnings(const CodeInfo& info, InstructionSet isa);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_DUMP_CODE_INFO_JSON_H_
