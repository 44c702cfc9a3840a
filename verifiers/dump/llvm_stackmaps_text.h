#ifndef FRAMEPROOF_VERIFIERS_DUMP_LLVM_STACKMAPS_TEXT_H_
#define FRAMEPROOF_VERIFIERS_DUMP_LLVM_STACKMAPS_TEXT_H_

#include <string>

#include "core/llvm/stack_map_section.h"
#include "nlohmann/json.hpp"

namespace frameproof {

// The section as `llvm-readobj --stackmap` (LLVM 14) prints it, from "LLVM StackMap Version: 3"
// on, line for line, so the two can be diffed.
std::string LlvmStackMapsToText(const LlvmStackMaps& maps);

// The section as JSON: functions, constants, and records with their locations and live-outs
// (ConstantIndex locations also carry the constant's value).
nlohmann::json LlvmStackMapsToJson(const LlvmStackMaps& maps);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_DUMP_LLVM_STACKMAPS_TEXT_H_
