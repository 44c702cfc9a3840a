#ifndef FRAMEPROOF_VERIFIERS_DUMP_CODE_INFO_TEXT_H_
#define FRAMEPROOF_VERIFIERS_DUMP_CODE_INFO_TEXT_H_

#include <string>

#include "core/art/code_info.h"

namespace frameproof {

// An oatdump-style listing: the header, each table with its position, widths and rows, then
// each stack map with its masks, registers and inline chain. Numbers are decimal throughout.
std::string CodeInfoToText(const CodeInfo& info, InstructionSet isa);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_DUMP_CODE_INFO_TEXT_H_
