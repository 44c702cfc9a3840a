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
    frame.registers.push_back(value);
  }
  return frame;
}

json ArgumentsToJson(const std::vector<uint64_t>& arguments) {
  json out = json::array();
  for (const uint64_t argument : arguments) out.push_back(Hex(argument));
  return out;
}

json FrameStateToJson(const FrameState& state) {
  json frames = json::array();
  for (const DecodedFrame& frame : state.frames) {
    json registers = json::array();
    for (const std::optional<uint64_t>& value : frame.registers) {
      registers.push_back(value.has_value() ? json(Hex(*value)) : json(nullptr));
    }
    frames.push_back(
        {{"method_index", frame.method_index}, {"dex_pc", frame.dex_pc}, {"registers", registers}});
  }
  json roots = json::array();
  for (const uint32_t root : state.gc_roots) roots.push_back(Hex(root));
  return {{"frames", frames}, {"gc_roots", roots}};
}

absl::StatusOr<FrameState> FrameStateFromJson(const JsonFields& top, absl::string_view key) {
  FP_ASSIGN_OR_RETURN(const json* object, top.GetObject(key));
  const std::string path = top.PathOf(key);
  const JsonFields fields(*object, path);
  FrameState state;
  FP_ASSIGN_OR_RETURN(const json* frames, fields.GetArray("frames"));
  for (size_t i = 0; i < frames->size(); ++i) {
    FP_ASSIGN_OR_RETURN(DecodedFrame frame,
                        DecodedFrameFromJson((*frames)[i], absl::StrCat(path, ".frames[", i, "]")));
    state.frames.push_back(std::move(frame));
  }
  FP_ASSIGN_OR_RETURN(const json* roots, fields.GetArray("gc_roots"));
  for (size_t i = 0; i < roots->size(); ++i) {
    FP_ASSIGN_OR_RETURN(const uint64_t root,
                        ParseHex((*roots)[i], absl::StrCat(path, ".gc_roots[", i, "]")));
    state.gc_roots.push_back(static_cast<uint32_t>(root));
  }
  return state;
}

json FramesToJson(const std::vector<PlannedFrame>& planned) {
  json frames = json::array();
  for (const PlannedFrame& frame : planned) {
    json vregs = json::array();
    for (const PlannedVReg& vreg : frame.vregs) {
      vregs.push_back({{"type", NameOf(kVRegTypeNames, vreg.type)},
                       {"location", NameOf(kLocationClassNames, vreg.location)},
                       {"value", Hex(vreg.value)}});
    }
    frames.push_back({{"method_index", frame.method_index}, {"dex_pc", frame.dex_pc},
                      {"vregs", vregs}});
  }
  return frames;
}

absl::StatusOr<std::vector<PlannedFrame>> FramesFromJson(const JsonFields& fields) {
  FP_ASSIGN_OR_RETURN(const json* frames, fields.GetArray("frames"));
  std::vector<PlannedFrame> planned;
  for (size_t i = 0; i < frames->size(); ++i) {
    FP_ASSIGN_OR_RETURN(
        PlannedFrame frame,
        FrameFromJson((*frames)[i], absl::StrCat(fields.PathOf("frames"), "[", i, "]")));
    planned.push_back(std::move(frame));
  }
  return planned;
}

}  // namespace

json SnapshotToJson(const Snapshot& snapshot) {
  const MethodPlan& plan = snapshot.plan;
  json plan_json = {{"target_id", plan.target_id},
                    {"vtable_index", plan.vtable_index},
                    {"class_initialized", plan.class_initialized},
                    {"arguments", ArgumentsToJson(plan.arguments)},
                    {"frames", FramesToJson(plan.frames)}};
  // Plans without callers or safepoints keep the shape they had before those existed.
  if (!plan.callers.empty()) {
    json callers = json::array();
    for (const PlannedCaller& caller : plan.callers) {
      callers.push_back({{"frames", FramesToJson(caller.frames)}});
    }
    plan_json["callers"] = callers;
  }
  json out = {{"seed", plan.seed},
              {"resolver", ResolverKindName(plan.resolver)},
              {"plan", plan_json},
              {"expected_art", FrameStateToJson(snapshot.expected_art)},
              {"expected_ark", FrameStateToJson(snapshot.expected_ark)}};
  if (!plan.safepoints.empty()) {
    json safepoints = json::array();
    json expected = json::array();
    for (size_t s = 0; s < plan.safepoints.size(); ++s) {
      safepoints.push_back({{"frames", FramesToJson(plan.safepoints[s].frames)}});
      expected.push_back(
          {{"expected_art", FrameStateToJson(snapshot.expected_at(Metainfo::kArt, s))},
           {"expected_ark", FrameStateToJson(snapshot.expected_at(Metainfo::kArk, s))}});
    }
    out["plan"]["safepoints"] = safepoints;
    out["expected_at_safepoints"] = expected;
  }
  return out;
}

