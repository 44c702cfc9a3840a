#include "verifiers/llvm/exec/module_check.h"

#include <algorithm>
#include <array>
#include <optional>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/base/status_macros.h"
#include "core/bits/bit_utils.h"
#include "core/llvm/dwarf_registers.h"
#include "core/llvm/location_recovery.h"
#include "verifiers/llvm/exec/llvm_findings.h"
#include "verifiers/llvm/exec_runtime/hook_record.h"

namespace frameproof {
namespace {

constexpr absl::string_view kGcAddressSpace = "addrspace(1)";

std::string Hex(absl::Span<const uint8_t> bytes) {
  // Most significant byte first, as a number reads.
  std::string text = "0x";
  for (size_t i = bytes.size(); i-- > 0;)
    absl::StrAppend(&text, absl::Hex(bytes[i], absl::kZeroPad2));
  return text;
}

// What a pointer points into, so two builds that placed things apart can be compared: a frame,
// a global of the module (or a driver buffer) and an offset in it, or a plain address.
std::string PointerMeaning(
    uint64_t value, bool in_frame,
    const absl::flat_hash_map<uint64_t, std::pair<uint64_t, uint64_t>>& globals,
    const ModuleBuilds& builds) {
  if (in_frame) return "a frame address";
  for (const auto& [index, place] : globals) {
    const auto& [address, size] = place;
    if (value >= address && value < address + std::max<uint64_t>(size, 1) &&
        index < builds.globals.size()) {
      return absl::StrCat(builds.globals[index], " + ", value - address);
    }
  }
  return absl::StrCat("address 0x", absl::Hex(value));
}

// An operand's shape as a finding names it: what decides which of llc's bugs folds it.
std::string OperandShape(const ModuleOperand& operand) {
  if (operand.leaves.size() != 1) return "aggregate";
  if (absl::StartsWith(operand.leaves[0].type, "<")) return "vector";
  return operand.leaves[0].type;
}

// The tag of the first of `site`'s first `count` operands wider than a register (an aggregate,
// or a scalar wider than a word), which a record short of locations most likely folded; empty
// when there is none.
std::string FirstWideOperandTag(const ModuleSite& site, size_t count) {
  for (size_t o = 0; o < std::min(count, site.operands.size()); ++o) {
    const ModuleOperand& operand = site.operands[o];
    if (operand.leaves.size() > 1 ||
        (operand.leaves.size() == 1 && operand.leaves[0].bytes > kLlvmWordBytes)) {
      return absl::StrCat(" ", WideOperandTag(o + 1, OperandShape(operand)));
    }
  }
  return "";
}

struct ReferenceSite {
  const LlvmExecEvent* site = nullptr;
  std::vector<const LlvmExecEvent*> leaves;
};

class ModuleChecker {
 public:
  ModuleChecker(const ModuleBuilds& builds, const LlvmStackMaps& maps, const LlvmExecRun& test,
                const LlvmExecRun& reference, InstructionSet isa)
      : builds_(builds), maps_(maps), test_(test), reference_(reference), isa_(isa) {}

  ModuleCheck Check() {
    Collect(test_, test_globals_, test_stubs_, nullptr);
    Collect(reference_, reference_globals_, reference_stubs_, &reference_sites_);
    CheckStubs();
    const size_t reached = std::min(test_.hooks.size(), reference_sites_.size());
    for (size_t i = 0; i < reached; ++i) CheckSite(test_.hooks[i], reference_sites_[i]);
    if (test_.hooks.size() != reference_sites_.size()) {
      Finding(ModuleFindingKind::kControlFlow,
              absl::StrCat("the build under test reached ", test_.hooks.size(),
                           " stack map points, the reference build ", reference_sites_.size()));
    }
    CheckResults();
    if (!test_.finished)
      Finding(ModuleFindingKind::kControlFlow, "the build under test did not reach its end marker");
    return std::move(check_);
  }

 private:
  using Places = absl::flat_hash_map<uint64_t, std::pair<uint64_t, uint64_t>>;
  using Stubs = std::vector<std::pair<uint64_t, uint64_t>>;  // (case, stub)

