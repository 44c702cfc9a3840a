// BitTable read and encode speed on a StackMap-shaped table.

#include <vector>

#include "benchmark/benchmark.h"
#include "core/base/prng.h"
#include "core/bit_table/bit_table.h"
#include "core/bit_table/bit_table_builder.h"
#include "core/bits/bit_memory_reader.h"
#include "core/bits/bit_memory_writer.h"

namespace frameproof {
namespace {

constexpr size_t kColumns = 8;
constexpr BitTableLayout kLayout{.header_order = BitTableHeaderOrder::kRowsFirst};
constexpr uint64_t kSeed = 0xB17AB1E;

BitTableBuilder<kColumns> MakeBuilder(uint32_t rows) {
  Prng prng(kSeed);
  BitTableBuilder<kColumns> builder;
  for (uint32_t r = 0; r < rows; ++r) {
    BitTableBuilder<kColumns>::Entry entry;
    for (size_t c = 0; c < kColumns; ++c) {
      entry[c] = prng.Chance(1, 4) ? kNoValue : prng.Below(1u << (2 * c + 1));
    }
    builder.Add(entry);
  }
  return builder;
}

void BM_BitTableGet(benchmark::State& state) {
  const uint32_t rows = static_cast<uint32_t>(state.range(0));
  std::vector<uint8_t> bytes;
  BitMemoryWriter writer(&bytes);
  MakeBuilder(rows).Encode(writer, kLayout);
  BitMemoryReader reader(bytes);
  BitTableBase<kColumns> table;
  table.Decode(reader, kLayout);
  Prng prng(kSeed);
  std::vector<std::pair<uint32_t, uint32_t>> cells(1024);
  for (auto& cell : cells) cell = {prng.Below(rows), prng.Below(kColumns)};
  size_t i = 0;
  for (auto _ : state) {
    const auto& [row, column] = cells[i++ & 1023];
    benchmark::DoNotOptimize(table.Get(row, column));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_BitTableGet)->Arg(16)->Arg(1024);

void BM_BitTableEncode(benchmark::State& state) {
  const BitTableBuilder<kColumns> builder = MakeBuilder(static_cast<uint32_t>(state.range(0)));
  std::vector<uint8_t> bytes;
  for (auto _ : state) {
    bytes.clear();
    BitMemoryWriter writer(&bytes);
    builder.Encode(writer, kLayout);
    benchmark::DoNotOptimize(bytes.data());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes.size()));
}
BENCHMARK(BM_BitTableEncode)->Arg(16)->Arg(1024);

}  // namespace
}  // namespace frameproof
