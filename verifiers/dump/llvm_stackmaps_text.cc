#include "verifiers/dump/llvm_stackmaps_text.h"

#include "absl/strings/str_cat.h"

namespace frameproof {
namespace {

// One location, in llvm-readobj's words: small constants print as uint32.
std::string LocationText(const LlvmLocation& location, const LlvmStackMaps& maps) {
  const std::string reg = absl::StrCat("R#", location.dwarf_register);
  const int32_t offset = location.offset_or_small_constant;
  switch (location.kind) {
    case LlvmLocationKind::kRegister:
      return absl::StrCat("Register ", reg);
    case LlvmLocationKind::kDirect:
      return absl::StrCat("Direct ", reg, " + ", offset);
    case LlvmLocationKind::kIndirect:
      return absl::StrCat("Indirect [", reg, " + ", offset, "]");
    case LlvmLocationKind::kConstant:
      return absl::StrCat("Constant ", static_cast<uint32_t>(offset));
    case LlvmLocationKind::kConstantIndex:
      return absl::StrCat("ConstantIndex #", offset, " (",
                          maps.constants[static_cast<uint32_t>(offset)], ")");
  }
  return "";
}

}  // namespace

std::string LlvmStackMapsToText(const LlvmStackMaps& maps) {
  std::string out = absl::StrCat("LLVM StackMap Version: ", int{kLlvmStackMapVersion}, "\n");
  absl::StrAppend(&out, "Num Functions: ", maps.functions.size(), "\n");
  for (const LlvmStackMapFunction& function : maps.functions) {
    absl::StrAppend(&out, "  Function address: ", function.address, ", stack size: ",
                    function.stack_size, ", callsite record count: ", function.record_count, "\n");
  }
  absl::StrAppend(&out, "Num Constants: ", maps.constants.size(), "\n");
  for (size_t i = 0; i < maps.constants.size(); ++i) {
    absl::StrAppend(&out, "  #", i + 1, ": ", maps.constants[i], "\n");
  }
  absl::StrAppend(&out, "Num Records: ", maps.records.size(), "\n");
  for (const LlvmStackMapRecord& record : maps.records) {
    absl::StrAppend(&out, "  Record ID: ", record.id, ", instruction offset: ",
                    record.instruction_offset, "\n");
    absl::StrAppend(&out, "    ", record.locations.size(), " locations:\n");
    for (size_t i = 0; i < record.locations.size(); ++i) {
      absl::StrAppend(&out, "      #", i + 1, ": ", LocationText(record.locations[i], maps),
                      ", size: ", record.locations[i].size, "\n");
    }
    absl::StrAppend(&out, "    ", record.live_outs.size(), " live-outs: [ ");
    for (const LlvmLiveOut& live_out : record.live_outs) {
      absl::StrAppend(&out, "R#", live_out.dwarf_register, " (", int{live_out.size}, "-bytes) ");
    }
    absl::StrAppend(&out, "]\n");
  }
  return out;
}

nlohmann::json LlvmStackMapsToJson(const LlvmStackMaps& maps) {
  using nlohmann::json;
  json functions = json::array();
  for (const LlvmStackMapFunction& function : maps.functions) {
    functions.push_back({{"address", function.address},
                         {"stack_size", function.stack_size},
                         {"record_count", function.record_count}});
  }
  json records = json::array();
  for (const LlvmStackMapRecord& record : maps.records) {
    json locations = json::array();
    for (const LlvmLocation& location : record.locations) {
      json entry = {{"kind", LlvmLocationKindName(location.kind)},
                    {"size", location.size},
                    {"dwarf_register", location.dwarf_register},
                    {"offset_or_small_constant", location.offset_or_small_constant}};
      if (location.kind == LlvmLocationKind::kConstantIndex) {
        entry["constant"] = maps.constants[static_cast<uint32_t>(location.offset_or_small_constant)];
      }
      locations.push_back(entry);
    }
    json live_outs = json::array();
    for (const LlvmLiveOut& live_out : record.live_outs) {
      live_outs.push_back({{"dwarf_register", live_out.dwarf_register}, {"size", live_out.size}});
    }
    records.push_back({{"id", record.id},
                       {"instruction_offset", record.instruction_offset},
                       {"flags", record.flags},
                       {"locations", locations},
                       {"live_outs", live_outs}});
  }
  return {{"version", kLlvmStackMapVersion},
          {"functions", functions},
          {"constants", maps.constants},
          {"records", records}};
}

}  // namespace frameproof
