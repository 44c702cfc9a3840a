#include "verifiers/util/dump_sampling.h"

#include "core/base/internal/fnv_hash.h"

namespace frameproof {

bool DumpsInput(absl::Span<const uint8_t> data) {
  // The high bits: FNV-1a's low bits depend only on the low bits of each byte.
  return Fnv1a(data) < (uint64_t{1} << 32) / kDumpEveryNthInput;
}

}  // namespace frameproof
