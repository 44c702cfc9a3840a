#include "absl/strings/str_cat.h"
#include "verifiers/codec/codec_oracles.h"
#include "verifiers/dump/code_info_json.h"
#include "verifiers/dump/code_info_text.h"

namespace frameproof {
namespace {

OracleResult QueryFailed(std::string detail) {
  return Mismatch{MismatchClass::kQueryFailed, std::move(detail)};
}

}  // namespace

OracleResult ExerciseDumps(const CodeInfo& info, absl::Span<const uint8_t> buffer, size_t offset) {
  constexpr InstructionSet kIsa = InstructionSet::kArm64;
  if (CodeInfoToJson(info, kIsa, DefaultLookupKeys(info, kIsa), buffer, offset).is_null() ||
      CodeInfoToText(info, InstructionSet::kX86_64).empty()) {
    return QueryFailed("a dump came out empty");
  }
  return std::nullopt;
}

OracleResult ExerciseEveryQuery(const CodeInfo& info, absl::Span<const uint8_t> buffer,
                                size_t offset) {
  if (OracleResult result = ExerciseDumps(info, buffer, offset)) return result;
  return ExerciseQueries(info);
}

OracleResult ExerciseQueries(const CodeInfo& info) {
  constexpr InstructionSet kIsa = InstructionSet::kArm64;
  std::vector<DexRegisterLocation> registers;
  for (uint32_t row = 0; row < info.GetNumberOfStackMaps(); ++row) {
    const StackMap map = info.GetStackMapAt(row);
    const uint32_t pc = map.GetNativePcOffset(kIsa);
    // A map whose pc is past the code at this ISA's alignment (hostile bytes that Decode, not
    // knowing the ISA, accepts at alignment 1), or past 32 bits where the format bounds pcs by
    // no code size, has no pc a lookup could be asked for.
    const bool pc_in_code =
        info.IsNativePcInCode(map, kIsa) &&
        uint64_t{map.GetPackedNativePc()} * InstructionAlignment(kIsa) <= UINT32_MAX;
    if ((map.kind() == StackMapKind::kDefault || map.kind() == StackMapKind::kOsr) && pc_in_code) {
      const StackMap found = info.GetStackMapForNativePcOffset(pc, kIsa);
      if (!found.IsValid() || found.GetNativePcOffset(kIsa) != pc ||
          found.kind() == StackMapKind::kCatch || found.kind() == StackMapKind::kDebug) {
        return QueryFailed(absl::StrCat("stack map ", row, ": native pc ", pc,
                                        " finds no Default/OSR map at that pc"));
      }
    }
    if (map.kind() != StackMapKind::kDebug) {
      const StackMap found = info.GetStackMapForDexPc(map.GetDexPc());
      if (!found.IsValid() || found.GetDexPc() != map.GetDexPc() || found.Row() > row) {
        return QueryFailed(absl::StrCat("stack map ", row, ": dex pc ", map.GetDexPc(),
                                        " lookup does not find it or an earlier map"));
      }
    }
    const InlineInfoRange chain = info.GetInlineInfosOf(map);
    if (map.kind() == StackMapKind::kCatch) {
      const StackMap found = info.GetCatchStackMapForDexPc(info.CatchLookupKey(map));
      if (!found.IsValid() || found.kind() != StackMapKind::kCatch ||
          found.GetDexPc() != map.GetDexPc()) {
        return QueryFailed(
            absl::StrCat("stack map ", row, ": its catch dex pcs find no catch map"));
      }
    }
    const DexRegisterMap outer = info.GetDexRegisterMapOf(map);
    if (map.HasDexRegisterMap() && outer.size() != info.number_of_dex_registers()) {
      return QueryFailed(absl::StrCat("stack map ", row, ": outer map has ", outer.size(),
                                      " registers, not ", info.number_of_dex_registers()));
    }
    for (const DexRegisterLocation& location : outer) {
      if (location.kind == DexRegisterKind::kInvalid) {
        return QueryFailed(absl::StrCat("stack map ", row, ": a register stayed Invalid"));
      }
    }
    for (uint32_t depth = 0; depth < chain.size(); ++depth) {
      const DexRegisterMap level = info.GetInlineDexRegisterMapOf(map, chain[depth]);
      for (const DexRegisterLocation& location : level) {
        if (location.kind == DexRegisterKind::kInvalid) {
          return QueryFailed(absl::StrCat("stack map ", row, " inline level ", depth,
                                          ": a register stayed Invalid"));
        }
      }
    }
    registers.assign(info.number_of_dex_registers() + 2, DexRegisterLocation::Invalid());
    info.DecodeDexRegisterMap(row, 0, absl::MakeSpan(registers));
  }
  return std::nullopt;
}

}  // namespace frameproof
