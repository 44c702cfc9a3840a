// ART CodeInfo codec speed on the workloads of ../shared/reference/art-codec-speed.md, one
// benchmark per operation of its table. scripts/bench runs this binary and compares it with ART's
// figures.
//
// A workload is a list of methods, each a call log and the bytes it encodes to:
//   public-300   the 300 vectors of conformance/art/codeinfo_vectors.jsonl (ART's own methods);
//   NxRxD        one method from GenerateCompilerLikeMethod with N stack maps, R dex registers
//                and inline depth up to D (1000x256x3 is the table's large method).
// Each iteration performs one operation on the next method (or map, or pc) of the workload in
// turn, so a benchmark's time per iteration is the mean cost of one operation over the workload.
//
// FRAMEPROOF_CONFORMANCE_DIR in the environment overrides the vector folder built in.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <string>
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
#include "core/art/untrusted_code_info.h"
#include "nlohmann/json.hpp"
#include "verifiers/conformance/art_vector.h"
#include "verifiers/generators/compiler_like_method.h"
#include "verifiers/model/method_call_log.h"
#include "verifiers/util/heap_counter.h"

namespace frameproof {
namespace {

constexpr uint64_t kGeneratorSeed = 0xC0DE1F0;

struct Method {
  MethodCallLog log;
  std::vector<uint8_t> bytes;
  CodeInfo info;  // decoded from `bytes`, for the query benchmarks
  std::optional<UntrustedCodeInfo> opened;  // opened from `bytes`, for the checked queries
};

struct Workload {
  std::string name;
  absl::Status status;  // not OK: the workload could not be loaded, and why
  std::vector<Method> methods;
};

absl::StatusOr<std::vector<Method>> LoadPublicVectors() {
  const char* env = std::getenv("FRAMEPROOF_CONFORMANCE_DIR");
  const std::string path =
      absl::StrCat(env != nullptr ? env : FRAMEPROOF_CONFORMANCE_DIR, "/art/codeinfo_vectors.jsonl");
  std::ifstream in(path);
  if (!in) return absl::NotFoundError(absl::StrCat("cannot read ", path));
  std::vector<Method> methods;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty()) continue;
    const nlohmann::json json = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (json.is_discarded()) {
      return absl::InvalidArgumentError(absl::StrCat(path, ":", number, ": not JSON"));
    }
    absl::StatusOr<ArtCodeInfoVector> vector = ParseArtCodeInfoVector(json);
    if (!vector.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat(path, ":", number, ": ", vector.status().message()));
    }
    methods.push_back(Method{std::move(vector->log), std::move(vector->encoded), {}, {}});
  }
  return methods;
}

// Checks that each method's log replays to its bytes, and decodes them for the queries.
absl::Status Prepare(std::vector<Method>& methods) {
  if (methods.empty()) return absl::FailedPreconditionError("no methods");
  for (size_t i = 0; i < methods.size(); ++i) {
    Method& method = methods[i];
    absl::StatusOr<std::vector<uint8_t>> replayed = Replay(method.log, VerifyMode::kOn);
    if (!replayed.ok()) return replayed.status();
    if (method.bytes.empty()) method.bytes = *replayed;
    if (*replayed != method.bytes) {
      return absl::InternalError(absl::StrCat("method ", i, " does not replay to its bytes"));
    }
    absl::StatusOr<CodeInfo> info = CodeInfo::Decode(method.bytes);
    if (!info.ok()) return info.status();
    method.info = *info;
    absl::StatusOr<UntrustedCodeInfo> opened = UntrustedCodeInfo::Open(method.bytes);
    if (!opened.ok()) return opened.status();
    method.opened = *opened;
  }
  return absl::OkStatus();
}

Workload LoadWorkload(int64_t index) {
  static constexpr MethodShape kShapes[] = {{10, 16, 0}, {100, 64, 3}, {1000, 256, 3}};
  Workload workload;
  if (index == 0) {
    workload.name = "public-300";
    absl::StatusOr<std::vector<Method>> methods = LoadPublicVectors();
    if (!methods.ok()) {
      workload.status = methods.status();
      return workload;
    }
    workload.methods = *std::move(methods);
  } else {
    const MethodShape& shape = kShapes[index - 1];
    workload.name =
        absl::StrCat(shape.stack_maps, "x", shape.dex_registers, "x", shape.max_inline_depth);
    workload.methods.push_back(
        Method{GenerateCompilerLikeMethod(shape, kGeneratorSeed), {}, {}, {}});
  }
  workload.status = Prepare(workload.methods);
  return workload;
}
constexpr int64_t kNumWorkloads = 4;