  void Finding(ModuleFindingKind kind, std::string text) {
    check_.findings.push_back({kind, std::move(text)});
  }

  static void Collect(const LlvmExecRun& run, Places& globals, Stubs& stubs,
                      std::vector<ReferenceSite>* sites) {
    for (const LlvmExecEvent& event : run.events) {
      switch (event.kind) {
        case FP_EVENT_GLOBAL:
          globals[event.args[0]] = {event.args[1], event.args[2]};
          break;
        case FP_EVENT_STUB:
          stubs.emplace_back(event.case_index, event.args[0]);
          break;
        case FP_EVENT_SITE:
          if (sites != nullptr) sites->push_back({&event, {}});
          break;
        case FP_EVENT_LEAF:
          if (sites != nullptr && !sites->empty()) sites->back().leaves.push_back(&event);
          break;
        default:
          break;
      }
    }
  }

  std::string Entry(uint64_t case_index) const {
    return case_index < builds_.entries.size()
               ? absl::StrCat(builds_.entries[case_index], " (case ", case_index, ")")
               : absl::StrCat("case ", case_index);
  }

  void CheckStubs() {
    for (size_t i = 0; i < std::max(test_stubs_.size(), reference_stubs_.size()); ++i) {
      const auto name = [&](const Stubs& stubs) {
        if (i >= stubs.size()) return std::string("nothing");
        return stubs[i].second < builds_.stubs.size() ? builds_.stubs[stubs[i].second]
                                                      : std::string("?");
      };
      if (i >= test_stubs_.size() || i >= reference_stubs_.size() ||
          test_stubs_[i] != reference_stubs_[i]) {
        Finding(ModuleFindingKind::kWrongCall,
                absl::StrCat("call ", i + 1, " to a declared function went to ", name(test_stubs_),
                             " in the build under test and to ", name(reference_stubs_),
                             " in the reference build"));
        return;
      }
    }
  }

  void CheckResults() {
    // Not a structured binding: clang before 16 cannot capture one in the lambda.
    for (const std::pair<uint64_t, uint64_t>& result : reference_.results) {
      const uint64_t case_index = result.first;
      const uint64_t value = result.second;
      const auto found = std::find_if(test_.results.begin(), test_.results.end(),
                                      [&](const auto& entry) { return entry.first == case_index; });
      if (found == test_.results.end()) {
        Finding(ModuleFindingKind::kWrongResult,
                absl::StrCat(Entry(case_index), " returned nothing in the build under test"));
      } else if (found->second != value) {
        Finding(ModuleFindingKind::kWrongResult,
                absl::StrCat(Entry(case_index), " returned ", FormatLlvmExecWord(found->second),
                             " in the build under test and ", FormatLlvmExecWord(value),
                             " in the reference build"));
      }
    }
  }

