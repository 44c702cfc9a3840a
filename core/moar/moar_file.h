#ifndef FRAMEPROOF_CORE_MOAR_MOAR_FILE_H_
#define FRAMEPROOF_CORE_MOAR_MOAR_FILE_H_

// A file MoarVM loads bytecode from: a bare compilation unit (.moarvm), or a module Rakudo
// precompiled, whose text header comes before the unit.

#include <optional>

#include "core/moar/compilation_unit.h"
#include "core/moar/precomp_header.h"

namespace frameproof::moar {

struct MoarFile {
  std::optional<PrecompHeader> precomp;  // set for a precompiled module
  CompilationUnit unit;

  friend bool operator==(const MoarFile&, const MoarFile&) = default;
};

}  // namespace frameproof::moar

#endif  // FRAMEPROOF_CORE_MOAR_MOAR_FILE_H_
