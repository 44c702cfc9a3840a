#include "verifiers/llvm/exec/llvm_exec_expectations.h"

#include <array>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace frameproof {
namespace {

constexpr absl::string_view kFunctionPrefix = "; fp-exec function ";
constexpr absl::string_view kSitePrefix = "; fp-exec site ";
static_assert(kFunctionPrefix.substr(0, kLlvmExecExpectationMarker.size()) ==
                  kLlvmExecExpectationMarker &&
              kSitePrefix.substr(0, kLlvmExecExpectationMarker.size()) ==
                  kLlvmExecExpectationMarker);
constexpr absl::string_view kLocationsSeparator = ":";
constexpr absl::string_view kGcPairsSeparator = "|";

constexpr std::array<std::pair<LlvmExecType, absl::string_view>, 6> kTypeNames = {{
    {LlvmExecType::kI64, "i64"},
    {LlvmExecType::kI32, "i32"},
    {LlvmExecType::kF64, "f64"},
    {LlvmExecType::kPtr, "ptr"},
    {LlvmExecType::kAlloca, "alloca"},
    {LlvmExecType::kAny, "any"},
}};
constexpr std::array<std::pair<LlvmExecSiteKind, absl::string_view>, 4> kSiteKindNames = {{
    {LlvmExecSiteKind::kStackMap, "stackmap"},
    {LlvmExecSiteKind::kPatchPoint, "patchpoint"},
    {LlvmExecSiteKind::kAnyRegPatchPoint, "anyreg"},
    {LlvmExecSiteKind::kStatePoint, "statepoint"},
}};

bool ParseHex(absl::string_view text, uint64_t* value) {
  return absl::ConsumePrefix(&text, "0x") && absl::SimpleHexAtoi(text, value);
}

absl::Status LineError(size_t line, absl::string_view why) {
  return absl::InvalidArgumentError(absl::StrCat("expectations line ", line, ": ", why));
}

// "F result 0xR values 0xV ..."
absl::Status ParseFunctionLine(absl::string_view rest, size_t line,
                               LlvmExecExpectations* expectations) {
  const std::vector<absl::string_view> words = absl::StrSplit(rest, ' ', absl::SkipEmpty());
  uint32_t number = 0;
  LlvmExecFunction function;
  if (words.size() < 4 || !absl::SimpleAtoi(words[0], &number) || words[1] != "result" ||
      !ParseHex(words[2], &function.result) || words[3] != "values") {
    return LineError(line, "expected 'function F result 0xR values ...'");
  }
  if (number != expectations->functions.size()) {
    return LineError(line, absl::StrCat("function ", number, " is out of order"));
  }
  for (size_t i = 4; i < words.size(); ++i) {
    uint64_t value = 0;
    if (!ParseHex(words[i], &value)) return LineError(line, absl::StrCat("bad value ", words[i]));
    function.values.push_back(value);
  }
  expectations->functions.push_back(std::move(function));
  return absl::OkStatus();
}

// "ID KIND function F : TYPE:0xBITS ... | 0xBASE:0xDERIVED ..."
absl::Status ParseSiteLine(absl::string_view rest, size_t line,
                           LlvmExecExpectations* expectations) {
  const std::vector<absl::string_view> words = absl::StrSplit(rest, ' ', absl::SkipEmpty());
  LlvmExecSite site;
  bool known_kind = false;
  if (words.size() >= 5) {
    for (const auto& [kind, name] : kSiteKindNames) {
      if (words[1] == name) {
        site.kind = kind;
        known_kind = true;
      }
    }
  }
  if (!known_kind || !absl::SimpleAtoi(words[0], &site.id) || words[2] != "function" ||
      !absl::SimpleAtoi(words[3], &site.function) || words[4] != kLocationsSeparator) {
    return LineError(line, "expected 'site ID KIND function F : ...'");
  }
  if (site.function >= expectations->functions.size()) {
    return LineError(line, absl::StrCat("site ", site.id, " names function ", site.function,
                                        ", which has no line before it"));
  }
  bool in_gc_pairs = false;
  for (size_t i = 5; i < words.size(); ++i) {
    if (words[i] == kGcPairsSeparator) {
      in_gc_pairs = true;
      continue;
    }
    const std::pair<absl::string_view, absl::string_view> parts =
        absl::StrSplit(words[i], absl::MaxSplits(':', 1));
    if (in_gc_pairs) {
      std::pair<uint64_t, uint64_t> pair;
      if (!ParseHex(parts.first, &pair.first) || !ParseHex(parts.second, &pair.second)) {
        return LineError(line, absl::StrCat("bad GC pair ", words[i]));
      }
      site.gc_pairs.push_back(pair);
      continue;
    }
    ExpectedLlvmValue value;
    bool known_type = false;
    for (const auto& [type, name] : kTypeNames) {
      if (parts.first == name) {
        value.type = type;
        known_type = true;
      }
    }
    if (value.type == LlvmExecType::kAny && known_type && parts.second.empty()) {
      site.locations.push_back(value);
      continue;
    }
    if (!known_type || !ParseHex(parts.second, &value.bits)) {
      return LineError(line, absl::StrCat("bad location value ", words[i]));
    }
    site.locations.push_back(value);
  }
  expectations->sites.push_back(std::move(site));
  return absl::OkStatus();
}

}  // namespace

