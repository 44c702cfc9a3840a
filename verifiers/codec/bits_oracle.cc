#include <array>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/bits/bit_memory_reader.h"
#include "core/bits/bit_memory_writer.h"
#include "core/bits/bit_utils.h"
#include "core/bits/checked_bit_reader.h"
#include "core/bits/varint.h"
#include "verifiers/codec/codec_oracles.h"
#include "verifiers/generators/byte_source.h"

namespace frameproof {
namespace {

constexpr uint32_t kMaxOperations = 24;
constexpr uint32_t kMaxStartBit = 63;
// The most bits the operations can write: every one a full run of 4-byte interleaved varints.
constexpr size_t kMaxWrittenBytes =
    BitsToBytesRoundUp(kMaxStartBit + kMaxOperations * kMaxInterleavedVarints * kMaxVarintBits);

// Varint values with every header length well represented.
uint32_t VarintValue(ByteSource& source) {
  switch (source.InRange(0, 4)) {
    case 0:
      return source.InRange(0, 15);
    case 1:
      return source.InRange(0, 0xFF);
    case 2:
      return source.InRange(0, 0xFFFF);
    case 3:
      return source.InRange(0, 0xFFFFFF);
    default:
      return source.Uint32();
  }
}

// One write, and what reading it back must give. Fixed-size, like everything on the success
// path here: the fuzz target runs under ASan, where a heap allocation costs more than the reads.
struct Operation {
  enum class Kind { kVarint, kInterleaved, kBits } kind;
  std::array<uint32_t, kMaxInterleavedVarints> values{};  // varints, the first `count`
  uint32_t count = 0;
  uint64_t bits = 0;  // kBits
  uint32_t width = 0;
  absl::Span<const uint32_t> varints() const { return absl::MakeConstSpan(values).first(count); }
};

// Names for the checked reader's interleaved read: the oracle checks values, not names.
constexpr absl::string_view kValueName = "value";
constexpr std::array<absl::string_view, kMaxInterleavedVarints> kValueNames = [] {
  std::array<absl::string_view, kMaxInterleavedVarints> names;
  names.fill(kValueName);
  return names;
}();

}  // namespace

OracleResult CheckBits(absl::Span<const uint8_t> data) {
  ByteSource source(data);
  const uint32_t start = source.InRange(0, kMaxStartBit);
  // Buffers reused from input to input, each allocated once at its largest: under ASan every new
  // allocation lands on fresh pages (the quarantine holds freed ones back), and the page faults
  // cost more than the reads and writes this oracle checks.
  thread_local std::vector<Operation> operations;
  thread_local std::vector<uint8_t> bytes;
  operations.reserve(kMaxOperations);
  bytes.reserve(kMaxWrittenBytes);
  operations.assign(source.InRange(1, kMaxOperations), Operation{});
  bytes.assign((start + 7) / 8, 0xA5);  // junk before the start must survive
  BitMemoryWriter writer(&bytes, start);
  for (Operation& op : operations) {
    switch (source.InRange(0, 2)) {
      case 0:
        op.kind = Operation::Kind::kVarint;
        op.values[0] = VarintValue(source);
        op.count = 1;
        writer.WriteVarint(op.values[0]);
        break;
      case 1:
        op.kind = Operation::Kind::kInterleaved;
        op.count = source.InRange(1, kMaxInterleavedVarints);
        for (uint32_t& value : absl::MakeSpan(op.values).first(op.count)) {
          value = VarintValue(source);
        }
        writer.WriteInterleavedVarints(op.varints());
        break;
      default:
        op.kind = Operation::Kind::kBits;
        op.width = source.InRange(0, 64);
        op.bits = source.Uint64() & LowBitMask(op.width);
        writer.WriteBits(op.bits, op.width);
        break;
    }
  }
  for (size_t i = 0; i < start / 8; ++i) {
    if (bytes[i] != 0xA5) {
      return Mismatch{MismatchClass::kRegionRoundTrip,
                      absl::StrCat("byte ", i, " before the start bit ", start, " changed")};
    }
  }

  BitMemoryReader fast(bytes, start);
  CheckedBitReader checked(bytes, start);
  for (size_t i = 0; i < operations.size(); ++i) {
    const Operation& op = operations[i];
    // Named only when a check fails.
    const auto at = [i, position = fast.position()] {
      return absl::StrCat("operation ", i, " at bit ", position);
    };
    if (op.kind == Operation::Kind::kBits) {
      const uint64_t read = fast.ReadBits(op.width);
      const absl::StatusOr<uint64_t> checked_read = checked.ReadBits(op.width, "bits");
      if (read != op.bits) {
        return Mismatch{
            MismatchClass::kRegionRoundTrip,
            absl::StrCat(at(), ": wrote ", op.bits, " in ", op.width, " bits, read ", read)};
      }
      if (!checked_read.ok() || *checked_read != read) {
        return Mismatch{MismatchClass::kCheckedReaderDisagrees, at()};
      }
      continue;
    }
    std::array<uint32_t, kMaxInterleavedVarints> read_values{};
    const absl::Span<uint32_t> read = absl::MakeSpan(read_values).first(op.count);
    if (op.kind == Operation::Kind::kVarint) {
      read[0] = fast.ReadVarint();
    } else {
      // The fast reader's interleaved read takes N at compile time; the checked reader takes any
      // count, so it reads these and the fast cursor skips the same bits.
      const size_t before = checked.position();
      const absl::Span<const absl::string_view> names =
          absl::MakeConstSpan(kValueNames).first(op.count);
      if (!checked.ReadInterleavedVarints(read, names).ok()) {
        return Mismatch{MismatchClass::kInterleavedVarintRoundTrip,
                        absl::StrCat(at(), ": the checked reader rejected what the writer wrote")};
      }
      fast.Seek(fast.position() + (checked.position() - before));
      if (absl::Span<const uint32_t>(read) != op.varints()) {
        return Mismatch{MismatchClass::kInterleavedVarintRoundTrip,
                        absl::StrCat(at(), ": ", op.count, " interleaved varints differ")};
      }
      continue;
    }
    const absl::StatusOr<uint32_t> checked_value = checked.ReadVarint("varint");
    if (read[0] != op.values[0]) {
      return Mismatch{MismatchClass::kVarintRoundTrip,
                      absl::StrCat(at(), ": wrote ", op.values[0], ", read ", read[0])};
    }
    if (!checked_value.ok() || *checked_value != read[0] || checked.position() != fast.position()) {
      return Mismatch{MismatchClass::kCheckedReaderDisagrees, at()};
    }
  }
  if (fast.position() != writer.NumberOfWrittenBits()) {
    return Mismatch{
        MismatchClass::kVarintRoundTrip,
        absl::StrCat("read ", fast.position(), " bits, wrote ", writer.NumberOfWrittenBits())};
  }

  // Arbitrary bytes: wherever the checked reader succeeds, the fast reader agrees.
  CheckedBitReader garbage_checked(data);
  BitMemoryReader garbage_fast(data);
  while (true) {
    const size_t position = garbage_checked.position();
    const absl::StatusOr<uint32_t> value = garbage_checked.ReadVarint("varint");
    if (!value.ok()) {
      if (garbage_checked.position() != position) {
        return Mismatch{MismatchClass::kCheckedReaderDisagrees,
                        absl::StrCat("a failed read at bit ", position, " moved the cursor")};
      }
      break;
    }
    if (garbage_fast.ReadVarint() != *value ||
        garbage_fast.position() != garbage_checked.position()) {
      return Mismatch{MismatchClass::kCheckedReaderDisagrees,
                      absl::StrCat("varint at bit ", position, " of the raw input")};
    }
  }
  return std::nullopt;
}

}  // namespace frameproof
