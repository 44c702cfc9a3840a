#include "verifiers/model/ark_call_log.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "core/base/enum_names.h"
#include "core/base/status_macros.h"
#include "verifiers/util/json_fields.h"

namespace frameproof::ark {
namespace {

using nlohmann::json;

constexpr EnumNameTable<SaveStateOpcode, 4> kOpcodeNames = {{
    {SaveStateOpcode::kSaveState, "SaveState"},
    {SaveStateOpcode::kSaveStateOsr, "SaveStateOsr"},
    {SaveStateOpcode::kSaveStateDeoptimize, "SaveStateDeoptimize"},
    {SaveStateOpcode::kSafePoint, "SafePoint"},
}};
static_assert(NamesEachOnce(kOpcodeNames));

template <class... Ts>
struct Overloaded : Ts... {
  using Ts::operator()...;
};
// clang 14 (the ClusterFuzzLite compiler) has no aggregate deduction, so spell the guide out.
template <class... Ts>
Overloaded(Ts...) -> Overloaded<Ts...>;

// Positional arguments of one call, read with checks; errors name "calls[i] Name argument k".
class Arguments {
 public:
  Arguments(const json& call, std::string where) : call_(call), where_(std::move(where)) {}

  absl::Status Expect(size_t count) const {
    if (call_.size() == count + 1) return absl::OkStatus();
    return absl::InvalidArgumentError(
        absl::StrCat(where_, ": takes ", count, " arguments, got ", call_.size() - 1));
  }
  std::string Where(size_t k) const { return absl::StrCat(where_, " argument ", k); }
  absl::StatusOr<uint32_t> Uint32(size_t k) const { return JsonToUint32(call_[k], Where(k)); }
  absl::StatusOr<uint64_t> Uint64(size_t k) const {
    if (!call_[k].is_number_unsigned()) {
      return absl::InvalidArgumentError(absl::StrCat(Where(k), ": expected an unsigned integer"));
    }
    return call_[k].get<uint64_t>();
  }
  absl::StatusOr<bool> Bool(size_t k) const {
    if (!call_[k].is_boolean()) {
      return absl::InvalidArgumentError(absl::StrCat(Where(k), ": expected true or false"));
    }
    return call_[k].get<bool>();
  }
  template <typename Enum>
  absl::StatusOr<Enum> Named(size_t k, std::optional<Enum> (*parse)(absl::string_view)) const {
    const std::optional<Enum> value =
        call_[k].is_string() ? parse(call_[k].get<std::string>()) : std::nullopt;
    if (!value.has_value()) {
      return absl::InvalidArgumentError(absl::StrCat(Where(k), ": unknown name ", call_[k].dump()));
    }
    return *value;
  }
  const json& operator[](size_t k) const { return call_[k]; }

