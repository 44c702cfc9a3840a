#include "verifiers/llvm/exec/llvm_findings.h"

#include <algorithm>
#include <array>
#include <optional>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "verifiers/util/file_bytes.h"

namespace frameproof {
namespace {

constexpr absl::string_view kLlcCrash = "llc-crash";
constexpr absl::string_view kLlcError = "llc-error";
constexpr absl::string_view kRunFailed = "run-failed";
constexpr absl::string_view kExpectations = "expectations";
constexpr size_t kMaxProblemChars = 120;
constexpr absl::string_view kUncovered = "uncovered";
constexpr absl::string_view kWideOperandOpen = "[wide operand #";
constexpr std::array<absl::string_view, 4> kSiteKinds = {"stackmap", "patchpoint", "anyreg",
                                                         "statepoint"};
// Backtrace frames that are the crash handler or the generic way to die, not the crash: an
// isel failure reaches report_fatal_error from an unsymbolized frame in llc 15 and 16.
constexpr std::array<absl::string_view, 4> kHandlerFrames = {
    "llvm::sys::", "llvm::PrettyStackTrace", "llvm::report_fatal_error",
    "llvm::llvm_unreachable_internal"};

bool IsNameChar(char c) {
  return absl::ascii_isalnum(c) || c == '_' || c == '.' || c == '$' || c == '-';
}

// Numbers become N, hex numbers X, IR names @F and %V: what differs between two programs that
// meet one bug.
std::string Normalize(absl::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == '0' && i + 1 < text.size() && (text[i + 1] == 'x' || text[i + 1] == 'X') &&
        i + 2 < text.size() && absl::ascii_isxdigit(text[i + 2])) {
      i += 2;
      while (i < text.size() && absl::ascii_isxdigit(text[i])) ++i;
      out += 'X';
    } else if ((c == '@' || c == '%') && i + 1 < text.size() && IsNameChar(text[i + 1])) {
      ++i;
      while (i < text.size() && IsNameChar(text[i])) ++i;
      out += c == '@' ? "@F" : "%V";
    } else if (absl::ascii_isdigit(c)) {
      while (i < text.size() && absl::ascii_isdigit(text[i])) ++i;
      out += 'N';
    } else {
      out += c;
      ++i;
    }
  }
  return out;
}

// "#4 0x00007f... llvm::Foo::bar(int) const (/lib/libLLVM-14.so.1+0x123)": the function name,
// or empty for an unsymbolized frame.
struct Frame {
  std::string function;  // "llvm::Foo::bar"
  std::string place;     // "libLLVM-14.so.1+0x123"
};

std::optional<Frame> ParseFrame(absl::string_view line) {
  line = absl::StripAsciiWhitespace(line);
  if (!absl::ConsumePrefix(&line, "#")) return std::nullopt;
  const size_t address = line.find(" 0x");
  if (address == absl::string_view::npos) return std::nullopt;
  line = line.substr(address + 3);
  line = line.substr(std::min(line.find(' '), line.size()));
  line = absl::StripLeadingAsciiWhitespace(line);
  Frame frame;
  if (!absl::StartsWith(line, "(")) {
    frame.function = std::string(line.substr(0, line.find('(')));
  }
  const size_t open = line.rfind('(');
  const size_t close = line.rfind(')');
  if (open != absl::string_view::npos && close != absl::string_view::npos && close > open) {
    const absl::string_view path = line.substr(open + 1, close - open - 1);
    frame.place = std::string(path.substr(path.rfind('/') + 1));
  }
  return frame;
}

std::string CrashSignature(absl::string_view text) {
  std::string pass;
  std::vector<Frame> frames;
  constexpr absl::string_view kRunningPass = "Running pass '";
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    if (const size_t at = line.find(kRunningPass); at != absl::string_view::npos) {
      const absl::string_view name = line.substr(at + kRunningPass.size());
      pass = std::string(name.substr(0, name.find('\'')));  // the innermost pass is the last
    } else if (std::optional<Frame> frame = ParseFrame(line)) {
      frames.push_back(*std::move(frame));
    }
  }
  for (const Frame& frame : frames) {
    if (!absl::StartsWith(frame.function, "llvm::")) continue;
    bool handler = false;
    for (absl::string_view prefix : kHandlerFrames)
      handler |= absl::StartsWith(frame.function, prefix);
    if (!handler) return absl::StrCat(kLlcCrash, ": ", frame.function);
  }
  // Unsymbolized: the pass it died in. Not the address: one bug dies at different ud2s of one
  // function when llvm-reduce merely reprints the module.
  if (!pass.empty()) return absl::StrCat(kLlcCrash, ": in ", pass);
  // No pass either: where it died, the frame after the signal's entry into the C library.
  for (size_t f = 0; f + 1 < frames.size(); ++f) {
    if (absl::StartsWith(frames[f].place, "libc.so")) {
      return absl::StrCat(kLlcCrash, ": at ", frames[f + 1].place);
    }
  }
  // No stack dump at all (llc-13 for arm64 dies of SIGBUS before printing one): how it died.
  constexpr absl::string_view kKilledBy = "killed by ";
  if (const size_t at = text.find(kKilledBy); at != absl::string_view::npos) {
    const absl::string_view signal = text.substr(at + kKilledBy.size());
    return absl::StrCat(kLlcCrash, ": ", kKilledBy,
                        signal.substr(0, std::min(signal.find_first_of(" \n"), signal.size())));
  }
  return std::string(kLlcCrash);
}

