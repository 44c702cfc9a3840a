#include "arch/method_code_info.h"

#include "arch/planted_arch_bugs.h"
#include "arch/value_model.h"
#include "core/base/status_macros.h"

namespace frameproof {

// A home differs from the plan's location only where a register ran out (a stack slot instead),
// so the plan says what is a root.
bool IsRecordedRoot(const PlannedVReg& vreg, bool& first) {
  if (!IsGcRoot(vreg)) return false;
  const bool skip = first && FP_PLANTED_BUG(kGcRootMissed);
  first = false;
  return !skip;
}

absl::StatusOr<std::vector<uint8_t>> EncodeMethodCodeInfo(absl::Span<const CallSiteHomes> sites,
                                                          InstructionSet isa, Metainfo metainfo,
                                                          absl::Span<const StackMapAt> maps,
                                                          uint32_t code_size) {
  return MethodCodeInfoEncoder().Encode(sites, isa, metainfo, maps, code_size);
}

absl::StatusOr<std::vector<uint8_t>> MethodCodeInfoEncoder::Encode(
    absl::Span<const CallSiteHomes> sites, InstructionSet isa, Metainfo metainfo,
    absl::Span<const StackMapAt> maps, uint32_t code_size) {
  if (metainfo == Metainfo::kArk) {
    if (ark_builder_.has_value() && ark_builder_isa_ == isa) {
      ark_builder_->Reset();
    } else {
      FP_ASSIGN_OR_RETURN(const ark::IsaLayout layout, ark::LayoutFor(isa));
      ark_builder_.emplace(layout);
      ark_builder_isa_ = isa;
    }
    return EncodeArkMethodCodeInfo(*ark_builder_, sites, isa, maps);
  }
  if (art_stream_.has_value() && art_stream_->isa() == isa) {
    art_stream_->Reset();
  } else {
    art_stream_.emplace(isa, VerifyMode::kOn);
  }
  return EncodeArtMethodCodeInfo(*art_stream_, sites, maps, code_size);
}

}  // namespace frameproof
