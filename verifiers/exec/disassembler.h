#ifndef FRAMEPROOF_VERIFIERS_EXEC_DISASSEMBLER_H_
#define FRAMEPROOF_VERIFIERS_EXEC_DISASSEMBLER_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/types/span.h"
#include "core/base/instruction_set.h"

namespace frameproof {

// Capstone's listing of `code` (loaded at `address`), one instruction a line: "0x...: mnemonic
// operands". `symbols` (offset, name) label their addresses; a line at `mark` gets "=>".
// With `around` set, only instructions within that many bytes of `mark` are listed.
std::string Disassemble(InstructionSet isa, absl::Span<const uint8_t> code, uint64_t address,
                        const std::vector<std::pair<std::string, uint32_t>>& symbols = {},
                        uint64_t mark = ~uint64_t{0}, uint32_t around = 0);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_EXEC_DISASSEMBLER_H_