// The workload the benchmark's argument names, loaded once; null (and the benchmark skipped)
// when it cannot be loaded.
const Workload* GetWorkload(benchmark::State& state) {
  static auto* workloads = new std::vector<Workload>(kNumWorkloads);
  static auto* loaded = new std::vector<bool>(kNumWorkloads);
  const int64_t index = state.range(0);
  if (!(*loaded)[index]) {
    (*workloads)[index] = LoadWorkload(index);
    (*loaded)[index] = true;
  }
  const Workload& workload = (*workloads)[index];
  state.SetLabel(workload.name);
  if (!workload.status.ok()) {
    state.SkipWithError(absl::StrCat(workload.name, ": ", workload.status.ToString()).c_str());
    return nullptr;
  }
  return &workload;
}

void Workloads(benchmark::internal::Benchmark* benchmark) {
  benchmark->ArgName("workload")->DenseRange(0, kNumWorkloads - 1)->MinTime(0.1);
}

// Runs `op(method)` once per iteration over the workload's methods in turn.
template <typename Op>
void PerMethod(benchmark::State& state, Op op) {
  const Workload* workload = GetWorkload(state);
  if (workload == nullptr) return;
  size_t next = 0;
  for (auto _ : state) {
    op(workload->methods[next]);
    if (++next == workload->methods.size()) next = 0;
  }
}

void BM_Decode(benchmark::State& state) {
  PerMethod(state, [](const Method& m) { benchmark::DoNotOptimize(CodeInfo::Decode(m.bytes)); });
}
BENCHMARK(BM_Decode)->Apply(Workloads);

// Opening untrusted bytes for checked queries: what a runtime pays per CodeInfo it did not write.
void BM_Open(benchmark::State& state) {
  PerMethod(state,
            [](const Method& m) { benchmark::DoNotOptimize(UntrustedCodeInfo::Open(m.bytes)); });
}
BENCHMARK(BM_Open)->Apply(Workloads);

// A GC's stack walk over untrusted bytes: only the tables up to the stack masks are opened.
void BM_OpenGcMasksOnly(benchmark::State& state) {
  PerMethod(state, [](const Method& m) {
    benchmark::DoNotOptimize(UntrustedCodeInfo::Open(m.bytes, 0, CodeInfo::Subset::kGcMasksOnly));
  });
}
BENCHMARK(BM_OpenGcMasksOnly)->Apply(Workloads);

void BM_DecodeTrusted(benchmark::State& state) {
  PerMethod(state,
            [](const Method& m) { benchmark::DoNotOptimize(CodeInfo::DecodeTrusted(m.bytes)); });
}
BENCHMARK(BM_DecodeTrusted)->Apply(Workloads);

void BM_DecodeGcMasksOnly(benchmark::State& state) {
  PerMethod(state, [](const Method& m) {
    benchmark::DoNotOptimize(CodeInfo::Decode(m.bytes, 0, CodeInfo::Subset::kGcMasksOnly));
  });
}
BENCHMARK(BM_DecodeGcMasksOnly)->Apply(Workloads);

void BM_DecodeGcMasksOnlyTrusted(benchmark::State& state) {
  PerMethod(state, [](const Method& m) {
    benchmark::DoNotOptimize(CodeInfo::DecodeTrusted(m.bytes, 0, CodeInfo::Subset::kGcMasksOnly));
  });
}
BENCHMARK(BM_DecodeGcMasksOnlyTrusted)->Apply(Workloads);

void BM_DecodeInlineInfoOnlyTrusted(benchmark::State& state) {
  PerMethod(state, [](const Method& m) {
    benchmark::DoNotOptimize(
        CodeInfo::DecodeTrusted(m.bytes, 0, CodeInfo::Subset::kInlineInfoOnly));
  });
}
BENCHMARK(BM_DecodeInlineInfoOnlyTrusted)->Apply(Workloads);

void BM_DecodeCodeSize(benchmark::State& state) {
  PerMethod(state,
            [](const Method& m) { benchmark::DoNotOptimize(CodeInfo::DecodeCodeSize(m.bytes)); });
}
BENCHMARK(BM_DecodeCodeSize)->Apply(Workloads);

void BM_DecodeFrameInfo(benchmark::State& state) {
  PerMethod(state,
            [](const Method& m) { benchmark::DoNotOptimize(CodeInfo::DecodeFrameInfo(m.bytes)); });
}
BENCHMARK(BM_DecodeFrameInfo)->Apply(Workloads);

