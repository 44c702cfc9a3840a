#ifndef FRAMEPROOF_VERIFIERS_CODEC_REFERENCE_VIEW_H_
#define FRAMEPROOF_VERIFIERS_CODEC_REFERENCE_VIEW_H_

#include <cstdint>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "core/art/art_format.h"
#include "core/base/instruction_set.h"
#include "verifiers/codec/method_view.h"

namespace frameproof {

// The method as the independent reference decoder (verifiers/reference/) reads the CodeInfo at
// byte `offset` of `buffer`, laid out as `format` says.
absl::StatusOr<MethodView> ReferenceView(absl::Span<const uint8_t> buffer, size_t offset,
                                         InstructionSet isa,
                                         ArtFormat format = ArtFormat::kCurrent);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_CODEC_REFERENCE_VIEW_H_