 private:
  const json& call_;
  std::string where_;
};

std::optional<SaveStateOpcode> ParseOpcode(absl::string_view name) {
  return EnumNamed(kOpcodeNames, name);
}

absl::StatusOr<BeginStackMapCall> ParseBeginStackMap(const Arguments& args) {
  BeginStackMapCall call;
  FP_RETURN_IF_ERROR(args.Expect(4));
  FP_ASSIGN_OR_RETURN(call.bytecode_pc, args.Uint32(1));
  FP_ASSIGN_OR_RETURN(call.native_pc, args.Uint32(2));
  const JsonFields save_state(args[3], args.Where(3));
  FP_ASSIGN_OR_RETURN(const std::string opcode, save_state.GetString("opcode"));
  const std::optional<SaveStateOpcode> parsed = ParseOpcode(opcode);
  if (!parsed.has_value()) return save_state.Error("opcode", absl::StrCat("unknown ", opcode));
  call.opcode = *parsed;
  FP_ASSIGN_OR_RETURN(call.roots_regs_mask, save_state.GetUint32("roots_regs_mask"));
  FP_ASSIGN_OR_RETURN(const json* mask, save_state.Get("roots_stack_mask"));
  if (!mask->is_null()) {
    const JsonFields vector(*mask, save_state.PathOf("roots_stack_mask"));
    StackMaskVector stack_mask;
    FP_ASSIGN_OR_RETURN(stack_mask.size, vector.GetUint32("size"));
    FP_ASSIGN_OR_RETURN(const json* bits, vector.GetArray("bits"));
    for (size_t i = 0; i < bits->size(); ++i) {
      FP_ASSIGN_OR_RETURN(
          const uint32_t bit,
          JsonToUint32((*bits)[i], absl::StrCat(vector.PathOf("bits"), "[", i, "]")));
      if (bit >= stack_mask.size) {
        return vector.Error("bits",
                            absl::StrCat("bit ", bit, " is not below the size ", stack_mask.size));
      }
      stack_mask.bits.push_back(bit);
    }
    call.roots_stack_mask = std::move(stack_mask);
  }
  FP_ASSIGN_OR_RETURN(call.require_vreg_map, args.Bool(4));
  return call;
}

absl::StatusOr<BuilderCall> ParseCall(const json& call, size_t index) {
  if (!call.is_array() || call.empty() || !call[0].is_string()) {
    return absl::InvalidArgumentError(
        absl::StrCat("calls[", index, "]: expected [\"Name\", arguments...]"));
  }
  const std::string name = call[0].get<std::string>();
  const Arguments args(call, absl::StrCat("calls[", index, "] ", name));
  if (name == "SetHasFloatRegs") {
    FP_RETURN_IF_ERROR(args.Expect(1));
    FP_ASSIGN_OR_RETURN(const bool value, args.Bool(1));
    return SetHasFloatRegsCall{value};
  }
  if (name == "BeginMethod") {
    FP_RETURN_IF_ERROR(args.Expect(2));
    FP_ASSIGN_OR_RETURN(const uint32_t frame_size, args.Uint32(1));
    FP_ASSIGN_OR_RETURN(const uint32_t vregs_count, args.Uint32(2));
    return BeginMethodCall{frame_size, vregs_count};
  }
  if (name == "SetFrameSize") {
    FP_RETURN_IF_ERROR(args.Expect(1));
    FP_ASSIGN_OR_RETURN(const uint32_t frame_size, args.Uint32(1));
    return SetFrameSizeCall{frame_size};
  }
  if (name == "BeginStackMap") return ParseBeginStackMap(args);
  if (name == "AddVReg") {
    FP_RETURN_IF_ERROR(args.Expect(4));
    VRegInfo vreg;
    FP_ASSIGN_OR_RETURN(vreg.value, args.Uint32(1));
    FP_ASSIGN_OR_RETURN(vreg.location, args.Named<VRegInfo::Location>(2, ParseLocation));
    FP_ASSIGN_OR_RETURN(vreg.type, args.Named<VRegInfo::Type>(3, ParseType));
    FP_ASSIGN_OR_RETURN(vreg.vreg_type, args.Named<VRegInfo::VRegType>(4, ParseVRegType));
    return AddVRegCall{vreg};
  }
  if (name == "AddConstant") {
    FP_RETURN_IF_ERROR(args.Expect(3));
    AddConstantCall constant;
    FP_ASSIGN_OR_RETURN(constant.value, args.Uint64(1));
    FP_ASSIGN_OR_RETURN(constant.type, args.Named<VRegInfo::Type>(2, ParseType));
    FP_ASSIGN_OR_RETURN(constant.vreg_type, args.Named<VRegInfo::VRegType>(3, ParseVRegType));
    return constant;
  }
  if (name == "BeginInlineInfo") {
    FP_RETURN_IF_ERROR(args.Expect(5));
    BeginInlineInfoCall level;
    FP_ASSIGN_OR_RETURN(level.method, args.Uint64(1));
    FP_ASSIGN_OR_RETURN(level.method_id, args.Uint32(2));
    FP_ASSIGN_OR_RETURN(level.bytecode_pc, args.Uint32(3));
    FP_ASSIGN_OR_RETURN(level.vregs_count, args.Uint32(4));
    FP_ASSIGN_OR_RETURN(level.file_index, args.Uint32(5));
    return level;
  }
  if (name == "AddImplicitNullCheck") {
    FP_RETURN_IF_ERROR(args.Expect(2));
    FP_ASSIGN_OR_RETURN(const uint32_t pc, args.Uint32(1));
    FP_ASSIGN_OR_RETURN(const uint32_t offset, args.Uint32(2));
    return AddImplicitNullCheckCall{pc, offset};
  }
  if (name == "SetSavedCalleeRegsMask") {
    FP_RETURN_IF_ERROR(args.Expect(2));
    FP_ASSIGN_OR_RETURN(const uint32_t mask, args.Uint32(1));
    FP_ASSIGN_OR_RETURN(const uint32_t fp_mask, args.Uint32(2));
    return SetSavedCalleeRegsMaskCall{mask, fp_mask};
  }
  const std::pair<absl::string_view, BuilderCall> no_arguments[] = {
      {"EndInlineInfo", EndInlineInfoCall{}},
      {"EndStackMap", EndStackMapCall{}},
      {"EndMethod", EndMethodCall{}},
      {"Encode", EncodeCall{}}};
  for (const auto& [known, value] : no_arguments) {
    if (name != known) continue;
    FP_RETURN_IF_ERROR(args.Expect(0));
    return value;
  }
  return absl::InvalidArgumentError(
      absl::StrCat("calls[", index, "]: ", name, " is not a CodeInfoBuilder call"));
}

json VRegArguments(const VRegInfo& vreg) {
  return json::array({vreg.value, std::string(LocationName(vreg.location)),
                      std::string(TypeName(vreg.type)), std::string(VRegTypeName(vreg.vreg_type))});
}

}  // namespace

absl::string_view SaveStateOpcodeName(SaveStateOpcode opcode) {
  return NameOf(kOpcodeNames, opcode);
}

absl::Status ApplyCall(const BuilderCall& call, CodeInfoBuilder& builder,
                       std::vector<uint8_t>& encoded) {
  return std::visit(
      Overloaded{
          [&](const SetHasFloatRegsCall& c) {
            builder.SetHasFloatRegs(c.has_float_regs);
            return absl::OkStatus();
          },
          [&](const BeginMethodCall& c) {
            return builder.BeginMethod(c.frame_size, c.vregs_count);
          },
          [&](const SetFrameSizeCall& c) { return builder.SetFrameSize(c.frame_size); },
          [&](const BeginStackMapCall& c) {
            std::vector<uint8_t> bytes;
            SaveState save_state;
            save_state.opcode = c.opcode;
            save_state.roots_regs_mask = c.roots_regs_mask;
            if (c.roots_stack_mask.has_value()) {
              bytes.assign((c.roots_stack_mask->size + 7) / 8, 0);
              for (uint32_t bit : c.roots_stack_mask->bits) {
                bytes[bit / 8] |= static_cast<uint8_t>(1u << (bit % 8));
              }
              save_state.roots_stack_mask =
                  BitMemoryRegion(bytes.data(), 0, c.roots_stack_mask->size);
            }
            return builder.BeginStackMap(c.bytecode_pc, c.native_pc, save_state,
                                         c.require_vreg_map);
          },
          [&](const AddVRegCall& c) { return builder.AddVReg(c.vreg); },
          [&](const AddConstantCall& c) {
            return builder.AddConstant(c.value, c.type, c.vreg_type);
          },
          [&](const BeginInlineInfoCall& c) {
            return builder.BeginInlineInfo(c.method, c.method_id, c.bytecode_pc, c.vregs_count,
                                           c.file_index);
          },
          [&](const EndInlineInfoCall&) { return builder.EndInlineInfo(); },
          [&](const EndStackMapCall&) { return builder.EndStackMap(); },
          [&](const AddImplicitNullCheckCall& c) {
            builder.AddImplicitNullCheck(c.instruction_native_pc, c.offset);
            return absl::OkStatus();
          },
          [&](const SetSavedCalleeRegsMaskCall& c) {
            builder.SetSavedCalleeRegsMask(c.mask, c.fp_mask);
            return absl::OkStatus();
          },
          [&](const EndMethodCall&) { return builder.EndMethod(); },
          [&](const EncodeCall&) -> absl::Status {
            FP_ASSIGN_OR_RETURN(encoded, builder.Encode());
            return absl::OkStatus();
          },
      },
      call);
}

absl::StatusOr<std::vector<uint8_t>> ReplayCallLog(const CallLog& log) {
  FP_ASSIGN_OR_RETURN(const IsaLayout isa, LayoutFor(log.isa));
  CodeInfoBuilder builder(isa);
  std::vector<uint8_t> encoded;
  for (size_t i = 0; i < log.calls.size(); ++i) {
    if (absl::Status status = ApplyCall(log.calls[i], builder, encoded); !status.ok()) {
      return absl::Status(status.code(), absl::StrCat("call ", i, ": ", status.message()));
    }
  }
  return encoded;
}

absl::StatusOr<std::vector<BuilderCall>> CallsFromJson(const json& calls) {
  if (!calls.is_array()) return absl::InvalidArgumentError("calls: expected an array");
  std::vector<BuilderCall> parsed;
  parsed.reserve(calls.size());
  for (size_t i = 0; i < calls.size(); ++i) {
    FP_ASSIGN_OR_RETURN(BuilderCall call, ParseCall(calls[i], i));
    parsed.push_back(std::move(call));
  }
  return parsed;
}

json CallsToJson(absl::Span<const BuilderCall> calls) {
  json out = json::array();
  for (const BuilderCall& call : calls) {
    out.push_back(std::visit(
        Overloaded{
            [](const SetHasFloatRegsCall& c) {
              return json::array({"SetHasFloatRegs", c.has_float_regs});
            },
            [](const BeginMethodCall& c) {
              return json::array({"BeginMethod", c.frame_size, c.vregs_count});
            },
            [](const SetFrameSizeCall& c) {
              return json::array({"SetFrameSize", c.frame_size});
            },
            [](const BeginStackMapCall& c) {
              json mask = nullptr;
              if (c.roots_stack_mask.has_value()) {
                mask = json{{"size", c.roots_stack_mask->size}, {"bits", c.roots_stack_mask->bits}};
              }
              return json::array({"BeginStackMap", c.bytecode_pc, c.native_pc,
                                  json{{"opcode", std::string(SaveStateOpcodeName(c.opcode))},
                                       {"roots_regs_mask", c.roots_regs_mask},
                                       {"roots_stack_mask", mask}},
                                  c.require_vreg_map});
            },
            [](const AddVRegCall& c) {
              json call = VRegArguments(c.vreg);
              call.insert(call.begin(), "AddVReg");
              return call;
            },
            [](const AddConstantCall& c) {
              return json::array({"AddConstant", c.value, std::string(TypeName(c.type)),
                                  std::string(VRegTypeName(c.vreg_type))});
            },
            [](const BeginInlineInfoCall& c) {
              return json::array({"BeginInlineInfo", c.method, c.method_id, c.bytecode_pc,
                                  c.vregs_count, c.file_index});
            },
            [](const EndInlineInfoCall&) { return json::array({"EndInlineInfo"}); },
            [](const EndStackMapCall&) { return json::array({"EndStackMap"}); },
            [](const AddImplicitNullCheckCall& c) {
              return json::array({"AddImplicitNullCheck", c.instruction_native_pc, c.offset});
            },
            [](const SetSavedCalleeRegsMaskCall& c) {
              return json::array({"SetSavedCalleeRegsMask", c.mask, c.fp_mask});
            },
            [](const EndMethodCall&) { return json::array({"EndMethod"}); },
            [](const EncodeCall&) { return json::array({"Encode"}); },
        },
        call));
  }
  return out;
}

}  // namespace frameproof::ark
