#ifndef FRAMEPROOF_VERIFIERS_DUMP_NFC_H_
#define FRAMEPROOF_VERIFIERS_DUMP_NFC_H_

// Unicode Normalization Form C, for printing strings as MoarVM does: it keeps strings in NFG,
// whose UTF-8 encoding is NFC. Tables come from Python's unicodedata at build time
// (verifiers/dump/gen_nfc_tables.py).

#include <cstdint>
#include <string>

#include "absl/strings/string_view.h"

namespace frameproof {

// `utf8` (well-formed UTF-8) in NFC: canonically decomposed, combining marks in canonical order,
// then canonically composed (UAX #15), Hangul included.
std::string ToNfc(absl::string_view utf8);

// Appends the UTF-8 encoding of the Unicode scalar value `code` to `out`.
void AppendUtf8(uint32_t code, std::string& out);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_DUMP_NFC_H_
