#include "verifiers/exec/stack_walker.h"

#include <algorithm>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "arch/frame_layout.h"
#include "arch/register_file.h"
#include "arch/runtime_abi.h"
#include "core/art/code_info.h"
#include "core/base/status_macros.h"
#include "verifiers/exec/mock_objects.h"

namespace frameproof {
namespace {

namespace abi = runtime_abi;

template <typename T>
T Read(uint64_t address) {
  T value;
  std::memcpy(&value, reinterpret_cast<const void*>(address), sizeof(T));
  return value;
}

class Walker {
 public:
  Walker(uint64_t boundary, InstructionSet isa)
      : bp_(boundary), isa_(isa), file_(RegisterFileOf(isa)) {}

  absl::StatusOr<WalkResult> Walk() {
    const uint64_t marker = Read<uint64_t>(bp_ + abi::kBoundaryMarkerSlot * abi::kWordSize);
    if (marker != abi::kBoundaryMarker) {
      return absl::DataLossError(absl::StrCat("boundary frame at 0x", absl::Hex(bp_), ": marker ",
                                              marker, ", expected ", abi::kBoundaryMarker));
    }
    caller_fp_ = Read<uint64_t>(bp_ + abi::kBoundaryCallerFpSlot * abi::kWordSize);
    const uint64_t return_pc = Read<uint64_t>(bp_ + abi::kBoundaryReturnPcSlot * abi::kWordSize);
    const auto* method = Read<const MockMethod*>(caller_fp_ + FrameLayout::kMethodSlotFpOffset);
    if (method == nullptr || method->code_info == nullptr) {
      return absl::DataLossError("the caller's method slot names no compiled method");
    }
    FP_ASSIGN_OR_RETURN(const CodeInfo info,
                        CodeInfo::Decode({method->code_info, method->code_info_size}));
    caller_sp_ = caller_fp_ + FrameLayout::kFpAboveSp - info.frame_size_in_bytes();
    if (caller_sp_ != bp_ + abi::kBoundaryCallerSpOffset) {
      return absl::DataLossError(absl::StrCat("CodeInfo frame size ", info.frame_size_in_bytes(),
                                              " puts the caller's sp at 0x", absl::Hex(caller_sp_),
                                              ", but the boundary frame says 0x",
                                              absl::Hex(bp_ + abi::kBoundaryCallerSpOffset)));
    }
    WalkResult result;
    result.native_pc = static_cast<uint32_t>(return_pc - method->code_begin);
    const StackMap map = info.GetStackMapForNativePcOffset(result.native_pc, isa_);
    if (!map.IsValid()) {
      return absl::NotFoundError(
          absl::StrCat("no stack map at native pc 0x", absl::Hex(result.native_pc)));
    }
    DecodedFrame& outer = result.state.frames.emplace_back();
    outer.method_index = method->id;
    outer.dex_pc = map.GetDexPc();
    FP_RETURN_IF_ERROR(ReadRegisters(info.GetDexRegisterMapOf(map), outer));
    for (const InlineInfo inline_info : InlineLevels(info, map)) {
      DecodedFrame& frame = result.state.frames.emplace_back();
      frame.method_index = info.GetMethodInfoOf(inline_info).GetMethodIndex();
      frame.dex_pc = inline_info.GetDexPc();
      FP_RETURN_IF_ERROR(ReadRegisters(info.GetInlineDexRegisterMapOf(map, inline_info), frame));
    }
    FP_RETURN_IF_ERROR(ReadRoots(info, map, result.state.gc_roots));
    return result;
  }

 private:
  static std::vector<InlineInfo> InlineLevels(const CodeInfo& info, const StackMap& map) {
    std::vector<InlineInfo> levels;
    const InlineInfoRange range = info.GetInlineInfosOf(map);
    for (uint32_t depth = 0; depth < range.size(); ++depth) levels.push_back(range[depth]);
    return levels;
  }

  // The 64 bits register `reg` held when the resolver was entered.
  absl::StatusOr<uint64_t> ReadRegister(Register reg) const {
    if (const int rank = file_.CalleeSavedRank(reg); rank >= 0) {
      return Read<uint64_t>(bp_ + abi::BoundaryCalleeSaveOffset(rank));
    }
    if (file_.CallerSavedRank(reg) >= 0 && !file_.IsTemp(reg)) {
      return Read<uint64_t>(caller_fp_ + CallerSaveFpOffset(isa_, reg));
    }
    return absl::DataLossError(
        absl::StrCat("register ", RegisterName(isa_, reg), " has no save slot a walker can read"));
  }

  absl::StatusOr<std::optional<uint32_t>> ReadLocation(const DexRegisterLocation& location) const {
    switch (location.kind) {
      case DexRegisterKind::kNone:
      case DexRegisterKind::kInvalid:
        return std::nullopt;
      case DexRegisterKind::kConstant:
        return static_cast<uint32_t>(location.value);
      case DexRegisterKind::kInStack:
        return Read<uint32_t>(caller_sp_ + static_cast<uint32_t>(location.value));
      case DexRegisterKind::kInRegister:
      case DexRegisterKind::kInRegisterHigh:
      case DexRegisterKind::kInFpuRegister:
      case DexRegisterKind::kInFpuRegisterHigh: {
        const bool fp = location.kind == DexRegisterKind::kInFpuRegister ||
                        location.kind == DexRegisterKind::kInFpuRegisterHigh;
        const bool high = location.kind == DexRegisterKind::kInRegisterHigh ||
                          location.kind == DexRegisterKind::kInFpuRegisterHigh;
        FP_ASSIGN_OR_RETURN(const uint64_t bits,
                            ReadRegister({fp ? RegisterBank::kFloat : RegisterBank::kGeneral,
                                          static_cast<uint32_t>(location.value)}));
        return static_cast<uint32_t>(high ? bits >> 32 : bits);
      }
    }
    return std::nullopt;
  }

  absl::Status ReadRegisters(const DexRegisterMap& map, DecodedFrame& frame) const {
    for (const DexRegisterLocation& location : map) {
      FP_ASSIGN_OR_RETURN(const std::optional<uint32_t> value, ReadLocation(location));
      frame.registers.push_back(value);
    }
    return absl::OkStatus();
  }

  absl::Status ReadRoots(const CodeInfo& info, const StackMap& map,
                         std::vector<uint32_t>& roots) const {
    const uint32_t register_mask = info.GetRegisterMaskOf(map);
    for (uint32_t reg = 0; reg < 32; ++reg) {
      if ((register_mask >> reg & 1) == 0) continue;
      FP_ASSIGN_OR_RETURN(const uint64_t bits, ReadRegister({RegisterBank::kGeneral, reg}));
      roots.push_back(static_cast<uint32_t>(bits));
    }
    const BitMemoryRegion stack_mask = info.GetStackMaskOf(map);
    for (size_t bit = 0; stack_mask.IsValid() && bit < stack_mask.size_in_bits(); ++bit) {
      if (stack_mask.LoadBit(bit)) {
        roots.push_back(Read<uint32_t>(caller_sp_ + bit * kFrameSlotSize));
      }
    }
    std::sort(roots.begin(), roots.end());
    return absl::OkStatus();
  }

  const uint64_t bp_;
  const InstructionSet isa_;
  const RegisterFile& file_;
  uint64_t caller_fp_ = 0;
  uint64_t caller_sp_ = 0;
};

}  // namespace

absl::StatusOr<WalkResult> WalkFromBoundary(uint64_t boundary, InstructionSet isa) {
  return Walker(boundary, isa).Walk();
}

}  // namespace frameproof
