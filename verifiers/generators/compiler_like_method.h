#ifndef FRAMEPROOF_VERIFIERS_GENERATORS_COMPILER_LIKE_METHOD_H_
#define FRAMEPROOF_VERIFIERS_GENERATORS_COMPILER_LIKE_METHOD_H_

#include <cstdint>

#include "verifiers/model/method_call_log.h"

namespace frameproof {

// The size of a generated method.
struct MethodShape {
  uint32_t stack_maps = 0;
  uint32_t dex_registers = 0;
  uint32_t max_inline_depth = 0;
};

// A method shaped like optimizing-compiler output, drawn from `seed`: the calls a compiler makes
// on a StackMapStream (sorted native pcs, dex pcs that mostly advance, sparse register masks,
// occasional stack masks, dex register locations of which 10-20% change between safepoints,
// inline chains that persist over a few maps, a few OSR and Debug maps, Catch maps last, each at
// a distinct dex pc). The same (shape, seed) gives the same log on every compiler and machine.
MethodCallLog GenerateCompilerLikeMethod(const MethodShape& shape, uint64_t seed);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_GENERATORS_COMPILER_LIKE_METHOD_H_
