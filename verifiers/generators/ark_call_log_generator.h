#ifndef FRAMEPROOF_VERIFIERS_GENERATORS_ARK_CALL_LOG_GENERATOR_H_
#define FRAMEPROOF_VERIFIERS_GENERATORS_ARK_CALL_LOG_GENERATOR_H_

#include "core/base/instruction_set.h"
#include "verifiers/generators/byte_source.h"
#include "verifiers/model/ark_call_log.h"

namespace frameproof::ark {

// The ISAs Ark's builder targets, in the order the Ark fuzz targets' first input byte names them.
inline constexpr InstructionSet kArkIsas[] = {InstructionSet::kArm64, InstructionSet::kX86_64,
                                              InstructionSet::kArm};

// A valid CodeInfoBuilder call log drawn from `source`, in the shapes Ark's producers and the
// conformance vectors show: all three ISAs; frames from tiny (the spill count wraps) to 64 KiB;
// up to 300 vregs and 200 stack maps, with vregs that mostly persist from map to map (so delta
// compression and the 32-map re-emission are exercised) and maps repeated at one pc (so rows
// merge); every location, type and vreg type, 64-bit constants with all-ones halves; inline chains
// up to depth 4 named by Method* or method id; roots stack masks null, empty, or up to 600 bits;
// implicit null checks, frame size and callee-mask updates between maps. Valid means the builder
// accepts every call, as Ark's would.
CallLog GenerateArkCallLog(ByteSource& source);

}  // namespace frameproof::ark

#endif  // FRAMEPROOF_VERIFIERS_GENERATORS_ARK_CALL_LOG_GENERATOR_H_
