#include "verifiers/llvm/exec/module_builds.h"

#include <algorithm>
#include <array>
#include <optional>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "core/base/prng.h"
#include "core/base/status_macros.h"
#include "verifiers/llvm/exec_runtime/hook_record.h"
#include "verifiers/util/planted_verifier_bugs.h"

namespace frameproof {
namespace {

constexpr uint64_t kModuleSeedMix = 0xD1B54A32D192ED03ull;
constexpr uint64_t kStubResultBound = 1000;
constexpr uint64_t kBufferStreamMix = 0x9E3779B97F4A7C15ull;
constexpr std::array<absl::string_view, 5> kFloatArguments = {"1.5", "-2.25", "0.5", "3.0",
                                                              "100.0"};

constexpr absl::string_view kStackMap = "@llvm.experimental.stackmap(";
constexpr absl::string_view kPatchPointPrefix = "@llvm.experimental.patchpoint.";
constexpr absl::string_view kStatePointPrefix = "@llvm.experimental.gc.statepoint.";
constexpr absl::string_view kGcResult = "@llvm.experimental.gc.result";
constexpr absl::string_view kGcRelocate = "@llvm.experimental.gc.relocate";
constexpr absl::string_view kX87Type = "x86_fp80";
constexpr size_t kStatePointFixedArguments = 5;  // ID, patch bytes, callee, call args, flags
constexpr size_t kStatePointTrailingZeros = 2;   // transition and deopt argument counts

// Where a call to one of the stack map intrinsics sits in its statement.
struct IntrinsicCall {
  LlvmExecSiteKind kind = LlvmExecSiteKind::kStackMap;
  size_t open = 0;     // the '(' of its arguments
  size_t close = 0;    // the matching ')'
  std::string result;  // "%r", or empty
  bool returns_value = false;
};

std::optional<IntrinsicCall> FindIntrinsicCall(absl::string_view text) {
  IntrinsicCall call;
  size_t name = text.find(kStackMap);
  if (name != absl::string_view::npos) {
    call.kind = LlvmExecSiteKind::kStackMap;
    call.open = name + kStackMap.size() - 1;
  } else if ((name = text.find(kPatchPointPrefix)) != absl::string_view::npos) {
    call.open = text.find('(', name);
    call.returns_value = !absl::EndsWith(text.substr(name, call.open - name), ".void");
    const bool anyreg = text.substr(0, name).find("anyregcc") != absl::string_view::npos;
    call.kind = anyreg ? LlvmExecSiteKind::kAnyRegPatchPoint : LlvmExecSiteKind::kPatchPoint;
  } else if ((name = text.find(kStatePointPrefix)) != absl::string_view::npos) {
    call.kind = LlvmExecSiteKind::kStatePoint;
    call.open = text.find('(', name);
  } else {
    return std::nullopt;
  }
  if (call.open == absl::string_view::npos) return std::nullopt;
  call.close = MatchingIrBracket(text, call.open);
  if (call.close == absl::string_view::npos) return std::nullopt;
  if (!text.empty() && text[0] == '%') {
    const size_t equals = text.find('=');
    if (equals != absl::string_view::npos) {
      call.result = std::string(absl::StripAsciiWhitespace(text.substr(0, equals)));
    }
  }
  return call;
}

// Whether `name` ("%x", "@g") occurs as a whole name in `text`.
bool MentionsName(absl::string_view text, absl::string_view name) {
  for (size_t at = text.find(name); at != absl::string_view::npos; at = text.find(name, at + 1)) {
    const size_t end = at + name.size();
    if (end >= text.size() || !IsIrNameChar(text[end])) return true;
  }
  return false;
}

std::optional<uint64_t> LiteralNumber(absl::string_view operand) {
  // "i32 8", "i64 99"
  const std::vector<absl::string_view> words = absl::StrSplit(operand, ' ', absl::SkipEmpty());
  int64_t value = 0;
  if (words.size() != 2 || !absl::SimpleAtoi(words[1], &value)) return std::nullopt;
  return static_cast<uint64_t>(value);
}

// The normal successor of an invoke statement ("%cont"), or nullopt for a call.
std::optional<std::string> InvokeNormalSuccessor(absl::string_view text) {
  const bool invoke = absl::StartsWith(text, "invoke ") || absl::StrContains(text, " = invoke ");
  constexpr absl::string_view kTo = " to label ";
  const size_t to = text.rfind(kTo);
  if (!invoke || to == absl::string_view::npos) return std::nullopt;
  const absl::string_view rest = text.substr(to + kTo.size());
  return std::string(rest.substr(0, rest.find(' ')));
}

bool IsUndefined(absl::string_view value) { return value == "undef" || value == "poison"; }

// A global variable statement: "@g = [linkage ...] global|constant TYPE [init], ...".
struct GlobalVariable {
  std::string name;
  std::string type;
  bool external = false;
};

std::optional<GlobalVariable> ParseGlobalVariable(absl::string_view text) {
  if (text.empty() || text[0] != '@') return std::nullopt;
  const size_t equals = text.find(" = ");
  if (equals == absl::string_view::npos) return std::nullopt;
  GlobalVariable global;
  global.name = std::string(absl::StripAsciiWhitespace(text.substr(0, equals)));
  absl::string_view rest = text.substr(equals + 3);
  const std::vector<absl::string_view> words = absl::StrSplit(rest, ' ');
  size_t offset = 0;
  for (absl::string_view word : words) {
    offset += word.size() + 1;
    if (word == "external" || word == "extern_weak") global.external = true;
    if (word == "alias" || word == "ifunc" || word.find("addrspace") != absl::string_view::npos) {
      return std::nullopt;
    }
    if (word == "global" || word == "constant") {
      const absl::string_view after = rest.substr(std::min(offset, rest.size()));
      const std::optional<size_t> length = IrTypeLength(after);
      if (!length.has_value()) return std::nullopt;
      global.type = std::string(absl::StripAsciiWhitespace(after.substr(0, *length)));
      return global;
    }
  }
  return std::nullopt;
}

class ModuleDeriver {
 public:
  ModuleDeriver(absl::string_view module, const ModuleBuildOptions& options)
      : module_(module), options_(options), rng_(options.seed * kModuleSeedMix + 1) {}

