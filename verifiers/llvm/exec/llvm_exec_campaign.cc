#include "verifiers/llvm/exec/llvm_exec_campaign.h"

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <ostream>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "core/base/status_macros.h"
#include "verifiers/llvm/exec/llvm_exec_expectations.h"
#include "verifiers/llvm/exec/llvm_exec_generator.h"
#include "verifiers/llvm/exec/llvm_exec_toolchain.h"
#include "verifiers/util/file_bytes.h"

namespace frameproof {
namespace {

constexpr uint64_t kProgressEvery = 25;

struct CaseInput {
  std::string name;  // file stem in the work directory
  std::string label;  // "case 12" or the replayed file
  std::string ir;
  std::string reproduction;
};

// Builds, runs and checks one program; the error is the first failure's text.
absl::StatusOr<LlvmExecCounts> RunOne(const LlvmExecToolchain& toolchain, const CaseInput& input) {
  FP_ASSIGN_OR_RETURN(const LlvmExecExpectations expectations,
                      ParseLlvmExecExpectations(input.ir));
  FP_ASSIGN_OR_RETURN(const BuiltLlvmExecProgram program,
                      BuildLlvmExecProgram(toolchain, input.ir, expectations, input.name));
  FP_ASSIGN_OR_RETURN(const LlvmExecRun run, RunLlvmExecProgram(toolchain, program));
  LlvmExecCheck check = CheckLlvmExecRun(expectations, program.maps, run, toolchain.isa);
  if (!check.failures.empty()) {
    std::string text;
    for (const std::string& failure : check.failures) absl::StrAppend(&text, "  ", failure, "\n");
    return absl::InternalError(text);
  }
  return check.counts;
}

void RemoveCaseFiles(const std::filesystem::path& dir, const std::string& name) {
  std::error_code ignored;
  for (const char* suffix : {".ll", ".o", "", ".out"}) {
    std::filesystem::remove(dir / (name + suffix), ignored);
  }
}

void PrintCoverage(const LlvmExecCounts& counts, std::ostream& out) {
  const auto& kinds = counts.by_location_kind;
  out << "covered: " << counts.sites << " sites, " << counts.locations << " locations (Register "
      << kinds[static_cast<size_t>(LlvmLocationKind::kRegister)] << ", Direct "
      << kinds[static_cast<size_t>(LlvmLocationKind::kDirect)] << ", Indirect "
      << kinds[static_cast<size_t>(LlvmLocationKind::kIndirect)] << ", Constant "
      << kinds[static_cast<size_t>(LlvmLocationKind::kConstant)] << ", ConstantIndex "
      << kinds[static_cast<size_t>(LlvmLocationKind::kConstantIndex)] << "), "
      << counts.vector_register_values << " in vector registers, " << counts.gc_pairs
      << " GC pairs, " << counts.live_outs << " live-outs, " << counts.code_info_records
      << " records re-read through CodeInfo (" << counts.code_info_unrepresentable
      << " unrepresentable)\n";
}

}  // namespace

std::string LlvmExecReproduction(const LlvmExecOptions& options, uint64_t index) {
  return absl::StrCat("frameproof verify llvm-exec --arch ", InstructionSetName(options.isa),
                      " --seed ", options.seed, " --case ", index);
}

LlvmExecSummary RunLlvmExecCampaign(const LlvmExecOptions& options, std::ostream& out,
                                    std::ostream& progress) {
  LlvmExecSummary summary;
  const auto start = std::chrono::steady_clock::now();
  const std::string isa_name(InstructionSetName(options.isa));
  const std::filesystem::path work_dir =
      !options.work_dir.empty()
          ? std::filesystem::path(options.work_dir)
          : std::filesystem::temp_directory_path() /
                absl::StrCat("frameproof-llvm-exec-", isa_name, "-", getpid());
  const absl::StatusOr<LlvmExecToolchain> toolchain =
      PrepareLlvmExecToolchain(options.isa, work_dir);
  if (!toolchain.ok()) {
    summary.setup_error = std::string(toolchain.status().message());
    out << "llvm-exec: cannot prepare the toolchain: " << summary.setup_error << "\n";
    return summary;
  }

  std::vector<uint64_t> indexes;
  if (options.programs.empty()) {
    if (options.only_case.has_value()) {
      indexes.push_back(*options.only_case);
    } else {
      for (uint64_t i = 0; i < options.cases; ++i) indexes.push_back(i);
    }
  } else {
    for (uint64_t i = 0; i < options.programs.size(); ++i) indexes.push_back(i);
  }
  uint32_t detailed = 0;
  for (size_t n = 0; n < indexes.size(); ++n) {
    const uint64_t index = indexes[n];
    CaseInput input;
    if (options.programs.empty()) {
      input.name = absl::StrCat("case-", index);
      input.label = absl::StrCat("case ", index);
      input.ir = GenerateLlvmExecProgram(options.seed, index).ir;
      input.reproduction = LlvmExecReproduction(options, index);
    } else {
      const std::string& path = options.programs[index];
      input.name = absl::StrCat("program-", index);
      input.label = path;
      input.reproduction = absl::StrCat("frameproof verify llvm-exec --arch ", isa_name,
                                        " --program ", path);
      const std::optional<std::vector<uint8_t>> bytes = ReadFileBytes(path);
      if (!bytes.has_value()) {
        ++summary.failed;
        out << "FAIL " << path << ": cannot read it\n";
        continue;
      }
      input.ir.assign(bytes->begin(), bytes->end());
    }
    const absl::StatusOr<LlvmExecCounts> result = RunOne(*toolchain, input);
    if (result.ok()) {
      ++summary.passed;
      summary.counts += *result;
      RemoveCaseFiles(work_dir, input.name);
    } else {
      ++summary.failed;
      if (detailed++ < options.max_detailed_failures) {
        out << "FAIL " << input.label << " (" << isa_name << "):\n"
            << result.status().message() << (absl::EndsWith(result.status().message(), "\n") ? "" : "\n")
            << "  program: " << (work_dir / (input.name + ".ll")).string() << "\n"
            << "  reproduce: " << input.reproduction << "\n";
      } else {
        out << "FAIL " << input.label << ": reproduce: " << input.reproduction << "\n";
      }
    }
    if ((n + 1) % kProgressEvery == 0 || n + 1 == indexes.size()) {
      const double seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      progress << "llvm-exec " << isa_name << ": " << n + 1 << "/" << indexes.size()
               << " programs, " << summary.failed << " failed, "
               << absl::StrFormat("%.1f", (n + 1) / std::max(seconds, 1e-9)) << " programs/s\n";
    }
  }
  summary.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (summary.failed == 0 && options.work_dir.empty()) {
    std::error_code ignored;
    std::filesystem::remove_all(work_dir, ignored);
  }
  PrintCoverage(summary.counts, out);
  out << summary.passed << " passed, " << summary.failed << " failed\n";
  return summary;
}

}  // namespace frameproof
