#include "verifiers/exec/stack_walker.h"

#include <algorithm>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "arch/frame_layout.h"
#include "arch/runtime_abi.h"
#include "core/base/internal/vector_capacity.h"
#include "core/base/status_macros.h"
#include "verifiers/util/planted_verifier_bugs.h"

namespace frameproof {
namespace {

namespace abi = runtime_abi;

template <typename T>
T Read(uint64_t address) {
  T value;
  std::memcpy(&value, reinterpret_cast<const void*>(address), sizeof(T));
  return value;
}

}  // namespace

absl::Status CompiledFrame::ReadMethod() {
  method_ = Read<const MockMethod*>(fp_ + FrameLayout::kMethodSlotFpOffset);
  if (method_ == nullptr || method_->code_info == nullptr) {
    return absl::DataLossError(absl::StrCat("the method slot of the frame at 0x", absl::Hex(fp_),
                                            " names no compiled method"));
  }
  return absl::OkStatus();
}

absl::StatusOr<CompiledFrame> CompiledFrame::FromBoundary(uint64_t bp, InstructionSet isa) {
  CompiledFrame frame(CalleeSaves::kBoundary, bp, isa);
  const uint64_t marker = Read<uint64_t>(bp + abi::kBoundaryMarkerSlot * abi::kWordSize);
  if (marker != abi::kBoundaryMarker) {
    return absl::DataLossError(absl::StrCat("boundary frame at 0x", absl::Hex(bp), ": marker ",
                                            marker, ", expected ", abi::kBoundaryMarker));
  }
  frame.fp_ = Read<uint64_t>(bp + abi::kBoundaryCallerFpSlot * abi::kWordSize);
  frame.return_pc_ = Read<uint64_t>(bp + abi::kBoundaryReturnPcSlot * abi::kWordSize);
  frame.sp_ = bp + abi::kBoundaryCallerSpOffset;
  FP_RETURN_IF_ERROR(frame.ReadMethod());
  return frame;
}

absl::StatusOr<std::optional<CompiledFrame>> CompiledFrame::CallerOf(const CompiledFrame& recent) {
  // A compiled frame keeps its caller's fp at [fp] and its return address at [fp + 8]; the entry
  // frame keeps its marker where a boundary frame does.
  const uint64_t caller_fp = Read<uint64_t>(recent.fp_);
  if (Read<uint64_t>(caller_fp + abi::kBoundaryMarkerSlot * abi::kWordSize) ==
      abi::kEntryFrameMarker) {
    return std::nullopt;
  }
  CompiledFrame frame(CalleeSaves::kCalleeFrame, recent.fp_, recent.isa_);
  frame.fp_ = caller_fp;
  frame.return_pc_ = Read<uint64_t>(recent.fp_ + abi::kWordSize);
  frame.sp_ = recent.fp_ + FrameLayout::kFpAboveSp;
  FP_RETURN_IF_ERROR(frame.ReadMethod());
  return frame;
}

absl::Status CompiledFrame::CheckFrameSize(uint32_t frame_size_in_bytes) const {
  const uint64_t sp = fp_ + FrameLayout::kFpAboveSp - frame_size_in_bytes;
  if (sp == sp_) return absl::OkStatus();
  return absl::DataLossError(absl::StrCat("CodeInfo frame size ", frame_size_in_bytes,
                                          " puts the caller's sp at 0x", absl::Hex(sp),
                                          ", but the frame above says 0x", absl::Hex(sp_)));
}

absl::StatusOr<uint64_t> CompiledFrame::RegisterAddress(Register reg) const {
  if (file_->IsSavedByBoundary(reg)) {
    if (const int rank = file_->CalleeSavedRank(reg); rank >= 0) {
      // A compiled method's prologue saves the whole callee mask at its CFrame's slots.
      return saves_ == CalleeSaves::kBoundary
                 ? saves_base_ + abi::BoundaryCalleeSaveOffset(rank)
                 : saves_base_ + FrameLayout::SlotFpOffset(static_cast<uint32_t>(rank));
    }
    return fp_ + CallerSaveFpOffset(isa_, reg);
  }
  return absl::DataLossError(
      absl::StrCat("register ", RegisterName(isa_, reg), " has no save slot a walker can read"));
}

absl::StatusOr<uint64_t> CompiledFrame::ReadRegister(Register reg) const {
  FP_ASSIGN_OR_RETURN(const uint64_t address, RegisterAddress(reg));
  return Read<uint64_t>(address);
}

uint64_t CompiledFrame::ReadWord(uint64_t address) { return Read<uint64_t>(address); }

uint32_t CompiledFrame::Read32(uint64_t address) { return Read<uint32_t>(address); }

void ReserveRootsOfFirstFrame(WalkResult& walk, size_t first_frame) {
  size_t values = 0;
  for (size_t f = first_frame; f < walk.state.frames.size(); ++f) {
    values += walk.state.frames[f].registers.size();
  }
  ReserveBeforeFirstAppend(walk.state.gc_roots, values);
  ReserveBeforeFirstAppend(walk.root_addresses, values);
}

absl::StatusOr<WalkResult> WalkFromBoundary(uint64_t boundary, InstructionSet isa,
                                            Metainfo metainfo) {
  const auto read = metainfo == Metainfo::kArk ? ReadArkFrame : ReadArtFrame;
  FP_ASSIGN_OR_RETURN(CompiledFrame frame, CompiledFrame::FromBoundary(boundary, isa));
  WalkResult result;
  result.native_pc = frame.native_pc();
  FP_RETURN_IF_ERROR(read(frame, result));
  for (size_t depth = 1;; ++depth) {
    FP_ASSIGN_OR_RETURN(const std::optional<CompiledFrame> caller, CompiledFrame::CallerOf(frame));
    if (!caller.has_value()) break;
    if (depth == kMaxCompiledFrames) {
      return absl::DataLossError(
          absl::StrCat("more than ", kMaxCompiledFrames, " compiled frames above the entry frame"));
    }
    if (FP_PLANTED_BUG(kWalkStopsOneFrameEarly)) {
      FP_ASSIGN_OR_RETURN(const std::optional<CompiledFrame> next,
                          CompiledFrame::CallerOf(*caller));
      if (!next.has_value()) break;
    }
    FP_RETURN_IF_ERROR(read(*caller, result));
    frame = *caller;
  }
  std::sort(result.state.gc_roots.begin(), result.state.gc_roots.end());
  return result;
}

}  // namespace frameproof
