#ifndef FRAMEPROOF_VERIFIERS_LIBART_LIBART_ANSWERS_H_
#define FRAMEPROOF_VERIFIERS_LIBART_LIBART_ANSWERS_H_

// What libart says about one request of the libart oracle's protocol. A request is one line of
// JSON:
//   {"op": "decode", "isa": "arm64", "bytes": "<hex>"}
//       every answer libart gives about the CodeInfo: the bits its constructor read, the header,
//       DecodeFrameInfo, each table's rows, widths and cells, and per stack map its register and
//       stack masks, inline rows, method indexes and the registers of every level; the lookups
//       by native pc, dex pc, OSR and catch dex pc for every pc the maps hold; the same questions
//       after DecodeGcMasksOnly and DecodeInlineInfoOnly through a method header; and
//       CodeInfo::Dump (verbose unless an inline level names an ArtMethod*, which Dump follows
//       into the runtime).
//   {"op": "open", "isa": "arm64", "bytes": "<hex>", "placement": "end" | "start"}
//       bytes nobody checked, flush against an unmapped page after them ("end") or before them
//       ("start"): the decode, DecodeFrameInfo and lookups of native pc 0 and dex pc 0, as a
//       stack walk asks them. A read outside the bytes kills the process (SIGSEGV).
//   {"op": "dedupe", "code_infos": ["<hex>", ...]}
//       CodeInfo::Deduper over them in order: "offsets" and the output "bytes".
// The answer is one line of JSON, or {"error": "..."} for a request it cannot parse.

#include <string>

#include "absl/strings/string_view.h"
#include "verifiers/libart/libart_abi.h"

namespace frameproof::libart {

std::string Answer(const Libart& libart, absl::string_view request);

}  // namespace frameproof::libart

#endif  // FRAMEPROOF_VERIFIERS_LIBART_LIBART_ANSWERS_H_
