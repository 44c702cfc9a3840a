#ifndef FRAMEPROOF_VERIFIERS_MODEL_ARK_CALL_LOG_H_
#define FRAMEPROOF_VERIFIERS_MODEL_ARK_CALL_LOG_H_

// A log of calls to Ark's CodeInfoBuilder, one entry per call with its arguments: what the
// conformance vectors record and what the ark_code_info_builder fuzz target generates. Its JSON
// form is the vectors' "calls" array (../shared/conformance/ark/README.md §1.1).

#include <cstdint>
#include <optional>
#include <variant>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "core/ark/code_info_builder.h"
#include "core/ark/isa_layout.h"
#include "core/ark/vreg_info.h"
#include "nlohmann/json.hpp"

namespace frameproof::ark {

// Ark's ArenaBitVector as a roots stack mask: its size and the set bits below it.
struct StackMaskVector {
  uint32_t size = 0;
  std::vector<uint32_t> bits;  // ascending, each below `size`
  friend bool operator==(const StackMaskVector&, const StackMaskVector&) = default;
};

struct SetHasFloatRegsCall {
  bool has_float_regs = false;
};
struct BeginMethodCall {
  uint32_t frame_size = 0;
  uint32_t vregs_count = 0;
};
struct SetFrameSizeCall {
  uint32_t frame_size = 0;
};
struct BeginStackMapCall {
  uint32_t bytecode_pc = 0;
  uint32_t native_pc = 0;
  SaveStateOpcode opcode = SaveStateOpcode::kSaveState;
  uint32_t roots_regs_mask = 0;
  std::optional<StackMaskVector> roots_stack_mask;  // nullopt: Ark's nullptr
  bool require_vreg_map = false;
};
struct AddVRegCall {
  VRegInfo vreg;
};
struct AddConstantCall {
  uint64_t value = 0;
  VRegInfo::Type type = VRegInfo::Type::kUndefined;
  VRegInfo::VRegType vreg_type = VRegInfo::VRegType::kVReg;
};
struct BeginInlineInfoCall {
  uint64_t method = 0;  // the Method*, or 0
  uint32_t method_id = 0;
  uint32_t bytecode_pc = 0;
  uint32_t vregs_count = 0;
  uint32_t file_index = 0;
};
struct EndInlineInfoCall {};
struct EndStackMapCall {};
struct AddImplicitNullCheckCall {
  uint32_t instruction_native_pc = 0;
  uint32_t offset = 0;
};
struct SetSavedCalleeRegsMaskCall {
  uint32_t mask = 0;
  uint32_t fp_mask = 0;
};
struct EndMethodCall {};
struct EncodeCall {};

using BuilderCall =
    std::variant<SetHasFloatRegsCall, BeginMethodCall, SetFrameSizeCall, BeginStackMapCall,
                 AddVRegCall, AddConstantCall, BeginInlineInfoCall, EndInlineInfoCall,
                 EndStackMapCall, AddImplicitNullCheckCall, SetSavedCalleeRegsMaskCall,
                 EndMethodCall, EncodeCall>;

struct CallLog {
  InstructionSet isa = InstructionSet::kArm64;
  std::vector<BuilderCall> calls;  // ends with its one EncodeCall
};

// Performs `call` on `builder`. An EncodeCall encodes into `encoded`.
absl::Status ApplyCall(const BuilderCall& call, CodeInfoBuilder& builder,
                       std::vector<uint8_t>& encoded);

// Replays `log` on a fresh builder for its ISA and returns what its Encode call produced. The
// first call the builder refuses is the error, with its index.
absl::StatusOr<std::vector<uint8_t>> ReplayCallLog(const CallLog& log);

// The vectors' JSON form of calls, both ways. Parse errors name the call's index and argument.
absl::StatusOr<std::vector<BuilderCall>> CallsFromJson(const nlohmann::json& calls);
nlohmann::json CallsToJson(absl::Span<const BuilderCall> calls);

// "SaveState", "SaveStateOsr", "SaveStateDeoptimize", "SafePoint".
absl::string_view SaveStateOpcodeName(SaveStateOpcode opcode);

}  // namespace frameproof::ark

#endif  // FRAMEPROOF_VERIFIERS_MODEL_ARK_CALL_LOG_H_
