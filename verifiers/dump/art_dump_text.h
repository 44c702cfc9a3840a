#ifndef FRAMEPROOF_VERIFIERS_DUMP_ART_DUMP_TEXT_H_
#define FRAMEPROOF_VERIFIERS_DUMP_ART_DUMP_TEXT_H_

#include <cstdint>
#include <string>

#include "core/art/code_info.h"
#include "core/base/instruction_set.h"

namespace frameproof {

// What Android 11's CodeInfo::Dump(vios, code_offset, verbose, isa) prints for `info` (an
// Android 11 CodeInfo), character for character: the header line, each present table with its
// sizes (and with `verbose` its rows), then with `verbose` every stack map with its masks, live
// registers and inline levels. Levels that name an ArtMethod* are not printable without a
// runtime; they read "method=0x..." here.
std::string Android11DumpText(const CodeInfo& info, uint32_t code_offset, bool verbose,
                              InstructionSet isa);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_DUMP_ART_DUMP_TEXT_H_
