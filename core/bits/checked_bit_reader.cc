#include "core/bits/checked_bit_reader.h"

#include <array>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"

namespace frameproof {

absl::Status CheckedBitReader::TruncatedError(size_t bit_count, absl::string_view what) const {
  return absl::OutOfRangeError(absl::StrCat(
      "truncated ", what, " at bit offset ", position(), ": needs ", bit_count, " bits but only ",
      remaining_bits(), " remain in a buffer of ", buffer_bits(), " bits"));
}

absl::Status CheckedBitReader::Seek(size_t bit_position, absl::string_view what) {
  if (bit_position > buffer_bits()) {
    return absl::OutOfRangeError(absl::StrCat(what, " points to bit offset ", bit_position,
                                              ", past the end of a buffer of ", buffer_bits(),
                                              " bits"));
  }
  reader_.Seek(bit_position);
  return absl::OkStatus();
}

absl::StatusOr<uint64_t> CheckedBitReader::ReadBits(size_t bit_count, absl::string_view what) {
  if (bit_count > kBitsPerWord) {
    return absl::InvalidArgumentError(absl::StrCat(what, " at bit offset ", position(), " is ",
                                                   bit_count, " bits wide; at most 64 fit"));
  }
  if (absl::Status status = CheckAvailable(bit_count, what); !status.ok()) return status;
  return reader_.ReadBits(bit_count);
}

absl::StatusOr<uint32_t> CheckedBitReader::ReadVarint(absl::string_view what) {
  // A varint is a block of one interleaved varint: its nibble, then its payload.
  uint32_t value;
  if (TryReadInterleavedVarints(absl::MakeSpan(&value, 1))) [[likely]]
    return value;
  return VarintError(what);
}

absl::Status CheckedBitReader::VarintError(absl::string_view what) const {
  if (absl::Status status = CheckAvailable(kVarintBits, what); !status.ok()) return status;
  const uint32_t header =
      static_cast<uint32_t>(BitMemoryRegion(buffer()).LoadBits(position(), kVarintBits));
  return TruncatedError(kVarintBits + VarintPayloadBits(header), what);
}

absl::Status CheckedBitReader::InterleavedVarintsError(
    absl::Span<uint32_t> values, absl::FunctionRef<std::string(size_t)> name_of) {
  const size_t count = values.size();
  const size_t start = position();
  if (count > kMaxInterleavedVarints) {
    return absl::InvalidArgumentError(absl::StrCat(
        "at most ", kMaxInterleavedVarints, " interleaved varints fit one load, not ", count));
  }
  // All header nibbles come first, so a short buffer truncates the whole block of them.
  if (count * kVarintBits > remaining_bits()) {
    const std::string first = count == 0 ? "varint header" : name_of(0);
    return CheckAvailable(count * kVarintBits,
                          count <= 1 ? first
                                     : absl::StrCat(first, " and the ", count - 1,
                                                    " varint headers after it"));
  }
  const BitMemoryRegion all(buffer());
  // Every header nibble in one load (count <= kMaxInterleavedVarints keeps them within 64 bits).
  const uint64_t headers = all.LoadBits(start, count * kVarintBits);
  size_t payload_position = start + count * kVarintBits;
  for (size_t i = 0; i < count; ++i) {
    const uint32_t payload_bits = VarintPayloadBits(InterleavedVarintHeader(headers, i));
    if (payload_position + payload_bits > buffer_bits()) {
      reader_.Seek(payload_position);
      absl::Status status = CheckAvailable(payload_bits, name_of(i));
      reader_.Seek(start);
      return status;
    }
    payload_position += payload_bits;
  }
  // Unreachable from ReadInterleavedVarints, whose fast path reads every block that fits.
  return absl::InternalError("InterleavedVarintsError called on varints that fit");
}

namespace {

// TryReadInterleavedVarints for a block of exactly N varints: inlined with a constant count, so
// its loop unrolls completely, as in the decoders' fixed-size reads.
template <size_t N>
bool TryReadBlock(CheckedBitReader& reader, uint32_t* values) {
  return reader.TryReadInterleavedVarints(absl::MakeSpan(values, N));
}

template <size_t... N>
constexpr auto BlockReaders(std::index_sequence<N...>) {
  return std::array{&TryReadBlock<N>...};
}

// One reader per block size a single load holds, 0 to kMaxInterleavedVarints varints.
constexpr auto kBlockReaders = BlockReaders(std::make_index_sequence<kMaxInterleavedVarints + 1>());

}  // namespace

// Blocks of any size: a run-time count would leave the inlined loop rolled (and clang warns that
// it cannot unroll it), so the count picks the reader unrolled for it.
absl::Status CheckedBitReader::ReadInterleavedVarints(absl::Span<uint32_t> values,
                                                      absl::Span<const absl::string_view> names) {
  if (values.size() < kBlockReaders.size() && kBlockReaders[values.size()](*this, values.data()))
      [[likely]] {
    return absl::OkStatus();
  }
  return InterleavedVarintsError(values, [names](size_t i) {
    return std::string(i < names.size() ? names[i] : names.empty() ? "varint header" : names[0]);
  });
}

}  // namespace frameproof
