#ifndef FRAMEPROOF_CORE_BITS_CHECKED_BIT_READER_H_
#define FRAMEPROOF_CORE_BITS_CHECKED_BIT_READER_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/base/attributes.h"
#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "core/bits/bit_memory_reader.h"
#include "core/bits/bit_memory_region.h"
#include "core/bits/varint.h"

namespace frameproof {

// The checked read path for untrusted bytes. Every read is bounds-checked against the buffer; a
// read that would leave it fails with OUT_OF_RANGE naming `what` was being read and the bit
// offset, and leaves the cursor where it was. Bit offsets count from the start of the buffer.
class CheckedBitReader {
 public:
  explicit CheckedBitReader(absl::Span<const uint8_t> buffer, size_t bit_position = 0)
      : reader_(buffer, bit_position) {}

  size_t position() const { return reader_.position(); }
  size_t buffer_bits() const { return reader_.buffer().size() * kBitsPerByte; }
  size_t remaining_bits() const {
    return position() <= buffer_bits() ? buffer_bits() - position() : 0;
  }
  absl::Span<const uint8_t> buffer() const { return reader_.buffer(); }

  // Moves the cursor to `bit_position`, which must lie inside the buffer (its end included).
  absl::Status Seek(size_t bit_position, absl::string_view what);

  absl::StatusOr<uint64_t> ReadBits(size_t bit_count, absl::string_view what);
  // Inline: a checked decode reads every table's data this way.
  absl::StatusOr<BitMemoryRegion> ReadRegion(size_t bit_count, absl::string_view what) {
    BitMemoryRegion region;
    if (TryReadRegion(bit_count, region)) [[likely]]
      return region;
    return TruncatedError(bit_count, what);
  }
  absl::StatusOr<uint32_t> ReadVarint(absl::string_view what);

  // Reads N interleaved varints into `values`; `name_of(i)` names value i in errors. It is
  // called only when a read fails, so a decoder pays nothing for naming on the success path.
  ABSL_ATTRIBUTE_ALWAYS_INLINE absl::Status ReadInterleavedVarints(
      absl::Span<uint32_t> values, absl::FunctionRef<std::string(size_t)> name_of) {
    if (TryReadInterleavedVarints(values)) [[likely]]
      return absl::OkStatus();
    return InterleavedVarintsError(values, name_of);
  }
  // The same with fixed names: `names[i]` names value i ("varint header" where names run out).
  absl::Status ReadInterleavedVarints(absl::Span<uint32_t> values,
                                      absl::Span<const absl::string_view> names);
  // ReadInterleavedVarints without the error, for screening passes that explain a failure
  // later: false, with the cursor unmoved, when any nibble or payload would leave the buffer.
  // Inline and unrolled for a block of known size: a branch per field, and a bounds check per
  // payload rather than a pass over the nibbles to add the payloads up first.
  ABSL_ATTRIBUTE_ALWAYS_INLINE bool TryReadInterleavedVarints(absl::Span<uint32_t> values) {
    const size_t count = values.size();
    if (count > kMaxInterleavedVarints || count * kVarintBits > remaining_bits()) [[unlikely]] {
      return false;
    }
    const BitMemoryRegion all(buffer());
    const uint64_t headers = all.LoadBits(position(), count * kVarintBits);
    const size_t end = buffer_bits();
    // Never past `end`: the nibbles fit, and each payload is checked before it is read.
    size_t payload_position = position() + count * kVarintBits;
    FP_UNROLL_FULLY
    for (size_t i = 0; i < count; ++i) {
      const uint32_t header = InterleavedVarintHeader(headers, i);
      const uint32_t bits = VarintPayloadBits(header);
      if (bits == 0) {
        values[i] = header;
        continue;
      }
      if (bits > end - payload_position) [[unlikely]]
        return false;
      values[i] = static_cast<uint32_t>(all.LoadBits(payload_position, bits));
      payload_position += bits;
    }
    reader_.Seek(payload_position);
    return true;
  }
  // ReadRegion without the error: false, with the cursor unmoved, when the bits leave the buffer.
  bool TryReadRegion(size_t bit_count, BitMemoryRegion& region) {
    if (bit_count > remaining_bits()) [[unlikely]]
      return false;
    region = reader_.ReadRegion(bit_count);
    return true;
  }

 private:
  absl::Status CheckAvailable(size_t bit_count, absl::string_view what) const {
    if (bit_count <= remaining_bits()) [[likely]] return absl::OkStatus();
    return TruncatedError(bit_count, what);
  }
  // The OUT_OF_RANGE error of a read of `bit_count` bits at the cursor that leaves the buffer.
  [[gnu::cold]] absl::Status TruncatedError(size_t bit_count, absl::string_view what) const;
  // Why ReadVarint cannot read a varint at the cursor: its nibble, or the whole varint counted
  // from its start, leaves the buffer.
  [[gnu::cold]] absl::Status VarintError(absl::string_view what) const;
  // Why ReadInterleavedVarints cannot read `values` at the cursor, naming the first value that
  // does not fit; the cursor stays where it was.
  [[gnu::cold]] absl::Status InterleavedVarintsError(
      absl::Span<uint32_t> values, absl::FunctionRef<std::string(size_t)> name_of);

  BitMemoryReader reader_;
};

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_BITS_CHECKED_BIT_READER_H_