  absl::StatusOr<ModuleBuilds> Derive() {
    FP_ASSIGN_OR_RETURN(statements_, SplitIrStatements(module_));
    std::string joined;
    for (const IrStatement& statement : statements_) absl::StrAppend(&joined, statement.text, "\n");
    opaque_ = UsesOpaquePointers(joined);
    named_ = CollectIrNamedTypes(statements_);
    for (size_t s = 0; s < statements_.size(); ++s) {
      FP_RETURN_IF_ERROR(Visit(s));
    }
    defined_so_far_ = 0;
    for (size_t s = 0; s < statements_.size(); ++s) {
      if (const std::optional<IrFunctionHeader> header = ParseIrFunctionHeader(statements_[s].text);
          header.has_value() && header->defined) {
        ++defined_so_far_;
      }
      FP_RETURN_IF_ERROR(VisitStatePointUse(s));
    }
    FP_RETURN_IF_ERROR(ChooseEntries());
    const std::string driver = Driver();
    builds_.test_ir = Rewrite(test_replacements_) + driver;
    builds_.reference_ir = Rewrite(reference_replacements_) + driver;
    return std::move(builds_);
  }

 private:
  using Replacements = absl::flat_hash_map<size_t, std::string>;  // statement index -> text

  static absl::Status Unsupported(const IrStatement& statement, absl::string_view what) {
    return absl::UnimplementedError(absl::StrCat("line ", statement.first_line, ": ", what));
  }

  // A local name ("%token") is one function's: keys carry the function it is in.
  std::string LocalKey(absl::string_view name) const {
    return absl::StrCat(defined_so_far_, " ", name);
  }

  std::string Pointer(absl::string_view pointee) const {
    return opaque_ ? "ptr" : absl::StrCat(pointee, "*");
  }

  // `global` (of type `type`) as a pointer to `as`.
  std::string Cast(absl::string_view global, absl::string_view type, absl::string_view as) const {
    if (opaque_) return std::string(global);
    return absl::StrCat("bitcast (", Pointer(type), " ", global, " to ", Pointer(as), ")");
  }

  // The size of `type` in bytes, as a constant expression the module's own layout evaluates.
  std::string SizeOf(absl::string_view type) const {
    return absl::StrCat("ptrtoint (", Pointer(type), " getelementptr (", type, ", ", Pointer(type),
                        " null, i32 1) to i64)");
  }

  std::string OffsetOf(absl::string_view type, const IrLeaf& leaf) const {
    if (leaf.path.empty()) return "0";
    std::string steps = "i32 0";
    for (const IrLeaf::Step& step : leaf.path) {
      absl::StrAppend(&steps, ", ", step.field ? "i32 " : "i64 ", step.index);
    }
    return absl::StrCat("ptrtoint (", Pointer(leaf.type), " getelementptr (", type, ", ",
                        Pointer(type), " null, ", steps, ") to i64)");
  }

  absl::Status Visit(size_t index) {
    const IrStatement& statement = statements_[index];
    const absl::string_view text = statement.text;
    if (absl::StartsWith(text, "target triple")) return CheckTriple(statement);
    FP_RETURN_IF_ERROR(CheckTypesOfTheIsa(statement));
    if (const std::optional<IrFunctionHeader> header = ParseIrFunctionHeader(text)) {
      if (header->defined) {
        if (absl::StartsWith(header->name, "@fp_")) {
          return Unsupported(statement,
                             absl::StrCat(header->name, " is a name frameproof's runtime uses"));
        }
        defined_.push_back(*header);
        defined_so_far_ = defined_.size();
        AddFunctionToTable(*header);
      } else if (!absl::StartsWith(header->name, "@llvm.")) {
        AddStub(index, *header);
        AddFunctionToTable(*header);
      }
      return absl::OkStatus();
    }
    if (const std::optional<GlobalVariable> global = ParseGlobalVariable(text)) {
      builds_.globals.push_back(global->name);
      global_types_.push_back(global->type);
      global_is_function_.push_back(false);
      if (global->external) {
        const std::string definition =
            absl::StrCat(global->name, " = global ", global->type, " zeroinitializer");
        test_replacements_[index] = definition;
        reference_replacements_[index] = definition;
      }
      return absl::OkStatus();
    }
    if (absl::StartsWith(text, "declare")) return absl::OkStatus();
    if (const size_t pad = text.find(" = landingpad "); pad != std::string::npos) {
      landing_pads_.insert(LocalKey(text.substr(0, pad)));
    }
    const std::optional<IntrinsicCall> call = FindIntrinsicCall(text);
    if (!call.has_value()) return absl::OkStatus();
    return AddSite(index, *call);
  }