absl::string_view LlvmExecTypeName(LlvmExecType type) {
  for (const auto& [known, name] : kTypeNames) {
    if (known == type) return name;
  }
  return "?";
}

absl::string_view LlvmExecSiteKindName(LlvmExecSiteKind kind) {
  for (const auto& [known, name] : kSiteKindNames) {
    if (known == kind) return name;
  }
  return "?";
}

std::string FormatLlvmExecWord(uint64_t value) { return absl::StrCat("0x", absl::Hex(value)); }

std::string FormatLlvmExecExpectations(const LlvmExecExpectations& expectations) {
  std::string out;
  for (size_t f = 0; f < expectations.functions.size(); ++f) {
    const LlvmExecFunction& function = expectations.functions[f];
    absl::StrAppend(&out, kFunctionPrefix, f, " result ", FormatLlvmExecWord(function.result),
                    " values");
    for (uint64_t value : function.values) absl::StrAppend(&out, " ", FormatLlvmExecWord(value));
    out += "\n";
  }
  for (const LlvmExecSite& site : expectations.sites) {
    absl::StrAppend(&out, kSitePrefix, site.id, " ", LlvmExecSiteKindName(site.kind),
                    " function ", site.function, " ", kLocationsSeparator);
    for (const ExpectedLlvmValue& value : site.locations) {
      absl::StrAppend(&out, " ", LlvmExecTypeName(value.type), ":",
                      value.type == LlvmExecType::kAny ? "" : FormatLlvmExecWord(value.bits));
    }
    if (!site.gc_pairs.empty()) absl::StrAppend(&out, " ", kGcPairsSeparator);
    for (const auto& [base, derived] : site.gc_pairs) {
      absl::StrAppend(&out, " ", FormatLlvmExecWord(base), ":", FormatLlvmExecWord(derived));
    }
    out += "\n";
  }
  return out;
}

absl::StatusOr<LlvmExecExpectations> ParseLlvmExecExpectations(absl::string_view ir) {
  LlvmExecExpectations expectations;
  size_t line_number = 0;
  for (absl::string_view line : absl::StrSplit(ir, '\n')) {
    ++line_number;
    if (absl::ConsumePrefix(&line, kFunctionPrefix)) {
      if (absl::Status status = ParseFunctionLine(line, line_number, &expectations); !status.ok()) {
        return status;
      }
    } else if (absl::ConsumePrefix(&line, kSitePrefix)) {
      if (absl::Status status = ParseSiteLine(line, line_number, &expectations); !status.ok()) {
        return status;
      }
    }
  }
  if (expectations.functions.empty()) {
    return absl::InvalidArgumentError("no '; fp-exec function' lines: not an llvm-exec program");
  }
  return expectations;
}

}  // namespace frameproof