Snapshot SnapshotOf(const MethodPlan& plan) {
  Snapshot snapshot;
  snapshot.plan = plan;
  snapshot.expected_art = ExpectedFrameState(plan, Metainfo::kArt);
  snapshot.expected_ark = ExpectedFrameState(plan, Metainfo::kArk);
  for (size_t s = 0; s < plan.safepoints.size(); ++s) {
    snapshot.safepoints_expected_art.push_back(ExpectedFrameStateAt(plan, Metainfo::kArt, s));
    snapshot.safepoints_expected_ark.push_back(ExpectedFrameStateAt(plan, Metainfo::kArk, s));
  }
  return snapshot;
}

bool PlanGivesRecordedStates(const Snapshot& snapshot, Metainfo metainfo) {
  return ExpectedFrameStatesBySite(snapshot.plan, metainfo) ==
         RecordedStatesBySite(snapshot, metainfo);
}

std::vector<FrameState> RecordedStatesBySite(const Snapshot& snapshot, Metainfo metainfo) {
  std::vector<FrameState> states;
  states.reserve(CallSiteCount(snapshot.plan));
  for (size_t site = 0; site < CallSiteCount(snapshot.plan); ++site) {
    states.push_back(snapshot.expected_at(metainfo, site));
  }
  return states;
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
  if (arguments->size() > kMaxCallArguments) {
    return fields.Error("arguments", absl::StrCat("at most ", kMaxCallArguments,
                                                  " arguments, not ", arguments->size()));
  }
  for (size_t i = 0; i < arguments->size(); ++i) {
    FP_ASSIGN_OR_RETURN(const uint64_t argument,
                        ParseHex((*arguments)[i], absl::StrCat("plan.arguments[", i, "]")));
    plan.arguments.push_back(argument);
  }
  FP_ASSIGN_OR_RETURN(plan.frames, FramesFromJson(fields));
  if (fields.Has("callers")) {
    FP_ASSIGN_OR_RETURN(const json* callers, fields.GetArray("callers"));
    if (callers->size() > kMaxCallers) {
      return fields.Error("callers",
                          absl::StrCat("at most ", kMaxCallers, " callers, not ", callers->size()));
    }
    for (size_t i = 0; i < callers->size(); ++i) {
      const JsonFields caller((*callers)[i], absl::StrCat(fields.PathOf("callers"), "[", i, "]"));
      FP_ASSIGN_OR_RETURN(std::vector<PlannedFrame> frames, FramesFromJson(caller));
      plan.callers.push_back(PlannedCaller{std::move(frames)});
    }
  }
  FP_ASSIGN_OR_RETURN(snapshot.expected_art, FrameStateFromJson(top, "expected_art"));
  FP_ASSIGN_OR_RETURN(snapshot.expected_ark, FrameStateFromJson(top, "expected_ark"));
  if (fields.Has("safepoints")) {
    FP_ASSIGN_OR_RETURN(const json* safepoints, fields.GetArray("safepoints"));
    if (safepoints->size() > kMaxSafepoints) {
      return fields.Error("safepoints", absl::StrCat("at most ", kMaxSafepoints,
                                                     " safepoints, not ", safepoints->size()));
    }
    FP_ASSIGN_OR_RETURN(const json* expected, top.GetArray("expected_at_safepoints"));
    if (expected->size() != safepoints->size()) {
      return top.Error("expected_at_safepoints", absl::StrCat(expected->size(), " states for ",
                                                              safepoints->size(), " safepoints"));
    }
    for (size_t i = 0; i < safepoints->size(); ++i) {
      const JsonFields safepoint((*safepoints)[i],
                                 absl::StrCat(fields.PathOf("safepoints"), "[", i, "]"));
      FP_ASSIGN_OR_RETURN(std::vector<PlannedFrame> frames, FramesFromJson(safepoint));
      plan.safepoints.push_back(PlannedSafepoint{std::move(frames)});
      const JsonFields states((*expected)[i], absl::StrCat("expected_at_safepoints[", i, "]"));
      FP_ASSIGN_OR_RETURN(FrameState art, FrameStateFromJson(states, "expected_art"));
      FP_ASSIGN_OR_RETURN(FrameState ark, FrameStateFromJson(states, "expected_ark"));
      snapshot.safepoints_expected_art.push_back(std::move(art));
      snapshot.safepoints_expected_ark.push_back(std::move(ark));
    }
  }
  return snapshot;
}

}  // namespace frameproof
