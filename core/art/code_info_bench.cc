// CodeInfo encode, decode and query speed on methods shaped like optimizing-compiler output.
//
// GenerateMethod() draws a method from a fixed seed: the calls a compiler makes on a
// StackMapStream (sorted native pcs, dex pcs, sparse register masks, occasional stack masks, dex
// register locations that mostly persist from map to map, inline chains, a few OSR and Debug
// maps, Catch maps last). It records the calls rather than making them, so BM_Encode times the
// stream alone; EncodeMethod() replays them. Each benchmark runs over
// (stack maps) x (dex registers) x (max inline depth), and each shape is generated, encoded with
// VerifyMode::kOn and cached once, the first time a benchmark asks for it.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/types/span.h"
#include "benchmark/benchmark.h"
#include "core/art/code_info.h"
#include "core/art/dex_register_location.h"
#include "core/art/stack_map.h"
#include "core/art/stack_map_stream.h"
#include "core/base/instruction_set.h"
#include "core/base/prng.h"
#include "core/base/status_macros.h"
#include "core/bits/bit_vector.h"

namespace frameproof {
namespace {

constexpr uint64_t kSeed = 0xC0DE1F0;

// One inline level of a stack map: BeginInlineInfoEntry's arguments.
struct InlineLevel {
  ArtMethodPointer method;
  uint32_t dex_pc = 0;
  uint32_t num_dex_registers = 0;
};

// The calls that describe one stack map.
struct StackMapCalls {
  StackMapParams params;
  std::vector<InlineLevel> inline_levels;
  std::vector<DexRegisterLocation> registers;  // the outer method's, then each level's
};

// The calls that describe one method, BeginMethod to EndMethod.
struct GeneratedMethod {
  InstructionSet isa = InstructionSet::kArm64;
  MethodParams params;
  std::vector<StackMapCalls> stack_maps;
  uint32_t code_size = 0;
  uint32_t max_registers_per_map = 0;  // outer plus all inline levels, over every map
};

// What a register allocator leaves a dex register in: mostly stack slots and core registers,
// some constants (small ones, or float and long halves), some FPU registers, some dead.
DexRegisterLocation RandomLocation(Prng& prng, InstructionSet isa, uint32_t frame_size) {
  const uint32_t core_registers = isa == InstructionSet::kArm64 ? 30 : 16;
  const uint32_t fpu_registers = isa == InstructionSet::kArm64 ? 32 : 16;
  const uint32_t bucket = prng.Below(100);
  if (bucket < 40) {
    return {DexRegisterKind::kInStack,
            static_cast<int32_t>(kFrameSlotSize * prng.Below(frame_size / kFrameSlotSize))};
  }
  if (bucket < 55) {
    const int32_t value = prng.Chance(7, 10) ? static_cast<int32_t>(prng.InRange(0, 20)) - 4
                                             : static_cast<int32_t>(prng.Next32());
    return {DexRegisterKind::kConstant, value};
  }
  if (bucket < 75) {
    return {DexRegisterKind::kInRegister, static_cast<int32_t>(prng.Below(core_registers))};
  }
  if (bucket < 85) {
    return {DexRegisterKind::kInFpuRegister, static_cast<int32_t>(prng.Below(fpu_registers))};
  }
  return DexRegisterLocation::None();
}

// At a catch handler the live values have been spilled: stack slots, constants, dead registers.
DexRegisterLocation RandomCatchLocation(Prng& prng, uint32_t frame_size) {
  const uint32_t bucket = prng.Below(100);
  if (bucket < 60) {
    return {DexRegisterKind::kInStack,
            static_cast<int32_t>(kFrameSlotSize * prng.Below(frame_size / kFrameSlotSize))};
  }
  if (bucket < 70) return {DexRegisterKind::kConstant, static_cast<int32_t>(prng.InRange(0, 4))};
  return DexRegisterLocation::None();
}

// A few of the bits in [first, first + count), each with probability 1/2.
uint32_t RandomSubsetOfBits(Prng& prng, uint32_t first, uint32_t count) {
  uint32_t mask = 0;
  for (uint32_t bit = first; bit < first + count; ++bit) {
    if (prng.Chance(1, 2)) mask |= 1u << bit;
  }
  return mask;
}

// A level of an inline chain as the generator tracks it while the chain stays in place.
struct InlineState {
  InlineLevel level;
  std::vector<DexRegisterLocation> registers;
};

// A method with `num_stack_maps` maps (the last few of them Catch maps), `num_dex_registers`
// registers and inline chains up to `max_inline_depth` deep, all drawn from `seed`.
GeneratedMethod GenerateMethod(uint32_t num_stack_maps, uint32_t num_dex_registers,
                               uint32_t max_inline_depth, uint64_t seed) {
  Prng prng(seed);
  GeneratedMethod method;
  method.isa = prng.Chance(1, 2) ? InstructionSet::kArm64 : InstructionSet::kX86_64;
  const InstructionSet isa = method.isa;
  const uint32_t alignment = InstructionAlignment(isa);

  // Spill slots for the dex registers plus a few for temporaries and callee saves.
  const uint32_t frame_slots = num_dex_registers + prng.InRange(4, 16);
  const uint32_t frame_size =
      (frame_slots * kFrameSlotSize + kStackAlignment - 1) / kStackAlignment * kStackAlignment;
  method.params.frame_size_in_bytes = frame_size;
  if (isa == InstructionSet::kArm64) {
    method.params.core_spill_mask = (1u << 30) | RandomSubsetOfBits(prng, 19, 10);  // lr, x19-x28
    method.params.fp_spill_mask = RandomSubsetOfBits(prng, 8, 8);                   // d8-d15
  } else {
    // The return address (pseudo register 16), then rbx, rbp and r12-r15.
    method.params.core_spill_mask = (1u << 16) | RandomSubsetOfBits(prng, 3, 1) |
                                    RandomSubsetOfBits(prng, 5, 1) |
                                    RandomSubsetOfBits(prng, 12, 4);
    method.params.fp_spill_mask = RandomSubsetOfBits(prng, 12, 4);  // xmm12-xmm15
  }
  method.params.num_dex_registers = num_dex_registers;
  method.params.has_should_deoptimize_flag = prng.Chance(1, 4);

  // The inlined methods this method calls into, as the JIT names them: mostly boot image
  // ArtMethods below 4 GiB, some from the 64-bit heap.
  std::vector<ArtMethodPointer> callees(16);
  for (ArtMethodPointer& callee : callees) {
    callee.value = prng.Chance(3, 4) ? 0x70000000ull + 8ull * prng.Below(1u << 24)
                                     : 0x7A0000000000ull + 8ull * prng.Below(1u << 28);
  }
  const auto new_chain = [&](std::vector<InlineState>& levels, bool catch_handler) {
    const uint32_t depth =
        max_inline_depth == 0 || prng.Chance(1, 2) ? 0 : prng.InRange(1, max_inline_depth);
    levels.assign(depth, InlineState{});
    for (InlineState& state : levels) {
      state.level.method = callees[prng.Below(static_cast<uint32_t>(callees.size()))];
      state.level.dex_pc = prng.Below(64);
      state.level.num_dex_registers = prng.InRange(1, 6);
      state.registers.resize(state.level.num_dex_registers);
      for (DexRegisterLocation& location : state.registers) {
        location = catch_handler ? RandomCatchLocation(prng, frame_size)
                                 : RandomLocation(prng, isa, frame_size);
      }
    }
  };
  const auto record = [&](StackMapParams params, const std::vector<DexRegisterLocation>& outer,
                          const std::vector<InlineState>& chain) {
    StackMapCalls calls;
    calls.params = std::move(params);
    calls.registers = outer;
    for (const InlineState& state : chain) {
      calls.inline_levels.push_back(state.level);
      calls.registers.insert(calls.registers.end(), state.registers.begin(), state.registers.end());
    }
    method.max_registers_per_map =
        std::max(method.max_registers_per_map, static_cast<uint32_t>(calls.registers.size()));
    method.stack_maps.push_back(std::move(calls));
  };

  const uint32_t num_catch_maps = std::min(num_stack_maps / 8, 2 + num_stack_maps / 250);
  const uint32_t num_pc_maps = num_stack_maps - num_catch_maps;

  std::vector<DexRegisterLocation> outer(num_dex_registers);
  for (DexRegisterLocation& location : outer) location = RandomLocation(prng, isa, frame_size);
  std::vector<InlineState> chain;
  uint32_t chain_maps_left = 0;  // maps before the compiler leaves the current inlined code
  uint32_t native_pc = alignment * prng.InRange(4, 16);  // after the prologue
  uint32_t dex_pc = 0;
  for (uint32_t i = 0; i < num_pc_maps; ++i) {
    if (i != 0) native_pc += std::max(prng.InRange(4, 40) / alignment, 1u) * alignment;
    // 10-20% of the registers change between two safepoints, in every level.
    const uint32_t change_percent = prng.InRange(10, 20);
    const auto mutate = [&](std::vector<DexRegisterLocation>& registers) {
      for (DexRegisterLocation& location : registers) {
        if (prng.Chance(change_percent, 100)) location = RandomLocation(prng, isa, frame_size);
      }
    };
    mutate(outer);
    if (chain_maps_left == 0) {
      new_chain(chain, /*catch_handler=*/false);
      chain_maps_left = prng.InRange(1, 8);
      // Code order mostly follows bytecode order; loops and moved blocks jump back.
      if (prng.Chance(1, 20)) {
        dex_pc -= prng.Below(std::min(dex_pc, 50u) + 1);
      } else {
        dex_pc += prng.InRange(1, 5);
      }
    } else if (!chain.empty()) {
      // Still in the same inlined code: the outer dex pc stays the call site's.
      chain.back().level.dex_pc += prng.InRange(1, 4);
      for (InlineState& state : chain) mutate(state.registers);
    } else {
      dex_pc += prng.InRange(1, 5);
    }
    --chain_maps_left;

    StackMapParams params;
    params.dex_pc = dex_pc;
    params.native_pc_offset = native_pc;
    // Live references in callee-save registers: a few low bits, often none.
    for (uint32_t bits = prng.Below(4); bits > 0; --bits) {
      params.register_mask |= 1u << prng.Below(8);
    }
    if (prng.Chance(1, 8)) {
      for (uint32_t bits = prng.InRange(1, 4); bits > 0; --bits) {
        params.stack_mask.SetBit(prng.Below(frame_size / kFrameSlotSize));
      }
    }
    if (chain.empty() && prng.Chance(3, 100)) {
      params.kind = StackMapKind::kOsr;  // a loop header's suspend check
    } else if (prng.Chance(3, 100)) {
      params.kind = StackMapKind::kDebug;
    }
    record(std::move(params), outer, chain);
  }
  method.code_size = native_pc + alignment * prng.InRange(4, 64);  // epilogue and slow paths

  // Catch handlers come last, at their blocks' pcs in any order; each names a distinct dex pc so
  // GetCatchStackMapForDexPc finds it.
  std::vector<uint32_t> catch_dex_pcs_used;
  for (uint32_t i = 0; i < num_catch_maps; ++i) {
    StackMapParams params;
    params.kind = StackMapKind::kCatch;
    params.native_pc_offset = alignment * prng.Below(method.code_size / alignment);
    do {
      params.dex_pc = prng.Below(dex_pc + 64);
    } while (std::find(catch_dex_pcs_used.begin(), catch_dex_pcs_used.end(), params.dex_pc) !=
             catch_dex_pcs_used.end());
    catch_dex_pcs_used.push_back(params.dex_pc);
    std::vector<DexRegisterLocation> catch_outer(num_dex_registers);
    for (DexRegisterLocation& location : catch_outer) {
      location = RandomCatchLocation(prng, frame_size);
    }
    std::vector<InlineState> catch_chain;
    new_chain(catch_chain, /*catch_handler=*/true);
    params.catch_dex_pcs.push_back(params.dex_pc);
    for (const InlineState& state : catch_chain) params.catch_dex_pcs.push_back(state.level.dex_pc);
    record(std::move(params), catch_outer, catch_chain);
  }
  return method;
}

// Replays `method` on a StackMapStream and encodes it.
absl::StatusOr<std::vector<uint8_t>> EncodeMethod(const GeneratedMethod& method,
                                                  VerifyMode verify) {
  StackMapStream stream(method.isa, verify);
  FP_RETURN_IF_ERROR(stream.BeginMethod(method.params));
  for (const StackMapCalls& calls : method.stack_maps) {
    FP_RETURN_IF_ERROR(stream.BeginStackMapEntry(calls.params));
    const DexRegisterLocation* next = calls.registers.data();
    for (uint32_t r = 0; r < method.params.num_dex_registers; ++r, ++next) {
      FP_RETURN_IF_ERROR(stream.AddDexRegisterEntry(next->kind, next->value));
    }
    for (const InlineLevel& level : calls.inline_levels) {
      FP_RETURN_IF_ERROR(
          stream.BeginInlineInfoEntry(level.method, level.dex_pc, level.num_dex_registers));
      for (uint32_t r = 0; r < level.num_dex_registers; ++r, ++next) {
        FP_RETURN_IF_ERROR(stream.AddDexRegisterEntry(next->kind, next->value));
      }
      FP_RETURN_IF_ERROR(stream.EndInlineInfoEntry());
    }
    FP_RETURN_IF_ERROR(stream.EndStackMapEntry());
  }
  FP_RETURN_IF_ERROR(stream.EndMethod(method.code_size));
  return stream.Encode();
}

// One benchmark shape, generated and checked once.
struct Fixture {
  absl::Status status;  // not OK: the shape is unusable, and why
  GeneratedMethod method;
  std::vector<uint8_t> bytes;
  CodeInfo info;  // decoded from `bytes`
};

// The fixture for the state's (stack maps, dex registers, max inline depth); skips the benchmark
// and returns null when the generated method does not encode and verify.
const Fixture* GetFixture(benchmark::State& state) {
  using Shape = std::tuple<int64_t, int64_t, int64_t>;
  static auto* fixtures = new std::map<Shape, Fixture>();
  const auto [it, inserted] =
      fixtures->try_emplace(Shape{state.range(0), state.range(1), state.range(2)});
  Fixture& fixture = it->second;
  if (inserted) {
    fixture.method =
        GenerateMethod(static_cast<uint32_t>(state.range(0)), static_cast<uint32_t>(state.range(1)),
                       static_cast<uint32_t>(state.range(2)), kSeed);
    absl::StatusOr<std::vector<uint8_t>> bytes = EncodeMethod(fixture.method, VerifyMode::kOn);
    if (bytes.ok()) {
      fixture.bytes = *std::move(bytes);
      absl::StatusOr<CodeInfo> info = CodeInfo::Decode(fixture.bytes);
      if (info.ok()) {
        fixture.info = *info;
      } else {
        fixture.status = info.status();
      }
    } else {
      fixture.status = bytes.status();
    }
  }
  if (!fixture.status.ok()) {
    state.SkipWithError(absl::StrCat("generated method: ", fixture.status.ToString()).c_str());
    return nullptr;
  }
  return &fixture;
}

void Shapes(benchmark::internal::Benchmark* benchmark) {
  benchmark->ArgNames({"maps", "regs", "depth"})
      ->ArgsProduct({{10, 100, 1000}, {16, 64, 256}, {0, 3}})
      ->MinTime(0.05);
}

void BM_Encode(benchmark::State& state) {
  const Fixture* fixture = GetFixture(state);
  if (fixture == nullptr) return;
  for (auto _ : state) {
    absl::StatusOr<std::vector<uint8_t>> bytes = EncodeMethod(fixture->method, VerifyMode::kOff);
    if (!bytes.ok()) {
      state.SkipWithError(std::string(bytes.status().message()).c_str());
      break;
    }
    benchmark::DoNotOptimize(bytes->data());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * fixture->bytes.size()));
  state.SetItemsProcessed(
      static_cast<int64_t>(state.iterations() * fixture->method.stack_maps.size()));
  state.counters["encoded_bytes"] = static_cast<double>(fixture->bytes.size());
  state.SetLabel(std::string(InstructionSetName(fixture->method.isa)));
}
BENCHMARK(BM_Encode)->Apply(Shapes);

void BM_ValidatingDecode(benchmark::State& state) {
  const Fixture* fixture = GetFixture(state);
  if (fixture == nullptr) return;
  const absl::Span<const uint8_t> bytes = fixture->bytes;
  for (auto _ : state) {
    absl::StatusOr<CodeInfo> info = CodeInfo::Decode(bytes);
    benchmark::DoNotOptimize(info);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes.size()));
  state.SetItemsProcessed(
      static_cast<int64_t>(state.iterations() * fixture->method.stack_maps.size()));
}
BENCHMARK(BM_ValidatingDecode)->Apply(Shapes);

