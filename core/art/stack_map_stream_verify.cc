// The verify mode: decode what Encode() wrote and check it against every recorded call, as
// ART's debug builds do with their dchecks. The first mismatch is returned, named.

#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "core/art/stack_map_stream.h"
#include "core/base/status_macros.h"

namespace frameproof {
namespace {

absl::Status Mismatch(uint32_t stack_map, absl::string_view what, const std::string& recorded,
                      const std::string& decoded) {
  return absl::InternalError(absl::StrCat("verify: stack map ", stack_map, " ", what, ": recorded ",
                                          recorded, ", decoded ", decoded));
}

std::string Join(absl::Span<const DexRegisterLocation> locations) {
  std::string text = "[";
  for (size_t i = 0; i < locations.size(); ++i) {
    absl::StrAppend(&text, i == 0 ? "" : " ", ToString(locations[i]));
  }
  return text + "]";
}

absl::Status CheckRegisters(uint32_t stack_map, absl::string_view level,
                            absl::Span<const DexRegisterLocation> recorded,
                            const DexRegisterMap& decoded) {
  if (recorded.size() == decoded.size() &&
      std::equal(recorded.begin(), recorded.end(), decoded.begin())) {
    return absl::OkStatus();
  }
  return Mismatch(stack_map, absl::StrCat(level, " dex registers"), Join(recorded), Join(decoded));
}

}  // namespace

absl::Status StackMapStream::Verify(absl::Span<const uint8_t> encoded) const {
  FP_ASSIGN_OR_RETURN(const CodeInfo info,
                      CodeInfo::Decode(encoded, 0, CodeInfo::Subset::kAll, format_));
  const CodeInfoHeader& header = info.header();
  if (header.packed_frame_size * kStackAlignment != method_.frame_size_in_bytes ||
      header.core_spill_mask != method_.core_spill_mask ||
      header.fp_spill_mask != method_.fp_spill_mask ||
      header.number_of_dex_registers != method_.num_dex_registers ||
      header.code_size != (CodeInfoHeader::EncodesCodeSize(format_) ? code_size_ : 0) ||
      info.HasFlag(kIsBaseline) != method_.baseline ||
      info.HasFlag(kIsDebuggable) != method_.debuggable ||
      info.HasFlag(kHasShouldDeoptimizeFlag) != method_.has_should_deoptimize_flag) {
    return absl::InternalError("verify: the decoded header differs from BeginMethod/EndMethod");
  }
  if (info.GetNumberOfStackMaps() != records_.size()) {
    return absl::InternalError(absl::StrCat("verify: recorded ", records_.size(),
                                            " stack maps, decoded ", info.GetNumberOfStackMaps()));
  }
  for (uint32_t row = 0; row < records_.size(); ++row) {
    const StackMapRecord& record = records_[row];
    const StackMapParams& params = record.params;
    const StackMap map = info.GetStackMapAt(row);
    if (map.kind() != params.kind) {
      return Mismatch(row, "kind", std::string(StackMapKindName(params.kind)),
                      std::string(StackMapKindName(map.kind())));
    }
    if (map.GetNativePcOffset(isa_) != params.native_pc_offset) {
      return Mismatch(row, "native pc", absl::StrCat(params.native_pc_offset),
                      absl::StrCat(map.GetNativePcOffset(isa_)));
    }
    if (map.GetDexPc() != params.dex_pc) {
      return Mismatch(row, "dex pc", absl::StrCat(params.dex_pc), absl::StrCat(map.GetDexPc()));
    }
    if (info.GetRegisterMaskOf(map) != params.register_mask) {
      return Mismatch(row, "register mask", absl::StrCat(params.register_mask),
                      absl::StrCat(info.GetRegisterMaskOf(map)));
    }
    const BitMemoryRegion stack_mask = info.GetStackMaskOf(map);
    for (size_t bit = 0;
         bit < std::max(stack_mask.size_in_bits(), params.stack_mask.NumberOfBits()); ++bit) {
      const bool decoded = bit < stack_mask.size_in_bits() && stack_mask.LoadBit(bit);
      if (decoded != params.stack_mask.IsBitSet(bit)) {
        return Mismatch(row, absl::StrCat("stack mask bit ", bit),
                        params.stack_mask.IsBitSet(bit) ? "set" : "clear",
                        decoded ? "set" : "clear");
      }
    }

    // Lookups the runtime performs must find this very map.
    if (params.kind == StackMapKind::kDefault || params.kind == StackMapKind::kOsr) {
      const StackMap found = info.GetStackMapForNativePcOffset(params.native_pc_offset, isa_);
      if (found.Row() != row) {
        return Mismatch(row, "lookup by native pc", absl::StrCat("row ", row),
                        found.IsValid() ? absl::StrCat("row ", found.Row()) : "no map");
      }
    } else if (params.kind == StackMapKind::kCatch) {
      // Android 11 looks a catch map up by its own dex pc alone.
      const uint32_t outer_dex_pc[] = {params.dex_pc};
      const StackMap found = info.GetCatchStackMapForDexPc(
          CodeInfo::CatchLookupReadsInlineChain(format_) ? absl::MakeConstSpan(params.catch_dex_pcs)
                                                         : absl::MakeConstSpan(outer_dex_pc));
      if (found.Row() != row) {
        return Mismatch(row, "catch lookup", absl::StrCat("row ", row),
                        found.IsValid() ? absl::StrCat("row ", found.Row()) : "no map");
      }
    }

    // Registers: all or nothing, level by level.
    const bool has_registers = !record.registers.empty();
    const absl::Span<const DexRegisterLocation> all = record.registers;
    const uint32_t outer_count = has_registers ? method_.num_dex_registers : 0;
    FP_RETURN_IF_ERROR(
        CheckRegisters(row, "outer", all.subspan(0, outer_count), info.GetDexRegisterMapOf(map)));
    const InlineInfoRange chain = info.GetInlineInfosOf(map);
    if (chain.size() != record.inline_infos.size()) {
      return Mismatch(row, "inline depth", absl::StrCat(record.inline_infos.size()),
                      absl::StrCat(chain.size()));
    }
    size_t first = outer_count;
    for (uint32_t depth = 0; depth < chain.size(); ++depth) {
      const InlineRecord& inlined = record.inline_infos[depth];
      const InlineInfo decoded = chain[depth];
      const std::string level = absl::StrCat("inline level ", depth);
      if (decoded.GetDexPc() != inlined.dex_pc) {
        return Mismatch(row, absl::StrCat(level, " dex pc"), absl::StrCat(inlined.dex_pc),
                        absl::StrCat(decoded.GetDexPc()));
      }
      if (const auto* pointer = std::get_if<ArtMethodPointer>(&inlined.method)) {
        if (!decoded.EncodesArtMethod() || decoded.GetArtMethod() != pointer->value) {
          return Mismatch(row, absl::StrCat(level, " ArtMethod*"), absl::StrCat(pointer->value),
                          decoded.EncodesArtMethod() ? absl::StrCat(decoded.GetArtMethod())
                                                     : "a MethodInfo row");
        }
      } else {
        const auto& reference = std::get<DexMethodReference>(inlined.method);
        const uint32_t method_index =
            decoded.EncodesArtMethod() ? kNoValue : info.GetMethodInfoOf(decoded).GetMethodIndex();
        if (method_index != reference.dex_method_index) {
          return Mismatch(row, absl::StrCat(level, " dex method index"),
                          absl::StrCat(reference.dex_method_index), absl::StrCat(method_index));
        }
      }
      const size_t count = has_registers ? inlined.num_dex_registers : 0;
      FP_RETURN_IF_ERROR(CheckRegisters(row, level, all.subspan(first, count),
                                        info.GetInlineDexRegisterMapOf(map, decoded)));
      first += count;
    }
  }
  return absl::OkStatus();
}

}  // namespace frameproof
