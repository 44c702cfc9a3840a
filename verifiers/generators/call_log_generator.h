#ifndef FRAMEPROOF_VERIFIERS_GENERATORS_CALL_LOG_GENERATOR_H_
#define FRAMEPROOF_VERIFIERS_GENERATORS_CALL_LOG_GENERATOR_H_

#include "verifiers/generators/byte_source.h"
#include "verifiers/model/method_call_log.h"

namespace frameproof {

// A valid StackMapStream call log for one method, drawn from `source`: every ISA, both inline
// method encodings, every stack map kind (catch maps last, with consistent dex pc lists), register
// maps that mostly persist from map to map (so delta compression and the 32-map search distance
// are exercised), inline chains up to depth 4, stack masks over 64 bits, and native pc patches.
// Valid means ART's StackMapStream would accept it and its self-check would pass.
MethodCallLog GenerateCallLog(ByteSource& source);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_GENERATORS_CALL_LOG_GENERATOR_H_
