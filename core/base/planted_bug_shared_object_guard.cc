// Built only by the test planted_bug.shared_source_switching_a_bug_does_not_build: a source
// compiled as a shared object of fp_planted_pair that names a planted bug. It must not compile.

#include "core/base/planted_bug.h"

namespace frameproof {

bool SharedSourceThatSwitchesABug() { return FP_PLANTED_BUG(kVarintPayloadOffByOne); }

}  // namespace frameproof