  void CheckSite(const HookRecord& hook, const ReferenceSite& reference) {
    const uint64_t ordinal = reference.site->args[0];
    if (ordinal >= builds_.sites.size()) {
      Finding(ModuleFindingKind::kControlFlow,
              absl::StrCat("the reference build reported site ", ordinal, ", which is not one"));
      return;
    }
    const ModuleSite& site = builds_.sites[ordinal];
    const std::string where =
        absl::StrCat("line ", site.line, ": ", LlvmExecSiteKindName(site.kind), " ID ", site.id,
                     " in ", Entry(hook.case_index));
    if (hook.kind != HookKindOf(site.kind) || hook.case_index != reference.site->case_index) {
      Finding(ModuleFindingKind::kControlFlow,
              absl::StrCat(where, ": the build under test reached a different stack map point (",
                           "hook at ", FormatLlvmExecWord(hook.site_pc), ")"));
      return;
    }
    const uint64_t pc = hook.site_pc - (IsPatchPoint(site.kind) ? PatchPointCallBytes(isa_) : 0);
    const LlvmStackMapRecord* record = nullptr;
    const LlvmStackMapFunction* function = nullptr;
    std::vector<uint64_t> other_ids;
    for (size_t f = 0; f < maps_.functions.size(); ++f) {
      const size_t first = maps_.FirstRecordOf(f);
      for (size_t r = 0; r < maps_.functions[f].record_count; ++r) {
        const LlvmStackMapRecord& candidate = maps_.records[first + r];
        if (maps_.functions[f].address + candidate.instruction_offset != pc) continue;
        if (candidate.id == site.id && record == nullptr) {
          record = &candidate;
          function = &maps_.functions[f];
        } else {
          other_ids.push_back(candidate.id);
        }
      }
    }
    if (record == nullptr) {
      Finding(ModuleFindingKind::kMissingRecord,
              absl::StrCat(where, ": no record with this ID at pc ", FormatLlvmExecWord(pc),
                           other_ids.empty() ? ""
                                             : absl::StrCat(" (the records there have IDs ",
                                                            absl::StrJoin(other_ids, ", "), ")")));
      return;
    }
    ++check_.counts.sites;
    // Only the entry's own frame is known: it starts at the stack pointer fp_enter recorded.
    if (function->stack_size != kLlvmDynamicStackSize &&
        function->address == EntryAddress(hook.case_index) &&
        hook.site_sp + function->stack_size != hook.entry_sp) {
      Finding(ModuleFindingKind::kStackSize,
              absl::StrCat(where, ": stack size ", function->stack_size,
                           " is not the frame the hook sees (entry sp - site sp = ",
                           static_cast<int64_t>(hook.entry_sp - hook.site_sp), ")"));
    }
    CheckLocations(where, site, *record, hook, reference);
  }

  uint64_t EntryAddress(uint64_t case_index) const {
    if (case_index >= builds_.entries.size()) return 0;
    for (size_t g = 0; g < builds_.globals.size(); ++g) {
      if (builds_.globals[g] != builds_.entries[case_index]) continue;
      const auto place = test_globals_.find(g);
      return place == test_globals_.end() ? 0 : place->second.first;
    }
    return 0;
  }