  absl::Status CheckTriple(const IrStatement& statement) {
    const bool x86 = statement.text.find("x86_64") != std::string::npos;
    const bool arm = statement.text.find("aarch64") != std::string::npos ||
                     statement.text.find("arm64") != std::string::npos;
    const bool wanted_x86 = options_.isa == InstructionSet::kX86_64;
    if ((x86 && !wanted_x86) || (arm && wanted_x86)) {
      return absl::FailedPreconditionError(absl::StrCat("line ", statement.first_line,
                                                        ": the module is written for another ISA (",
                                                        statement.text, ")"));
    }
    return absl::OkStatus();
  }

  // x86_fp80 is x87's type: arm64's llc has no instructions for it and stops in instruction
  // selection, which is the module's fault, not llc's. (fp128 is legal on both.)
  absl::Status CheckTypesOfTheIsa(const IrStatement& statement) {
    if (options_.isa == InstructionSet::kX86_64 || !absl::StrContains(statement.text, kX87Type)) {
      return absl::OkStatus();
    }
    return absl::FailedPreconditionError(
        absl::StrCat("line ", statement.first_line, ": the module uses ", kX87Type,
                     ", x87's type, which ", InstructionSetName(options_.isa), " does not have"));
  }

  // Functions are in the table too, so a function pointer compares by name, and a record can be
  // told to belong to the entry itself.
  void AddFunctionToTable(const IrFunctionHeader& header) {
    builds_.globals.push_back(header.name);
    global_types_.push_back(FunctionType(header));
    global_is_function_.push_back(true);
  }

  void AddStub(size_t index, const IrFunctionHeader& header) {
    const size_t stub = builds_.stubs.size();
    builds_.stubs.push_back(header.name);
    std::vector<std::string> parameters = header.parameter_types;
    if (header.variadic) parameters.push_back("...");
    std::string body = absl::StrCat(
        "define ", header.calling_convention, header.calling_convention.empty() ? "" : " ",
        header.return_type, " ", header.name, "(", absl::StrJoin(parameters, ", "), ") {\nentry:\n",
        "  call void @fp_stub_ran(i64 ", stub, ")\n");
    if (header.return_type == "void") {
      absl::StrAppend(&body, "  ret void\n}");
    } else {
      absl::StrAppend(&body, "  ret ", header.return_type, " ", StubResult(header.return_type),
                      "\n}");
    }
    test_replacements_[index] = body;
    reference_replacements_[index] = body;
  }

  std::string StubResult(absl::string_view type) {
    if (type == "i1") return rng_.Chance(1, 2) ? "true" : "false";
    if (IrIntegerBits(type).has_value()) return absl::StrCat(1 + rng_.Next() % kStubResultBound);
    if (type == "double" || type == "float") return "1.0";
    if (IsIrPointerType(type)) return "null";
    return "zeroinitializer";
  }

  absl::Status AddSite(size_t index, const IntrinsicCall& call) {
    const IrStatement& statement = statements_[index];
    const std::string& text = statement.text;
    std::vector<std::string> arguments =
        SplitIrList(absl::string_view(text).substr(call.open + 1, call.close - call.open - 1));
    if (call.kind == LlvmExecSiteKind::kStatePoint) {
      return AddStatePoint(index, call, std::move(arguments));
    }
    const bool patchpoint = IsPatchPoint(call.kind);
    const size_t fixed = patchpoint ? 4 : 2;
    if (arguments.size() < fixed) {
      return Unsupported(statement, "a stack map intrinsic call with too few arguments");
    }
    ModuleSite site;
    site.kind = call.kind;
    site.line = statement.first_line;
    const std::optional<uint64_t> id = LiteralNumber(arguments[0]);
    const std::optional<uint64_t> shadow = LiteralNumber(arguments[1]);
    if (!id.has_value() || !shadow.has_value()) {
      // llc requires constants here; a module without them is llc's to judge, so both builds
      // keep the call as written.
      return absl::OkStatus();
    }
    site.id = *id;
    site.shadow_bytes = static_cast<uint32_t>(*shadow);
    site.result_location = call.kind == LlvmExecSiteKind::kAnyRegPatchPoint && call.returns_value;
    size_t first_operand = fixed;
    if (patchpoint) {
      const std::optional<uint64_t> call_arguments = LiteralNumber(arguments[3]);
      if (!call_arguments.has_value() || *call_arguments > arguments.size() - fixed) {
        return Unsupported(statement, "a patchpoint whose argument count is not a constant");
      }
      if (call.kind == LlvmExecSiteKind::kPatchPoint) first_operand += *call_arguments;
      if (call.returns_value && !call.result.empty()) {
        for (size_t other = 0; other < statements_.size(); ++other) {
          if (other != index && MentionsName(statements_[other].text, call.result)) {
            return Unsupported(statement,
                               absl::StrCat("the result of patchpoint ID ", site.id,
                                            " is used; the runtime's hook returns none"));
          }
        }
      }
    }
    for (size_t a = first_operand; a < arguments.size(); ++a) {
      FP_ASSIGN_OR_RETURN(ModuleOperand operand,
                          Describe(statement, arguments[a], site.operands.size()));
      site.operands.push_back(std::move(operand));
    }

    // The build under test: room for the runtime's patch, or its hook as the target.
    const uint32_t room = patchpoint ? kPatchPointCallShadowBytes : kPatchableShadowBytes;
    if (site.shadow_bytes < room) arguments[1] = absl::StrCat("i32 ", room);
    if (patchpoint) {
      const absl::StatusOr<IrOperand> target = ParseIrOperand(arguments[2]);
      if (!target.ok()) return Unsupported(statement, target.status().message());
      arguments[2] = absl::StrCat(target->type, " inttoptr (i64 ", FP_HOOK_PATCHPOINT_ADDRESS,
                                  " to ", target->type, ")");
    } else {
      builds_.stackmap_ids.push_back(site.id);
    }
    test_replacements_[index] = absl::StrCat(
        text.substr(0, call.open + 1), absl::StrJoin(arguments, ", "), text.substr(call.close));

    // The reference build: every operand stored and reported, and no call (an invoke goes on
    // to its normal successor: the hook throws nothing).
    reference_replacements_[index] = Report(site);
    if (const std::optional<std::string> normal = InvokeNormalSuccessor(text)) {
      absl::StrAppend(&reference_replacements_[index], "\n  br label ", *normal);
    }
    builds_.sites.push_back(std::move(site));
    return absl::OkStatus();
  }

