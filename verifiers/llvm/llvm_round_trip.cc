#include "verifiers/llvm/llvm_round_trip.h"

#include "absl/strings/str_cat.h"
#include "core/art/code_info.h"
#include "core/llvm/code_info_conversion.h"
#include "verifiers/dump/llvm_stackmaps_text.h"
#include "verifiers/util/dump_sampling.h"

namespace frameproof {
namespace {

Mismatch Differs(size_t function, InstructionSet isa, std::string detail) {
  return Mismatch{
      MismatchClass::kLlvmConversionDiffers,
      absl::StrCat("function ", function, " (", InstructionSetName(isa), "): ", detail)};
}

// What a location must decode as, restated from the conversion's documented rules rather than
// computed by the converter, so a converter bug shows.
std::optional<DexRegisterLocation> ExpectedLocation(const LlvmStackMaps& maps,
                                                    const LlvmStackMapFunction& function,
                                                    const LlvmLocation& location,
                                                    InstructionSet isa) {
  constexpr uint16_t kX86DwarfRsp = 7;
  constexpr uint16_t kX86DwarfRbp = 6;
  constexpr uint16_t kArm64DwarfSp = 31;
  constexpr int64_t kX86RbpBelowFrameTop = 8;
  const int32_t value = location.offset_or_small_constant;
  switch (location.kind) {
    case LlvmLocationKind::kConstant:
      return DexRegisterLocation{DexRegisterKind::kConstant, value};
    case LlvmLocationKind::kConstantIndex:
      return DexRegisterLocation{
          DexRegisterKind::kConstant,
          static_cast<int32_t>(maps.constants[static_cast<uint32_t>(value)])};
    case LlvmLocationKind::kIndirect: {
      const bool x86 = isa == InstructionSet::kX86_64;
      if (location.dwarf_register == (x86 ? kX86DwarfRsp : kArm64DwarfSp)) {
        return DexRegisterLocation{DexRegisterKind::kInStack, value};
      }
      if (x86 && location.dwarf_register == kX86DwarfRbp) {
        return DexRegisterLocation{
            DexRegisterKind::kInStack,
            static_cast<int32_t>(value + static_cast<int64_t>(function.stack_size) -
                                 kX86RbpBelowFrameTop)};
      }
      return std::nullopt;
    }
    case LlvmLocationKind::kRegister: {
      // On arm64 a value "in" R#31 is in the zero register: the constant 0.
      if (isa == InstructionSet::kArm64 && location.dwarf_register == kArm64DwarfSp) {
        return DexRegisterLocation{DexRegisterKind::kConstant, 0};
      }
      absl::StatusOr<DexRegisterLocation> reg =
          DwarfToMachineRegister(isa, location.dwarf_register);
      if (reg.ok()) return *reg;
      return std::nullopt;
    }
    case LlvmLocationKind::kDirect:
      return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace

OracleResult CheckLlvmFunctionRoundTrip(const LlvmStackMaps& maps, size_t function,
                                        InstructionSet isa) {
  const absl::StatusOr<std::vector<uint8_t>> bytes =
      ConvertLlvmFunctionToCodeInfo(maps, function, isa);
  if (!bytes.ok()) {
    if (bytes.status().code() == absl::StatusCode::kFailedPrecondition) return std::nullopt;
    return Differs(function, isa, absl::StrCat("conversion failed: ", bytes.status().message()));
  }
  const absl::StatusOr<CodeInfo> info = CodeInfo::Decode(*bytes);
  if (!info.ok())
    return Differs(function, isa, absl::StrCat("no decode: ", info.status().message()));
  const size_t first = maps.FirstRecordOf(function);
  const size_t count = maps.functions[function].record_count;
  if (info->GetNumberOfStackMaps() != count) {
    return Differs(
        function, isa,
        absl::StrCat(info->GetNumberOfStackMaps(), " stack maps for ", count, " records"));
  }
  for (size_t r = 0; r < count; ++r) {
    const LlvmStackMapRecord& record = maps.records[first + r];
    const StackMap map = info->GetStackMapAt(static_cast<uint32_t>(r));
    if (map.GetDexPc() != record.id ||
        map.GetPackedNativePc() * InstructionAlignment(isa) != record.instruction_offset) {
      return Differs(function, isa,
                     absl::StrCat("record ", r, ": stack map has dex pc ", map.GetDexPc(),
                                  " and packed pc ", map.GetPackedNativePc()));
    }
    const DexRegisterMap got = info->GetDexRegisterMapOf(map);
    for (size_t i = 0; i < got.size(); ++i) {
      std::optional<DexRegisterLocation> expected = DexRegisterLocation::None();
      if (i < record.locations.size()) {
        expected = ExpectedLocation(maps, maps.functions[function], record.locations[i], isa);
      }
      if (!expected.has_value()) {
        return Differs(function, isa,
                       absl::StrCat("record ", r, " location #", i + 1,
                                    " was converted, but it has no CodeInfo form"));
      }
      if (!(got[i] == *expected)) {
        return Differs(function, isa,
                       absl::StrCat("record ", r, " location #", i + 1, ": decoded ",
                                    ToString(got[i]), ", recorded ", ToString(*expected)));
      }
    }
  }
  return std::nullopt;
}

OracleResult CheckLlvmStackMapsSection(absl::Span<const uint8_t> section) {
  const absl::StatusOr<LlvmStackMaps> maps = ParseLlvmStackMaps(section);
  if (!maps.ok()) return std::nullopt;
  // The renderings run under the sanitizers on the accepted inputs DumpsInput picks.
  if (DumpsInput(section)) {
    LlvmStackMapsToText(*maps);
    LlvmStackMapsToJson(*maps);
  }
  for (size_t f = 0; f < maps->functions.size(); ++f) {
    for (InstructionSet isa : {InstructionSet::kX86_64, InstructionSet::kArm64}) {
      if (OracleResult result = CheckLlvmFunctionRoundTrip(*maps, f, isa)) return result;
    }
  }
  return std::nullopt;
}

}  // namespace frameproof
