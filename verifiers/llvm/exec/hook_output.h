#ifndef FRAMEPROOF_VERIFIERS_LLVM_EXEC_HOOK_OUTPUT_H_
#define FRAMEPROOF_VERIFIERS_LLVM_EXEC_HOOK_OUTPUT_H_

// What an llvm-exec program wrote to stdout (exec_runtime/hook_record.h): one hook record per
// stack map point it reached, with the machine state and the caller's frame, one result per
// function, and an end marker.

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "core/base/instruction_set.h"
#include "core/llvm/location_recovery.h"

namespace frameproof {

enum class HookKind : uint8_t { kStackMap = 1, kPatchPoint = 2, kStatePoint = 3 };

struct HookRecord {
  HookKind kind = HookKind::kStackMap;
  uint64_t site_pc = 0;    // the patched stackmap address, or the hook's return address
  uint64_t return_pc = 0;  // the hook's return address as the call left it
  uint64_t site_sp = 0;
  uint64_t entry_sp = 0;  // the stack pointer the function started with
  uint64_t case_index = 0;
  LlvmMachineState registers;  // memory not set: State() points it at `frame`
  std::vector<uint8_t> frame;  // from site_sp up

  // The saved state, its memory the dumped frame (valid while this record lives).
  LlvmMachineState State() const;
};

// An event of a module llvm-exec did not write (exec_runtime/hook_record.h, FP_EVENT_*).
struct LlvmExecEvent {
  uint64_t kind = 0;  // FP_EVENT_SITE, FP_EVENT_LEAF, FP_EVENT_GLOBAL or FP_EVENT_STUB
  uint64_t case_index = 0;
  std::array<uint64_t, 3> args = {};
  std::vector<uint8_t> payload;
};

struct LlvmExecRun {
  std::vector<HookRecord> hooks;
  std::vector<LlvmExecEvent> events;
  std::vector<std::pair<uint64_t, uint64_t>> results;  // (case, returned value)
  bool finished = false;  // the end marker arrived: fp_main returned
};

// Parses the whole output. A truncated or unknown record is an error naming its byte offset.
absl::StatusOr<LlvmExecRun> ParseHookOutput(absl::Span<const uint8_t> bytes, InstructionSet isa);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_LLVM_EXEC_HOOK_OUTPUT_H_
