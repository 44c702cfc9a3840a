#include "verifiers/llvm/llvm_round_trip.h"

#include "absl/strings/str_cat.h"
#include "core/code_info/code_info.h"
#include "core/llvm/code_info_conversion.h"
#include "verifiers/dump/llvm_stackmaps_text.h"

namespace frameproof {
namespace {

Mismatch Differs(size_t function, InstructionSet isa, std::string detail) {
  return Mismatch{MismatchClass::kLlvmConversionDiffers,
                  absl::StrCat("function ", function, " (", InstructionSetName(isa), "): ", detail)};
}

}  // namespace

OracleResult CheckLlvmFunctionRoundTrip(const LlvmStackMaps& maps, size_t function,
                                        InstructionSet isa) {
  const absl::StatusOr<std::vector<uint8_t>> bytes = ConvertLlvmFunctionToCodeInfo(maps, function, isa);
  if (!bytes.ok()) {
    if (bytes.status().code() == absl::StatusCode::kFailedPrecondition) return std::nullopt;
    return Differs(function, isa, absl::StrCat("conversion failed: ", bytes.status().message()));
  }
  const absl::StatusOr<CodeInfo> info = CodeInfo::Decode(*bytes);
  if (!info.ok()) return Differs(function, isa, absl::StrCat("no decode: ", info.status().message()));
  const size_t first = maps.FirstRecordOf(function);
  const size_t count = maps.functions[function].record_count;
  if (info->GetNumberOfStackMaps() != count) {
    return Differs(function, isa, absl::StrCat(info->GetNumberOfStackMaps(), " stack maps for ",
                                               count, " records"));
  }
  for (size_t r = 0; r < count; ++r) {
    const LlvmStackMapRecord& record = maps.records[first + r];
    const StackMap map = info->GetStackMapAt(static_cast<uint32_t>(r));
    if (map.GetDexPc() != record.id ||
        map.GetPackedNativePc() * InstructionAlignment(isa) != record.instruction_offset) {
      return Differs(function, isa, absl::StrCat("record ", r, ": stack map has dex pc ",
                                                 map.GetDexPc(), " and packed pc ",
                                                 map.GetPackedNativePc()));
    }
    absl::StatusOr<std::vector<DexRegisterLocation>> want =
        LlvmRecordToDexRegisters(maps, function, r, isa);
    if (!want.ok()) return Differs(function, isa, std::string(want.status().message()));
    const DexRegisterMap got = info->GetDexRegisterMapOf(map);
    for (size_t i = 0; i < got.size(); ++i) {
      const DexRegisterLocation expected = i < want->size() ? (*want)[i] : DexRegisterLocation::None();
      if (!(got[i] == expected)) {
        return Differs(function, isa, absl::StrCat("record ", r, " location #", i + 1, ": decoded ",
                                                   ToString(got[i]), ", recorded ",
                                                   ToString(expected)));
      }
    }
  }
  return std::nullopt;
}

OracleResult CheckLlvmStackMapsSection(absl::Span<const uint8_t> section) {
  const absl::StatusOr<LlvmStackMaps> maps = ParseLlvmStackMaps(section);
  if (!maps.ok()) return std::nullopt;
  // The renderings must cope with anything the parser accepts.
  if (LlvmStackMapsToText(*maps).empty() || LlvmStackMapsToJson(*maps).is_null()) {
    return Mismatch{MismatchClass::kLlvmConversionDiffers, "a rendering came out empty"};
  }
  for (size_t f = 0; f < maps->functions.size(); ++f) {
    for (InstructionSet isa : {InstructionSet::kX86_64, InstructionSet::kArm64}) {
      if (OracleResult result = CheckLlvmFunctionRoundTrip(*maps, f, isa)) return result;
    }
  }
  return std::nullopt;
}

}  // namespace frameproof
