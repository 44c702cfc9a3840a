#ifndef FRAMEPROOF_VERIFIERS_CLI_OPTION_PARSING_H_
#define FRAMEPROOF_VERIFIERS_CLI_OPTION_PARSING_H_

// Option values the commands share: comma lists, seeds and ISA lists, each parsed one way.

#include <cstdint>
#include <string>
#include <vector>

#include "core/base/instruction_set.h"

namespace frameproof {

// Appends the non-empty comma-separated items of `value` to `out`; false if there were none.
bool ParseList(const std::string& value, std::vector<std::string>* out);

// A decimal or 0x-prefixed hex seed.
bool ParseSeed(const std::string& text, uint64_t* seed);

// "x86_64,arm64" (either or both, no repeats) into `arches`; otherwise the error message.
std::string ParseArchList(const std::string& value, std::vector<InstructionSet>* arches);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_CLI_OPTION_PARSING_H_
