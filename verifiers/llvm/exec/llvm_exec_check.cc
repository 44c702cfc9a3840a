#include "verifiers/llvm/exec/llvm_exec_check.h"

#include <algorithm>
#include <optional>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "core/art/code_info.h"
#include "core/llvm/code_info_conversion.h"
#include "core/llvm/dwarf_registers.h"
#include "core/llvm/location_recovery.h"

namespace frameproof {
namespace {

constexpr uint64_t kX86PatchPointCallBytes = 13;    // movabs $target, %r11; call *%r11
constexpr uint64_t kArm64PatchPointCallBytes = 16;  // movz, movk, movk x16; blr x16
constexpr uint64_t kLow32 = 0xFFFFFFFFu;
constexpr size_t kStatePointHeaderLocations = 3;

uint64_t Compared(LlvmExecType type, uint64_t value) {
  return type == LlvmExecType::kI32 ? value & kLow32 : value;
}

// One site's check: rows of its table, and whether any differs.
class SiteChecker {
 public:
  SiteChecker(const LlvmStackMaps& maps, const HookRecord& hook, const LlvmExecSite& site,
              const LlvmStackMapRecord& record, InstructionSet isa, LlvmExecCounts& counts)
      : maps_(maps), hook_(hook), site_(site), record_(record), isa_(isa), counts_(counts),
        state_(hook.State()) {}

  // The value each location recovers to (nullopt where recovery failed), for the CodeInfo pass.
  std::vector<std::optional<uint64_t>> CheckLocations() {
    const size_t ordered = site_.locations.size();
    std::vector<std::optional<uint64_t>> recovered(record_.locations.size());
    const bool pairs_fit = site_.gc_pairs.empty()
                               ? record_.locations.size() == ordered
                               : record_.locations.size() >= ordered &&
                                     (record_.locations.size() - ordered) % 2 == 0;
    if (!pairs_fit) {
      Fail(absl::StrCat("the record has ", record_.locations.size(), " locations; the site has ",
                        ordered, site_.gc_pairs.empty() ? "" : " and GC pairs"));
    }
    for (size_t i = 0; i < record_.locations.size(); ++i) {
      const LlvmLocation& location = record_.locations[i];
      ++counts_.locations;
      ++counts_.by_location_kind[static_cast<size_t>(location.kind)];
      const absl::StatusOr<uint64_t> value = RecoverLlvmLocation(maps_, location, state_);
      if (value.ok()) recovered[i] = *value;
      if (location.kind == LlvmLocationKind::kRegister) {
        const absl::StatusOr<DexRegisterLocation> reg =
            DwarfToMachineRegister(isa_, location.dwarf_register);
        if (reg.ok() && reg->kind == DexRegisterKind::kInFpuRegister) {
          ++counts_.vector_register_values;
        }
      }
      if (i < ordered) CheckOrdered(i, location, value);
    }
    CheckGcPairs(ordered, recovered);
    return recovered;
  }

  void CheckLiveOuts(const LlvmExecFunction& function) {
    for (const LlvmLiveOut& live_out : record_.live_outs) {
      ++counts_.live_outs;
      const absl::StatusOr<uint64_t> value =
          ReadDwarfRegister(state_, live_out.dwarf_register, live_out.size);
      if (!value.ok()) {
        Fail(absl::StrCat("live-out R#", live_out.dwarf_register, ": ", value.status().message()));
        continue;
      }
      if (IsAnyRegResult(live_out.dwarf_register) || IsFrameAddress(*value) ||
          IsArm64StackPointerOrZero(live_out.dwarf_register) ||
          *value == LowLlvmBytes(hook_.return_pc, live_out.size)) {
        continue;
      }
      const bool known = std::any_of(
          function.values.begin(), function.values.end(),
          [&](uint64_t candidate) { return LowLlvmBytes(candidate, live_out.size) == *value; });
      if (!known) {
        Fail(absl::StrCat(
            "live-out R#", live_out.dwarf_register, " (", int{live_out.size}, " bytes) holds ",
            FormatLlvmExecWord(*value),
            ", which is no value the function computed, no frame address and not the pc"));
      }
    }
  }

