// Ark CodeInfo encode, open, validate and query speed on methods shaped like Ark's codegen output.
//
// GenerateMethod() draws a method from a fixed seed: the calls Ark's Codegen makes on a
// CodeInfoBuilder (native pcs in order, roots register masks and occasional stack masks, vregs
// that mostly persist from map to map, constants, inline chains named by Method*). It records the
// calls, so BM_ArkEncode times the builder alone. Each benchmark runs over
// (stack maps) x (vregs) x (max inline depth); each shape is generated and encoded once.

#include <cstddef>
#include <cstdint>
#include <map>
#include <tuple>
#include <vector>

#include "benchmark/benchmark.h"
#include "core/ark/code_info.h"
#include "core/ark/code_info_builder.h"
#include "core/base/prng.h"

namespace frameproof::ark {
namespace {

constexpr uint64_t kSeed = 0xA4C0DE;
constexpr uint32_t kFrameSize = 1024;
constexpr uint32_t kStackMaskBytes = 16;
// Inlined methods are named by Method*; these look like heap addresses.
constexpr uint64_t kMethodBase = 0x7000'0000'0000;

struct VRegCall {
  VRegInfo vreg;
  bool is_constant = false;
  uint64_t constant = 0;
};

struct InlineCall {
  uint64_t method = 0;
  uint32_t bytecode_pc = 0;
  std::vector<VRegCall> vregs;
};

struct MapCalls {
  uint32_t bytecode_pc = 0;
  uint32_t native_pc = 0;
  uint32_t roots_regs_mask = 0;
  std::vector<uint8_t> roots_stack_mask;  // empty: none
  std::vector<VRegCall> vregs;
  std::vector<InlineCall> inline_levels;
};

struct GeneratedMethod {
  uint32_t vregs_count = 0;
  std::vector<MapCalls> maps;
};

VRegCall RandomVReg(Prng& prng) {
  VRegCall call;
  const uint32_t bucket = prng.Below(100);
  if (bucket < 15) return call;  // dead
  if (bucket < 30) {
    call.is_constant = true;
    call.constant = prng.Chance(1, 2) ? prng.Below(16) : prng.Next();
    call.vreg.type = VRegInfo::Type::kInt64;
    return call;
  }
  call.vreg.type = static_cast<VRegInfo::Type>(prng.Below(8));
  if (bucket < 65) {
    call.vreg.location = VRegInfo::Location::kSlot;
    call.vreg.value = 61 + prng.Below(64);
  } else if (bucket < 90) {
    call.vreg.location = VRegInfo::Location::kRegister;
    call.vreg.value = 19 + prng.Below(9);
  } else {
    call.vreg.location = VRegInfo::Location::kFpRegister;
    call.vreg.value = 8 + prng.Below(8);
  }
  return call;
}

GeneratedMethod GenerateMethod(uint32_t maps, uint32_t vregs, uint32_t max_depth) {
  Prng prng(kSeed ^ (uint64_t{maps} << 32) ^ (vregs << 8) ^ max_depth);
  GeneratedMethod method;
  method.vregs_count = vregs;
  std::vector<VRegCall> current(vregs);
  for (VRegCall& vreg : current) vreg = RandomVReg(prng);
  uint32_t native_pc = 0;
  for (uint32_t i = 0; i < maps; ++i) {
    MapCalls map;
    native_pc += 4 * (1 + prng.Below(16));
    map.native_pc = native_pc;
    map.bytecode_pc = prng.Below(4096);
    map.roots_regs_mask = prng.Chance(1, 2) ? 1u << (19 + prng.Below(9)) : 0;
    if (prng.Chance(1, 4)) {
      map.roots_stack_mask.assign(kStackMaskBytes, 0);
      map.roots_stack_mask[prng.Below(kStackMaskBytes)] = static_cast<uint8_t>(1 + prng.Below(255));
    }
    for (VRegCall& vreg : current) {
      if (prng.Chance(1, 10)) vreg = RandomVReg(prng);
    }
    map.vregs = current;
    const uint32_t depth = max_depth == 0 ? 0 : prng.Below(max_depth + 1);
    for (uint32_t d = 0; d < depth; ++d) {
      InlineCall level;
      level.method = kMethodBase + 8 * uint64_t{prng.Below(1 << 20)};
      level.bytecode_pc = prng.Below(512);
      for (uint32_t v = prng.Below(8); v > 0; --v) level.vregs.push_back(RandomVReg(prng));
      map.inline_levels.push_back(std::move(level));
    }
    method.maps.push_back(std::move(map));
  }
  return method;
}

void AddVRegs(CodeInfoBuilder& builder, const std::vector<VRegCall>& vregs) {
  for (const VRegCall& call : vregs) {
    const absl::Status status =
        call.is_constant ? builder.AddConstant(call.constant, call.vreg.type, call.vreg.vreg_type)
                         : builder.AddVReg(call.vreg);
    if (!status.ok()) std::abort();
  }
}

std::vector<uint8_t> Encode(const GeneratedMethod& method, const IsaLayout& isa) {
  CodeInfoBuilder builder(isa);
  if (!builder.BeginMethod(kFrameSize, method.vregs_count).ok()) std::abort();
  for (const MapCalls& map : method.maps) {
    SaveState save_state;
    save_state.roots_regs_mask = map.roots_regs_mask;
    if (!map.roots_stack_mask.empty()) {
      save_state.roots_stack_mask =
          BitMemoryRegion(map.roots_stack_mask.data(), 0, 8 * map.roots_stack_mask.size());
    }
    if (!builder.BeginStackMap(map.bytecode_pc, map.native_pc, save_state, true).ok()) std::abort();
    AddVRegs(builder, map.vregs);
    for (const InlineCall& level : map.inline_levels) {
      if (!builder
               .BeginInlineInfo(level.method, 1, level.bytecode_pc,
                                static_cast<uint32_t>(level.vregs.size()), 0)
               .ok()) {
        std::abort();
      }
      AddVRegs(builder, level.vregs);
      if (!builder.EndInlineInfo().ok()) std::abort();
    }
    if (!builder.EndStackMap().ok()) std::abort();
  }
  return *builder.Encode();
}

struct Shape {
  GeneratedMethod method;
  std::vector<uint8_t> bytes;
};

const Shape& ShapeFor(const benchmark::State& state) {
  static std::map<std::tuple<int64_t, int64_t, int64_t>, Shape> shapes;
  const auto key = std::make_tuple(state.range(0), state.range(1), state.range(2));
  auto [it, added] = shapes.try_emplace(key);
  if (added) {
    it->second.method =
        GenerateMethod(static_cast<uint32_t>(state.range(0)), static_cast<uint32_t>(state.range(1)),
                       static_cast<uint32_t>(state.range(2)));
    it->second.bytes = Encode(it->second.method, *LayoutFor(InstructionSet::kArm64));
  }
  return it->second;
}

void Shapes(benchmark::internal::Benchmark* benchmark) {
  benchmark->ArgNames({"maps", "vregs", "depth"});
  benchmark->Args({10, 16, 0})->Args({100, 64, 3})->Args({200, 256, 3})->Args({1000, 256, 3});
}

void BM_ArkEncode(benchmark::State& state) {
  const Shape& shape = ShapeFor(state);
  const IsaLayout isa = *LayoutFor(InstructionSet::kArm64);
  for (auto _ : state) benchmark::DoNotOptimize(Encode(shape.method, isa));
  state.counters["bytes"] = static_cast<double>(shape.bytes.size());
}
BENCHMARK(BM_ArkEncode)->Apply(Shapes);

// Opening: the header and the table headers, nothing else.
void BM_ArkDecode(benchmark::State& state) {
  const Shape& shape = ShapeFor(state);
  const IsaLayout isa = *LayoutFor(InstructionSet::kArm64);
  for (auto _ : state) benchmark::DoNotOptimize(CodeInfo::Decode(shape.bytes, isa));
}
BENCHMARK(BM_ArkDecode)->Apply(Shapes);

// Opening and checking every row: what a tool pays to see every error up front.
void BM_ArkDecodeAndValidate(benchmark::State& state) {
  const Shape& shape = ShapeFor(state);
  const IsaLayout isa = *LayoutFor(InstructionSet::kArm64);
  for (auto _ : state) {
    absl::StatusOr<CodeInfo> info = CodeInfo::Decode(shape.bytes, isa);
    benchmark::DoNotOptimize(info->Validate());
  }
}
BENCHMARK(BM_ArkDecodeAndValidate)->Apply(Shapes);

// One lookup per iteration, cycling over every map's pc.
void BM_ArkFindStackMapForNativePc(benchmark::State& state) {
  const Shape& shape = ShapeFor(state);
  const CodeInfo info = *CodeInfo::Decode(shape.bytes, *LayoutFor(InstructionSet::kArm64));
  size_t next = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(info.FindStackMapForNativePc(shape.method.maps[next].native_pc));
    next = next + 1 == shape.method.maps.size() ? 0 : next + 1;
  }
}
BENCHMARK(BM_ArkFindStackMapForNativePc)->Apply(Shapes);

// The vregs of one map's every frame per iteration (outer and each inline level), cycling over
// the maps, into a caller-owned list as a stack walker would.
void BM_ArkVRegLists(benchmark::State& state) {
  const Shape& shape = ShapeFor(state);
  const CodeInfo info = *CodeInfo::Decode(shape.bytes, *LayoutFor(InstructionSet::kArm64));
  std::vector<VRegInfo> out(shape.method.vregs_count + 64);
  uint32_t row = 0;
  for (auto _ : state) {
    const StackMap map = info.GetStackMap(row);
    benchmark::DoNotOptimize(
        info.DecodeVRegs(map, 0, absl::MakeSpan(out).first(shape.method.vregs_count)));
    const int32_t depth = *info.GetInlineDepth(map);
    for (int32_t d = 0; d <= depth; ++d) benchmark::DoNotOptimize(info.GetInlineVRegList(map, d));
    row = row + 1 == info.GetStackMapsCount() ? 0 : row + 1;
  }
}
BENCHMARK(BM_ArkVRegLists)->Apply(Shapes);

}  // namespace
}  // namespace frameproof::ark
