#include "core/llvm/code_info_conversion.h"

#include <algorithm>
#include <limits>

#include "absl/strings/str_cat.h"
#include "core/art/stack_map_stream.h"
#include "core/base/planted_bug.h"
#include "core/base/status_macros.h"
#include "core/llvm/dwarf_registers.h"

namespace frameproof {
namespace {

constexpr uint16_t kMaxGeneralRegisterBytes = 8;
constexpr uint16_t kMaxFloatRegisterBytes = 16;  // x86_64 reports a double in xmm as 16 bytes
constexpr uint64_t kX86ReturnAddressBytes = 8;
constexpr uint64_t kFrameAlignment = kStackAlignment;

absl::Status Unrepresentable(size_t record, size_t location, absl::string_view why) {
  return absl::FailedPreconditionError(
      absl::StrCat("unrepresentable: record ", record, " location #", location + 1, ": ", why));
}

absl::StatusOr<DexRegisterLocation> ConvertLocation(const LlvmStackMaps& maps,
                                                    const LlvmStackMapFunction& function,
                                                    size_t record, size_t index,
                                                    InstructionSet isa) {
  const LlvmLocation& location = maps.records[record].locations[index];
  const int32_t offset = location.offset_or_small_constant;
  switch (location.kind) {
    case LlvmLocationKind::kRegister: {
      absl::StatusOr<DexRegisterLocation> reg = DwarfValueRegister(isa, location.dwarf_register);
      if (!reg.ok()) return Unrepresentable(record, index, reg.status().message());
      const bool fp = reg->kind == DexRegisterKind::kInFpuRegister;
      if (location.size > (fp ? kMaxFloatRegisterBytes : kMaxGeneralRegisterBytes)) {
        return Unrepresentable(record, index,
                               absl::StrCat("a ", location.size,
                                            "-byte register value is wider than "
                                            "a scalar"));
      }
      return *reg;
    }
    case LlvmLocationKind::kIndirect: {
      int64_t sp_offset = 0;
      if (IsDwarfStackPointer(isa, location.dwarf_register)) {
        sp_offset = offset + (FP_PLANTED_BUG(kLlvmIndirectOffByOneSlot) ? kFrameSlotSize : 0);
      } else if (isa == InstructionSet::kX86_64 && location.dwarf_register == kX86DwarfRbp &&
                 function.stack_size != kLlvmDynamicStackSize) {
        sp_offset = int64_t{offset} + static_cast<int64_t>(function.stack_size) - 8;
      } else {
        return Unrepresentable(record, index,
                               absl::StrCat("Indirect [R#", location.dwarf_register, " + ", offset,
                                            "] is not relative to the stack "
                                            "pointer or a frame pointer this ISA can locate"));
      }
      if (sp_offset < 0 || sp_offset % kFrameSlotSize != 0 ||
          sp_offset > std::numeric_limits<int32_t>::max()) {
        return Unrepresentable(record, index,
                               absl::StrCat("stack offset ", sp_offset,
                                            " is not a non-negative multiple of ", kFrameSlotSize));
      }
      return DexRegisterLocation{DexRegisterKind::kInStack, static_cast<int32_t>(sp_offset)};
    }
    case LlvmLocationKind::kConstant:
      return DexRegisterLocation{DexRegisterKind::kConstant, offset};
    case LlvmLocationKind::kConstantIndex: {
      const uint64_t value = maps.constants[static_cast<uint32_t>(offset)];
      const auto as_signed = static_cast<int64_t>(value);
      if (as_signed < std::numeric_limits<int32_t>::min() ||
          as_signed > std::numeric_limits<int32_t>::max()) {
        return Unrepresentable(record, index,
                               absl::StrCat("constant ", value, " does not fit in 32 bits"));
      }
      return DexRegisterLocation{DexRegisterKind::kConstant, static_cast<int32_t>(as_signed)};
    }
    case LlvmLocationKind::kDirect:
      return Unrepresentable(record, index,
                             absl::StrCat("Direct R#", location.dwarf_register, " + ", offset,
                                          " is an address, not a stored value"));
  }
  return Unrepresentable(record, index, "unknown location kind");
}

absl::Status CheckFunction(const LlvmStackMaps& maps, size_t function, InstructionSet isa) {
  if (isa != InstructionSet::kX86_64 && isa != InstructionSet::kArm64) {
    return absl::InvalidArgumentError(
        absl::StrCat("LLVM stack maps convert for x86_64 or arm64, not ", InstructionSetName(isa)));
  }
  if (function >= maps.functions.size()) {
    return absl::OutOfRangeError(absl::StrCat(
        "function ", function, " does not exist; the section has ", maps.functions.size()));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::vector<DexRegisterLocation>> LlvmRecordToDexRegisters(const LlvmStackMaps& maps,
                                                                          size_t function,
                                                                          size_t record,
                                                                          InstructionSet isa) {
  FP_RETURN_IF_ERROR(CheckFunction(maps, function, isa));
  const size_t index = maps.FirstRecordOf(function) + record;
  std::vector<DexRegisterLocation> registers;
  for (size_t l = 0; l < maps.records[index].locations.size(); ++l) {
    FP_ASSIGN_OR_RETURN(const DexRegisterLocation location,
                        ConvertLocation(maps, maps.functions[function], index, l, isa));
    registers.push_back(location);
  }
  return registers;
}

absl::StatusOr<std::vector<uint8_t>> ConvertLlvmFunctionToCodeInfo(const LlvmStackMaps& maps,
                                                                   size_t function,
                                                                   InstructionSet isa) {
  FP_RETURN_IF_ERROR(CheckFunction(maps, function, isa));
  const LlvmStackMapFunction& info = maps.functions[function];
  if (info.stack_size == kLlvmDynamicStackSize) {
    return absl::FailedPreconditionError(
        absl::StrCat("unrepresentable: function ", function,
                     " has a dynamic stack size (realigned or variable)"));
  }
  const uint64_t frame =
      info.stack_size + (isa == InstructionSet::kX86_64 ? kX86ReturnAddressBytes : 0);
  const uint64_t frame_size = (frame + kFrameAlignment - 1) / kFrameAlignment * kFrameAlignment;
  if (frame_size > std::numeric_limits<uint32_t>::max() / 2) {
    return absl::FailedPreconditionError(absl::StrCat("unrepresentable: function ", function,
                                                      " stack size ", info.stack_size,
                                                      " is too large for a CodeInfo"));
  }
  const size_t first = maps.FirstRecordOf(function);
  std::vector<std::vector<DexRegisterLocation>> registers;
  size_t width = 0;
  uint32_t code_size = 0;
  for (size_t r = 0; r < info.record_count; ++r) {
    FP_ASSIGN_OR_RETURN(std::vector<DexRegisterLocation> locations,
                        LlvmRecordToDexRegisters(maps, function, r, isa));
    width = std::max(width, locations.size());
    registers.push_back(std::move(locations));
    const LlvmStackMapRecord& record = maps.records[first + r];
    if (record.id >= kNoDexPc) {
      return absl::FailedPreconditionError(absl::StrCat(
          "unrepresentable: record ", first + r, " ID ", record.id, " does not fit a dex pc"));
    }
    // A stackmap right after a call's return address shares its pc; a runtime looking the pc up
    // in a CodeInfo would find only the first map, and read the other record's registers.
    if (r > 0 && record.instruction_offset == maps.records[first + r - 1].instruction_offset) {
      return absl::FailedPreconditionError(absl::StrCat(
          "unrepresentable: records ", first + r - 1, " and ", first + r,
          " share instruction offset ", record.instruction_offset,
          "; a CodeInfo finds one stack map per native pc"));
    }
    code_size = std::max(code_size, record.instruction_offset);
  }
  StackMapStream stream(isa);
  MethodParams method;
  method.frame_size_in_bytes = static_cast<uint32_t>(frame_size);
  method.num_dex_registers = static_cast<uint32_t>(width);
  FP_RETURN_IF_ERROR(stream.BeginMethod(method));
  for (size_t r = 0; r < info.record_count; ++r) {
    const LlvmStackMapRecord& record = maps.records[first + r];
    StackMapParams params;
    params.dex_pc = static_cast<uint32_t>(record.id);
    params.native_pc_offset = record.instruction_offset;
    if (absl::Status status = stream.BeginStackMapEntry(params); !status.ok()) {
      return absl::FailedPreconditionError(
          absl::StrCat("unrepresentable: record ", first + r, " at instruction offset ",
                       record.instruction_offset, ": ", status.message()));
    }
    for (size_t i = 0; i < width; ++i) {
      const DexRegisterLocation location =
          i < registers[r].size() ? registers[r][i] : DexRegisterLocation::None();
      FP_RETURN_IF_ERROR(stream.AddDexRegisterEntry(location.kind, location.value));
    }
    FP_RETURN_IF_ERROR(stream.EndStackMapEntry());
  }
  FP_RETURN_IF_ERROR(stream.EndMethod(code_size));
  return stream.Encode();
}

}  // namespace frameproof
