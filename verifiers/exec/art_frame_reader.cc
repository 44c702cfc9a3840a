// ART's reading of a compiled frame (stack_walker.h): CodeInfo::Decode, the stack map at the
// return pc, the dex register maps of the outer frame and each inline level, the GC roots of the
// register and stack masks.

#include <optional>

#include "absl/strings/str_cat.h"
#include "core/art/code_info.h"
#include "core/base/internal/vector_capacity.h"
#include "core/base/status_macros.h"
#include "verifiers/exec/stack_walker.h"

namespace frameproof {
namespace {

absl::StatusOr<std::optional<uint64_t>> ReadLocation(const CompiledFrame& frame,
                                                     const DexRegisterLocation& location) {
  switch (location.kind) {
    case DexRegisterKind::kNone:
    case DexRegisterKind::kInvalid:
      return std::nullopt;
    case DexRegisterKind::kConstant:
      return static_cast<uint32_t>(location.value);
    case DexRegisterKind::kInStack:
      return CompiledFrame::Read32(frame.sp() + static_cast<uint32_t>(location.value));
    case DexRegisterKind::kInRegister:
    case DexRegisterKind::kInRegisterHigh:
    case DexRegisterKind::kInFpuRegister:
    case DexRegisterKind::kInFpuRegisterHigh: {
      const bool fp = location.kind == DexRegisterKind::kInFpuRegister ||
                      location.kind == DexRegisterKind::kInFpuRegisterHigh;
      const bool high = location.kind == DexRegisterKind::kInRegisterHigh ||
                        location.kind == DexRegisterKind::kInFpuRegisterHigh;
      FP_ASSIGN_OR_RETURN(const uint64_t bits,
                          frame.ReadRegister({fp ? RegisterBank::kFloat : RegisterBank::kGeneral,
                                              static_cast<uint32_t>(location.value)}));
      return static_cast<uint32_t>(high ? bits >> 32 : bits);
    }
  }
  return std::nullopt;
}

absl::Status ReadRegisters(const CompiledFrame& frame, const DexRegisterMap& map,
                           DecodedFrame& decoded) {
  decoded.registers.reserve(map.size());
  for (const DexRegisterLocation& location : map) {
    FP_ASSIGN_OR_RETURN(const std::optional<uint64_t> value, ReadLocation(frame, location));
    decoded.registers.push_back(value);
  }
  return absl::OkStatus();
}

absl::Status ReadRoots(const CompiledFrame& frame, const CodeInfo& info, const StackMap& map,
                       WalkResult& walk) {
  const uint32_t register_mask = info.GetRegisterMaskOf(map);
  for (uint32_t reg = 0; reg < 32; ++reg) {
    if ((register_mask >> reg & 1) == 0) continue;
    FP_ASSIGN_OR_RETURN(const uint64_t address,
                        frame.RegisterAddress({RegisterBank::kGeneral, reg}));
    walk.state.gc_roots.push_back(CompiledFrame::Read32(address));
    walk.root_addresses.push_back(address);
  }
  const BitMemoryRegion stack_mask = info.GetStackMaskOf(map);
  for (size_t bit = 0; stack_mask.IsValid() && bit < stack_mask.size_in_bits(); ++bit) {
    if (!stack_mask.LoadBit(bit)) continue;
    const uint64_t address = frame.sp() + bit * kFrameSlotSize;
    walk.state.gc_roots.push_back(CompiledFrame::Read32(address));
    walk.root_addresses.push_back(address);
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status ReadArtFrame(const CompiledFrame& frame, WalkResult& walk) {
  const MockMethod& method = frame.method();
  FP_ASSIGN_OR_RETURN(const CodeInfo info,
                      CodeInfo::Decode({method.code_info, method.code_info_size}));
  FP_RETURN_IF_ERROR(frame.CheckFrameSize(info.frame_size_in_bytes()));
  const StackMap map = info.GetStackMapForNativePcOffset(frame.native_pc(), frame.isa());
  if (!map.IsValid()) {
    return absl::NotFoundError(
        absl::StrCat("no stack map at native pc 0x", absl::Hex(frame.native_pc())));
  }
  const InlineInfoRange levels = info.GetInlineInfosOf(map);
  const size_t first_frame = walk.state.frames.size();
  ReserveBeforeFirstAppend(walk.state.frames, levels.size() + 1);
  DecodedFrame& outer = walk.state.frames.emplace_back();
  outer.method_index = method.id;
  outer.dex_pc = map.GetDexPc();
  FP_RETURN_IF_ERROR(ReadRegisters(frame, info.GetDexRegisterMapOf(map), outer));
  for (uint32_t depth = 0; depth < levels.size(); ++depth) {
    const InlineInfo inline_info = levels[depth];
    DecodedFrame& decoded = walk.state.frames.emplace_back();
    decoded.method_index = info.GetMethodInfoOf(inline_info).GetMethodIndex();
    decoded.dex_pc = inline_info.GetDexPc();
    FP_RETURN_IF_ERROR(
        ReadRegisters(frame, info.GetInlineDexRegisterMapOf(map, inline_info), decoded));
  }
  ReserveRootsOfFirstFrame(walk, first_frame);
  return ReadRoots(frame, info, map, walk);
}

}  // namespace frameproof
