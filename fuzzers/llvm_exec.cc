// Fuzz target "llvm_exec": the bytes are an LLVM IR module, which llc (on PATH, default flags)
// compiles for this host and frameproof runs and judges against its reference build
// (LlvmExecModuleJudge in verifiers/llvm/exec/llvm_exec_campaign.h). A compiler finding that
// corpora/llvm_modules/known_findings.tsv does not hold aborts, so the fuzzer keeps the module;
// IR that llvm-as rejects and modules frameproof cannot judge pass. Seeded with the generated
// modules of corpora/llvm_exec (module-*.ll; its programs, whose runtime names module mode
// refuses, only pass through).

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "verifiers/llvm/exec/llvm_exec_campaign.h"

namespace {

// A static object, not a leaked one: when the fuzzer exits normally its destructor removes the
// judge's work directory; an abort on a finding keeps it, with the finding's program.
const frameproof::LlvmExecModuleJudge& Judge() {
  static const frameproof::LlvmExecModuleJudge judge = [] {
    frameproof::LlvmExecOptions options;
    options.isa = frameproof::NativeInstructionSet();
    options.known_findings = FRAMEPROOF_SOURCE_DIR "/corpora/llvm_modules/known_findings.tsv";
    absl::StatusOr<frameproof::LlvmExecModuleJudge> made =
        frameproof::LlvmExecModuleJudge::Create(options);
    if (!made.ok()) {
      std::fprintf(stderr, "llvm_exec: cannot judge modules: %s\n",
                   std::string(made.status().message()).c_str());
      std::abort();
    }
    return *std::move(made);
  }();
  return judge;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string finding = Judge().NewFinding({reinterpret_cast<const char*>(data), size});
  if (!finding.empty()) {
    std::fprintf(stderr, "llvm_exec: %s", finding.c_str());
    std::abort();
  }
  return 0;
}
