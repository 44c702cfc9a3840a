#ifndef FRAMEPROOF_VERIFIERS_UTIL_DUMP_SAMPLING_H_
#define FRAMEPROOF_VERIFIERS_UTIL_DUMP_SAMPLING_H_

#include <cstdint>

#include "absl/types/span.h"

namespace frameproof {

// Oracles run the dumpers (text and JSON renderings) on one accepted input in kDumpEveryNthInput.
// The dumps are tools, not the codec, and under libFuzzer with ASan they cost more than the rest
// of an oracle together; chosen by the input's own hash, a dump failure still reproduces from
// the input's bytes.
inline constexpr uint32_t kDumpEveryNthInput = 8;

// Whether an oracle dumps `data`: its FNV-1a hash lies in the lowest 1 / kDumpEveryNthInput of
// the 32-bit range.
bool DumpsInput(absl::Span<const uint8_t> data);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_UTIL_DUMP_SAMPLING_H_
