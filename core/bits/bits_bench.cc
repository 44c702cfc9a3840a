// Micro-benchmarks of the bit-level primitives on the hot decode and encode paths. All inputs come
// from a fixed-seed splitmix64 generator, so every run measures the same data.

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "benchmark/benchmark.h"
#include "core/bits/bit_memory_reader.h"
#include "core/bits/bit_memory_region.h"
#include "core/bits/bit_memory_writer.h"
#include "core/bits/checked_bit_reader.h"
#include "core/bits/varint.h"

namespace frameproof {
namespace {

class SplitMix64 {
 public:
  explicit SplitMix64(uint64_t seed) : state_(seed) {}
  uint64_t Next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform enough for benchmark inputs: 0..bound-1.
  uint64_t Below(uint64_t bound) { return Next() % bound; }

 private:
  uint64_t state_;
};

constexpr uint64_t kSeed = 0xC0DE1F0;
constexpr size_t kNumValues = 4096;

// A CodeInfo-like mix: mostly inline values (0..11), then 1-, 2-, 3- and 4-byte payloads.
uint32_t VarintValue(SplitMix64& rng) {
  const uint64_t bucket = rng.Below(100);
  if (bucket < 60) return static_cast<uint32_t>(rng.Below(12));
  if (bucket < 85) return static_cast<uint32_t>(12 + rng.Below(256 - 12));
  if (bucket < 95) return static_cast<uint32_t>(256 + rng.Below(65536 - 256));
  if (bucket < 98) return static_cast<uint32_t>(65536 + rng.Below((1u << 24) - 65536));
  return static_cast<uint32_t>((1u << 24) + rng.Below(0xFFFFFFFFull - (1u << 24)));
}

std::vector<uint32_t> VarintValues(size_t count) {
  SplitMix64 rng(kSeed);
  std::vector<uint32_t> values(count);
  for (uint32_t& value : values) value = VarintValue(rng);
  return values;
}

std::vector<uint8_t> EncodeVarints(const std::vector<uint32_t>& values) {
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  for (uint32_t value : values) writer.WriteVarint(value);
  return out;
}

// One varint at a time through the unchecked reader.
void BM_ReadVarint(benchmark::State& state) {
  const std::vector<uint8_t> bytes = EncodeVarints(VarintValues(kNumValues));
  for (auto _ : state) {
    BitMemoryReader reader(bytes);
    uint32_t sum = 0;
    for (size_t i = 0; i < kNumValues; ++i) sum += reader.ReadVarint();
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kNumValues));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes.size()));
}
BENCHMARK(BM_ReadVarint);

// The same data through the bounds-checked reader, for the cost of the checks.
void BM_CheckedReadVarint(benchmark::State& state) {
  const std::vector<uint8_t> bytes = EncodeVarints(VarintValues(kNumValues));
  for (auto _ : state) {
    CheckedBitReader reader(bytes);
    uint32_t sum = 0;
    for (size_t i = 0; i < kNumValues; ++i) sum += *reader.ReadVarint("value");
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kNumValues));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes.size()));
}
BENCHMARK(BM_CheckedReadVarint);

// A run of 7-varint headers (the BitTable header shape), read with one header load each.
void BM_ReadInterleavedVarints7(benchmark::State& state) {
  constexpr size_t kHeaders = kNumValues / 7;
  const std::vector<uint32_t> values = VarintValues(kHeaders * 7);
  std::vector<uint8_t> bytes;
  BitMemoryWriter writer(&bytes);
  for (size_t h = 0; h < kHeaders; ++h) {
    writer.WriteInterleavedVarints(absl::MakeConstSpan(values).subspan(h * 7, 7));
  }
  for (auto _ : state) {
    BitMemoryReader reader(bytes);
    uint32_t sum = 0;
    for (size_t h = 0; h < kHeaders; ++h) {
      const std::array<uint32_t, 7> header = reader.ReadInterleavedVarints<7>();
      for (uint32_t value : header) sum += value;
    }
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kHeaders));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes.size()));
}
BENCHMARK(BM_ReadInterleavedVarints7);

// Loads of random widths 1..64 at random offsets, including the tail of the buffer.
void BM_LoadBits(benchmark::State& state) {
  constexpr size_t kBufferBytes = 4096;
  SplitMix64 rng(kSeed + 1);
  std::vector<uint8_t> bytes(kBufferBytes);
  for (uint8_t& byte : bytes) byte = static_cast<uint8_t>(rng.Next());
  struct Load {
    uint32_t offset;
    uint32_t width;
  };
  std::vector<Load> loads(kNumValues);
  for (Load& load : loads) {
    load.width = static_cast<uint32_t>(1 + rng.Below(64));
    load.offset = static_cast<uint32_t>(rng.Below(kBufferBytes * 8 - load.width + 1));
  }
  const BitMemoryRegion region(bytes.data(), 0, bytes.size() * 8);
  for (auto _ : state) {
    uint64_t sum = 0;
    for (const Load& load : loads) sum += region.LoadBits(load.offset, load.width);
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kNumValues));
}
BENCHMARK(BM_LoadBits);

// Encoding throughput: a mix of fixed-width fields, single varints and 7-varint headers, the
// shapes the CodeInfo encoder writes. Bytes processed are output bytes.
void BM_WriterEncode(benchmark::State& state) {
  const std::vector<uint32_t> values = VarintValues(kNumValues);
  SplitMix64 rng(kSeed + 2);
  std::vector<uint8_t> widths(kNumValues);
  for (uint8_t& width : widths) width = static_cast<uint8_t>(rng.Below(33));
  std::vector<uint8_t> out;
  size_t encoded_bytes = 0;
  for (auto _ : state) {
    out.clear();
    BitMemoryWriter writer(&out);
    for (size_t i = 0; i + 7 <= kNumValues; i += 7) {
      writer.WriteInterleavedVarints(absl::MakeConstSpan(values).subspan(i, 7));
      writer.WriteVarint(values[i]);
      writer.WriteBits(values[i + 1], widths[i]);
    }
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
    encoded_bytes = out.size();
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * encoded_bytes));
}
BENCHMARK(BM_WriterEncode);

}  // namespace
}  // namespace frameproof
