#include <vector>

#include "absl/strings/str_cat.h"
#include "core/bits/bit_memory_reader.h"
#include "core/bits/bit_memory_writer.h"
#include "core/bits/checked_bit_reader.h"
#include "verifiers/generators/byte_source.h"
#include "verifiers/codec/codec_oracles.h"

namespace frameproof {
namespace {

constexpr uint32_t kMaxOperations = 24;

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

struct Operation {
  enum class Kind { kVarint, kInterleaved, kBits } kind;
  std::vector<uint32_t> values;  // varints
  uint64_t bits = 0;             // kBits
  uint32_t width = 0;
};

}  // namespace

OracleResult CheckBits(absl::Span<const uint8_t> data) {
  ByteSource source(data);
  const uint32_t start = source.InRange(0, 63);
  std::vector<Operation> operations(source.InRange(1, kMaxOperations));
  std::vector<uint8_t> bytes((start + 7) / 8, 0xA5);  // junk before the start must survive
  BitMemoryWriter writer(&bytes, start);
  for (Operation& op : operations) {
    switch (source.InRange(0, 2)) {
      case 0:
        op.kind = Operation::Kind::kVarint;
        op.values = {VarintValue(source)};
        writer.WriteVarint(op.values[0]);
        break;
      case 1:
        op.kind = Operation::Kind::kInterleaved;
        op.values.resize(source.InRange(1, kMaxInterleavedVarints));
        for (uint32_t& value : op.values) value = VarintValue(source);
        writer.WriteInterleavedVarints(op.values);
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
    const std::string at = absl::StrCat("operation ", i, " at bit ", fast.position());
    if (op.kind == Operation::Kind::kBits) {
      const uint64_t read = fast.ReadBits(op.width);
      const absl::StatusOr<uint64_t> checked_read = checked.ReadBits(op.width, "bits");
      if (read != op.bits) {
        return Mismatch{
            MismatchClass::kRegionRoundTrip,
            absl::StrCat(at, ": wrote ", op.bits, " in ", op.width, " bits, read ", read)};
      }
      if (!checked_read.ok() || *checked_read != read) {
        return Mismatch{MismatchClass::kCheckedReaderDisagrees, at};
      }
      continue;
    }
    std::vector<uint32_t> read(op.values.size());
    if (op.kind == Operation::Kind::kVarint) {
      read[0] = fast.ReadVarint();
    } else {
      // The fast reader's interleaved read takes N at compile time; the checked reader takes any
      // count, so it reads these and the fast cursor skips the same bits.
      const size_t before = checked.position();
      std::vector<absl::string_view> names(op.values.size(), "value");
      if (!checked.ReadInterleavedVarints(absl::MakeSpan(read), names).ok()) {
        return Mismatch{MismatchClass::kInterleavedVarintRoundTrip,
                        absl::StrCat(at, ": the checked reader rejected what the writer wrote")};
      }
      fast.Seek(fast.position() + (checked.position() - before));
      if (read != op.values) {
        return Mismatch{MismatchClass::kInterleavedVarintRoundTrip,
                        absl::StrCat(at, ": ", op.values.size(), " interleaved varints differ")};
      }
      continue;
    }
    const absl::StatusOr<uint32_t> checked_value = checked.ReadVarint("varint");
    if (read[0] != op.values[0]) {
      return Mismatch{MismatchClass::kVarintRoundTrip,
                      absl::StrCat(at, ": wrote ", op.values[0], ", read ", read[0])};
    }
    if (!checked_value.ok() || *checked_value != read[0] || checked.position() != fast.position()) {
      return Mismatch{MismatchClass::kCheckedReaderDisagrees, at};
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
