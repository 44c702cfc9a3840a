#include "core/art/code_info_table_deduper.h"

#include <array>
#include <limits>

#include "absl/strings/str_cat.h"
#include "core/art/code_info.h"
#include "core/base/planted_bug.h"
#include "core/base/status_macros.h"
#include "core/bits/bit_utils.h"

namespace frameproof {
namespace {

// Content hash of a bit range; where the bits sit in memory does not matter.
uint64_t HashBits(const BitMemoryRegion& bits) {
  constexpr uint64_t kMultiplier = 0x9E3779B97F4A7C15ull;
  uint64_t hash = bits.size_in_bits() * kMultiplier;
  for (size_t done = 0; done < bits.size_in_bits(); done += kBitsPerWord) {
    const size_t chunk = std::min(kBitsPerWord, bits.size_in_bits() - done);
    hash = (hash ^ bits.LoadBits(done, chunk)) * kMultiplier;
    hash ^= hash >> 29;
  }
  return hash;
}

}  // namespace

absl::StatusOr<size_t> CodeInfoTableDeduper::Dedupe(absl::Span<const uint8_t> code_info) {
  // Appending to the output may move it, so an input that lives there is read from a copy.
  std::vector<uint8_t> own_copy;
  const uint8_t* out_begin = out_->data();
  if (!code_info.empty() && code_info.data() >= out_begin &&
      code_info.data() < out_begin + out_->size()) {
    own_copy.assign(code_info.begin(), code_info.end());
    code_info = own_copy;
  }
  FP_ASSIGN_OR_RETURN(const CodeInfo info,
                      CodeInfo::Decode(code_info, 0, CodeInfo::Subset::kAll, format_));
  CodeInfoHeader header = info.header();
  if (header.HasDedupedBitTables()) {
    return absl::InvalidArgumentError(
        "CodeInfoTableDeduper input already has deduplicated tables (bit_table_flags 0x" +
        absl::StrCat(absl::Hex(header.bit_table_flags)) + ")");
  }

  // Copy the CodeInfo as it is; most of it usually stays.
  const size_t start = writer_.NumberOfWrittenBits();
  writer_.WriteBytesAligned(code_info.subspan(0, BitsToBytesRoundUp(info.bit_size())));

  // Find the large tables that occur earlier; record the others as new first occurrences.
  std::array<uint32_t, kNumBitTables> location_of;
  location_of.fill(kNoEntry);
  // Locations from here on are this CodeInfo's own tables, which Android 11 never shares.
  const size_t own_locations = locations_.size();
  const bool shares_within =
      format_ == ArtFormat::kCurrent || FP_PLANTED_BUG(kAndroid11DedupWithinCodeInfo);
  for (size_t i = 0; i < kNumBitTables; ++i) {
    const auto id = static_cast<BitTableId>(i);
    const size_t size = info.TableBitSize(id);
    if (!header.HasBitTable(id) || size < kMinDedupSize) continue;
    const TableLocation copy{start + info.TableBitStart(id), size};
    const BitMemoryRegion table(out_->data(), static_cast<int64_t>(copy.bit_start), size);
    const auto earlier = locations_by_hash_.FindOrAdd(
        HashBits(table), static_cast<uint32_t>(locations_.size()), [&](uint32_t index) {
          const TableLocation& location = locations_[index];
          return BitMemoryRegion(out_->data(), static_cast<int64_t>(location.bit_start),
                                 location.bit_size) == table;
        });
    location_of[i] = earlier.start;
    if (!earlier.found) {
      locations_.push_back(copy);
    } else if (shares_within || earlier.start < own_locations) {
      header.bit_table_flags |= 1u << (kDedupedTableFlagShift + i);
    } else {
      // Android 11 copies a table it saw earlier in this same CodeInfo, and later CodeInfos
      // point at the copy written last.
      if (!FP_PLANTED_BUG(kAndroid11DedupPointsAtFirstCopy)) {
        locations_[earlier.start].bit_start = copy.bit_start;
      }
    }
  }
  if (!header.HasDedupedBitTables()) return start / kBitsPerByte;

  // Rewrite this CodeInfo with back-references in place of the repeated tables.
  writer_.Truncate(start);
  writer_.WriteInterleavedVarints(header.Encoded(format_));
  for (size_t i = 0; i < kNumBitTables; ++i) {
    const auto id = static_cast<BitTableId>(i);
    if (!header.HasBitTable(id)) continue;
    if (header.IsBitTableDeduped(id)) {
      // The distance counts from where the varint itself starts.
      const size_t distance =
          writer_.NumberOfWrittenBits() - locations_[location_of[i]].bit_start +
          (FP_PLANTED_BUG(kDedupBackReferenceOffByOne) || FP_PLANTED_BUG(kBackReferenceBiasedByOne)
               ? 1
               : 0);
      if (distance > std::numeric_limits<uint32_t>::max()) {
        return absl::OutOfRangeError(
            absl::StrCat("back-reference of ", distance, " bits does not fit a 32-bit varint"));
      }
      writer_.WriteVarint(static_cast<uint32_t>(distance));
      continue;
    }
    const size_t destination = writer_.NumberOfWrittenBits();
    writer_.WriteRegion(BitMemoryRegion(
        code_info.data(), static_cast<int64_t>(info.TableBitStart(id)), info.TableBitSize(id)));
    if (location_of[i] != kNoEntry) locations_[location_of[i]].bit_start = destination;
  }
  writer_.ByteAlign();
  return start / kBitsPerByte;
}

}  // namespace frameproof
