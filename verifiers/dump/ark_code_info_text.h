#ifndef FRAMEPROOF_VERIFIERS_DUMP_ARK_CODE_INFO_TEXT_H_
#define FRAMEPROOF_VERIFIERS_DUMP_ARK_CODE_INFO_TEXT_H_

#include <string>

#include "absl/status/statusor.h"
#include "core/ark/code_info.h"

namespace frameproof::ark {

// A readable listing of an Ark CodeInfo: the header, each table with its position, widths and
// rows (NO_VALUE as "-"), then each stack map with its roots (and the static roots they give),
// the vregs of every frame and the inline levels, the null checks and the constants. A query that
// fails on hostile bytes fails the listing with its error.
absl::StatusOr<std::string> CodeInfoToText(const CodeInfo& info);

}  // namespace frameproof::ark

#endif  // FRAMEPROOF_VERIFIERS_DUMP_ARK_CODE_INFO_TEXT_H_