  absl::StatusOr<ModuleOperand> Describe(const IrStatement& statement, absl::string_view text,
                                         size_t number) {
    const absl::StatusOr<IrOperand> operand = ParseIrOperand(text);
    if (!operand.ok()) return Unsupported(statement, operand.status().message());
    ModuleOperand described{operand->type, operand->value, IsUndefined(operand->value), {}};
    absl::StatusOr<std::vector<IrLeaf>> leaves =
        IrTypeLeaves(operand->type, named_, kMaxLeavesPerOperand);
    if (!leaves.ok()) {
      return Unsupported(statement,
                         absl::StrCat("operand ", number + 1, ": ", leaves.status().message()));
    }
    for (const IrLeaf& leaf : *leaves) {
      if (leaf.bytes > FP_LEAF_MAX_BYTES) {
        return Unsupported(statement,
                           absl::StrCat("operand ", number + 1, " has a scalar wider than ",
                                        FP_LEAF_MAX_BYTES, " bytes"));
      }
    }
    described.leaves = *std::move(leaves);
    return described;
  }

  // The reference build's report of `site`, which is about to be builds_.sites' next entry.
  std::string Report(const ModuleSite& site) const {
    const size_t ordinal = builds_.sites.size();
    std::string reference =
        absl::StrCat("call void @fp_ref_site(i64 ", ordinal, ", i64 ", site.id, ")");
    for (size_t o = 0; o < site.operands.size(); ++o) {
      const ModuleOperand& operand = site.operands[o];
      if (!operand.undefined) {
        absl::StrAppend(&reference, "\n  store ", operand.type, " ", operand.value, ", ",
                        Pointer(operand.type), " ",
                        Cast("@fp_ref_scratch", kScratchType, operand.type), ", align 1");
      }
      for (const IrLeaf& leaf : operand.leaves) {
        const uint64_t flags =
            (leaf.pointer ? FP_LEAF_POINTER : 0) | (operand.undefined ? FP_LEAF_UNDEFINED : 0);
        absl::StrAppend(&reference, "\n  call void @fp_ref_leaf(i64 ", o, ", i64 ",
                        OffsetOf(operand.type, leaf), ", i64 ", leaf.bytes, ", i64 ", flags, ")");
      }
    }
    return reference;
  }