  void CheckLocations(const std::string& where, const ModuleSite& site,
                      const LlvmStackMapRecord& record, const HookRecord& hook,
                      const ReferenceSite& reference) {
    const LlvmMachineState state = hook.State();
    const auto& locations = record.locations;
    for (const LlvmLocation& location : locations) {
      ++check_.counts.locations;
      ++check_.counts.by_location_kind[static_cast<size_t>(location.kind)];
    }
    std::vector<std::vector<const LlvmExecEvent*>> leaves_of(site.operands.size());
    for (const LlvmExecEvent* event : reference.leaves) {
      if (event->args[0] < leaves_of.size()) leaves_of[event->args[0]].push_back(event);
    }
    for (size_t o = 0; o < site.operands.size(); ++o) {
      if (leaves_of[o].size() != site.operands[o].leaves.size()) {
        Finding(
            ModuleFindingKind::kControlFlow,
            absl::StrCat(where, ": the reference build reported ", leaves_of[o].size(), " of the ",
                         site.operands[o].leaves.size(), " leaves of operand #", o + 1));
        return;
      }
    }
    size_t next = 0;
    if (site.result_location) {
      // anyregcc: the first location is the result, in whichever register llc chose.
      if (locations.empty() || locations[0].kind != LlvmLocationKind::kRegister) {
        Finding(ModuleFindingKind::kWrongValue,
                absl::StrCat(where,
                             ": an anyregcc patchpoint's first location must be its "
                             "result register"));
        return;
      }
      next = 1;
    }
    const bool statepoint = site.kind == LlvmExecSiteKind::kStatePoint;
    if (statepoint && !CheckStatePointHeader(where, site, locations, next)) return;
    const size_t walked = statepoint ? site.deopt_count : site.operands.size();
    bool folded_reported = false;
    if (!statepoint) {
      // Each scalar leaf needs a location of its own; a record with fewer has folded some
      // operand into too few (a struct into one register, say), and every value after it reads
      // a neighbour's location. That is the finding; the wrong values below are its echo.
      size_t leaves = 0;
      for (const ModuleOperand& operand : site.operands) leaves += operand.leaves.size();
      if (locations.size() - next < leaves) {
        folded_reported = true;
        Finding(ModuleFindingKind::kUncovered,
                absl::StrCat(where, ": the record has ", locations.size() - next, " location",
                             locations.size() - next == 1 ? "" : "s", " for the ", leaves,
                             " scalar leaves of its ", site.operands.size(),
                             " operands: some operand got fewer locations "
                             "than its width needs",
                             FirstWideOperandTag(site, site.operands.size())));
      }
    }
    for (size_t o = 0; o < walked; ++o) {
      const ModuleOperand& operand = site.operands[o];
      const std::string name =
          absl::StrCat("operand #", o + 1, " (", operand.type, " ", operand.value, ")");
      for (size_t l = 0; l < operand.leaves.size(); ++l) {
        const IrLeaf& leaf = operand.leaves[l];
        const LlvmExecEvent& event = *leaves_of[o][l];
        std::vector<uint8_t> recovered;
        std::vector<std::string> used;
        while (recovered.size() < leaf.bytes) {
          if (next >= locations.size()) {
            Finding(ModuleFindingKind::kUncovered,
                    absl::StrCat(
                        where, ": ", name, ": no location covers bytes ",
                        event.args[1] + recovered.size(), "..", event.args[1] + leaf.bytes - 1,
                        " of it; the record has ", locations.size(), " location",
                        locations.size() == 1 ? "" : "s", " for ", site.operands.size(), " operand",
                        site.operands.size() == 1 ? "" : "s", FirstWideOperandTag(site, walked)));
            return;
          }
          const LlvmLocation& location = locations[next++];
          used.push_back(absl::StrCat("#", next, " ", DescribeLlvmLocation(location), ", ",
                                      location.size, "B"));
          const absl::StatusOr<std::vector<uint8_t>> bytes =
              RecoverLlvmLocationBytes(maps_, location, state);
          if (!bytes.ok()) {
            Unrecoverable(absl::StrCat(where, ": ", name, ": location ", used.back()),
                          bytes.status());
            return;
          }
          const size_t take = std::min(bytes->size(), leaf.bytes - recovered.size());
          recovered.insert(recovered.end(), bytes->begin(), bytes->begin() + take);
        }
        if (operand.undefined) continue;
        const size_t findings_before = check_.findings.size();
        CompareLeaf(where, name, leaf, event, recovered, used, hook);
        if (l > 0 && check_.findings.size() > findings_before && !folded_reported) {
          // An aggregate right in its first leaf and wrong after it was folded into fewer
          // locations than its width: the values that follow read their neighbours'.
          folded_reported = true;
          check_.findings.insert(
              check_.findings.begin() + static_cast<ptrdiff_t>(findings_before),
              {ModuleFindingKind::kUncovered,
               absl::StrCat(where, ": ", name, ": leaf ", l + 1, " of ", operand.leaves.size(),
                            " has no location of its own (the record gives the operand fewer "
                            "locations than its width needs) ",
                            WideOperandTag(o + 1, OperandShape(operand)))});
        }
      }
    }
    if (IsPatchPoint(site.kind)) {
      CheckCalleeSavedLiveOuts(where, record, state);
    }
    if (statepoint) {
      CheckGcPairs(where, site, locations, next, leaves_of, hook, state);
    } else if (next < locations.size()) {
      Finding(ModuleFindingKind::kExtraLocation,
              absl::StrCat(where, ": the record has ", locations.size(), " locations; its ",
                           site.operands.size(), " operands fill ", next));
    }
  }