  void CheckCodeInfo(const std::vector<uint8_t>& code_info, uint32_t native_pc,
                     const std::vector<std::optional<uint64_t>>& recovered) {
    const absl::StatusOr<CodeInfo> info = CodeInfo::Decode(code_info);
    if (!info.ok()) {
      Fail(absl::StrCat("the converted CodeInfo does not decode: ", info.status().message()));
      return;
    }
    const StackMap map = info->GetStackMapForNativePcOffset(native_pc, isa_);
    if (!map.IsValid()) {
      Fail(absl::StrCat("the converted CodeInfo has no stack map at native pc ", native_pc));
      return;
    }
    ++counts_.code_info_records;
    const DexRegisterMap registers = info->GetDexRegisterMapOf(map);
    for (size_t i = 0; i < recovered.size() && i < registers.size(); ++i) {
      if (!recovered[i].has_value()) continue;
      const LlvmLocation& location = record_.locations[i];
      const absl::StatusOr<uint64_t> value =
          RecoverDexRegisterLocation(registers[i], location.size, state_);
      const LlvmExecType type =
          i < site_.locations.size() ? site_.locations[i].type : LlvmExecType::kPtr;
      if (!value.ok() || Compared(type, *value) != Compared(type, *recovered[i])) {
        Fail(absl::StrCat(
            "location #", i + 1, " ", DescribeLlvmLocation(location), " reads ",
            FormatLlvmExecWord(*recovered[i]), " from the stack map but ",
            value.ok() ? FormatLlvmExecWord(*value) : std::string(value.status().message()),
            " through its CodeInfo location ", ToString(registers[i])));
      }
    }
  }

  std::string TakeFailure() const {
    if (problems_.empty() && !table_differs_) return "";
    std::string out;
    for (const std::string& problem : problems_) absl::StrAppend(&out, "    ", problem, "\n");
    if (table_differs_) {
      absl::StrAppend(&out, "    location                         | expected              | "
                            "recovered\n",
                      table_);
    }
    return out;
  }

 private:
  static std::string ToString(const DexRegisterLocation& location) {
    return absl::StrCat(DexRegisterKindName(location.kind), " ", location.value);
  }

  void Fail(std::string problem) { problems_.push_back(std::move(problem)); }

  bool IsFrameAddress(uint64_t value) const {
    return value + kLlvmWordBytes >= hook_.site_sp && value <= hook_.entry_sp + kLlvmWordBytes;
  }

  // DWARF 31 is both sp and the zero register on arm64; either is live, neither holds a value.
  bool IsArm64StackPointerOrZero(uint16_t dwarf) const {
    return isa_ == InstructionSet::kArm64 && dwarf == kArm64DwarfSpOrZero;
  }

  bool IsAnyRegResult(uint16_t dwarf) const {
    return site_.kind == LlvmExecSiteKind::kAnyRegPatchPoint && !record_.locations.empty() &&
           record_.locations[0].kind == LlvmLocationKind::kRegister &&
           record_.locations[0].dwarf_register == dwarf;
  }

  void Row(size_t index, const LlvmLocation& location, const ExpectedLlvmValue& expected,
           const std::string& recovered, bool differs) {
    table_differs_ |= differs;
    absl::StrAppend(
        &table_, absl::StrFormat(
                     "  %s #%-2d %-28s | %-6s %-14s | %s\n", differs ? "*" : " ", index + 1,
                     absl::StrCat(DescribeLlvmLocation(location), ", ", location.size, "B"),
                     LlvmExecTypeName(expected.type),
                     expected.type == LlvmExecType::kAny ? "" : FormatLlvmExecWord(expected.bits),
                     recovered));
  }

  void CheckOrdered(size_t i, const LlvmLocation& location,
                    const absl::StatusOr<uint64_t>& value) {
    const ExpectedLlvmValue& expected = site_.locations[i];
    if (!value.ok()) {
      Row(i, location, expected, std::string(value.status().message()), true);
      return;
    }
    if (expected.type == LlvmExecType::kAny) {
      Row(i, location, expected, FormatLlvmExecWord(*value),
          location.kind != LlvmLocationKind::kRegister);
      return;
    }
    if (expected.type == LlvmExecType::kAlloca) {
      const absl::StatusOr<uint64_t> word = LoadLlvmMemory(state_, *value, kLlvmWordBytes);
      const bool differs = !word.ok() || *word != expected.bits;
      Row(i, location, expected,
          absl::StrCat(
              "[", FormatLlvmExecWord(*value),
              "] = ", word.ok() ? FormatLlvmExecWord(*word) : std::string(word.status().message())),
          differs);
      return;
    }
    Row(i, location, expected, FormatLlvmExecWord(*value),
        Compared(expected.type, *value) != Compared(expected.type, expected.bits));
  }

