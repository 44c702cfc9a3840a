#include "verifiers/exec/snapshot.h"

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"
#include "verifiers/util/json_fields.h"

namespace frameproof {
namespace {

using nlohmann::json;

// 64-bit values travel as "0x..." strings, which every JSON reader keeps exact.
std::string Hex(uint64_t value) { return absl::StrCat("0x", absl::Hex(value)); }

absl::StatusOr<uint64_t> ParseHex(const json& value, const std::string& path) {
  uint64_t parsed = 0;
  if (!value.is_string() || value.get<std::string>().rfind("0x", 0) != 0 ||
      !absl::SimpleHexAtoi(value.get<std::string>().substr(2), &parsed)) {
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": expected a \"0x...\" hex string, got ", value.dump()));
  }
  return parsed;
}

template <typename Enum, size_t N>
absl::StatusOr<Enum> ParseName(const EnumNameTable<Enum, N>& table, const JsonFields& fields,
                               absl::string_view key) {
  FP_ASSIGN_OR_RETURN(const std::string name, fields.GetString(key));
  if (const std::optional<Enum> value = EnumNamed(table, name)) return *value;
  return fields.Error(key, absl::StrCat("unknown name '", name, "'"));
}

absl::StatusOr<PlannedFrame> FrameFromJson(const json& object, const std::string& path) {
  const JsonFields fields(object, path);
  PlannedFrame frame;
  FP_ASSIGN_OR_RETURN(frame.method_index, fields.GetUint32("method_index"));
  FP_ASSIGN_OR_RETURN(frame.dex_pc, fields.GetUint32("dex_pc"));
  FP_ASSIGN_OR_RETURN(const json* vregs, fields.GetArray("vregs"));
  for (size_t i = 0; i < vregs->size(); ++i) {
    const JsonFields vreg_fields((*vregs)[i], absl::StrCat(fields.PathOf("vregs"), "[", i, "]"));
    PlannedVReg vreg;
    FP_ASSIGN_OR_RETURN(vreg.type, ParseName(kVRegTypeNames, vreg_fields, "type"));
    FP_ASSIGN_OR_RETURN(vreg.location, ParseName(kLocationClassNames, vreg_fields, "location"));
    FP_ASSIGN_OR_RETURN(const json* value, vreg_fields.Get("value"));
    FP_ASSIGN_OR_RETURN(vreg.value, ParseHex(*value, vreg_fields.PathOf("value")));
    frame.vregs.push_back(vreg);
  }
  return frame;
}

absl::StatusOr<DecodedFrame> DecodedFrameFromJson(const json& object, const std::string& path) {
  const JsonFields fields(object, path);
  DecodedFrame frame;
  FP_ASSIGN_OR_RETURN(frame.method_index, fields.GetUint32("method_index"));
  FP_ASSIGN_OR_RETURN(frame.dex_pc, fields.GetUint32("dex_pc"));
  FP_ASSIGN_OR_RETURN(const json* registers, fields.GetArray("registers"));
  for (size_t i = 0; i < registers->size(); ++i) {
    if ((*registers)[i].is_null()) {
      frame.registers.push_back(std::nullopt);
      continue;
    }
    FP_ASSIGN_OR_RETURN(const uint64_t value,
                        ParseHex((*registers)[i],
                                 absl::StrCat(fields.PathOf("registers"), "[", i, "]")));
    frame.registers.push_back(static_cast<uint32_t>(value));
  }
  return frame;
}

}  // namespace

