#ifndef FRAMEPROOF_VERIFIERS_EXEC_STACK_WALKER_H_
#define FRAMEPROOF_VERIFIERS_EXEC_STACK_WALKER_H_

// The runtime's view of a frame, as ART and Ark walkers take it: from the boundary frame a
// resolver built, to the compiled caller's frame, its return pc, the stack map there, and from
// the metainfo's locations to the places the values really are (the boundary's callee-save area,
// the caller's caller-save area and spill slots, or constants).

#include <cstdint>
#include <optional>
#include <vector>

#include "absl/status/statusor.h"
#include "arch/metainfo.h"
#include "arch/register_file.h"
#include "core/base/instruction_set.h"
#include "verifiers/exec/frame_state.h"
#include "verifiers/exec/mock_objects.h"

namespace frameproof {

struct WalkResult {
  FrameState state;
  uint32_t native_pc = 0;  // of the stack map found, method-relative
  // Where each GC root lives (its 32-bit word), as the metainfo says: what a moving collector
  // updates. Parallel to nothing; one per root the stack map reports.
  std::vector<uint64_t> root_addresses;
};

// The compiled caller a boundary frame leads to, and the machine state at its call as the
// boundary preserved it. Both dialects' readers read values through it.
class CompiledFrame {
 public:
  // Crosses the boundary frame at `bp` (thread->frame while a resolver runs). Errors name what
  // did not add up: the marker, or a method slot naming no compiled method.
  static absl::StatusOr<CompiledFrame> FromBoundary(uint64_t bp, InstructionSet isa);
  // The compiled frame that called `recent` directly, or nullopt where `recent`'s frame pointer
  // leads to the runtime's entry frame (runtime_abi.h). The caller's callee-saved registers are
  // where `recent`'s prologue saved them.
  static absl::StatusOr<std::optional<CompiledFrame>> CallerOf(const CompiledFrame& recent);

  InstructionSet isa() const { return isa_; }
  const MockMethod& method() const { return *method_; }
  // The return pc, method-relative: where the stack map must be.
  uint32_t native_pc() const { return static_cast<uint32_t>(return_pc_ - method_->code_begin); }
  uint64_t fp() const { return fp_; }
  // The caller's sp at the call, as the boundary frame says.
  uint64_t sp() const { return sp_; }

  // The metainfo's frame size must put the caller's sp where the boundary says it is.
  absl::Status CheckFrameSize(uint32_t frame_size_in_bytes) const;
  // Where the 64 bits register `reg` held when the resolver was entered are kept: a callee-saved
  // one in the boundary's save area, a caller-saved one in its slot in this frame. A collector
  // that writes there changes what the register holds when the resolver returns.
  absl::StatusOr<uint64_t> RegisterAddress(Register reg) const;
  absl::StatusOr<uint64_t> ReadRegister(Register reg) const;
  // The 64 or 32 bits at `address`, which a reader found in this frame or its boundary.
  static uint64_t ReadWord(uint64_t address);
  static uint32_t Read32(uint64_t address);

 private:
  // Where this frame's callee-saved registers were saved: in a resolver's boundary frame, or in
  // the CFrame of the compiled method this one called.
  enum class CalleeSaves : uint8_t { kBoundary, kCalleeFrame };

  CompiledFrame(CalleeSaves saves, uint64_t saves_base, InstructionSet isa)
      : saves_(saves), saves_base_(saves_base), isa_(isa), file_(&RegisterFileOf(isa)) {}
  absl::Status ReadMethod();

  CalleeSaves saves_;
  uint64_t saves_base_;  // the boundary's bp, or the callee frame's fp
  InstructionSet isa_;
  const RegisterFile* file_;
  uint64_t fp_ = 0;
  uint64_t sp_ = 0;
  uint64_t return_pc_ = 0;
  const MockMethod* method_ = nullptr;
};

// Walks from `boundary` on `isa` across every compiled frame to the runtime's entry frame,
// reading each method's metainfo in `metainfo`'s dialect; the state's frames are the compiled
// frames' in walk order (each outer method first, then its inlined callees). Errors name what did
// not add up: the marker, the frame size, a pc with no stack map, a register with no save slot, a
// location the metainfo cannot hold, a chain longer than kMaxCompiledFrames.
absl::StatusOr<WalkResult> WalkFromBoundary(uint64_t boundary, InstructionSet isa,
                                            Metainfo metainfo);

inline constexpr size_t kMaxCompiledFrames = 16;

// The dialects' readers of one compiled frame: append its decoded frames (outer method first),
// its GC roots and their addresses to `walk`, leaving the roots' order to the walker.
absl::Status ReadArtFrame(const CompiledFrame& frame, WalkResult& walk);
absl::Status ReadArkFrame(const CompiledFrame& frame, WalkResult& walk);
// For the readers: gives a walk that has no roots yet room for as many as the frames from
// `first_frame` on hold values, since the roots are usually among them.
void ReserveRootsOfFirstFrame(WalkResult& walk, size_t first_frame);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_EXEC_STACK_WALKER_H_
