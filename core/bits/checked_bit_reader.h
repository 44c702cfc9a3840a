#ifndef FRAMEPROOF_CORE_BITS_CHECKED_BIT_READER_H_
#define FRAMEPROOF_CORE_BITS_CHECKED_BIT_READER_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

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
  absl::StatusOr<BitMemoryRegion> ReadRegion(size_t bit_count, absl::string_view what);
  absl::StatusOr<uint32_t> ReadVarint(absl::string_view what);

  // Reads N interleaved varints into `values`; `name_of(i)` names value i in errors. It is
  // called only when a read fails, so a decoder pays nothing for naming on the success path.
  absl::Status ReadInterleavedVarints(absl::Span<uint32_t> values,
                                      absl::FunctionRef<std::string(size_t)> name_of);
  // The same with fixed names: `names[i]` names value i ("varint header" where names run out).
  absl::Status ReadInterleavedVarints(absl::Span<uint32_t> values,
                                      absl::Span<const absl::string_view> names);

 private:
  absl::Status CheckAvailable(size_t bit_count, absl::string_view what) const;

  BitMemoryReader reader_;
};

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_BITS_CHECKED_BIT_READER_H_
