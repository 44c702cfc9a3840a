#include "verifiers/codec/reference_view.h"

#include <utility>

#include "core/base/status_macros.h"
#include "verifiers/reference/reference_decoder.h"

namespace frameproof {
namespace {

std::vector<DexRegisterLocation> Locations(
    const std::vector<reference::ReferenceDexRegister>& registers) {
  std::vector<DexRegisterLocation> locations;
  locations.reserve(registers.size());
  for (const reference::ReferenceDexRegister& reg : registers) {
    locations.push_back(DexRegisterLocation{reg.kind, reg.value});
  }
  return locations;
}

}  // namespace

absl::StatusOr<MethodView> ReferenceView(absl::Span<const uint8_t> buffer, size_t offset,
                                         InstructionSet isa, ArtFormat format) {
  FP_ASSIGN_OR_RETURN(
      reference::ReferenceCodeInfo info,
      reference::DecodeReference(buffer, offset, isa, reference::ReferenceDetail::kStackMaps,
                                 format));
  // Flag bits as the format notes define them (section 5.2); Android 11 had IsBaseline at 2 and
  // neither of the others.
  const bool android11 = format == ArtFormat::kAndroid11;
  const uint32_t kShouldDeoptimize = android11 ? 0 : 2;
  const uint32_t kBaseline = android11 ? 2 : 4;
  const uint32_t kDebuggable = android11 ? 0 : 8;
  MethodView view;
  view.code_size = info.header.code_size;
  view.frame_size_in_bytes = info.header.packed_frame_size * kStackAlignment;
  view.core_spill_mask = info.header.core_spill_mask;
  view.fp_spill_mask = info.header.fp_spill_mask;
  view.number_of_dex_registers = info.header.number_of_dex_registers;
  view.baseline = (info.header.flags & kBaseline) != 0;
  view.debuggable = (info.header.flags & kDebuggable) != 0;
  view.has_should_deoptimize_flag = (info.header.flags & kShouldDeoptimize) != 0;
  view.stack_maps.reserve(info.stack_maps.size());
  for (reference::ReferenceStackMap& map : info.stack_maps) {
    MethodView::StackMapEntry entry;
    entry.kind = static_cast<StackMapKind>(static_cast<uint32_t>(map.kind));
    entry.native_pc = map.native_pc;
    entry.dex_pc = map.dex_pc;
    entry.register_mask = map.register_mask;
    entry.stack_mask_bits = std::move(map.stack_mask);
    entry.has_register_map = map.has_dex_register_map;
    entry.registers = Locations(map.dex_register_map);
    entry.inline_infos.reserve(map.inline_frames.size());
    for (const reference::ReferenceInlineFrame& frame : map.inline_frames) {
      MethodView::InlineLevel level;
      level.dex_pc = frame.dex_pc;
      level.art_method = frame.art_method;
      if (frame.method_info.has_value()) {
        level.method_info = MethodView::MethodInfoRow{frame.method_info->method_index,
                                                      frame.method_info->dex_file_index_kind,
                                                      frame.method_info->dex_file_index};
      }
      level.registers = Locations(frame.dex_register_map);
      entry.inline_infos.push_back(std::move(level));
    }
    view.stack_maps.push_back(std::move(entry));
  }
  return view;
}

}  // namespace frameproof
