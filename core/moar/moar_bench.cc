// Read, validate and write throughput on Debian's largest nqp unit (MASTOps.moarvm, 982 KB), and
// on the smallest (ModuleLoader.moarvm, 19 KB). Bytes per second count the file's bytes.

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "benchmark/benchmark.h"
#include "core/moar/bytecode_reader.h"
#include "core/moar/bytecode_writer.h"

namespace frameproof::moar {
namespace {

const std::vector<uint8_t>& UnitBytes(const std::string& name) {
  static auto* cache = new std::vector<std::pair<std::string, std::vector<uint8_t>>>;
  for (const auto& [cached, bytes] : *cache) {
    if (cached == name) return bytes;
  }
  std::ifstream in(absl::StrCat(FRAMEPROOF_NQP_LIB_DIR, "/", name, ".moarvm"), std::ios::binary);
  cache->emplace_back(name, std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {}));
  return cache->back().second;
}

const char* UnitName(const benchmark::State& state) {
  return state.range(0) == 0 ? "ModuleLoader" : "MASTOps";
}

// Everything but the frames' bytecode.
void BM_ReadStructure(benchmark::State& state) {
  const std::vector<uint8_t>& bytes = UnitBytes(UnitName(state));
  for (auto _ : state) {
    absl::StatusOr<CompilationUnit> unit = ReadCompilationUnitStructure(bytes);
    if (!unit.ok()) state.SkipWithError("the unit does not read");
    benchmark::DoNotOptimize(unit);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes.size()));
}
BENCHMARK(BM_ReadStructure)->Arg(0)->Arg(1);

// The whole check, every instruction of every frame included.
void BM_ReadAndValidate(benchmark::State& state) {
  const std::vector<uint8_t>& bytes = UnitBytes(UnitName(state));
  for (auto _ : state) {
    absl::StatusOr<CompilationUnit> unit = ReadCompilationUnit(bytes);
    if (!unit.ok()) state.SkipWithError("the unit does not read");
    benchmark::DoNotOptimize(unit);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes.size()));
}
BENCHMARK(BM_ReadAndValidate)->Arg(0)->Arg(1);

void BM_Write(benchmark::State& state) {
  const std::vector<uint8_t>& bytes = UnitBytes(UnitName(state));
  const CompilationUnit unit = *ReadCompilationUnit(bytes);
  for (auto _ : state) {
    std::vector<uint8_t> written = WriteCompilationUnit(unit);
    benchmark::DoNotOptimize(written);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes.size()));
}
BENCHMARK(BM_Write)->Arg(0)->Arg(1);

}  // namespace
}  // namespace frameproof::moar