  // `%tok = call token (...) @llvm.experimental.gc.statepoint.*(i64 ID, i32 N, FN, i32 ARGS,
  // i32 FLAGS, ARGS..., i32 0, i32 0) [ "deopt"(...), "gc-live"(...) ]`.
  absl::Status AddStatePoint(size_t index, const IntrinsicCall& call,
                             std::vector<std::string> arguments) {
    const IrStatement& statement = statements_[index];
    const std::string& text = statement.text;
    ModuleSite site;
    site.kind = LlvmExecSiteKind::kStatePoint;
    site.line = statement.first_line;
    const std::optional<uint64_t> id = LiteralNumber(arguments.size() > 0 ? arguments[0] : "");
    const std::optional<uint64_t> shadow = LiteralNumber(arguments.size() > 1 ? arguments[1] : "");
    const std::optional<uint64_t> call_arguments =
        LiteralNumber(arguments.size() > 3 ? arguments[3] : "");
    const std::optional<uint64_t> flags = LiteralNumber(arguments.size() > 4 ? arguments[4] : "");
    if (!id.has_value() || !shadow.has_value() || !call_arguments.has_value() ||
        !flags.has_value() ||
        arguments.size() !=
            kStatePointFixedArguments + *call_arguments + kStatePointTrailingZeros ||
        arguments[arguments.size() - 1] != "i32 0" || arguments[arguments.size() - 2] != "i32 0") {
      return Unsupported(statement,
                         "a gc.statepoint not in the form (ID, bytes, callee, "
                         "argument count, flags, arguments, i32 0, i32 0)");
    }
    site.id = *id;
    site.shadow_bytes = static_cast<uint32_t>(*shadow);
    site.statepoint_flags = *flags;
    const absl::StatusOr<IrOperand> callee = ParseIrOperand(arguments[2]);
    if (!callee.ok()) return Unsupported(statement, callee.status().message());
    if (callee->value.empty()) return Unsupported(statement, "a gc.statepoint without a callee");
    // The callee's function type: elementtype(...) with opaque pointers, else its pointer type.
    std::string function_type;
    const size_t element = callee->attributes.find("elementtype(");
    if (element != std::string::npos) {
      const size_t open = element + std::string_view("elementtype").size();
      const size_t close = MatchingIrBracket(callee->attributes, open);
      if (close == std::string::npos) return Unsupported(statement, "a malformed elementtype");
      function_type = callee->attributes.substr(open + 1, close - open - 1);
    } else if (absl::EndsWith(callee->type, "*")) {
      function_type = callee->type.substr(0, callee->type.size() - 1);
    } else {
      return Unsupported(statement, "a gc.statepoint callee without its function type");
    }
    const size_t thunk = statepoint_callees_.size();
    if (thunk >= FP_STATEPOINT_THUNKS) {
      return Unsupported(statement, absl::StrCat("more than ", FP_STATEPOINT_THUNKS,
                                                 " gc.statepoints in one module"));
    }
    statepoint_callees_.emplace_back(callee->value, function_type);

    // The bundles: deopt values, then gc-live values.
    std::vector<std::string> deopt;
    std::vector<std::string> live;
    const size_t open = text.find('[', call.close);
    if (open != std::string::npos) {
      const size_t close = MatchingIrBracket(text, open);
      if (close == std::string::npos) return Unsupported(statement, "a malformed bundle list");
      for (const std::string& bundle :
           SplitIrList(absl::string_view(text).substr(open + 1, close - open - 1))) {
        const size_t paren = bundle.find('(');
        const size_t end =
            paren == std::string::npos ? std::string::npos : MatchingIrBracket(bundle, paren);
        if (end == std::string::npos) return Unsupported(statement, "a malformed bundle");
        const std::string name = bundle.substr(0, paren);
        std::vector<std::string> values =
            SplitIrList(absl::string_view(bundle).substr(paren + 1, end - paren - 1));
        if (name == "\"deopt\"") {
          deopt = std::move(values);
        } else if (name == "\"gc-live\"") {
          live = std::move(values);
        } else {
          return Unsupported(statement, absl::StrCat("a ", name, " bundle"));
        }
      }
    }
    for (const std::string& value : deopt) {
      FP_ASSIGN_OR_RETURN(ModuleOperand operand, Describe(statement, value, site.operands.size()));
      site.operands.push_back(std::move(operand));
    }
    site.deopt_count = site.operands.size();
    for (const std::string& value : live) {
      FP_ASSIGN_OR_RETURN(ModuleOperand operand, Describe(statement, value, site.operands.size()));
      site.operands.push_back(std::move(operand));
    }

    // The build under test: the thunk in place of the callee. A callee the function computes
    // (out of an aggregate, say) is handed to the thunk just before the statepoint.
    const std::string thunk_name = absl::StrCat("@fp_statepoint_thunk_", thunk);
    absl::StrAppend(&thunk_declarations_, "declare void ", thunk_name, "()\n");
    arguments[2] = absl::StrCat(
        callee->type, " ", callee->attributes, callee->attributes.empty() ? "" : " ",
        opaque_ ? thunk_name
                : absl::StrCat("bitcast (void ()* ", thunk_name, " to ", callee->type, ")"));
    std::string handed;
    if (callee->value[0] != '@') {
      const std::string target = absl::StrCat("%fp.target.", thunk);
      absl::StrAppend(&handed, target, " = bitcast ", callee->type, " ", callee->value, " to ",
                      Pointer("i8"), "\n  store ", Pointer("i8"), " ", target, ", ",
                      Pointer(Pointer("i8")), " ", StatePointTarget(thunk), "\n  ");
    }
    test_replacements_[index] =
        absl::StrCat(handed, text.substr(0, call.open + 1), absl::StrJoin(arguments, ", "),
                     text.substr(call.close));

    // The reference build: the call itself, then the report (after the callee, as the hook).
    // The return type is what precedes the parameter list that ends the function type.
    size_t parameters = std::string::npos;
    for (size_t i = 0; i < function_type.size(); ++i) {
      if (function_type[i] == '(' &&
          MatchingIrBracket(function_type, i) == function_type.size() - 1) {
        parameters = i;
        break;
      }
    }
    if (parameters == std::string::npos) {
      return Unsupported(statement, absl::StrCat("cannot read the function type ", function_type));
    }
    const std::string return_type(
        absl::StripAsciiWhitespace(absl::string_view(function_type).substr(0, parameters)));
    const std::vector<std::string> call_arguments_text(
        arguments.begin() + kStatePointFixedArguments,
        arguments.begin() + kStatePointFixedArguments + *call_arguments);
    const std::string result = absl::StrCat("%fp.statepoint.", thunk);
    std::string reference = absl::StrCat(
        return_type == "void" ? "" : absl::StrCat(result, " = "), "call ", function_type, " ",
        callee->value, "(", absl::StrJoin(call_arguments_text, ", "), ")\n  ", Report(site));
    if (const std::optional<std::string> normal = InvokeNormalSuccessor(text)) {
      absl::StrAppend(&reference, "\n  br label ", *normal);
    }
    reference_replacements_[index] = std::move(reference);
    if (!call.result.empty()) {
      tokens_[LocalKey(call.result)] = {builds_.sites.size(), result, return_type};
    }
    builds_.sites.push_back(std::move(site));
    return absl::OkStatus();
  }

