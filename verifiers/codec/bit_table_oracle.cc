#include <algorithm>
#include <array>
#include <bit>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/bit_table/bit_table.h"
#include "core/bit_table/bit_table_builder.h"
#include "core/bits/bit_memory_reader.h"
#include "core/bits/bit_utils.h"
#include "core/bits/checked_bit_reader.h"
#include "verifiers/codec/codec_oracles.h"
#include "verifiers/generators/byte_source.h"

namespace frameproof {
namespace {

constexpr size_t kColumns = 3;
constexpr uint32_t kMaxCalls = 40;
constexpr uint32_t kMaxRun = 4;
constexpr uint32_t kMaxBitmapBits = 200;
// Zero bits a bitmap may carry after its highest set bit.
constexpr uint32_t kMaxBitmapPadding = 9;
constexpr absl::string_view kColumnNames[kColumns] = {"A", "B", "C"};
using Entry = BitTableBuilder<kColumns>::Entry;

// Both dialects' layouts: ART's, and Ark's (rows last, bitmap rows as given, 16-bit row count).
constexpr BitTableLayout kLayouts[] = {
    {.header_order = BitTableHeaderOrder::kRowsFirst,
     .bitmap_row_length = BitmapRowLength::kTrailingZerosStripped},
    {.header_order = BitTableHeaderOrder::kRowsLast,
     .bitmap_row_length = BitmapRowLength::kAsGiven,
     .max_rows = 0xFFFF},
};

Entry NewEntry(ByteSource& source, const std::vector<Entry>& seen) {
  // Repeats make deduplication happen; kNoValue and extremes exercise the bias and widths.
  if (!seen.empty() && source.Chance(1, 2)) return seen[source.InRange(0, seen.size() - 1)];
  Entry entry;
  for (uint32_t& value : entry) {
    switch (source.InRange(0, 3)) {
      case 0:
        value = kNoValue;
        break;
      case 1:
        value = source.InRange(0, 7);
        break;
      case 2:
        value = source.InRange(0, 70000);
        break;
      default:
        value = source.Uint32();
        break;
    }
  }
  return entry;
}

OracleResult CheckValueTable(ByteSource& source, BitTableLayout& layout) {
  BitTableBuilder<kColumns> builder;
  // The oracle's own buffers live from input to input: under ASan every new allocation lands on
  // fresh pages (the quarantine holds freed ones back), and the page faults cost more than the
  // builder's work that this oracle checks.
  thread_local std::vector<Entry> expected;  // what the table must hold, row by row
  thread_local std::vector<Entry> seen;
  thread_local std::vector<Entry> run;
  thread_local std::vector<Entry> run_rows;                  // every run given to Dedup, in order
  thread_local std::vector<std::pair<size_t, size_t>> runs;  // [begin, end) of each in run_rows
  thread_local std::vector<uint8_t> bytes;
  for (auto* rows : {&expected, &seen, &run, &run_rows}) rows->clear();
  runs.clear();
  bytes.clear();
  for (uint32_t call = source.InRange(0, kMaxCalls); call > 0; --call) {
    if (source.Chance(1, 5)) {
      const Entry entry = NewEntry(source, seen);
      builder.Add(entry);
      expected.push_back(entry);
      seen.push_back(entry);
      continue;
    }
    run.clear();
    if (!runs.empty() && source.Chance(1, 3)) {
      const auto [begin, end] = runs[source.InRange(0, runs.size() - 1)];
      run.assign(run_rows.begin() + begin, run_rows.begin() + end);
    } else {
      for (uint32_t n = source.InRange(0, kMaxRun); n > 0; --n)
        run.push_back(NewEntry(source, seen));
    }
    const uint32_t start = builder.Dedup(run);
    if (start == expected.size()) {
      expected.insert(expected.end(), run.begin(), run.end());
    }
    if (start + run.size() > expected.size() ||
        !std::equal(run.begin(), run.end(), expected.begin() + start)) {
      return Mismatch{MismatchClass::kBitTableDedup,
                      absl::StrCat("Dedup of a ", run.size(), "-row run returned start ", start,
                                   ", whose rows differ from the run")};
    }
    seen.insert(seen.end(), run.begin(), run.end());
    runs.emplace_back(run_rows.size(), run_rows.size() + run.size());
    run_rows.insert(run_rows.end(), run.begin(), run.end());
  }
  if (builder.size() != expected.size()) {
    return Mismatch{
        MismatchClass::kBitTableDedup,
        absl::StrCat("builder holds ", builder.size(), " rows, expected ", expected.size())};
  }

  const uint32_t start_bit = source.InRange(0, 7);
  layout = kLayouts[source.InRange(0, std::size(kLayouts) - 1)];
  BitMemoryWriter writer(&bytes, start_bit);
  builder.Encode(writer, layout);
  BitTableBase<kColumns> fast;
  BitMemoryReader reader(bytes, start_bit);
  fast.Decode(reader, layout);
  BitTableBase<kColumns> checked;
  CheckedBitReader checked_reader(bytes, start_bit);
  const BitTableSchema schema{"Fuzz", kColumnNames, kMaxValueColumnBits, layout};
  const absl::Status status = checked.DecodeChecked(checked_reader, schema);
  // DecodeChecked's documented bound: rows 0 bits wide (every cell kNoValue) may number at most
  // the buffer's bits. Past it, the table must be refused, and the fast path still reads it.
  const bool zero_width_rows = std::all_of(expected.begin(), expected.end(), [](const auto& row) {
    return std::all_of(row.begin(), row.end(), [](uint32_t v) { return v == kNoValue; });
  });
  if (zero_width_rows && expected.size() > checked_reader.buffer_bits()) {
    if (status.code() != absl::StatusCode::kOutOfRange || fast.NumRows() != expected.size()) {
      return Mismatch{
          MismatchClass::kBitTableRoundTrip,
          absl::StrCat(expected.size(), " rows of 0 bits in a ", checked_reader.buffer_bits(),
                       "-bit buffer: checked decode said '", status.ToString(),
                       "', fast decode read ", fast.NumRows(), " rows")};
    }
    return std::nullopt;
  }
  if (!status.ok()) {
    return Mismatch{MismatchClass::kBitTableRoundTrip,
                    absl::StrCat("checked decode rejected an encoded table: ", status.message())};
  }
  if (fast.NumRows() != expected.size() || !fast.Equals(checked) ||
      reader.position() != writer.NumberOfWrittenBits()) {
    return Mismatch{MismatchClass::kBitTableRoundTrip, "decoded shape differs"};
  }
  for (uint32_t r = 0; r < fast.NumRows(); ++r) {
    for (uint32_t c = 0; c < kColumns; ++c) {
      if (fast.Get(r, c) != expected[r][c]) {
        return Mismatch{MismatchClass::kBitTableRoundTrip,
                        absl::StrCat("row ", r, " column ", c, ": wrote ", expected[r][c],
                                     ", read ", fast.Get(r, c))};
      }
    }
  }
  return std::nullopt;
}

// A bitmap as the builder is given it: its bits, and its length (at least the highest set bit
// + 1; Ark keeps the length, ART strips it to that). Fixed-size, so that the oracle allocates
// nothing per bitmap: the fuzz target runs under ASan, where allocations cost more than the
// builder's work.
struct SizedBitmap {
  static constexpr size_t kBytes = BitsToBytesRoundUp(kMaxBitmapBits + 1 + kMaxBitmapPadding);
  std::array<uint8_t, kBytes> bytes{};  // bit i is bit i % 8 of byte i / 8, as a region reads it
  size_t size = 0;

