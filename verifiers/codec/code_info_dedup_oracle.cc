#include <array>
#include <optional>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "core/art/code_info.h"
#include "core/art/code_info_table_deduper.h"
#include "verifiers/codec/codec_oracles.h"
#include "verifiers/generators/call_log_generator.h"
#include "verifiers/model/method_call_log.h"
#include "verifiers/reference/reference_decoder.h"

namespace frameproof {
namespace {

constexpr uint32_t kMaxMethods = 6;
// What the input pays per method beyond the first (ByteSource::Count), so a long batch comes
// from a long input.
constexpr uint32_t kInputBytesPerMethod = 64;

// A close relative of `log`, so that some of its tables encode identically and some do not.
MethodCallLog Variant(const MethodCallLog& log, ByteSource& source) {
  MethodCallLog variant = log;
  switch (source.InRange(0, 3)) {
    case 0:
      break;  // an exact repeat
    case 1:
      variant.code_size += InstructionAlignment(log.isa) * source.InRange(1, 8);
      break;
    case 2:
      variant.method.core_spill_mask ^= 1u << source.InRange(0, 31);
      break;
    default:
      if (!variant.stack_maps.empty()) variant.stack_maps.back().params.register_mask ^= 0x10;
      break;
  }
  return variant;
}

// The first header field or table of `shared` whose content differs from `alone`'s, by name.
// The dedup bits of bit_table_flags may differ: they say where a table is, not what it holds.
std::optional<std::string> FirstContentDifference(const CodeInfo& alone, const CodeInfo& shared) {
  constexpr uint32_t kPresenceBits = (1u << kDedupedTableFlagShift) - 1;
  CodeInfoHeader expected = alone.header();
  CodeInfoHeader actual = shared.header();
  expected.bit_table_flags &= kPresenceBits;
  actual.bit_table_flags &= kPresenceBits;
  const std::array<uint32_t, CodeInfoHeader::kNumFields> want = expected.AsArray();
  const std::array<uint32_t, CodeInfoHeader::kNumFields> got = actual.AsArray();
  for (size_t field = 0; field < CodeInfoHeader::kNumFields; ++field) {
    if (want[field] != got[field]) {
      return absl::StrCat("header field ", CodeInfoHeader::kFieldNames[field], " is ", got[field],
                          ", alone ", want[field]);
    }
  }
  for (size_t table = 0; table < kNumBitTables; ++table) {
    const BitTableId id = static_cast<BitTableId>(table);
    if (!shared.TableEquals(id, alone)) {
      return absl::StrCat(BitTableName(id), " table differs: ", shared.TableRows(id),
                          " rows, alone ", alone.TableRows(id));
    }
  }
  return std::nullopt;
}

}  // namespace

OracleResult CheckCodeInfoDedup(absl::Span<const uint8_t> data) {
  ByteSource source(data);
  std::vector<MethodCallLog> logs;
  for (uint32_t n = source.Count(1, kMaxMethods, kInputBytesPerMethod); n > 0; --n) {
    if (!logs.empty() && source.Chance(1, 2)) {
      logs.push_back(Variant(logs[source.InRange(0, logs.size() - 1)], source));
    } else {
      logs.push_back(GenerateCallLog(source));
    }
  }
  std::vector<std::vector<uint8_t>> inputs;
  for (const MethodCallLog& log : logs) {
    absl::StatusOr<std::vector<uint8_t>> bytes = Replay(log, VerifyMode::kOff);
    if (!bytes.ok()) {
      return Mismatch{MismatchClass::kStreamRejectedValidLog,
                      std::string(bytes.status().message())};
    }
    inputs.push_back(*std::move(bytes));
  }
  std::vector<uint8_t> out;
  CodeInfoTableDeduper deduper(&out);
  std::vector<size_t> offsets;
  for (size_t i = 0; i < inputs.size(); ++i) {
    absl::StatusOr<size_t> offset = deduper.Dedupe(inputs[i]);
    if (!offset.ok()) {
      return Mismatch{MismatchClass::kDedupRejected,
                      absl::StrCat("input ", i, ": ", offset.status().message())};
    }
    offsets.push_back(*offset);
  }
  for (size_t i = 0; i < inputs.size(); ++i) {
    const CodeInfo alone = CodeInfo::DecodeTrusted(inputs[i]);
    const absl::StatusOr<CodeInfo> shared = CodeInfo::Decode(out, offsets[i]);
    if (!shared.ok()) {
      return Mismatch{MismatchClass::kDedupDecodeDiffers,
                      absl::StrCat("input ", i, " at byte ", offsets[i],
                                   " does not decode: ", shared.status().message())};
    }
    if (std::optional<std::string> difference = FirstContentDifference(alone, *shared)) {
      return Mismatch{MismatchClass::kDedupDecodeDiffers,
                      absl::StrCat("input ", i, " at byte ", offsets[i], ": ", *difference)};
    }
    // The reference decoder follows the back-references by the format notes, not by core/.
    const InstructionSet isa = logs[i].isa;
    const absl::StatusOr<reference::ReferenceCodeInfo> reference_alone =
        reference::DecodeReference(inputs[i], 0, isa, reference::ReferenceDetail::kTables);
    if (!reference_alone.ok()) {
      return Mismatch{MismatchClass::kReferenceRejected,
                      absl::StrCat("input ", i, ": ", reference_alone.status().message())};
    }
    const absl::StatusOr<reference::ReferenceCodeInfo> reference_shared =
        reference::DecodeReference(out, offsets[i], isa, reference::ReferenceDetail::kTables);
    if (!reference_shared.ok() || !reference::SameContent(*reference_alone, *reference_shared)) {
      return Mismatch{MismatchClass::kDecodersDisagree,
                      absl::StrCat("input ", i, " at byte ", offsets[i],
                                   ": the reference decoder reads the deduplicated buffer "
                                   "differently",
                                   reference_shared.ok()
                                       ? std::string()
                                       : absl::StrCat(": ", reference_shared.status().message()))};
    }
  }
  return std::nullopt;
}

}  // namespace frameproof
