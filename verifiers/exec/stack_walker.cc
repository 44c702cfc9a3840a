#include "verifiers/exec/stack_walker.h"

#include <cstring>

#include "absl/strings/str_cat.h"
#include "arch/frame_layout.h"
#include "arch/runtime_abi.h"

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

absl::StatusOr<CompiledFrame> CompiledFrame::FromBoundary(uint64_t bp, InstructionSet isa) {
  CompiledFrame frame(bp, isa);
  const uint64_t marker = Read<uint64_t>(bp + abi::kBoundaryMarkerSlot * abi::kWordSize);
  if (marker != abi::kBoundaryMarker) {
    return absl::DataLossError(absl::StrCat("boundary frame at 0x", absl::Hex(bp), ": marker ",
                                            marker, ", expected ", abi::kBoundaryMarker));
  }
  frame.fp_ = Read<uint64_t>(bp + abi::kBoundaryCallerFpSlot * abi::kWordSize);
  frame.return_pc_ = Read<uint64_t>(bp + abi::kBoundaryReturnPcSlot * abi::kWordSize);
  frame.sp_ = bp + abi::kBoundaryCallerSpOffset;
  frame.method_ = Read<const MockMethod*>(frame.fp_ + FrameLayout::kMethodSlotFpOffset);
  if (frame.method_ == nullptr || frame.method_->code_info == nullptr) {
    return absl::DataLossError("the caller's method slot names no compiled method");
  }
  return frame;
}

absl::Status CompiledFrame::CheckFrameSize(uint32_t frame_size_in_bytes) const {
  const uint64_t sp = fp_ + FrameLayout::kFpAboveSp - frame_size_in_bytes;
  if (sp == sp_) return absl::OkStatus();
  return absl::DataLossError(absl::StrCat("CodeInfo frame size ", frame_size_in_bytes,
                                          " puts the caller's sp at 0x", absl::Hex(sp),
                                          ", but the boundary frame says 0x", absl::Hex(sp_)));
}

absl::StatusOr<uint64_t> CompiledFrame::RegisterAddress(Register reg) const {
  if (file_->IsSavedByBoundary(reg)) {
    if (const int rank = file_->CalleeSavedRank(reg); rank >= 0) {
      return bp_ + abi::BoundaryCalleeSaveOffset(rank);
    }
    return fp_ + CallerSaveFpOffset(isa_, reg);
  }
  return absl::DataLossError(
      absl::StrCat("register ", RegisterName(isa_, reg), " has no save slot a walker can read"));
}

absl::StatusOr<uint64_t> CompiledFrame::ReadRegister(Register reg) const {
  absl::StatusOr<uint64_t> address = RegisterAddress(reg);
  if (!address.ok()) return address.status();
  return Read<uint64_t>(*address);
}

uint64_t CompiledFrame::ReadWord(uint64_t address) { return Read<uint64_t>(address); }

uint32_t CompiledFrame::Read32(uint64_t address) { return Read<uint32_t>(address); }

absl::StatusOr<WalkResult> WalkFromBoundary(uint64_t boundary, InstructionSet isa,
                                            Metainfo metainfo) {
  absl::StatusOr<CompiledFrame> frame = CompiledFrame::FromBoundary(boundary, isa);
  if (!frame.ok()) return frame.status();
  return metainfo == Metainfo::kArk ? ReadArkFrame(*frame) : ReadArtFrame(*frame);
}

}  // namespace frameproof
