#include "verifiers/model/method_call_log.h"

#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"

namespace frameproof {
namespace {

// Prefixes a failed call's error with where in the log it happened. `where` builds that place
// only on failure, so a replay that succeeds formats no strings.
template <typename Where>
absl::Status At(absl::Status status, Where where) {
  if (status.ok()) [[likely]] return status;
  return absl::Status(status.code(), absl::StrCat(where(), ": ", status.message()));
}

absl::Status AddRegisters(StackMapStream& stream,
                          const std::vector<DexRegisterLocation>& registers) {
  for (const DexRegisterLocation& location : registers) {
    FP_RETURN_IF_ERROR(stream.AddDexRegisterEntry(location.kind, location.value));
  }
  return absl::OkStatus();
}

}  // namespace

std::vector<uint32_t> FinalNativePcs(const MethodCallLog& log) {
  std::vector<uint32_t> pcs;
  for (const MethodCallLog::StackMapEntry& entry : log.stack_maps) {
    pcs.push_back(entry.params.native_pc_offset);
  }
  for (const auto& [index, pc] : log.set_native_pc_offsets) {
    if (index < pcs.size()) pcs[index] = pc;
  }
  return pcs;
}

absl::StatusOr<std::vector<uint8_t>> Replay(const MethodCallLog& log, VerifyMode verify,
                                            ArtFormat format) {
  StackMapStream stream(log.isa, verify, format);
  FP_RETURN_IF_ERROR(At(stream.BeginMethod(log.method), [] { return "BeginMethod"; }));
  for (size_t i = 0; i < log.stack_maps.size(); ++i) {
    const MethodCallLog::StackMapEntry& entry = log.stack_maps[i];
    const auto where = [i] { return absl::StrCat("stack map ", i); };
    FP_RETURN_IF_ERROR(At(stream.BeginStackMapEntry(entry.params), where));
    FP_RETURN_IF_ERROR(At(AddRegisters(stream, entry.dex_registers), where));
    for (size_t depth = 0; depth < entry.inline_infos.size(); ++depth) {
      const MethodCallLog::InlineLevel& level = entry.inline_infos[depth];
      const auto level_where = [i, depth] {
        return absl::StrCat("stack map ", i, " inline level ", depth);
      };
      FP_RETURN_IF_ERROR(
          At(stream.BeginInlineInfoEntry(level.method, level.dex_pc, level.num_dex_registers),
             level_where));
      FP_RETURN_IF_ERROR(At(AddRegisters(stream, level.dex_registers), level_where));
      FP_RETURN_IF_ERROR(At(stream.EndInlineInfoEntry(), level_where));
    }
    FP_RETURN_IF_ERROR(At(stream.EndStackMapEntry(), where));
  }
  for (const auto& [index, pc] : log.set_native_pc_offsets) {
    FP_RETURN_IF_ERROR(At(stream.SetStackMapNativePcOffset(index, pc),
                          [] { return "SetStackMapNativePcOffset"; }));
  }
  FP_RETURN_IF_ERROR(At(stream.EndMethod(log.code_size), [] { return "EndMethod"; }));
  return stream.Encode();
}

}  // namespace frameproof
