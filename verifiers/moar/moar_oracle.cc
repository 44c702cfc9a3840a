#include "verifiers/moar/moar_oracle.h"

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/moar/bytecode_reader.h"
#include "core/moar/bytecode_writer.h"
#include "verifiers/conformance/vector_file.h"
#include "verifiers/dump/moar_dump_text.h"
#include "verifiers/generators/byte_source.h"
#include "verifiers/generators/moar_unit_generator.h"
#include "verifiers/util/dump_sampling.h"

namespace frameproof::moar {

OracleResult CheckMoarBytecode(absl::Span<const uint8_t> bytes) {
  const absl::StatusOr<MoarFile> unit = ReadMoarFile(bytes);
  const absl::StatusOr<MoarFile> structure = ReadMoarFileStructure(bytes);
  if (!unit.ok()) {
    // The structure-only read may accept what fails in the code, never the reverse.
    if (!structure.ok() && structure.status().message() != unit.status().message()) {
      return Mismatch{MismatchClass::kMoarReadersDisagree,
                      absl::StrCat("the full read says '", unit.status().message(),
                                   "', the structure-only read '", structure.status().message(),
                                   "'")};
    }
    return std::nullopt;
  }
  if (!structure.ok() || !(*structure == *unit)) {
    return Mismatch{MismatchClass::kMoarReadersDisagree,
                    structure.ok() ? "the two reads give different units"
                                   : absl::StrCat("the structure-only read rejected an accepted "
                                                  "unit: ",
                                                  structure.status().message())};
  }
  // An accepted unit dumps, except where moar --dump would crash (FAILED_PRECONDITION).
  if (const absl::StatusOr<std::string> dump = MoarDumpText(unit->unit);
      !dump.ok() && !absl::IsFailedPrecondition(dump.status())) {
    return Mismatch{MismatchClass::kMoarDumpFailed, std::string(dump.status().message())};
  }
  const std::vector<uint8_t> written = WriteMoarFile(*unit);
  if (const std::optional<std::string> difference = FirstByteDifference(bytes, written)) {
    return Mismatch{MismatchClass::kMoarWriteBackDiffers, *difference};
  }
  return std::nullopt;
}

OracleResult CheckMoarRoundTrip(absl::Span<const uint8_t> bytes) {
  ByteSource source(bytes);
  const MoarFile file = GenerateMoarFile(source);
  const std::vector<uint8_t> written = WriteMoarFile(file);
  const absl::StatusOr<MoarFile> read = ReadMoarFile(written);
  if (!read.ok()) {
    return Mismatch{MismatchClass::kMoarRejectedValidUnit, std::string(read.status().message())};
  }
  if (!(*read == file)) {
    return Mismatch{MismatchClass::kMoarRoundTripDiffers,
                    "reading the written file gives a different file"};
  }
  if (const std::optional<std::string> difference =
          FirstByteDifference(written, WriteMoarFile(*read))) {
    return Mismatch{MismatchClass::kMoarRoundTripDiffers, *difference};
  }
  // The dump decodes every instruction; it was four fifths of this oracle's time, so it runs on
  // the inputs DumpsInput picks (moar_oracle_test shows a planted decoder bug still caught).
  if (!DumpsInput(bytes)) return std::nullopt;
  if (const absl::StatusOr<std::string> dump = MoarDumpText(read->unit); !dump.ok()) {
    return Mismatch{MismatchClass::kMoarDumpFailed, std::string(dump.status().message())};
  }
  return std::nullopt;
}

}  // namespace frameproof::moar