  // A gc.result or gc.relocate of a statepoint's token: the reference build has the value.
  absl::Status VisitStatePointUse(size_t index) {
    const IrStatement& statement = statements_[index];
    const absl::string_view text = statement.text;
    const bool result = text.find(kGcResult) != std::string::npos;
    const bool relocate = text.find(kGcRelocate) != std::string::npos;
    if ((!result && !relocate) || absl::StartsWith(text, "declare")) return absl::OkStatus();
    const size_t equals = text.find(" = ");
    const size_t callee = text.find(result ? kGcResult : kGcRelocate);
    const size_t call_word = text.find("call ");
    const size_t open = text.find('(', callee);
    const size_t close = open == std::string::npos ? open : MatchingIrBracket(text, open);
    if (equals == std::string::npos || call_word == std::string::npos || call_word > callee ||
        close == std::string::npos) {
      return absl::OkStatus();  // an unused gc.result: nothing refers to it
    }
    const std::string name(text.substr(0, equals));
    const std::optional<IrTrailingType> type =
        TrailingIrType(text.substr(call_word + 5, callee - call_word - 5));
    const std::vector<std::string> arguments = SplitIrList(text.substr(open + 1, close - open - 1));
    if (!type.has_value() || arguments.empty() || !absl::StartsWith(arguments[0], "token ")) {
      return Unsupported(statement, "a gc.result or gc.relocate frameproof cannot read");
    }
    const std::string token_name = arguments[0].substr(std::string_view("token ").size());
    if (landing_pads_.contains(LocalKey(token_name))) {
      // The exceptional edge, which neither build takes: stubs and the hook throw nothing.
      reference_replacements_[index] =
          absl::StrCat(name, " = bitcast ", type->type, " undef to ", type->type);
      return absl::OkStatus();
    }
    const auto token = tokens_.find(LocalKey(token_name));
    if (token == tokens_.end()) {
      return Unsupported(statement, "a gc.result or gc.relocate of an unknown statepoint");
    }
    const TokenUse& use = token->second;
    if (result) {
      reference_replacements_[index] =
          absl::StrCat(name, " = bitcast ", use.return_type, " ", use.result, " to ", type->type);
      return absl::OkStatus();
    }
    ModuleSite& site = builds_.sites[use.site];
    const std::optional<uint64_t> base = LiteralNumber(arguments.size() > 1 ? arguments[1] : "");
    const std::optional<uint64_t> derived = LiteralNumber(arguments.size() > 2 ? arguments[2] : "");
    const size_t live = site.operands.size() - site.deopt_count;
    if (!base.has_value() || !derived.has_value() || *base >= live || *derived >= live) {
      return Unsupported(statement, "a gc.relocate whose indexes are not gc-live values");
    }
    site.relocations.emplace_back(*base, *derived);
    const ModuleOperand& value =
        site.operands[site.deopt_count +
                      (FP_PLANTED_BUG(kLlvmReferenceRelocatesBase) ? *base : *derived)];
    reference_replacements_[index] =
        absl::StrCat(name, " = bitcast ", value.type, " ", value.value, " to ", type->type);
    return absl::OkStatus();
  }

  absl::Status ChooseEntries() {
    for (const IrFunctionHeader& header : defined_) {
      const bool named =
          !options_.entry.empty() &&
          (header.name == options_.entry || header.name == absl::StrCat("@", options_.entry));
      if (!options_.entry.empty() && !named) continue;
      if (header.variadic) {
        if (named) {
          return absl::UnimplementedError(absl::StrCat("entry ", header.name, " is variadic"));
        }
        continue;
      }
      entries_.push_back(header);
      builds_.entries.push_back(header.name);
    }
    if (entries_.empty()) {
      return absl::InvalidArgumentError(
          options_.entry.empty() ? "the module defines no function frameproof can call"
                                 : absl::StrCat("the module defines no function ", options_.entry));
    }
    return absl::OkStatus();
  }

