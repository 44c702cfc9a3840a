// Built only by the test planted_bug.shared_source_switching_a_bug_does_not_build. It names a
// planted bug in a way the configure-time classifier of fp_planted_pair cannot see (the macro's
// name is pasted together), as a source edited after configuring would: fp_planted_pair then
// compiles it once, as a shared object, and that compile must fail.

#include "core/base/planted_bug.h"

#define FP_GUARD_PASTE(head, tail) head##tail

namespace frameproof {

bool SharedSourceThatSwitchesABug() {
  return FP_GUARD_PASTE(FP_PLANTED, _BUG)(kVarintPayloadOffByOne);
}

}  // namespace frameproof
