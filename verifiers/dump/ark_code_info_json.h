#ifndef FRAMEPROOF_VERIFIERS_DUMP_ARK_CODE_INFO_JSON_H_
#define FRAMEPROOF_VERIFIERS_DUMP_ARK_CODE_INFO_JSON_H_

#include <cstdint>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "core/ark/code_info.h"
#include "nlohmann/json.hpp"
#include "verifiers/model/ark_decode_model.h"

namespace frameproof::ark {

// The pcs an Ark dump looks up, chosen as the conformance vectors choose them
// (../shared/conformance/ark/README.md §1.3): every distinct map pc, then up to five pcs with no
// map; every OSR bytecode pc, then two with none.
std::vector<uint32_t> NativePcLookupKeys(const CodeInfo& info);
std::vector<uint32_t> OsrLookupKeys(const CodeInfo& info);

// Everything the production decoder answers about `info`, in the vectors' "decoded" shape: the
// header, all ten tables with their rows, every stack map resolved through the queries (masks,
// vregs of each frame, inline levels, static roots), the null checks, the constants, and the
// native-pc and OSR lookups at the keys above. A query that fails on hostile bytes fails it with
// its error.
absl::StatusOr<DecodedCodeInfo> DecodeEverything(const CodeInfo& info);

// DecodeEverything as the vectors' JSON.
absl::StatusOr<nlohmann::json> CodeInfoToJson(const CodeInfo& info);

}  // namespace frameproof::ark

#endif  // FRAMEPROOF_VERIFIERS_DUMP_ARK_CODE_INFO_JSON_H_