  // A callee-saved register that still holds its canary holds the caller's value, which patched
  // code must preserve: the record must list it as live-out.
  void CheckCalleeSavedLiveOuts(const std::string& where, const LlvmStackMapRecord& record,
                                const LlvmMachineState& state) {
    std::vector<int64_t> listed;
    for (const LlvmLiveOut& live_out : record.live_outs) {
      const absl::StatusOr<DexRegisterLocation> reg =
          DwarfToMachineRegister(isa_, live_out.dwarf_register);
      if (reg.ok() && reg->kind == DexRegisterKind::kInRegister) listed.push_back(reg->value);
    }
    check_.counts.live_outs += record.live_outs.size();
    std::vector<std::string> missing;
    for (const Register reg : CanaryRegisters(isa_)) {
      const bool holds_canary = state.general[reg.number] == FP_CALLEE_SAVED_CANARY + reg.number;
      if (holds_canary &&
          std::find(listed.begin(), listed.end(), int64_t{reg.number}) == listed.end()) {
        missing.push_back(RegisterName(isa_, reg));
      }
    }
    if (!missing.empty()) {
      Finding(ModuleFindingKind::kMissingLiveOut,
              absl::StrCat(where, ": the live-outs (", record.live_outs.size(),
                           ") leave out callee-saved ", absl::StrJoin(missing, ", "),
                           ", which still hold", missing.size() == 1 ? "s" : "",
                           " the caller's value across the patchpoint"));
    }
  }

  void Unrecoverable(const std::string& problem, const absl::Status& status) {
    const std::string text = absl::StrCat(problem, ": ", status.message());
    if (status.code() == absl::StatusCode::kUnimplemented) {
      check_.unsupported.push_back(text);
    } else {
      Finding(ModuleFindingKind::kUnrecoverable, text);
    }
  }

  // A statepoint record starts with three constants: the calling convention, the flags and the
  // number of deopt values.
  bool CheckStatePointHeader(const std::string& where, const ModuleSite& site,
                             const std::vector<LlvmLocation>& locations, size_t& next) {
    constexpr size_t kHeader = 3;
    constexpr size_t kFlags = 1;
    constexpr size_t kDeoptCount = 2;
    const auto constant = [&](size_t i) -> std::optional<int64_t> {
      if (i >= locations.size() || locations[i].kind != LlvmLocationKind::kConstant) {
        return std::nullopt;
      }
      return locations[i].offset_or_small_constant;
    };
    const std::optional<int64_t> flags = constant(kFlags);
    const std::optional<int64_t> deopt = constant(kDeoptCount);
    if (!constant(0).has_value() || !flags.has_value() || !deopt.has_value() ||
        static_cast<uint64_t>(*flags) != site.statepoint_flags ||
        static_cast<uint64_t>(*deopt) != site.deopt_count) {
      Finding(ModuleFindingKind::kWrongValue,
              absl::StrCat(where,
                           ": a statepoint record starts with three constants (calling "
                           "convention, flags ",
                           site.statepoint_flags, ", ", site.deopt_count, " deopt values)"));
      return false;
    }
    next = kHeader;
    return true;
  }

