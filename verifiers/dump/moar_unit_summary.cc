#include "verifiers/dump/moar_unit_summary.h"

#include "absl/strings/str_cat.h"
#include "core/moar/frame_code.h"

namespace frameproof::moar {
namespace {

std::string StringAt(const CompilationUnit& unit, uint32_t index) {
  return index < unit.strings.size() ? unit.strings[index].ToUtf8() : std::string();
}

struct Totals {
  size_t handlers = 0;
  size_t annotations = 0;
  size_t bytecode_bytes = 0;
  size_t instructions = 0;
  size_t errors = 0;
};

Totals Total(const CompilationUnit& unit, const std::vector<FrameCheck>& frames) {
  Totals totals;
  for (size_t i = 0; i < unit.frames.size(); ++i) {
    totals.handlers += unit.frames[i].handlers.size();
    totals.annotations += unit.frames[i].annotations.size();
    totals.bytecode_bytes += unit.frames[i].bytecode.size();
    totals.instructions += frames[i].instructions;
    totals.errors += frames[i].status.ok() ? 0 : 1;
  }
  return totals;
}

}  // namespace

std::vector<FrameCheck> CheckEveryFrame(const CompilationUnit& unit) {
  std::vector<FrameCheck> checks(unit.frames.size());
  for (uint32_t i = 0; i < unit.frames.size(); ++i) {
    absl::StatusOr<FrameCode> code = DecodeFrameCode(unit, i);
    if (code.ok()) {
      checks[i].instructions = code->instructions.size();
    } else {
      checks[i].status = code.status();
    }
  }
  return checks;
}

nlohmann::json UnitSummaryJson(const MoarFile& file, const std::vector<FrameCheck>& frames) {
  const CompilationUnit& unit = file.unit;
  const Totals totals = Total(unit, frames);
  nlohmann::json precomp = nullptr;
  if (file.precomp.has_value()) {
    nlohmann::json dependencies = nlohmann::json::array();
    for (const PrecompDependency& dependency : file.precomp->dependencies) {
      dependencies.push_back({{"id", dependency.id},
                              {"source", dependency.source},
                              {"checksum", dependency.checksum},
                              {"spec", dependency.spec}});
    }
    precomp = {{"header_bytes", file.precomp->size},
               {"checksum", file.precomp->checksum},
               {"source_checksum", file.precomp->source_checksum},
               {"dependencies", std::move(dependencies)}};
  }
  nlohmann::json out = {
      {"precomp", std::move(precomp)},
      {"version", unit.version},
      {"hll", StringAt(unit, unit.hll_name)},
      {"special_frames",
       {{"mainline", unit.mainline_frame},
        {"main", unit.main_frame},
        {"load", unit.load_frame},
        {"deserialize", unit.deserialize_frame}}},
      {"counts",
       {{"sc_dependencies", unit.sc_dependencies.size()},
        {"extension_ops", unit.extension_ops.size()},
        {"frames", unit.frames.size()},
        {"callsites", unit.callsites.size()},
        {"strings", unit.strings.size()},
        {"sc_data_bytes", unit.sc_data.size()},
        {"bytecode_bytes", totals.bytecode_bytes},
        {"instructions", totals.instructions},
        {"handlers", totals.handlers},
        {"annotations", totals.annotations}}},
  };
  nlohmann::json& list = out["frames"] = nlohmann::json::array();
  nlohmann::json& errors = out["errors"] = nlohmann::json::array();
  for (size_t i = 0; i < unit.frames.size(); ++i) {
    const Frame& frame = unit.frames[i];
    list.push_back({{"name", StringAt(unit, frame.name)},
                    {"cuuid", StringAt(unit, frame.cuuid)},
                    {"locals", frame.locals.size()},
                    {"lexicals", frame.lexicals.size()},
                    {"handlers", frame.handlers.size()},
                    {"bytecode_bytes", frame.bytecode.size()},
                    {"instructions", frames[i].instructions},
                    {"annotations", frame.annotations.size()}});
    if (!frames[i].status.ok()) errors.push_back(std::string(frames[i].status.message()));
  }
  return out;
}

std::string UnitSummaryText(const MoarFile& file, const std::vector<FrameCheck>& frames) {
  const CompilationUnit& unit = file.unit;
  const Totals totals = Total(unit, frames);
  std::string out;
  if (file.precomp.has_value()) {
    const PrecompHeader& header = *file.precomp;
    absl::StrAppend(&out, "precompiled module: Rakudo's header, ", header.size,
                    " bytes; the unit starts at byte ", header.size, "\n",
                    "  checksum         ", header.checksum, " (the unit's SHA-1)\n",
                    "  source checksum  ", header.source_checksum, " (the source's SHA-1)\n");
    for (size_t i = 0; i < header.dependencies.size(); ++i) {
      const PrecompDependency& dependency = header.dependencies[i];
      absl::StrAppend(&out, "  dependency ", i, "     id ", dependency.id, ", source ",
                      dependency.source, ", checksum ", dependency.checksum, ", spec ",
                      dependency.spec, "\n");
    }
  }
  absl::StrAppend(&out,
      "version ", unit.version, ", HLL '", StringAt(unit, unit.hll_name), "'\n",
      "special frames (index + 1): mainline ", unit.mainline_frame, ", main ", unit.main_frame,
      ", load ", unit.load_frame, ", deserialize ", unit.deserialize_frame, "\n",
      unit.sc_dependencies.size(), " SC dependencies, ", unit.extension_ops.size(),
      " extension ops, ", unit.callsites.size(), " callsites, ", unit.strings.size(),
      " strings, ", unit.sc_data.size(), " bytes of SC data\n", unit.frames.size(), " frames: ",
      totals.instructions, " instructions in ", totals.bytecode_bytes, " bytes, ",
      totals.handlers, " handlers, ", totals.annotations, " annotations\n");
  for (const FrameCheck& frame : frames) {
    if (!frame.status.ok()) absl::StrAppend(&out, "error: ", frame.status.message(), "\n");
  }
  absl::StrAppend(&out, totals.errors == 0 ? "valid\n"
                                           : absl::StrCat(totals.errors, " frames invalid\n"));
  return out;
}

}  // namespace frameproof::moar