// The header reads a stack walk makes over the runtime's own code, as ART's are: unchecked.
void BM_DecodeCodeSizeTrusted(benchmark::State& state) {
  PerMethod(state, [](const Method& m) {
    benchmark::DoNotOptimize(CodeInfo::DecodeCodeSizeTrusted(m.bytes));
  });
}
BENCHMARK(BM_DecodeCodeSizeTrusted)->Apply(Workloads);

void BM_DecodeFrameInfoTrusted(benchmark::State& state) {
  PerMethod(state, [](const Method& m) {
    benchmark::DoNotOptimize(CodeInfo::DecodeFrameInfoTrusted(m.bytes));
  });
}
BENCHMARK(BM_DecodeFrameInfoTrusted)->Apply(Workloads);

// Encode with verification off, as a compiler runs it: the stream is fed the log, then encodes.
void BM_Encode(benchmark::State& state) {
  PerMethod(state, [&state](const Method& m) {
    absl::StatusOr<std::vector<uint8_t>> bytes = Replay(m.log, VerifyMode::kOff);
    if (!bytes.ok()) state.SkipWithError(std::string(bytes.status().message()).c_str());
    benchmark::DoNotOptimize(bytes);
  });
}
BENCHMARK(BM_Encode)->Apply(Workloads);

// The heap use of `op(method)` over the workload's methods: C++ allocations per operation and
// the most bytes live at once inside one operation (its result included). Reported as counters,
// which scripts/bench prints as its heap table; the time of these runs is not a speed figure.
template <typename Op>
void PerMethodHeap(benchmark::State& state, Op op) {
  uint64_t allocations = 0;
  uint64_t peak_live_bytes = 0;
  PerMethod(state, [&](const Method& method) {
    HeapCount count;
    op(method);
    allocations += count.usage().allocations;
    peak_live_bytes = std::max(peak_live_bytes, count.usage().peak_live_bytes);
  });
  state.counters["heap_allocations"] =
      static_cast<double>(allocations) /
      static_cast<double>(std::max<benchmark::IterationCount>(state.iterations(), 1));
  state.counters["heap_peak_bytes"] = static_cast<double>(peak_live_bytes);
}

// BM_Encode's work, for its heap use: what ART's arena holds for the same method.
void BM_EncodeHeap(benchmark::State& state) {
  PerMethodHeap(state, [](const Method& m) {
    benchmark::DoNotOptimize(Replay(m.log, VerifyMode::kOff));
  });
}
BENCHMARK(BM_EncodeHeap)->Apply(Workloads);

// Every way in, validating, checked and trusted: none may allocate.
void BM_DecodeHeap(benchmark::State& state) {
  PerMethodHeap(state, [](const Method& m) {
    benchmark::DoNotOptimize(CodeInfo::Decode(m.bytes));
    benchmark::DoNotOptimize(UntrustedCodeInfo::Open(m.bytes));
    benchmark::DoNotOptimize(CodeInfo::DecodeTrusted(m.bytes));
  });
}
BENCHMARK(BM_DecodeHeap)->Apply(Workloads);

// A lookup target: a method and a pc at which a Default or OSR map sits.
struct PcLookup {
  const Method* method;
  uint32_t native_pc;
};

void BM_StackMapByNativePc(benchmark::State& state) {
  const Workload* workload = GetWorkload(state);
  if (workload == nullptr) return;
  std::vector<PcLookup> lookups;
  for (const Method& method : workload->methods) {
    const std::vector<uint32_t> pcs = FinalNativePcs(method.log);
    for (size_t i = 0; i < pcs.size(); ++i) {
      const StackMapKind kind = method.log.stack_maps[i].params.kind;
      if (kind == StackMapKind::kDefault || kind == StackMapKind::kOsr) {
        lookups.push_back({&method, pcs[i]});
      }
    }
  }
  if (lookups.empty()) {
    state.SkipWithError("the workload has no Default or OSR maps");
    return;
  }
  size_t next = 0;
  for (auto _ : state) {
    const PcLookup& lookup = lookups[next];
    benchmark::DoNotOptimize(
        lookup.method->info.GetStackMapForNativePcOffset(lookup.native_pc, lookup.method->log.isa));
    if (++next == lookups.size()) next = 0;
  }
}
BENCHMARK(BM_StackMapByNativePc)->Apply(Workloads);

// A register-map target: a method and one of its stack maps.
struct MapRef {
  const Method* method;
  uint32_t row;
};

std::vector<MapRef> EveryMap(const Workload& workload) {
  std::vector<MapRef> maps;
  for (const Method& method : workload.methods) {
    for (uint32_t row = 0; row < method.info.GetNumberOfStackMaps(); ++row) {
      maps.push_back({&method, row});
    }
  }
  return maps;
}

