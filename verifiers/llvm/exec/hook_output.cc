#include "verifiers/llvm/exec/hook_output.h"

#include "absl/strings/str_cat.h"
#include "core/base/internal/byte_reader.h"
#include "verifiers/llvm/exec_runtime/hook_record.h"

namespace frameproof {
namespace {

absl::Status Truncated(size_t offset, absl::string_view what) {
  return absl::DataLossError(
      absl::StrCat("program output byte ", offset, ": ", what, " is cut short"));
}

}  // namespace

LlvmMachineState HookRecord::State() const {
  LlvmMachineState state = registers;
  state.memory_address = site_sp;
  state.memory = frame;
  return state;
}

absl::StatusOr<LlvmExecRun> ParseHookOutput(absl::Span<const uint8_t> bytes, InstructionSet isa) {
  LlvmExecRun run;
  const ByteReader reader(bytes, ByteOrder::kLittle, "program output");
  size_t offset = 0;
  // Word `index` of the record at `offset`, whose length the caller has checked.
  const auto word = [&](size_t index) {
    return *reader.TryRead<uint64_t>(offset + index * kLlvmWordBytes);
  };
  while (offset < bytes.size()) {
    if (bytes.size() - offset < kLlvmWordBytes) return Truncated(offset, "a record's magic");
    const uint64_t magic = word(0);
    if (magic == FP_END_MAGIC) {
      run.finished = true;
      offset += kLlvmWordBytes;
      if (offset != bytes.size()) {
        return absl::DataLossError(
            absl::StrCat("program output byte ", offset, ": bytes after the end marker"));
      }
      break;
    }
    if (magic == FP_RESULT_MAGIC) {
      if (bytes.size() - offset < FP_RESULT_WORDS * kLlvmWordBytes) {
        return Truncated(offset, "a result record");
      }
      run.results.emplace_back(word(1), word(2));
      offset += FP_RESULT_WORDS * kLlvmWordBytes;
      continue;
    }
    if (magic == FP_EVENT_MAGIC) {
      if (bytes.size() - offset < FP_EVENT_WORDS * kLlvmWordBytes) return Truncated(offset, "an event");
      LlvmExecEvent event;
      event.kind = word(FP_EVENT_WORD_KIND);
      event.case_index = word(FP_EVENT_WORD_CASE);
      for (size_t a = 0; a < event.args.size(); ++a) event.args[a] = word(FP_EVENT_WORD_ARGS + a);
      const uint64_t payload = word(FP_EVENT_WORD_PAYLOAD_BYTES);
      const uint64_t padded = (payload + kLlvmWordBytes - 1) / kLlvmWordBytes * kLlvmWordBytes;
      offset += FP_EVENT_WORDS * kLlvmWordBytes;
      if (payload > FP_LEAF_MAX_BYTES || bytes.size() - offset < padded) {
        return Truncated(offset, absl::StrCat("a ", payload, "-byte event payload"));
      }
      event.payload.assign(bytes.begin() + offset, bytes.begin() + offset + payload);
      offset += padded;
      run.events.push_back(std::move(event));
      continue;
    }
    if (magic != FP_HOOK_RECORD_MAGIC) {
      return absl::DataLossError(absl::StrCat("program output byte ", offset,
                                              ": unknown record magic 0x", absl::Hex(magic)));
    }
    if (bytes.size() - offset < FP_HOOK_FIXED_WORDS * kLlvmWordBytes) {
      return Truncated(offset, "a hook record");
    }
    HookRecord hook;
    const uint64_t kind = word(FP_HOOK_WORD_KIND);
    if (kind < FP_HOOK_KIND_STACKMAP || kind > FP_HOOK_KIND_STATEPOINT) {
      return absl::DataLossError(
          absl::StrCat("program output byte ", offset, ": unknown hook kind ", kind));
    }
    hook.kind = static_cast<HookKind>(kind);
    hook.site_pc = word(FP_HOOK_WORD_SITE_PC);
    hook.return_pc = word(FP_HOOK_WORD_RETURN_PC);
    hook.site_sp = word(FP_HOOK_WORD_SITE_SP);
    hook.entry_sp = word(FP_HOOK_WORD_ENTRY_SP);
    hook.case_index = word(FP_HOOK_WORD_CASE);
    hook.registers.isa = isa;
    hook.registers.stack_pointer = hook.site_sp;
    hook.registers.program_counter = hook.return_pc;
    for (size_t r = 0; r < kLlvmGeneralRegisterSlots; ++r) {
      hook.registers.general[r] = word(FP_HOOK_WORD_GP + r);
    }
    for (size_t v = 0; v < kLlvmVectorRegisterSlots; ++v) {
      for (size_t b = 0; b < kLlvmVectorRegisterBytes; ++b) {
        hook.registers.vector[v][b] =
            bytes[offset + FP_HOOK_WORD_VECTOR * kLlvmWordBytes + v * kLlvmVectorRegisterBytes + b];
      }
    }
    const uint64_t frame_bytes = word(FP_HOOK_WORD_STACK_BYTES);
    offset += FP_HOOK_FIXED_WORDS * kLlvmWordBytes;
    if (frame_bytes > FP_STACK_WINDOW_LIMIT || bytes.size() - offset < frame_bytes) {
      return Truncated(offset, absl::StrCat("a ", frame_bytes, "-byte frame"));
    }
    hook.frame.assign(bytes.begin() + offset, bytes.begin() + offset + frame_bytes);
    offset += frame_bytes;
    run.hooks.push_back(std::move(hook));
  }
  return run;
}

}  // namespace frameproof
