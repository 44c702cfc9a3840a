// decode_code_info: what a runtime does with an ART CodeInfo it did not write itself, through an
// installed frameproof. It opens the bytes with the untrusted path (UntrustedCodeInfo: header and
// table headers checked up front, every index checked as a query follows it), then walks every
// stack map, its register maps and its inline chain, printing each in the layout of the stack-map
// lines of `frameproof dump`.
//
//   decode_code_info FILE [--isa arm|arm64|riscv64|x86|x86_64] [--offset N]
//
// Exit status: 0, 1 if the bytes are not a valid CodeInfo (the error names the table, row, column
// and bit offset), 2 for a usage error.

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "core/art/untrusted_code_info.h"
#include "core/base/instruction_set.h"
#include "core/base/version.h"

namespace {

constexpr int kExitOk = 0;
constexpr int kExitInvalidInput = 1;
constexpr int kExitUsage = 2;

using frameproof::BitMemoryRegion;
using frameproof::DexRegisterMap;
using frameproof::InlineInfo;
using frameproof::InlineInfoRange;
using frameproof::InstructionSet;
using frameproof::StackMap;
using frameproof::UntrustedCodeInfo;

// " v0:InStack[8] v3:..." for the live registers, or " (none live)".
std::string LiveRegisters(const DexRegisterMap& map) {
  std::string text;
  for (size_t i = 0; i < map.size(); ++i) {
    if (!map[i].IsLive()) continue;
    text += " v" + std::to_string(i) + ":" + frameproof::ToString(map[i]);
  }
  return text.empty() ? " (none live)" : text;
}

// The stack mask most significant bit first, as oatdump prints it; "none" without one.
std::string StackMaskBits(const BitMemoryRegion& mask) {
  if (!mask.IsValid()) return "none";
  std::string bits = "0b";
  for (size_t bit = mask.size_in_bits(); bit > 0; --bit) bits += mask.LoadBit(bit - 1) ? '1' : '0';
  return mask.size_in_bits() == 0 ? "0b0" : bits;
}

absl::Status PrintInlineChain(const UntrustedCodeInfo& info, const StackMap& map,
                              const InlineInfoRange& chain) {
  for (uint32_t depth = 0; depth < chain.size(); ++depth) {
    const InlineInfo level = chain[depth];
    std::printf("    InlineInfo[%u] depth=%u dex_pc=0x%x", level.Row(), depth, level.GetDexPc());
    if (level.EncodesArtMethod()) {
      std::printf(" art_method=0x%" PRIx64 "\n", level.GetArtMethod());
    } else {
      absl::StatusOr<frameproof::MethodInfo> method = info.GetMethodInfoOf(level);
      if (!method.ok()) return method.status();
      std::printf(" method_index=%u dex_file=%d:%d\n", method->GetMethodIndex(),
                  static_cast<int32_t>(method->GetDexFileIndexKind()),
                  static_cast<int32_t>(method->GetDexFileIndex()));
    }
    if (map.HasDexRegisterMap()) {
      absl::StatusOr<DexRegisterMap> registers = info.GetInlineDexRegisterMapOf(map, level);
      if (!registers.ok()) return registers.status();
      std::printf("      registers:%s\n", LiveRegisters(*registers).c_str());
    }
  }
  return absl::OkStatus();
}

absl::Status PrintStackMaps(const UntrustedCodeInfo& info, InstructionSet isa) {
  for (uint32_t row = 0; row < info.GetNumberOfStackMaps(); ++row) {
    absl::StatusOr<StackMap> map = info.GetStackMapAt(row);
    if (!map.ok()) return map.status();
    absl::StatusOr<uint32_t> register_mask = info.GetRegisterMaskOf(*map);
    if (!register_mask.ok()) return register_mask.status();
    absl::StatusOr<BitMemoryRegion> stack_mask = info.GetStackMaskOf(*map);
    if (!stack_mask.ok()) return stack_mask.status();
    // Compilers never write a pc past the code; hostile bytes can, and the pc then wraps.
    const bool pc_in_code = map->IsNativePcInCode(isa, info.header().code_size);
    std::printf("  StackMap[%u] %s native_pc=0x%x%s dex_pc=0x%x register_mask=0x%x stack_mask=%s\n",
                row, std::string(frameproof::StackMapKindName(map->kind())).c_str(),
                map->GetNativePcOffset(isa), pc_in_code ? "" : " (past the code)", map->GetDexPc(),
                *register_mask, StackMaskBits(*stack_mask).c_str());
    if (map->HasDexRegisterMap()) {
      absl::StatusOr<DexRegisterMap> registers = info.GetDexRegisterMapOf(*map);
      if (!registers.ok()) return registers.status();
      std::printf("    registers:%s\n", LiveRegisters(*registers).c_str());
    }
    absl::StatusOr<InlineInfoRange> chain = info.GetInlineInfosOf(*map);
    if (!chain.ok()) return chain.status();
    if (absl::Status status = PrintInlineChain(info, *map, *chain); !status.ok()) return status;
  }
  return absl::OkStatus();
}

int Usage(const char* message) {
  std::fprintf(stderr,
               "decode_code_info: %s\n"
               "usage: decode_code_info FILE [--isa arm|arm64|riscv64|x86|x86_64] [--offset N]\n",
               message);
  return kExitUsage;
}

}  // namespace

int main(int argc, char** argv) {
  std::string path;
  InstructionSet isa = frameproof::NativeInstructionSet();
  size_t offset = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--version") {
      std::printf("decode_code_info, built against frameproof %s\n", frameproof::kVersion);
      return kExitOk;
    }
    if ((arg == "--isa" || arg == "--offset") && i + 1 == argc) return Usage("missing value");
    if (arg == "--isa") {
      std::optional<InstructionSet> parsed = frameproof::ParseInstructionSet(argv[++i]);
      if (!parsed) return Usage("unknown --isa");
      isa = *parsed;
    } else if (arg == "--offset") {
      char* end = nullptr;
      offset = std::strtoull(argv[++i], &end, 0);
      if (*end != '\0') return Usage("--offset takes a number");
    } else if (path.empty() && !arg.starts_with("-")) {
      path = arg;
    } else {
      return Usage(("unexpected argument '" + arg + "'").c_str());
    }
  }
  if (path.empty()) return Usage("no FILE");

  std::ifstream file(path, std::ios::binary);
  if (!file) return Usage(("cannot read '" + path + "'").c_str());
  const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(file)),
                                   std::istreambuf_iterator<char>());

  // Open reads only the header and the table headers; nothing here trusts the bytes.
  absl::StatusOr<UntrustedCodeInfo> info = UntrustedCodeInfo::Open(bytes, offset);
  absl::Status status = info.status();
  if (status.ok()) {
    std::printf("CodeInfo at byte %zu of %s: %u stack maps, isa %s\n", offset, path.c_str(),
                info->GetNumberOfStackMaps(),
                std::string(frameproof::InstructionSetName(isa)).c_str());
    status = PrintStackMaps(*info, isa);
  }
  if (!status.ok()) {
    std::fflush(stdout);
    std::fprintf(stderr, "decode_code_info: %s: %s\n", path.c_str(), status.ToString().c_str());
    return kExitInvalidInput;
  }
  return kExitOk;
}
