#ifndef FRAMEPROOF_CORE_ART_CODE_INFO_TABLE_DEDUPER_H_
#define FRAMEPROOF_CORE_ART_CODE_INFO_TABLE_DEDUPER_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "core/art/art_format.h"
#include "core/bit_table/internal/dedup_index.h"
#include "core/bits/bit_memory_writer.h"
#include "core/bits/bit_utils.h"

namespace frameproof {

// Writes many CodeInfos into one buffer (an oat file's CodeInfo section) and replaces each table
// that already occurs earlier in the buffer by a back-reference, byte for byte as the deduper of
// `format`'s release: today's CodeInfoTableDeduper points at a table's first occurrence, and may
// share a table with an earlier one of the same CodeInfo. Android 11's CodeInfo::Deduper shares
// only with tables of earlier CodeInfos, and points at the latest copy written.
class CodeInfoTableDeduper {
 public:
  // Tables smaller than this are copied: a back-reference would cost about as much.
  static constexpr size_t kMinDedupSize = 33;

  // Appends to `out`, which must outlive the deduper and start empty or byte aligned.
  explicit CodeInfoTableDeduper(std::vector<uint8_t>* out, ArtFormat format = ArtFormat::kCurrent)
      : out_(out), format_(format), writer_(out, out->size() * kBitsPerByte) {}

  // Appends `code_info` (validated; it must have no deduplicated tables) and returns the byte
  // offset where it starts in the output. `code_info` may point into the output itself.
  absl::StatusOr<size_t> Dedupe(absl::Span<const uint8_t> code_info);

 private:
  // An encoded table somewhere in the output.
  struct TableLocation {
    size_t bit_start;
    size_t bit_size;
  };
  static constexpr uint32_t kNoEntry = 0xFFFFFFFF;

  std::vector<uint8_t>* out_;
  const ArtFormat format_;
  BitMemoryWriter writer_;
  std::vector<TableLocation> locations_;
  // Hash of a table's bits -> indices into locations_ of the tables recorded with that hash.
  DedupIndex<uint64_t> locations_by_hash_;
};

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_ART_CODE_INFO_TABLE_DEDUPER_H_
