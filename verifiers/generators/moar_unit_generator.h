#ifndef FRAMEPROOF_VERIFIERS_GENERATORS_MOAR_UNIT_GENERATOR_H_
#define FRAMEPROOF_VERIFIERS_GENERATORS_MOAR_UNIT_GENERATOR_H_

// Valid MoarVM compilation units from fuzzer bytes, for fuzz target moar_roundtrip.

#include "core/moar/compilation_unit.h"
#include "core/moar/moar_file.h"
#include "verifiers/generators/byte_source.h"

namespace frameproof::moar {

// A unit ReadCompilationUnit must accept once written: strings (latin-1 and UTF-8), SC
// dependencies, extension ops, callsites (positional, flat, named and flat-named arguments),
// and frames with locals of every type, lexicals, static lexicals, debug names, handlers
// (labeled ones too), bytecode drawn from every op whose operands can be satisfied (dispatch ops
// with their callsite's registers, extension ops, branches to instruction starts), annotations
// in a shuffled layout with unclaimed runs between them, and SC data. Every decision comes from
// `source`, so the same bytes give the same unit.
CompilationUnit GenerateUnit(ByteSource& source);

// A file ReadMoarFile must accept once written: half the time a precompiled module, whose Rakudo
// header has random checksums and up to three dependency lines (sources and specs with
// non-ASCII text), around a GenerateUnit unit.
MoarFile GenerateMoarFile(ByteSource& source);

}  // namespace frameproof::moar

#endif  // FRAMEPROOF_VERIFIERS_GENERATORS_MOAR_UNIT_GENERATOR_H_