json SnapshotToJson(const Snapshot& snapshot) {
  const MethodPlan& plan = snapshot.plan;
  json frames = json::array();
  for (const PlannedFrame& frame : plan.frames) {
    json vregs = json::array();
    for (const PlannedVReg& vreg : frame.vregs) {
      vregs.push_back({{"type", NameOf(kVRegTypeNames, vreg.type)},
                       {"location", NameOf(kLocationClassNames, vreg.location)},
                       {"value", Hex(vreg.value)}});
    }
    frames.push_back({{"method_index", frame.method_index}, {"dex_pc", frame.dex_pc},
                      {"vregs", vregs}});
  }
  json expected_frames = json::array();
  for (const DecodedFrame& frame : snapshot.expected.frames) {
    json registers = json::array();
    for (const std::optional<uint32_t>& value : frame.registers) {
      registers.push_back(value.has_value() ? json(Hex(*value)) : json(nullptr));
    }
    expected_frames.push_back({{"method_index", frame.method_index}, {"dex_pc", frame.dex_pc},
                               {"registers", registers}});
  }
  json roots = json::array();
  for (const uint32_t root : snapshot.expected.gc_roots) roots.push_back(Hex(root));
  return {{"seed", plan.seed},
          {"resolver", ResolverKindName(plan.resolver)},
          {"plan",
           {{"target_id", plan.target_id},
            {"vtable_index", plan.vtable_index},
            {"class_initialized", plan.class_initialized},
            {"arguments", {Hex(plan.arguments[0]), Hex(plan.arguments[1])}},
            {"frames", frames}}},
          {"expected", {{"frames", expected_frames}, {"gc_roots", roots}}}};
}

absl::StatusOr<Snapshot> SnapshotFromJson(const json& object) {
  const JsonFields top(object, "");
  Snapshot snapshot;
  MethodPlan& plan = snapshot.plan;
  FP_ASSIGN_OR_RETURN(plan.seed, top.GetUint64("seed"));
  FP_ASSIGN_OR_RETURN(plan.resolver, ParseName(kResolverKindNames, top, "resolver"));
  FP_ASSIGN_OR_RETURN(const json* plan_json, top.GetObject("plan"));
  const JsonFields fields(*plan_json, "plan");
  FP_ASSIGN_OR_RETURN(plan.target_id, fields.GetUint32("target_id"));
  FP_ASSIGN_OR_RETURN(const uint32_t vtable_index, fields.GetUint32("vtable_index"));
  plan.vtable_index = static_cast<uint16_t>(vtable_index);
  FP_ASSIGN_OR_RETURN(plan.class_initialized, fields.GetBool("class_initialized"));
  FP_ASSIGN_OR_RETURN(const json* arguments, fields.GetArray("arguments"));
  if (arguments->size() != plan.arguments.size()) {
    return fields.Error("arguments", "expected two arguments");
  }
  for (size_t i = 0; i < plan.arguments.size(); ++i) {
    FP_ASSIGN_OR_RETURN(plan.arguments[i],
                        ParseHex((*arguments)[i], absl::StrCat("plan.arguments[", i, "]")));
  }
  FP_ASSIGN_OR_RETURN(const json* frames, fields.GetArray("frames"));
  for (size_t i = 0; i < frames->size(); ++i) {
    FP_ASSIGN_OR_RETURN(PlannedFrame frame,
                        FrameFromJson((*frames)[i], absl::StrCat("plan.frames[", i, "]")));
    plan.frames.push_back(std::move(frame));
  }
  FP_ASSIGN_OR_RETURN(const json* expected_json, top.GetObject("expected"));
  const JsonFields expected(*expected_json, "expected");
  FP_ASSIGN_OR_RETURN(const json* expected_frames, expected.GetArray("frames"));
  for (size_t i = 0; i < expected_frames->size(); ++i) {
    FP_ASSIGN_OR_RETURN(DecodedFrame frame,
                        DecodedFrameFromJson((*expected_frames)[i],
                                             absl::StrCat("expected.frames[", i, "]")));
    snapshot.expected.frames.push_back(std::move(frame));
  }
  FP_ASSIGN_OR_RETURN(const json* roots, expected.GetArray("gc_roots"));
  for (size_t i = 0; i < roots->size(); ++i) {
    FP_ASSIGN_OR_RETURN(const uint64_t root,
                        ParseHex((*roots)[i], absl::StrCat("expected.gc_roots[", i, "]")));
    snapshot.expected.gc_roots.push_back(static_cast<uint32_t>(root));
  }
  return snapshot;
}

}  // namespace frameproof