  // After the deopt values, (base, derived) pairs: each must be a pair the module relocates (or a
  // gc-live value as its own base), and each relocated base must be among them.
  void CheckGcPairs(const std::string& where, const ModuleSite& site,
                    const std::vector<LlvmLocation>& locations, size_t next,
                    const std::vector<std::vector<const LlvmExecEvent*>>& leaves_of,
                    const HookRecord& hook, const LlvmMachineState& state) {
    if ((locations.size() - next) % 2 != 0) {
      Finding(ModuleFindingKind::kExtraLocation,
              absl::StrCat(where, ": ", locations.size() - next,
                           " locations follow the deopt values; GC pointers come in pairs"));
      return;
    }
    const auto reference_meaning = [&](size_t operand) {
      const std::vector<const LlvmExecEvent*>& leaves = leaves_of[operand];
      if (leaves.size() != 1 || leaves[0]->payload.size() != kLlvmWordBytes)
        return std::string("?");
      uint64_t value = 0;
      for (size_t b = 0; b < kLlvmWordBytes; ++b) {
        value |= uint64_t{leaves[0]->payload[b]} << (b * kBitsPerByte);
      }
      return PointerMeaning(value, (leaves[0]->args[2] & FP_LEAF_FRAME) != 0, reference_globals_,
                            builds_);
    };
    std::vector<std::pair<std::string, std::string>> expected;
    const size_t first_live = site.deopt_count;
    for (const auto& [base, derived] : site.relocations) {
      expected.emplace_back(reference_meaning(first_live + base),
                            reference_meaning(first_live + derived));
    }
    for (size_t live = first_live; live < site.operands.size(); ++live) {
      expected.emplace_back(reference_meaning(live), reference_meaning(live));
    }
    // llc also lists a GC pointer among the deopt values as its own base (statepoint-example's
    // GC pointers are those of address space 1): a root more, which misleads no collector.
    for (size_t deopt = 0; deopt < site.deopt_count; ++deopt) {
      if (!absl::StrContains(site.operands[deopt].type, kGcAddressSpace)) continue;
      expected.emplace_back(reference_meaning(deopt), reference_meaning(deopt));
    }
    std::vector<std::string> recorded_bases;
    for (size_t i = next; i + 1 < locations.size(); i += 2) {
      std::array<std::string, 2> pair;
      for (size_t half = 0; half < pair.size(); ++half) {
        const absl::StatusOr<uint64_t> value =
            RecoverLlvmLocation(maps_, locations[i + half], state);
        if (!value.ok()) {
          Unrecoverable(absl::StrCat(where, ": GC pointer location #", i + half + 1, " ",
                                     DescribeLlvmLocation(locations[i + half])),
                        value.status());
          return;
        }
        pair[half] = PointerMeaning(*value, InFrame(*value, hook), test_globals_, builds_);
      }
      recorded_bases.push_back(pair[0]);
      ++check_.counts.gc_pairs;
      if (std::find(expected.begin(), expected.end(), std::make_pair(pair[0], pair[1])) ==
          expected.end()) {
        Finding(ModuleFindingKind::kWrongValue,
                absl::StrCat(where, ": GC pair at locations #", i + 1, " and #", i + 2, " is (",
                             pair[0], ", ", pair[1], "), which the module does not relocate"));
      }
    }
    for (const auto& [base, derived] : site.relocations) {
      const std::string wanted = reference_meaning(first_live + base);
      if (std::find(recorded_bases.begin(), recorded_bases.end(), wanted) == recorded_bases.end()) {
        Finding(ModuleFindingKind::kUncovered,
                absl::StrCat(where, ": gc-live value #", base + 1, " (", wanted,
                             ") is relocated but no GC pair records it as a base"));
      }
    }
  }

  static bool InFrame(uint64_t value, const HookRecord& hook) {
    return value + kLlvmWordBytes >= hook.site_sp && value <= hook.entry_sp + kLlvmWordBytes;
  }

  void CompareLeaf(const std::string& where, const std::string& name, const IrLeaf& leaf,
                   const LlvmExecEvent& event, std::vector<uint8_t> recovered,
                   const std::vector<std::string>& used, const HookRecord& hook) {
    std::vector<uint8_t> expected = event.payload;
    if (expected.size() != leaf.bytes) {
      Finding(ModuleFindingKind::kControlFlow,
              absl::StrCat(where, ": the reference build reported ", expected.size(),
                           " bytes of a ", leaf.bytes, "-byte leaf of ", name));
      return;
    }
    const uint64_t flags = event.args[2];
    std::string want;
    std::string got;
    if ((flags & FP_LEAF_POINTER) && leaf.bytes == kLlvmWordBytes) {
      uint64_t reference_value = 0;
      uint64_t test_value = 0;
      for (size_t b = 0; b < kLlvmWordBytes; ++b) {
        reference_value |= uint64_t{expected[b]} << (b * kBitsPerByte);
        test_value |= uint64_t{recovered[b]} << (b * kBitsPerByte);
      }
      const bool test_in_frame = InFrame(test_value, hook);
      want = PointerMeaning(reference_value, (flags & FP_LEAF_FRAME) != 0, reference_globals_,
                            builds_);
      got = PointerMeaning(test_value, test_in_frame, test_globals_, builds_);
    } else {
      if (leaf.bits % kBitsPerByte != 0) {
        const uint8_t mask = static_cast<uint8_t>((1u << (leaf.bits % kBitsPerByte)) - 1);
        expected.back() &= mask;
        recovered.back() &= mask;
      }
      want = Hex(expected);
      got = Hex(recovered);
    }
    if (want != got) {
      Finding(ModuleFindingKind::kWrongValue,
              absl::StrCat(where, ": ", name, ", bytes ", event.args[1], "..",
                           event.args[1] + leaf.bytes - 1, ": expected ", want, ", recovered ", got,
                           " from ", absl::StrJoin(used, " and ")));
    }
  }