  void CheckGcPairs(size_t first, const std::vector<std::optional<uint64_t>>& recovered) {
    if (site_.gc_pairs.empty()) return;
    std::vector<std::pair<uint64_t, uint64_t>> got;
    for (size_t i = first; i + 1 < recovered.size(); i += 2) {
      if (!recovered[i].has_value() || !recovered[i + 1].has_value()) {
        Fail(absl::StrCat("GC pair at locations #", i + 1, " and #", i + 2, " did not recover"));
        return;
      }
      got.emplace_back(*recovered[i], *recovered[i + 1]);
    }
    // llc records each distinct (base, derived) pair once, however many relocates name it.
    std::vector<std::pair<uint64_t, uint64_t>> expected = site_.gc_pairs;
    for (auto* pairs : {&got, &expected}) {
      std::sort(pairs->begin(), pairs->end());
      pairs->erase(std::unique(pairs->begin(), pairs->end()), pairs->end());
    }
    counts_.gc_pairs += got.size();
    // Every recorded pair must be one the program has, and every base must be recorded. A
    // derived pointer at a constant offset may be missing: llc can recompute it from the
    // relocated base after the call instead of keeping it (the checksum then shows it right).
    bool differs = false;
    for (const auto& pair : got) {
      differs |= !std::binary_search(expected.begin(), expected.end(), pair);
    }
    // Not a structured binding: clang before 16 cannot capture one in the lambda.
    for (const auto& wanted : expected) {
      differs |= std::none_of(got.begin(), got.end(),
                              [&](const auto& pair) { return pair.first == wanted.first; });
    }
    if (differs) {
      std::string text = "GC pairs (base, derived) differ: expected";
      for (const auto& [base, derived] : expected) {
        absl::StrAppend(&text, " (", FormatLlvmExecWord(base), ", ", FormatLlvmExecWord(derived),
                        ")");
      }
      absl::StrAppend(&text, "; recovered");
      for (const auto& [base, derived] : got) {
        absl::StrAppend(&text, " (", FormatLlvmExecWord(base), ", ", FormatLlvmExecWord(derived),
                        ")");
      }
      Fail(std::move(text));
    }
  }