void BM_FastDecode(benchmark::State& state) {
  const Fixture* fixture = GetFixture(state);
  if (fixture == nullptr) return;
  const absl::Span<const uint8_t> bytes = fixture->bytes;
  for (auto _ : state) {
    CodeInfo info = CodeInfo::DecodeTrusted(bytes);
    benchmark::DoNotOptimize(info);
  }
  // No bytes/s or items/s: the trusted decode reads the header and table headers, not the rows.
}
BENCHMARK(BM_FastDecode)->Apply(Shapes);

void BM_StackMapByNativePc(benchmark::State& state) {
  const Fixture* fixture = GetFixture(state);
  if (fixture == nullptr) return;
  const CodeInfo& info = fixture->info;
  const InstructionSet isa = fixture->method.isa;
  // The pcs of every map a pc lookup can find, in a fixed shuffled order, as a stack walk would
  // ask for them.
  std::vector<uint32_t> pcs;
  for (const StackMapCalls& calls : fixture->method.stack_maps) {
    if (calls.params.kind == StackMapKind::kDefault || calls.params.kind == StackMapKind::kOsr) {
      pcs.push_back(calls.params.native_pc_offset);
    }
  }
  if (pcs.empty()) {
    state.SkipWithError("the generated method has no Default or OSR maps");
    return;
  }
  Prng prng(kSeed);
  for (size_t i = pcs.size() - 1; i > 0; --i) {
    std::swap(pcs[i], pcs[prng.Below(static_cast<uint32_t>(i + 1))]);
  }
  size_t next = 0;
  for (auto _ : state) {
    StackMap map = info.GetStackMapForNativePcOffset(pcs[next], isa);
    benchmark::DoNotOptimize(map);
    if (++next == pcs.size()) next = 0;
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}
BENCHMARK(BM_StackMapByNativePc)->Apply(Shapes);

// One iteration decodes every level's registers of one stack map, the maps taken in turn.
void BM_DexRegisterMapDecode(benchmark::State& state) {
  const Fixture* fixture = GetFixture(state);
  if (fixture == nullptr) return;
  const CodeInfo& info = fixture->info;
  const uint32_t rows = info.GetNumberOfStackMaps();
  uint32_t row = 0;
  for (auto _ : state) {
    const StackMap map = info.GetStackMapAt(row);
    DexRegisterMap outer = info.GetDexRegisterMapOf(map);
    benchmark::DoNotOptimize(outer.data());
    const InlineInfoRange chain = info.GetInlineInfosOf(map);
    for (uint32_t depth = 0; depth < chain.size(); ++depth) {
      DexRegisterMap inlined = info.GetInlineDexRegisterMapOf(map, chain[depth]);
      benchmark::DoNotOptimize(inlined.data());
    }
    if (++row == rows) row = 0;
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}
BENCHMARK(BM_DexRegisterMapDecode)->Apply(Shapes);

// Resolves every level of the map at `row` into consecutive slices of `out`; returns how many
// registers it wrote.
size_t DecodeAllLevels(const CodeInfo& info, uint32_t row, absl::Span<DexRegisterLocation> out) {
  const StackMap map = info.GetStackMapAt(row);
  if (!map.HasDexRegisterMap()) return 0;
  uint32_t first = info.number_of_dex_registers();
  info.DecodeDexRegisterMap(row, 0, out.subspan(0, first));
  const InlineInfoRange chain = info.GetInlineInfosOf(map);
  for (uint32_t depth = 0; depth < chain.size(); ++depth) {
    const uint32_t end = chain[depth].GetNumberOfDexRegisters();  // cumulative
    info.DecodeDexRegisterMap(row, first, out.subspan(first, end - first));
    first = end;
  }
  return first;
}

// BM_DexRegisterMapDecode's work through the allocation-free DecodeDexRegisterMap.
void BM_DexRegisterMapDecodeIntoSpan(benchmark::State& state) {
  const Fixture* fixture = GetFixture(state);
  if (fixture == nullptr) return;
  const CodeInfo& info = fixture->info;
  const uint32_t rows = info.GetNumberOfStackMaps();
  std::vector<DexRegisterLocation> buffer(fixture->method.max_registers_per_map);
  const absl::Span<DexRegisterLocation> out = absl::MakeSpan(buffer);
  // The slices must hold what the stream was given (which its verify mode already matched
  // against the allocating queries).
  for (uint32_t r = 0; r < rows; ++r) {
    const size_t count = DecodeAllLevels(info, r, out);
    const std::vector<DexRegisterLocation>& expected = fixture->method.stack_maps[r].registers;
    if (count != expected.size() || !std::equal(expected.begin(), expected.end(), buffer.begin())) {
      state.SkipWithError(absl::StrCat("stack map ", r, " decodes differently").c_str());
      return;
    }
  }
  uint32_t row = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(DecodeAllLevels(info, row, out));
    benchmark::DoNotOptimize(buffer.data());
    if (++row == rows) row = 0;
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}
BENCHMARK(BM_DexRegisterMapDecodeIntoSpan)->Apply(Shapes);

}  // namespace
}  // namespace frameproof
