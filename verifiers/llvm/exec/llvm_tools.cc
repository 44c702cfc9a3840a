#include "verifiers/llvm/exec/llvm_tools.h"

#include <filesystem>
#include <sstream>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/time/time.h"
#include "verifiers/util/subprocess.h"

namespace frameproof {
namespace {

constexpr absl::Duration kVersionTimeout = absl::Seconds(30);
constexpr absl::string_view kVersionMarker = "LLVM version ";

// `tool` of the same release as `llc`: with llc's version suffix, in llc's directory if it names
// one.
std::string Sibling(const std::filesystem::path& llc, absl::string_view tool) {
  const std::string name = llc.filename().string();
  std::string sibling(tool);
  if (absl::StartsWith(name, "llc-")) absl::StrAppend(&sibling, name.substr(3));
  return llc.has_parent_path() ? (llc.parent_path() / sibling).string() : sibling;
}

}  // namespace

std::string LlvmTools::Describe() const {
  return absl::StrCat(std::filesystem::path(llc).filename().string(), " (LLVM ",
                      version.empty() ? "?" : version, ") ", absl::StrJoin(llc_flags, " "));
}

absl::StatusOr<LlvmTools> ResolveLlvmTools(absl::string_view llc, absl::string_view flags) {
  LlvmTools tools;
  tools.llc = std::string(llc.empty() ? kDefaultLlc : llc);
  tools.llc_flags = absl::StrSplit(flags, absl::ByAnyChar(" \t"), absl::SkipEmpty());
  if (tools.llc_flags.empty()) tools.llc_flags.push_back(kDefaultLlcFlags);
  const std::filesystem::path path(tools.llc);
  tools.assembler = Sibling(path, "llvm-as");
  tools.reducer = Sibling(path, "llvm-reduce");
  for (const std::string* tool : {&tools.llc, &tools.assembler}) {
    if (!IsExecutable(*tool)) {
      return absl::FailedPreconditionError(absl::StrCat(
          *tool, " is not ", path.has_parent_path() ? "there" : "on PATH", " (it goes with ",
          tools.llc, "; scripts/setup installs llvm-13 to llvm-16)"));
    }
  }
  std::ostringstream log;
  const CommandOutcome outcome =
      RunCommand({.argv = {tools.llc, "--version"}, .timeout = kVersionTimeout}, log);
  if (!outcome.ok()) {
    return absl::FailedPreconditionError(
        absl::StrCat(tools.llc, " --version: ", outcome.Describe()));
  }
  const std::string text = log.str();
  const size_t at = text.find(std::string(kVersionMarker));
  if (at != std::string::npos) {
    const size_t start = at + kVersionMarker.size();
    const size_t end = text.find_first_of(" \n", start);
    tools.version = text.substr(start, end == std::string::npos ? end : end - start);
  }
  return tools;
}

}  // namespace frameproof
