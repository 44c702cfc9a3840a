#ifndef FRAMEPROOF_CORE_MOAR_PRECOMP_HEADER_H_
#define FRAMEPROOF_CORE_MOAR_PRECOMP_HEADER_H_

// The text header Rakudo writes before the compilation unit of a precompiled module (the files of
// a precomp store, e.g. /usr/lib/perl6/core/precomp/<compiler id>/XX/<module id>). Rakudo 2022.12
// writes it in CompUnit::PrecompilationUnit::File.save-to, each line ending in "\n":
//
//   CHECKSUM                      SHA-1 of the unit's bytes read as Latin-1 and hashed as UTF-8,
//                                 40 uppercase hex digits
//   SOURCE-CHECKSUM               the same of the module's source file
//   ID \0 SOURCE \0 CHECKSUM \0 SPEC   one line per dependency (PrecompilationDependency::File
//                                 .serialize): its precomp id, where its source is, its CHECKSUM
//                                 line, and the .raku of its DependencySpecification
//   (an empty line)
//   MOARVM\r\n ...                the unit, to the end of the file
//
// Rakudo reads the lines back with a UTF-8 handle and loads the unit from the byte after the empty
// line (nqp::loadbytecodefh); `moar --dump` instead searches the file for the first "MOARVM\r\n".

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"

namespace frameproof::moar {

// One dependency line: the four NUL-separated fields, as written.
struct PrecompDependency {
  std::string id;        // the dependency's precomp id: 40 uppercase hex digits
  std::string source;    // e.g. "core#sources/<id>", or a path
  std::string checksum;  // the dependency's own CHECKSUM line: 40 uppercase hex digits
  std::string spec;      // e.g. "CompUnit::DependencySpecification.new(:short-name<Test>)"

  friend bool operator==(const PrecompDependency&, const PrecompDependency&) = default;
};

struct PrecompHeader {
  std::string checksum;
  std::string source_checksum;
  std::vector<PrecompDependency> dependencies;
  uint64_t size = 0;  // bytes up to and including the empty line: the unit's offset in the file

  friend bool operator==(const PrecompHeader&, const PrecompHeader&) = default;
};

// Whether `file` opens with what Rakudo's header opens with (a 40-digit hex line): files that do
// are read as precompiled modules, every other file as a bare unit.
bool StartsWithPrecompHeader(absl::Span<const uint8_t> file);

// Reads the header at the start of `file` exactly as Rakudo 2022.12 writes it: the two checksum
// lines, every dependency line with its four fields (hex digits uppercase, the text UTF-8, no
// "\r"), and the empty line. Errors name the line and field and give the byte offset in `file`.
absl::StatusOr<PrecompHeader> ReadPrecompHeader(absl::Span<const uint8_t> file);

// The header's bytes, as Rakudo writes them: for a header ReadPrecompHeader returned, the bytes
// it read.
std::vector<uint8_t> WritePrecompHeader(const PrecompHeader& header);

}  // namespace frameproof::moar

#endif  // FRAMEPROOF_CORE_MOAR_PRECOMP_HEADER_H_