std::string ErrorSignature(absl::string_view text) {
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    for (absl::string_view marker : {"error:", "ERROR:"}) {
      const size_t at = line.rfind(marker);
      if (at == absl::string_view::npos) continue;
      const absl::string_view message = absl::StripAsciiWhitespace(line.substr(at + marker.size()));
      return absl::StrCat(kLlcError, ": ", Normalize(message));
    }
  }
  return std::string(kLlcError);
}

}  // namespace

std::string LlvmFindingSignature(absl::string_view kind, absl::string_view text,
                                 InstructionSet isa) {
  if (kind == kLlcCrash) return CrashSignature(text);
  if (kind == kLlcError) return ErrorSignature(text);
  if (kind == kRunFailed) return absl::StrCat(kRunFailed, " ", InstructionSetName(isa));
  absl::string_view first = absl::StripAsciiWhitespace(text.substr(0, text.find('\n')));
  if (kind == kExpectations) {
    // The first problem, not a site's heading ("case 2 site ID 9 (statepoint), ...:").
    for (absl::string_view line : absl::StrSplit(text, '\n', absl::SkipWhitespace())) {
      line = absl::StripAsciiWhitespace(line);
      if (!absl::EndsWith(line, ":")) {
        first = line;
        break;
      }
    }
    // "line 3: stackmap ID 9 in fp_case_0: ..." keeps what follows the first ": ".
    if (const size_t colon = first.find(": "); colon != absl::string_view::npos) {
      first = first.substr(colon + 2);
    }
    return absl::StrCat(kExpectations, ": ", Normalize(first).substr(0, kMaxProblemChars));
  }
  std::string signature(kind);
  for (absl::string_view site_kind : kSiteKinds) {
    if (absl::StrContains(first, absl::StrCat(": ", site_kind, " ID "))) {
      absl::StrAppend(&signature, " ", site_kind);
      break;
    }
  }
  if (kind == kUncovered) {
    // "[wide operand #N: SHAPE]": the shape follows the tag's ": ".
    const size_t tag = first.find(kWideOperandOpen);
    const size_t colon = first.find(": ", tag);
    if (tag != absl::string_view::npos && colon != absl::string_view::npos) {
      const absl::string_view shape = first.substr(colon + 2);
      absl::StrAppend(&signature, " ", shape.substr(0, shape.find(']')));
    }
  }
  return signature;
}

std::string WideOperandTag(size_t operand_number, absl::string_view shape) {
  return absl::StrCat(kWideOperandOpen, operand_number, ": ", shape, "]");
}

absl::StatusOr<KnownLlvmFindings> KnownLlvmFindings::Parse(absl::string_view text) {
  KnownLlvmFindings known;
  size_t number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++number;
    if (absl::StripAsciiWhitespace(line).empty() || absl::StartsWith(line, "#")) continue;
    const std::vector<absl::string_view> fields = absl::StrSplit(line, '\t');
    if (fields.size() != 3) {
      return absl::InvalidArgumentError(absl::StrCat(
          "line ", number, ": want 3 tab-separated fields (signature, versions, report), got ",
          fields.size()));
    }
    KnownLlvmFinding entry;
    entry.signature = std::string(fields[0]);
    entry.report = std::string(fields[2]);
    const std::vector<absl::string_view> range = absl::StrSplit(fields[1], '-');
    if (range.size() > 2 || !absl::SimpleAtoi(range.front(), &entry.first_version) ||
        !absl::SimpleAtoi(range.back(), &entry.last_version) ||
        entry.first_version > entry.last_version) {
      return absl::InvalidArgumentError(absl::StrCat("line ", number, ": versions '", fields[1],
                                                     "' are not a major version or a range A-B"));
    }
    known.entries_.push_back(std::move(entry));
  }
  return known;
}

absl::StatusOr<KnownLlvmFindings> KnownLlvmFindings::Load(const std::string& path) {
  const std::optional<std::vector<uint8_t>> bytes = ReadFileBytes(path);
  if (!bytes.has_value()) return absl::NotFoundError(absl::StrCat("cannot read ", path));
  absl::StatusOr<KnownLlvmFindings> known =
      Parse(absl::string_view(reinterpret_cast<const char*>(bytes->data()), bytes->size()));
  if (!known.ok())
    return absl::InvalidArgumentError(absl::StrCat(path, ": ", known.status().message()));
  return known;
}

const KnownLlvmFinding* KnownLlvmFindings::Find(absl::string_view signature,
                                                int major_version) const {
  for (const KnownLlvmFinding& entry : entries_) {
    if (entry.signature == signature && entry.first_version <= major_version &&
        major_version <= entry.last_version) {
      return &entry;
    }
  }
  return nullptr;
}

}  // namespace frameproof