  std::string Argument(absl::string_view type, std::string& buffers) {
    if (type == "i1") return rng_.Chance(1, 2) ? "true" : "false";
    if (const std::optional<uint32_t> integer = IrIntegerBits(type)) {
      const uint32_t bits = *integer;
      const uint64_t value = rng_.Next();
      if (bits >= 64) return absl::StrCat(value >> 1);  // positive, so every width reads it
      const uint64_t masked = value & ((uint64_t{1} << bits) - 1);
      const bool negative = (masked >> (bits - 1)) & 1;
      return negative ? absl::StrCat("-", (uint64_t{1} << bits) - masked) : absl::StrCat(masked);
    }
    if (type == "double" || type == "float") {
      return std::string(kFloatArguments[rng_.Below(kFloatArguments.size())]);
    }
    if (IsIrPointerType(type)) {
      const std::string name = absl::StrCat("@fp_buffer_", buffer_count_++);
      const std::string buffer_type = absl::StrCat("[", kModuleBufferBytes, " x i8]");
      absl::StrAppend(&buffers, name, " = global ", buffer_type, " ",
                      BufferContents(buffer_count_ - 1), ", align 16\n");
      builds_.globals.push_back(name);
      global_types_.push_back(buffer_type);
      global_is_function_.push_back(false);
      // A pointer of another address space (a GC's) points at the buffer too.
      const size_t space = type.find("addrspace(");
      if (space == absl::string_view::npos) {
        return opaque_
                   ? name
                   : absl::StrCat("bitcast (", Pointer(buffer_type), " ", name, " to ", type, ")");
      }
      const absl::string_view address_space = type.substr(space, type.find(')', space) - space + 1);
      if (opaque_) return absl::StrCat("addrspacecast (ptr ", name, " to ", type, ")");
      const std::string in_space = absl::StrCat(buffer_type, " ", address_space, "*");
      return absl::StrCat("bitcast (", in_space, " addrspacecast (", Pointer(buffer_type), " ",
                          name, " to ", in_space, ") to ", type, ")");
    }
    return "zeroinitializer";
  }

  // Seeded bytes, the same in both builds, so that a load through a pointer that points at the
  // wrong place (a relocated pointer llc moved wrongly, say) reads a different value; zeroes
  // would read the same everywhere. A stream of its own: arguments do not depend on it.
  std::string BufferContents(size_t buffer) const {
    Prng bytes(options_.seed * kModuleSeedMix + kBufferStreamMix * (buffer + 1));
    std::string contents = "c\"";
    for (uint32_t i = 0; i < kModuleBufferBytes; ++i) {
      absl::StrAppend(&contents, "\\",
                      absl::Hex(static_cast<uint8_t>(bytes.Next()), absl::kZeroPad2));
    }
    return contents + "\"";
  }

  std::string FunctionType(const IrFunctionHeader& header) const {
    std::vector<std::string> parameters = header.parameter_types;
    if (header.variadic) parameters.push_back("...");
    return absl::StrCat(header.return_type, " (", absl::StrJoin(parameters, ", "), ")");
  }

  // Each entry is called from a case function of its own that declares the callee-saved
  // registers clobbered, so the entry can start with canaries in them (fp_enter_with_canaries).
  std::string Driver() {
    std::string buffers;
    std::string cases;
    std::string calls;
    std::vector<std::string> clobbered;
    for (const Register reg : CanaryRegisters(options_.isa)) {
      clobbered.push_back(absl::StrCat("~{", RegisterName(options_.isa, reg), "}"));
    }
    const std::string clobbers = absl::StrJoin(clobbered, ",");
    for (size_t k = 0; k < entries_.size(); ++k) {
      const IrFunctionHeader& entry = entries_[k];
      std::vector<std::string> arguments;
      for (const std::string& type : entry.parameter_types) {
        arguments.push_back(absl::StrCat(type, " ", Argument(type, buffers)));
      }
      const std::string type = FunctionType(entry);
      const std::string callee =
          opaque_
              ? "@fp_enter_with_canaries"
              : absl::StrCat("bitcast (void ()* @fp_enter_with_canaries to ", Pointer(type), ")");
      absl::StrAppend(&calls, "  call void @fp_case_", k, "()\n");
      std::string body;
      const std::string cc =
          entry.calling_convention.empty() ? "" : absl::StrCat(entry.calling_convention, " ");
      absl::StrAppend(&body, "  call void asm sideeffect \"\", \"", clobbers, "\"()\n",
                      "  store i64 ", k, ", ", Pointer("i64"), " @fp_current_case\n", "  store ",
                      Pointer("i8"), " ", Cast(entry.name, type, "i8"), ", ",
                      Pointer(Pointer("i8")), " @fp_next_case\n");
      const std::string result = absl::StrCat("%fp.result.", k);
      const std::string word = absl::StrCat("%fp.word.", k);
      if (entry.return_type == "void") {
        absl::StrAppend(&body, "  call ", cc, "void ", callee, "(", absl::StrJoin(arguments, ", "),
                        ")\n  call void @fp_report_result(i64 0)\n");
      } else {
        absl::StrAppend(&body, "  ", result, " = call ", cc, entry.return_type, " ", callee, "(",
                        absl::StrJoin(arguments, ", "), ")\n");
        absl::StrAppend(&body, "  call void @fp_report_result(i64 ",
                        ResultWord(entry.return_type, result, word, body), ")\n");
      }
      absl::StrAppend(&cases, "define void @fp_case_", k, "() noinline {\nentry:\n", body,
                      "  ret void\n}\n");
    }
    std::string text = "\n; frameproof llvm-exec driver\n";
    absl::StrAppend(&text, buffers,
                    "declare void @fp_enter_with_canaries()\n"
                    "declare void @fp_report_result(i64)\n"
                    "declare void @fp_ref_global(i64, i64, i64)\n"
                    "declare void @fp_stub_ran(i64)\n"
                    "declare void @fp_ref_site(i64, i64)\n"
                    "declare void @fp_ref_leaf(i64, i64, i64, i64)\n"
                    "@fp_current_case = external global i64\n"
                    "@fp_next_case = external global ",
                    Pointer("i8"), "\n", "@fp_ref_scratch = external global ", kScratchType, "\n",
                    "@fp_statepoint_targets = external global [", FP_STATEPOINT_THUNKS, " x ",
                    Pointer("i8"), "]\n", thunk_declarations_,
                    "define void @fp_main() {\nentry:\n");
    for (size_t g = 0; g < builds_.globals.size(); ++g) {
      absl::StrAppend(&text, "  call void @fp_ref_global(i64 ", g, ", i64 ptrtoint (",
                      Pointer(global_types_[g]), " ", builds_.globals[g], " to i64), i64 ",
                      global_is_function_[g] ? "1" : SizeOf(global_types_[g]), ")\n");
    }
    for (size_t k = 0; k < statepoint_callees_.size(); ++k) {
      const auto& [callee, type] = statepoint_callees_[k];
      if (callee[0] != '@') continue;  // handed over by its function
      absl::StrAppend(&text, "  store ", Pointer("i8"), " ", Cast(callee, type, "i8"), ", ",
                      Pointer(Pointer("i8")), " ", StatePointTarget(k), "\n");
    }
    absl::StrAppend(&text, calls, "  ret void\n}\n", cases);
    return text;
  }