  const ModuleBuilds& builds_;
  const LlvmStackMaps& maps_;
  const LlvmExecRun& test_;
  const LlvmExecRun& reference_;
  const InstructionSet isa_;
  Places test_globals_;
  Places reference_globals_;
  Stubs test_stubs_;
  Stubs reference_stubs_;
  std::vector<ReferenceSite> reference_sites_;
  ModuleCheck check_;
};

}  // namespace

absl::string_view ModuleFindingKindName(ModuleFindingKind kind) {
  switch (kind) {
    case ModuleFindingKind::kControlFlow:
      return "control-flow";
    case ModuleFindingKind::kWrongCall:
      return "wrong-call";
    case ModuleFindingKind::kWrongResult:
      return "wrong-result";
    case ModuleFindingKind::kMissingRecord:
      return "missing-record";
    case ModuleFindingKind::kStackSize:
      return "stack-size";
    case ModuleFindingKind::kUncovered:
      return "uncovered";
    case ModuleFindingKind::kExtraLocation:
      return "extra-location";
    case ModuleFindingKind::kWrongValue:
      return "wrong-value";
    case ModuleFindingKind::kUnrecoverable:
      return "unrecoverable";
    case ModuleFindingKind::kMissingLiveOut:
      return "missing-live-out";
    case ModuleFindingKind::kShadowOverlap:
      return "shadow-overlap";
  }
  return "?";
}

std::vector<ModuleFinding> CheckModuleShadows(const ModuleBuilds& builds,
                                              const LlvmStackMaps& as_given) {
  absl::flat_hash_map<uint64_t, const ModuleSite*> shadowed;  // ID -> its site, if one has it
  absl::flat_hash_map<uint64_t, size_t> sites_with_id;
  for (const ModuleSite& site : builds.sites) {
    ++sites_with_id[site.id];
    if (site.kind != LlvmExecSiteKind::kStatePoint && site.shadow_bytes > 0) {
      shadowed[site.id] = &site;
    }
  }
  std::vector<ModuleFinding> findings;
  for (size_t f = 0; f < as_given.functions.size(); ++f) {
    const size_t first = as_given.FirstRecordOf(f);
    const size_t count = as_given.functions[f].record_count;
    for (size_t r = first; r < first + count; ++r) {
      const LlvmStackMapRecord& record = as_given.records[r];
      const auto found = shadowed.find(record.id);
      if (found == shadowed.end() || sites_with_id[record.id] != 1) continue;
      const uint64_t end = uint64_t{record.instruction_offset} + found->second->shadow_bytes;
      for (size_t other = first; other < first + count; ++other) {
        const uint32_t start = as_given.records[other].instruction_offset;
        if (start > record.instruction_offset && start < end) {
          findings.push_back({ModuleFindingKind::kShadowOverlap,
                              absl::StrCat("line ", found->second->line, ": ",
                                           LlvmExecSiteKindName(found->second->kind), " ID ",
                                           record.id, " asks for ", found->second->shadow_bytes,
                                           " bytes at offset ", record.instruction_offset,
                                           ", but record ID ", as_given.records[other].id,
                                           " starts at offset ", start, " inside them")});
          break;
        }
      }
    }
  }
  return findings;
}

ModuleCheck CheckModuleRuns(const ModuleBuilds& builds, const LlvmStackMaps& maps,
                            const LlvmExecRun& test, const LlvmExecRun& reference,
                            InstructionSet isa) {
  return ModuleChecker(builds, maps, test, reference, isa).Check();
}

}  // namespace frameproof