  const LlvmStackMaps& maps_;
  const HookRecord& hook_;
  const LlvmExecSite& site_;
  const LlvmStackMapRecord& record_;
  const InstructionSet isa_;
  LlvmExecCounts& counts_;
  const LlvmMachineState state_;
  std::vector<std::string> problems_;
  std::string table_;
  bool table_differs_ = false;
};

struct RecordPlace {
  size_t function = 0;
  size_t record = 0;  // index into maps.records
};

}  // namespace

uint64_t PatchPointCallBytes(InstructionSet isa) {
  return isa == InstructionSet::kX86_64 ? kX86PatchPointCallBytes : kArm64PatchPointCallBytes;
}

HookKind HookKindOf(LlvmExecSiteKind kind) {
  switch (kind) {
    case LlvmExecSiteKind::kStackMap:
      return HookKind::kStackMap;
    case LlvmExecSiteKind::kStatePoint:
      return HookKind::kStatePoint;
    default:
      return HookKind::kPatchPoint;
  }
}

std::string DescribeLlvmLocation(const LlvmLocation& location) {
  switch (location.kind) {
    case LlvmLocationKind::kRegister:
      return absl::StrCat("Register R#", location.dwarf_register);
    case LlvmLocationKind::kDirect:
    case LlvmLocationKind::kIndirect:
      return absl::StrCat(location.kind == LlvmLocationKind::kDirect ? "Direct" : "Indirect",
                          " [R#", location.dwarf_register, " + ",
                          location.offset_or_small_constant, "]");
    case LlvmLocationKind::kConstant:
      return absl::StrCat("Constant ", location.offset_or_small_constant);
    case LlvmLocationKind::kConstantIndex:
      return absl::StrCat("ConstantIndex #", location.offset_or_small_constant);
  }
  return "?";
}

LlvmExecCounts& LlvmExecCounts::operator+=(const LlvmExecCounts& other) {
  sites += other.sites;
  locations += other.locations;
  for (size_t i = 0; i < by_location_kind.size(); ++i) {
    by_location_kind[i] += other.by_location_kind[i];
  }
  vector_register_values += other.vector_register_values;
  gc_pairs += other.gc_pairs;
  live_outs += other.live_outs;
  code_info_records += other.code_info_records;
  code_info_unrepresentable += other.code_info_unrepresentable;
  return *this;
}

LlvmExecCheck CheckLlvmExecRun(const LlvmExecExpectations& expectations, const LlvmStackMaps& maps,
                               const LlvmExecRun& run, InstructionSet isa) {
  LlvmExecCheck check;
  absl::flat_hash_map<uint64_t, std::vector<RecordPlace>> records_by_id;
  for (size_t f = 0; f < maps.functions.size(); ++f) {
    const size_t first = maps.FirstRecordOf(f);
    for (size_t r = 0; r < maps.functions[f].record_count; ++r) {
      records_by_id[maps.records[first + r].id].push_back({f, first + r});
    }
  }
  std::vector<std::vector<const LlvmExecSite*>> sites_of(expectations.functions.size());
  for (const LlvmExecSite& site : expectations.sites) sites_of[site.function].push_back(&site);
  std::vector<size_t> reached(expectations.functions.size(), 0);
  absl::flat_hash_map<size_t, absl::StatusOr<std::vector<uint8_t>>> code_infos;

  for (const HookRecord& hook : run.hooks) {
    if (hook.case_index >= expectations.functions.size()) {
      check.failures.push_back(
          absl::StrCat("a hook reported case ", hook.case_index, ", which does not exist"));
      continue;
    }
    const std::vector<const LlvmExecSite*>& sites = sites_of[hook.case_index];
    if (reached[hook.case_index] >= sites.size()) {
      check.failures.push_back(absl::StrCat("case ", hook.case_index, " reached a hook at ",
                                            FormatLlvmExecWord(hook.site_pc), " after all its ",
                                            sites.size(), " sites"));
      continue;
    }
    const LlvmExecSite& site = *sites[reached[hook.case_index]++];
    ++check.counts.sites;
    const std::string where = absl::StrCat("case ", hook.case_index, " site ID ", site.id, " (",
                                           LlvmExecSiteKindName(site.kind), ")");
    if (hook.kind != HookKindOf(site.kind)) {
      check.failures.push_back(absl::StrCat(where, ": reached the wrong hook"));
      continue;
    }
    const auto found = records_by_id.find(site.id);
    if (found == records_by_id.end() || found->second.size() != 1) {
      check.failures.push_back(absl::StrCat(
          where, ": .llvm_stackmaps has ", found == records_by_id.end() ? 0 : found->second.size(),
          " records with this ID, not 1"));
      continue;
    }
    const RecordPlace place = found->second.front();
    const LlvmStackMapFunction& function = maps.functions[place.function];
    const LlvmStackMapRecord& record = maps.records[place.record];
    const uint64_t record_pc = function.address + record.instruction_offset;
    const uint64_t expected_pc =
        record_pc + (IsPatchPoint(site.kind) ? PatchPointCallBytes(isa) : 0);
    const std::string record_name =
        absl::StrCat(where, ", record ", place.record, " at function ", place.function, " + ",
                     record.instruction_offset);
    if (hook.site_pc != expected_pc) {
      check.failures.push_back(absl::StrCat(
          record_name, ": the hook was reached from ", FormatLlvmExecWord(hook.site_pc),
          ", but the record places it at ", FormatLlvmExecWord(expected_pc)));
      continue;
    }
    std::string problems;
    if (function.stack_size != kLlvmDynamicStackSize &&
        hook.site_sp + function.stack_size != hook.entry_sp) {
      absl::StrAppend(&problems, "    stack size ", function.stack_size,
                      " does not match the frame the hook sees: entry sp - site sp = ",
                      static_cast<int64_t>(hook.entry_sp - hook.site_sp), "\n");
    }
    SiteChecker checker(maps, hook, site, record, isa, check.counts);
    const std::vector<std::optional<uint64_t>> recovered = checker.CheckLocations();
    checker.CheckLiveOuts(expectations.functions[site.function]);
    auto [entry, inserted] = code_infos.try_emplace(place.function, absl::StatusOr<std::vector<uint8_t>>());
    if (inserted) entry->second = ConvertLlvmFunctionToCodeInfo(maps, place.function, isa);
    if (entry->second.ok()) {
      checker.CheckCodeInfo(*entry->second, record.instruction_offset, recovered);
    } else if (entry->second.status().code() == absl::StatusCode::kFailedPrecondition) {
      ++check.counts.code_info_unrepresentable;
    } else {
      absl::StrAppend(&problems, "    the CodeInfo conversion failed: ",
                      entry->second.status().message(), "\n");
    }
    absl::StrAppend(&problems, checker.TakeFailure());
    if (!problems.empty()) check.failures.push_back(absl::StrCat(record_name, ":\n", problems));
  }

  for (size_t f = 0; f < expectations.functions.size(); ++f) {
    if (reached[f] != sites_of[f].size()) {
      check.failures.push_back(absl::StrCat("case ", f, " reached ", reached[f], " of its ",
                                            sites_of[f].size(), " sites"));
    }
    const auto result = std::find_if(run.results.begin(), run.results.end(),
                                     [&](const auto& entry) { return entry.first == f; });
    if (result == run.results.end()) {
      check.failures.push_back(absl::StrCat("case ", f, " reported no result"));
    } else if (result->second != expectations.functions[f].result) {
      check.failures.push_back(absl::StrCat("case ", f, " returned ",
                                            FormatLlvmExecWord(result->second), ", expected ",
                                            FormatLlvmExecWord(expectations.functions[f].result),
                                            " (the code after a hook misbehaved)"));
    }
  }
  if (!run.finished) check.failures.push_back("the program did not reach its end marker");
  return check;
}

}  // namespace frameproof