  // Thunk `k`'s slot in the runtime's table of statepoint targets.
  std::string StatePointTarget(size_t k) const {
    const std::string table = absl::StrCat("[", FP_STATEPOINT_THUNKS, " x ", Pointer("i8"), "]");
    return absl::StrCat("getelementptr (", table, ", ", Pointer(table),
                        " @fp_statepoint_targets, i64 0, i64 ", k, ")");
  }

  // The i64 fp_report_result gets for a result of `type`; instructions go to `calls`.
  static std::string ResultWord(absl::string_view type, absl::string_view result,
                                absl::string_view word, std::string& calls) {
    if (const std::optional<uint32_t> bits = IrIntegerBits(type)) {
      if (*bits == 64) return std::string(result);
      absl::StrAppend(&calls, "  ", word, " = ", *bits < 64 ? "zext " : "trunc ", type, " ", result,
                      " to i64\n");
      return std::string(word);
    }
    if (type == "double") {
      absl::StrAppend(&calls, "  ", word, " = bitcast double ", result, " to i64\n");
      return std::string(word);
    }
    if (type == "float") {
      absl::StrAppend(&calls, "  ", word, ".bits = bitcast float ", result, " to i32\n", "  ", word,
                      " = zext i32 ", word, ".bits to i64\n");
      return std::string(word);
    }
    // Pointers depend on placement and aggregates have no one word: not compared.
    return "0";
  }

  std::string Rewrite(const Replacements& replacements) const {
    absl::flat_hash_map<size_t, size_t> statement_at_line;  // first line -> statement
    absl::flat_hash_set<size_t> skipped;
    for (const auto& [index, text] : replacements) {
      statement_at_line[statements_[index].first_line] = index;
      for (size_t line = statements_[index].first_line + 1; line <= statements_[index].last_line;
           ++line) {
        skipped.insert(line);
      }
    }
    std::string out;
    size_t line_number = 0;
    for (absl::string_view line : absl::StrSplit(module_, '\n')) {
      ++line_number;
      if (skipped.contains(line_number)) continue;
      const auto replaced = statement_at_line.find(line_number);
      if (replaced != statement_at_line.end()) {
        absl::StrAppend(&out, "  ", replacements.at(replaced->second), "\n");
      } else {
        absl::StrAppend(&out, line, "\n");
      }
    }
    return out;
  }

  static constexpr absl::string_view kScratchType = "[4096 x i8]";
  static_assert(FP_REF_SCRATCH_BYTES == 4096, "kScratchType spells the runtime's scratch buffer");

  const absl::string_view module_;
  const ModuleBuildOptions& options_;
  Prng rng_;
  std::vector<IrStatement> statements_;
  bool opaque_ = false;
  IrNamedTypes named_;
  std::vector<IrFunctionHeader> defined_;
  std::vector<IrFunctionHeader> entries_;
  std::vector<std::string> global_types_;                                // beside builds_.globals
  std::vector<bool> global_is_function_;                                 // beside builds_.globals
  std::vector<std::pair<std::string, std::string>> statepoint_callees_;  // (callee, its type)
  std::string thunk_declarations_;
  struct TokenUse {
    size_t site = 0;
    std::string result;       // the reference build's call result
    std::string return_type;  // the callee's
  };
  size_t defined_so_far_ = 0;  // the statement being visited is in function defined_so_far_ - 1
  absl::flat_hash_map<std::string, TokenUse> tokens_;  // LocalKey(statepoint token) -> its site
  absl::flat_hash_set<std::string> landing_pads_;      // LocalKey(their results' names)
  size_t buffer_count_ = 0;
  Replacements test_replacements_;
  Replacements reference_replacements_;
  ModuleBuilds builds_;
};

}  // namespace

std::vector<Register> CanaryRegisters(InstructionSet isa) {
  std::vector<Register> registers;
  for (const Register reg : RegisterFileOf(isa).callee_saved) {
    if (reg.bank == RegisterBank::kGeneral) registers.push_back(reg);
  }
  return registers;
}

absl::StatusOr<ModuleBuilds> DeriveModuleBuilds(absl::string_view module,
                                                const ModuleBuildOptions& options) {
  return ModuleDeriver(module, options).Derive();
}

}  // namespace frameproof