  void SetBit(size_t bit) { bytes[bit / 8] |= static_cast<uint8_t>(1u << (bit % 8)); }
  // Bits [bit, bit + count) for a byte-aligned `bit` and count <= 64, assembled from the bytes
  // rather than read through the BitMemoryRegion under test; bits past the storage read 0.
  uint64_t WordAt(size_t bit, size_t count) const {
    uint64_t word = 0;
    for (size_t i = 0; i < sizeof(uint64_t) && bit / kBitsPerByte + i < kBytes; ++i) {
      word |= uint64_t{bytes[bit / kBitsPerByte + i]} << (kBitsPerByte * i);
    }
    return word & LowBitMask(count);
  }
  // The highest set bit + 1, or 0.
  size_t NumberOfBits() const {
    for (size_t byte = kBytes; byte > 0; --byte) {
      if (bytes[byte - 1] != 0) {
        return (byte - 1) * kBitsPerByte + MinimumBitsToStore(bytes[byte - 1]);
      }
    }
    return 0;
  }
  friend bool operator==(const SizedBitmap&, const SizedBitmap&) = default;
};

OracleResult CheckBitmapTable(ByteSource& source, const BitTableLayout& layout) {
  BitmapTableBuilder builder(layout);
  const bool keeps_size = layout.bitmap_row_length == BitmapRowLength::kAsGiven;
  thread_local std::vector<SizedBitmap> rows;  // by row index, as the layout keeps them
  thread_local std::vector<uint8_t> bytes;
  rows.clear();
  bytes.clear();
  for (uint32_t call = source.InRange(0, kMaxCalls / 2); call > 0; --call) {
    SizedBitmap bitmap;
    if (!rows.empty() && source.Chance(1, 3)) {
      bitmap = rows[source.InRange(0, rows.size() - 1)];
    } else {
      for (uint32_t bits = source.InRange(0, 6); bits > 0; --bits) {
        bitmap.SetBit(source.InRange(0, kMaxBitmapBits));
      }
      bitmap.size = bitmap.NumberOfBits() + source.InRange(0, kMaxBitmapPadding);
    }
    const uint32_t row = builder.Dedup(BitMemoryRegion(bitmap.bytes.data(), 0, bitmap.size));
    if (!keeps_size) bitmap.size = bitmap.NumberOfBits();
    if (row == rows.size()) rows.push_back(bitmap);
    if (row >= rows.size() || !(rows[row] == bitmap)) {
      return Mismatch{MismatchClass::kBitTableDedup, absl::StrCat("bitmap Dedup returned row ", row,
                                                                  ", which holds another mask")};
    }
  }
  BitMemoryWriter writer(&bytes);
  builder.Encode(writer, layout);
  BitMemoryReader reader(bytes);
  BitTableBase<1> table;
  table.Decode(reader, layout);
  if (table.NumRows() != rows.size()) {
    return Mismatch{MismatchClass::kBitmapTableRoundTrip, "row count differs"};
  }
  for (uint32_t r = 0; r < table.NumRows(); ++r) {
    const BitMemoryRegion decoded = table.GetBitMemoryRegion(r);
    // A word at a time; a word that differs names its first differing bit.
    for (size_t done = 0; done < decoded.size_in_bits(); done += kBitsPerWord) {
      const size_t chunk = std::min(kBitsPerWord, decoded.size_in_bits() - done);
      const uint64_t differs = decoded.LoadBits(done, chunk) ^ rows[r].WordAt(done, chunk);
      if (differs != 0) {
        return Mismatch{
            MismatchClass::kBitmapTableRoundTrip,
            absl::StrCat("row ", r, " bit ", done + std::countr_zero(differs), " differs")};
      }
    }
    if (decoded.size_in_bits() < rows[r].size) {
      return Mismatch{MismatchClass::kBitmapTableRoundTrip,
                      absl::StrCat("row ", r, " is ", decoded.size_in_bits(),
                                   " bits wide, shorter than its ", rows[r].size, "-bit bitmap")};
    }
  }
  return std::nullopt;
}

}  // namespace

OracleResult CheckBitTable(absl::Span<const uint8_t> data) {
  ByteSource source(data);
  BitTableLayout layout = kLayouts[0];
  if (OracleResult result = CheckValueTable(source, layout)) return result;
  return CheckBitmapTable(source, layout);
}

}  // namespace frameproof