// The most registers one map's levels hold together, for a buffer that fits any of them.
size_t MostRegistersOfAMap(const std::vector<MapRef>& maps) {
  size_t most = 0;
  for (const MapRef& ref : maps) {
    const CodeInfo& info = ref.method->info;
    const InlineInfoRange chain = info.GetInlineInfosOf(info.GetStackMapAt(ref.row));
    most = std::max<size_t>(most, chain.empty() ? info.number_of_dex_registers()
                                                : chain.back().GetNumberOfDexRegisters());
  }
  return most;
}

// Per iteration: the outer registers and every inline level's of one map, as DexRegisterMaps.
void BM_DexRegisterMaps(benchmark::State& state) {
  const Workload* workload = GetWorkload(state);
  if (workload == nullptr) return;
  const std::vector<MapRef> maps = EveryMap(*workload);
  size_t next = 0;
  for (auto _ : state) {
    const CodeInfo& info = maps[next].method->info;
    const StackMap map = info.GetStackMapAt(maps[next].row);
    DexRegisterMap outer = info.GetDexRegisterMapOf(map);
    benchmark::DoNotOptimize(outer.data());
    const InlineInfoRange chain = info.GetInlineInfosOf(map);
    for (uint32_t depth = 0; depth < chain.size(); ++depth) {
      DexRegisterMap inlined = info.GetInlineDexRegisterMapOf(map, chain[depth]);
      benchmark::DoNotOptimize(inlined.data());
    }
    if (++next == maps.size()) next = 0;
  }
}
BENCHMARK(BM_DexRegisterMaps)->Apply(Workloads);

// BM_DexRegisterMaps's work through the allocation-free DecodeDexRegisterMap, into one buffer.
void BM_DexRegisterMapsIntoSpan(benchmark::State& state) {
  const Workload* workload = GetWorkload(state);
  if (workload == nullptr) return;
  const std::vector<MapRef> maps = EveryMap(*workload);
  std::vector<DexRegisterLocation> buffer(MostRegistersOfAMap(maps));
  size_t next = 0;
  for (auto _ : state) {
    const CodeInfo& info = maps[next].method->info;
    const uint32_t row = maps[next].row;
    const StackMap map = info.GetStackMapAt(row);
    if (map.HasDexRegisterMap()) {
      uint32_t first = info.number_of_dex_registers();
      info.DecodeDexRegisterMap(row, 0, absl::MakeSpan(buffer).first(first));
      const InlineInfoRange chain = info.GetInlineInfosOf(map);
      for (uint32_t depth = 0; depth < chain.size(); ++depth) {
        const uint32_t end = chain[depth].GetNumberOfDexRegisters();  // cumulative
        info.DecodeDexRegisterMap(row, first, absl::MakeSpan(buffer).subspan(first, end - first));
        first = end;
      }
    }
    benchmark::DoNotOptimize(buffer.data());
    if (++next == maps.size()) next = 0;
  }
}
BENCHMARK(BM_DexRegisterMapsIntoSpan)->Apply(Workloads);

// BM_DexRegisterMapsIntoSpan through UntrustedCodeInfo, checking every index the walk follows.
void BM_DexRegisterMapsChecked(benchmark::State& state) {
  const Workload* workload = GetWorkload(state);
  if (workload == nullptr) return;
  const std::vector<MapRef> maps = EveryMap(*workload);
  std::vector<DexRegisterLocation> buffer(MostRegistersOfAMap(maps));
  size_t next = 0;
  for (auto _ : state) {
    const UntrustedCodeInfo& info = *maps[next].method->opened;
    const uint32_t row = maps[next].row;
    const absl::StatusOr<StackMap> map = info.GetStackMapAt(row);
    if (map.ok() && map->HasDexRegisterMap()) {
      uint32_t first = info.header().number_of_dex_registers;
      absl::Status status = info.DecodeDexRegisterMap(row, 0, absl::MakeSpan(buffer).first(first));
      const absl::StatusOr<InlineInfoRange> chain = info.GetInlineInfosOf(*map);
      for (uint32_t depth = 0; status.ok() && chain.ok() && depth < chain->size(); ++depth) {
        const uint32_t end = (*chain)[depth].GetNumberOfDexRegisters();  // cumulative
        status = info.DecodeDexRegisterMap(row, first,
                                           absl::MakeSpan(buffer).subspan(first, end - first));
        first = end;
      }
      benchmark::DoNotOptimize(status);
    }
    benchmark::DoNotOptimize(buffer.data());
    if (++next == maps.size()) next = 0;
  }
}
BENCHMARK(BM_DexRegisterMapsChecked)->Apply(Workloads);

}  // namespace
}  // namespace frameproof
