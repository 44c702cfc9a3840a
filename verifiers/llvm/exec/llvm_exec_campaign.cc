#include "verifiers/llvm/exec/llvm_exec_campaign.h"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <ostream>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "core/base/status_macros.h"
#include "core/llvm/elf_reader.h"
#include "core/llvm/stack_map_section.h"
#include "verifiers/llvm/exec/ir_text.h"
#include "verifiers/llvm/exec/llvm_exec_expectations.h"
#include "verifiers/llvm/exec/llvm_exec_reduce.h"
#include "verifiers/llvm/exec/llvm_exec_toolchain.h"
#include "verifiers/llvm/exec/llvm_findings.h"
#include "verifiers/llvm/exec/module_builds.h"
#include "verifiers/llvm/exec/module_check.h"
#include "verifiers/llvm/exec/module_generator.h"
#include "verifiers/util/directories.h"
#include "verifiers/util/file_bytes.h"
#include "verifiers/util/subprocess.h"

namespace frameproof {

// The toolchain, the known findings and llc's major version: what judging a program needs.
struct LlvmExecJudgeSetup {
  LlvmExecToolchain toolchain;
  KnownLlvmFindings known;
  int major_version = -1;
};

namespace {

using JudgeSetup = LlvmExecJudgeSetup;

constexpr uint64_t kProgressEvery = 25;

struct CaseInput {
  std::string name;   // file stem in the work directory
  std::string label;  // "case 12" or the replayed file
  std::string ir;
  std::string reproduction;
};

constexpr absl::string_view kLlcCrash = "llc-crash";
constexpr absl::string_view kLlcError = "llc-error";
constexpr absl::string_view kRunFailed = "run-failed";
constexpr absl::string_view kExpectations = "expectations";
// A module judged on its own is kept as given beside the two builds made of it.
constexpr char kAsGiven[] = "-as-given";

struct CaseOutcome {
  LlvmExecVerdict verdict = LlvmExecVerdict::kPass;
  std::string text;       // what was found, one indented line per problem
  std::string signature;  // a compiler finding's kind; its signature once judged
  LlvmExecCounts counts;
};

CaseOutcome Outcome(LlvmExecVerdict verdict, absl::string_view text,
                    absl::string_view signature = kExpectations) {
  std::string indented;
  for (absl::string_view line : absl::StrSplit(text, '\n', absl::SkipEmpty())) {
    absl::StrAppend(&indented, "  ", line, "\n");
  }
  return {verdict, indented, std::string(signature), {}};
}

// llc (or the link after it) failed on `source`: valid IR makes that llc's failure, a crash or
// an error; IR its own llvm-as rejects is a program this release cannot take.
CaseOutcome CompilerFailure(const LlvmExecToolchain& toolchain, const std::filesystem::path& source,
                            const absl::Status& failure) {
  if (const absl::Status valid =
          RunLlvmTool({toolchain.tools.assembler, source.string(), "-o", "/dev/null"});
      !valid.ok()) {
    return Outcome(
        LlvmExecVerdict::kUnsupported,
        absl::StrCat("not valid IR for LLVM ", toolchain.tools.version, ": ", valid.message()));
  }
  const bool crashed = failure.code() == absl::StatusCode::kAborted;
  return Outcome(LlvmExecVerdict::kCompilerFinding,
                 absl::StrCat(crashed ? "llc crashed on valid IR: " : "llc rejected valid IR: ",
                              failure.message()),
                 crashed ? kLlcCrash : kLlcError);
}

// A program with expectation lines: the generator's, or one kept in corpora/llvm_exec.
CaseOutcome RunWithExpectations(const LlvmExecToolchain& toolchain, const CaseInput& input) {
  const absl::StatusOr<LlvmExecExpectations> expectations = ParseLlvmExecExpectations(input.ir);
  if (!expectations.ok()) {
    return Outcome(LlvmExecVerdict::kUnsupported, expectations.status().message());
  }
  std::vector<uint64_t> stackmap_ids;
  for (const LlvmExecSite& site : expectations->sites) {
    if (site.kind == LlvmExecSiteKind::kStackMap) stackmap_ids.push_back(site.id);
  }
  absl::StatusOr<BuiltLlvmExecProgram> program =
      BuildLlvmExecProgram(toolchain, input.ir, stackmap_ids, input.name);
  if (!program.ok()) {
    return CompilerFailure(toolchain, toolchain.work_dir / (input.name + ".ll"), program.status());
  }
  const absl::StatusOr<LlvmExecRun> run = RunLlvmExecProgram(toolchain, *program);
  if (!run.ok()) {
    return Outcome(LlvmExecVerdict::kCompilerFinding, run.status().message(), kRunFailed);
  }
  LlvmExecCheck check = CheckLlvmExecRun(*expectations, program->maps, *run, toolchain.isa);
  CaseOutcome outcome;
  outcome.counts = check.counts;
  if (!check.failures.empty()) {
    outcome.verdict = LlvmExecVerdict::kCompilerFinding;
    outcome.signature = std::string(kExpectations);
    for (const std::string& failure : check.failures) {
      absl::StrAppend(&outcome.text, "  ", failure, "\n");
    }
  }
  return outcome;
}

// Any module: llc must compile it as given, and the build under test must agree with the
// reference build at every site.
CaseOutcome RunModule(const LlvmExecToolchain& toolchain, const LlvmExecOptions& options,
                      const CaseInput& input) {
  const std::filesystem::path source = toolchain.work_dir / (input.name + kAsGiven + ".ll");
  const std::filesystem::path object = toolchain.work_dir / (input.name + kAsGiven + ".o");
  if (const absl::Status written = WriteTextFile(source, input.ir); !written.ok()) {
    return Outcome(LlvmExecVerdict::kUnsupported, written.message());
  }
  if (options.max_undefined_values.has_value()) {
    const size_t undefined = CountIrUndefinedValues(input.ir);
    if (undefined > *options.max_undefined_values) {
      return Outcome(
          LlvmExecVerdict::kUnsupported,
          absl::StrCat("the candidate names ", undefined, " undefined values, more than the ",
                       *options.max_undefined_values, " of the module being reduced"));
    }
  }
  // A module for the other ISA is not compiled for this one: llc's complaint would be no finding.
  const absl::StatusOr<ModuleBuilds> builds = DeriveModuleBuilds(
      input.ir, {.isa = toolchain.isa, .seed = options.seed, .entry = options.entry});
  if (builds.status().code() == absl::StatusCode::kFailedPrecondition) {
    return Outcome(LlvmExecVerdict::kUnsupported, builds.status().message());
  }
  if (const absl::Status compiled = CompileLlvmModule(toolchain, source, object); !compiled.ok()) {
    return CompilerFailure(toolchain, source, compiled);
  }
  if (!builds.ok()) return Outcome(LlvmExecVerdict::kUnsupported, builds.status().message());
  const absl::StatusOr<BuiltLlvmExecProgram> reference =
      BuildLlvmExecProgram(toolchain, builds->reference_ir, {}, input.name + "-reference");
  if (!reference.ok()) {
    return Outcome(
        LlvmExecVerdict::kUnsupported,
        absl::StrCat("the reference build does not build: ", reference.status().message()));
  }
  const absl::Time reference_start = absl::Now();
  const absl::StatusOr<LlvmExecRun> reference_run = RunLlvmExecProgram(toolchain, *reference);
  const absl::Duration reference_time = absl::Now() - reference_start;
  if (!reference_run.ok()) {
    return Outcome(LlvmExecVerdict::kUnsupported,
                   absl::StrCat("the reference build does not run to its end with seeded "
                                "arguments: ",
                                reference_run.status().message()));
  }
  const absl::StatusOr<BuiltLlvmExecProgram> test =
      BuildLlvmExecProgram(toolchain, builds->test_ir, builds->stackmap_ids, input.name);
  if (!test.ok()) {
    return Outcome(LlvmExecVerdict::kUnsupported,
                   absl::StrCat("the build under test does not build: ", test.status().message()));
  }
  const absl::StatusOr<LlvmExecRun> test_run =
      RunLlvmExecProgram(toolchain, *test, BuildUnderTestRunTimeout(reference_time));
  if (!test_run.ok()) {
    return Outcome(LlvmExecVerdict::kCompilerFinding,
                   absl::StrCat("the build under test failed where the reference build ran: ",
                                test_run.status().message()),
                   kRunFailed);
  }
  ModuleCheck check =
      CheckModuleRuns(*builds, test->maps, *test_run, *reference_run, toolchain.isa);
  // The shadows as the module asked for them, in the object compiled from it as given.
  if (const std::optional<std::vector<uint8_t>> bytes = ReadFileBytes(object.string())) {
    if (const absl::StatusOr<ElfSection> section = FindElfSection(*bytes, ".llvm_stackmaps");
        section.ok()) {
      if (const absl::StatusOr<LlvmStackMaps> as_given =
              ParseLlvmStackMaps(section->bytes, section->order);
          as_given.ok()) {
        std::vector<ModuleFinding> shadows = CheckModuleShadows(*builds, *as_given);
        check.findings.insert(check.findings.end(), shadows.begin(), shadows.end());
      }
    }
  }
  CaseOutcome outcome;
  outcome.counts = check.counts;
  if (!check.findings.empty()) {
    outcome.verdict = LlvmExecVerdict::kCompilerFinding;
    outcome.signature = std::string(ModuleFindingKindName(check.findings.front().kind));
  } else if (!check.unsupported.empty()) {
    outcome.verdict = LlvmExecVerdict::kUnsupported;
  }
  for (const ModuleFinding& finding : check.findings) {
    absl::StrAppend(&outcome.text, "  ", finding.text, "\n");
  }
  for (const std::string& line : check.unsupported)
    absl::StrAppend(&outcome.text, "  ", line, "\n");
  return outcome;
}

void RemoveCaseFiles(const std::filesystem::path& dir, const std::string& name) {
  std::error_code ignored;
  for (const char* suffix : {".ll", ".o", "", ".out", "-as-given.ll", "-as-given.o",
                             "-reference.ll", "-reference.o", "-reference", "-reference.out"}) {
    std::filesystem::remove(dir / (name + suffix), ignored);
  }
}

// A work directory frameproof made itself, once nothing in it is evidence.
void RemoveWorkDir(const std::filesystem::path& dir) {
  std::error_code ignored;
  std::filesystem::remove_all(dir, ignored);
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

// The command that judges one candidate of a reduction: this binary, with this run's compiler,
// flags, seed and entry, exiting 0 only for a compiler finding of `signature`.
std::vector<std::string> ReductionJudge(const LlvmExecOptions& options, const LlvmTools& tools,
                                        absl::string_view signature, absl::string_view module,
                                        const std::filesystem::path& work_dir) {
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  std::vector<std::string> judge = {error ? "frameproof" : self.string(),
                                    "verify",
                                    "llvm-exec",
                                    "--arch",
                                    std::string(InstructionSetName(options.isa)),
                                    "--seed",
                                    absl::StrCat(options.seed),
                                    "--llc",
                                    tools.llc,
                                    "--llc-args",
                                    absl::StrJoin(tools.llc_flags, " "),
                                    "--no-reduce",
                                    "--interesting",
                                    std::string(signature),
                                    "--undefined-at-most",
                                    absl::StrCat(CountIrUndefinedValues(module)),
                                    "--work-dir",
                                    work_dir.string()};
  if (!options.entry.empty()) judge.insert(judge.end(), {"--entry", options.entry});
  return judge;
}

// The flags that choose the compiler, for reproduction lines: empty when they are the defaults.
std::string CompilerFlags(const LlvmExecOptions& options) {
  std::string flags;
  if (!options.llc.empty()) absl::StrAppend(&flags, " --llc ", options.llc);
  if (!options.llc_flags.empty()) {
    absl::StrAppend(&flags, " --llc-args ", ShellLine({options.llc_flags}));
  }
  return flags;
}

// The command line that judges the module in `path` as this run did.
std::string ProgramReproduction(const LlvmExecOptions& options, absl::string_view path) {
  return absl::StrCat("frameproof verify llvm-exec --arch ", InstructionSetName(options.isa),
                      " --program ", path,
                      options.seed != 1 ? absl::StrCat(" --seed ", options.seed) : "",
                      options.entry.empty() ? "" : absl::StrCat(" --entry ", options.entry),
                      CompilerFlags(options));
}

absl::StatusOr<JudgeSetup> PrepareJudge(const LlvmExecOptions& options,
                                        const std::filesystem::path& work_dir) {
  JudgeSetup setup;
  FP_ASSIGN_OR_RETURN(LlvmTools tools, ResolveLlvmTools(options.llc, options.llc_flags));
  FP_ASSIGN_OR_RETURN(setup.toolchain,
                      PrepareLlvmExecToolchain(options.isa, work_dir, std::move(tools)));
  if (!options.known_findings.empty()) {
    FP_ASSIGN_OR_RETURN(setup.known, KnownLlvmFindings::Load(options.known_findings));
  }
  const std::string& version = setup.toolchain.tools.version;
  (void)absl::SimpleAtoi(version.substr(0, version.find('.')), &setup.major_version);
  return setup;
}

// Judges `input`: a module without expectations against its reference build (or every
// generated module), a program with them against them. A compiler finding gets its signature,
// and is a known one if the known findings hold it for llc's release (`*known` is its entry).
CaseOutcome Judge(const JudgeSetup& setup, const LlvmExecOptions& options, const CaseInput& input,
                  bool judged_alone, const KnownLlvmFinding** known) {
  CaseOutcome outcome = judged_alone ? RunModule(setup.toolchain, options, input)
                                     : RunWithExpectations(setup.toolchain, input);
  *known = nullptr;
  if (outcome.verdict == LlvmExecVerdict::kCompilerFinding) {
    outcome.signature = LlvmFindingSignature(outcome.signature, outcome.text, options.isa);
    *known = setup.known.Find(outcome.signature, setup.major_version);
    if (*known != nullptr) outcome.verdict = LlvmExecVerdict::kKnownFinding;
  }
  return outcome;
}

// Where a campaign keeps its programs: --work-dir, or a folder of its own in the temporary
// directory.
absl::StatusOr<std::filesystem::path> CampaignWorkDir(const LlvmExecOptions& options) {
  if (!options.work_dir.empty()) return std::filesystem::path(options.work_dir);
  const absl::StatusOr<std::filesystem::path> temp = TempDirectory();
  if (!temp.ok()) {
    return absl::FailedPreconditionError(absl::StrCat(
        temp.status().message(), "; point it at a directory, or name one with --work-dir DIR"));
  }
  return *temp /
         absl::StrCat("frameproof-llvm-exec-", InstructionSetName(options.isa), "-", getpid());
}

}  // namespace

absl::StatusOr<LlvmExecModuleJudge> LlvmExecModuleJudge::Create(LlvmExecOptions options) {
  const bool owns_work_dir = options.work_dir.empty();
  if (owns_work_dir) {
    // Numbered, so that two judges of one process never share (and remove) one directory.
    static std::atomic<int> made{0};
    FP_ASSIGN_OR_RETURN(const std::filesystem::path temp, TempDirectory());
    options.work_dir =
        (temp / absl::StrCat("frameproof-llvm-exec-judge-", getpid(), "-", made++)).string();
  }
  options.reduce = false;
  absl::StatusOr<JudgeSetup> setup = PrepareJudge(options, options.work_dir);
  if (!setup.ok()) {
    if (owns_work_dir) RemoveWorkDir(options.work_dir);
    return setup.status();
  }
  return LlvmExecModuleJudge(std::move(options),
                             std::make_unique<const JudgeSetup>(*std::move(setup)), owns_work_dir);
}

LlvmExecModuleJudge::LlvmExecModuleJudge(LlvmExecOptions options,
                                         std::unique_ptr<const JudgeSetup> setup,
                                         bool owns_work_dir)
    : options_(std::move(options)), setup_(std::move(setup)), owns_work_dir_(owns_work_dir) {}

LlvmExecModuleJudge::LlvmExecModuleJudge(LlvmExecModuleJudge&&) noexcept = default;

LlvmExecModuleJudge::~LlvmExecModuleJudge() {
  if (setup_ != nullptr && owns_work_dir_ && !reported_finding_) RemoveWorkDir(options_.work_dir);
}

std::string LlvmExecModuleJudge::NewFinding(absl::string_view ir) const {
  CaseInput input;
  input.name = "input";
  input.label = "the input";
  input.ir = std::string(ir);
  // Against its reference build only: a mutated program's expectations no longer hold for it.
  const bool judged_alone = true;
  const KnownLlvmFinding* known = nullptr;
  const CaseOutcome outcome = Judge(*setup_, options_, input, judged_alone, &known);
  if (outcome.verdict != LlvmExecVerdict::kCompilerFinding) {
    RemoveCaseFiles(setup_->toolchain.work_dir, input.name);
    return "";
  }
  reported_finding_ = true;
  return absl::StrCat(
      "compiler-finding [", outcome.signature, "] (", InstructionSetName(options_.isa), ", ",
      setup_->toolchain.tools.Describe(), ")\n", outcome.text, "  program: ",
      (setup_->toolchain.work_dir / absl::StrCat(input.name, judged_alone ? kAsGiven : "", ".ll"))
          .string(),
      "\n");
}

absl::string_view LlvmExecVerdictName(LlvmExecVerdict verdict) {
  switch (verdict) {
    case LlvmExecVerdict::kPass:
      return "pass";
    case LlvmExecVerdict::kKnownFinding:
      return "known-finding";
    case LlvmExecVerdict::kCompilerFinding:
      return "compiler-finding";
    case LlvmExecVerdict::kUnsupported:
      return "unsupported";
  }
  return "?";
}

std::string LlvmExecReproduction(const LlvmExecOptions& options, uint64_t index) {
  return absl::StrCat("frameproof verify llvm-exec --arch ", InstructionSetName(options.isa),
                      options.generate == LlvmExecGenerate::kPrograms
                          ? ""
                          : absl::StrCat(" --generate ", LlvmExecGenerateName(options.generate)),
                      " --seed ", options.seed, " --case ", index, CompilerFlags(options));
}

LlvmExecSummary RunLlvmExecCampaign(const LlvmExecOptions& options, std::ostream& out,
                                    std::ostream& progress) {
  LlvmExecSummary summary;
  const auto start = std::chrono::steady_clock::now();
  const std::string isa_name(InstructionSetName(options.isa));
  const absl::StatusOr<std::filesystem::path> work_dir_or = CampaignWorkDir(options);
  const absl::StatusOr<JudgeSetup> setup = work_dir_or.ok()
                                               ? PrepareJudge(options, *work_dir_or)
                                               : absl::StatusOr<JudgeSetup>(work_dir_or.status());
  if (!setup.ok()) {
    summary.setup_error = std::string(setup.status().message());
    out << "llvm-exec: cannot prepare: " << summary.setup_error << "\n";
    return summary;
  }
  const std::filesystem::path& work_dir = *work_dir_or;
  const LlvmExecToolchain* toolchain = &setup->toolchain;

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
      input.ir = GenerateLlvmExecCase(options.generate, options.seed, index, options.isa);
      input.reproduction = LlvmExecReproduction(options, index);
    } else {
      const std::string& path = options.programs[index];
      input.name = absl::StrCat("program-", index);
      input.label = path;
      input.reproduction = ProgramReproduction(options, path);
      const std::optional<std::vector<uint8_t>> bytes = ReadFileBytes(path);
      if (!bytes.has_value()) {
        ++summary.failed;
        out << "FAIL " << path << ": cannot read it\n";
        continue;
      }
      input.ir.assign(bytes->begin(), bytes->end());
    }
    const bool judged_alone = options.programs.empty()
                                  ? IsLlvmExecModuleCase(options.generate, index)
                                  : !absl::StrContains(input.ir, kLlvmExecExpectationMarker);
    const KnownLlvmFinding* known_finding = nullptr;
    const CaseOutcome outcome = Judge(*setup, options, input, judged_alone, &known_finding);
    summary.counts += outcome.counts;
    if (outcome.verdict == LlvmExecVerdict::kCompilerFinding ||
        outcome.verdict == LlvmExecVerdict::kKnownFinding) {
      summary.finding_signatures.push_back(outcome.signature);
    }
    if (outcome.verdict == LlvmExecVerdict::kPass) {
      ++summary.passed;
      RemoveCaseFiles(work_dir, input.name);
    } else if (known_finding != nullptr) {
      ++summary.passed;
      ++summary.known;
      out << "KNOWN " << input.label << " (" << isa_name << ", " << toolchain->tools.Describe()
          << "): " << LlvmExecVerdictName(outcome.verdict) << " [" << outcome.signature
          << "]: reproduce: " << input.reproduction << "\n  report: " << known_finding->report
          << "\n";
    } else {
      ++summary.failed;
      const bool unsupported = outcome.verdict == LlvmExecVerdict::kUnsupported;
      summary.unsupported += unsupported ? 1 : 0;
      // An unsupported program has no finding, so no signature.
      const std::string heading =
          absl::StrCat(unsupported ? "UNSUPPORTED " : "FAIL ", input.label, " (", isa_name, ", ",
                       toolchain->tools.Describe(), "): ", LlvmExecVerdictName(outcome.verdict),
                       unsupported ? "" : absl::StrCat(" [", outcome.signature, "]"));
      if (detailed++ < options.max_detailed_failures) {
        const std::filesystem::path program =
            work_dir / absl::StrCat(input.name, judged_alone ? kAsGiven : "", ".ll");
        out << heading << "\n"
            << outcome.text << "  program: " << program.string() << "\n"
            << "  reproduce: " << input.reproduction << "\n";
        if (judged_alone && !unsupported && options.reduce) {
          progress << "llvm-exec: reducing " << input.label << " with " << toolchain->tools.reducer
                   << "\n";
          const absl::StatusOr<ReducedLlvmModule> reduced =
              ReduceLlvmModule(toolchain->tools, program,
                               ReductionJudge(options, toolchain->tools, outcome.signature,
                                              input.ir, work_dir / (input.name + "-reduce")));
          if (reduced.ok()) {
            out << "  reduced: " << reduced->path.string() << " (" << reduced->lines_after
                << " lines, from " << reduced->lines_before << ")\n"
                << "  reproduce reduced: " << ProgramReproduction(options, reduced->path.string())
                << "\n";
          } else {
            out << "  reduction failed: " << reduced.status().message() << "\n";
          }
        }
      } else {
        out << heading << ": reproduce: " << input.reproduction << "\n";
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
  summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (summary.failed == 0 && options.work_dir.empty()) RemoveWorkDir(work_dir);
  PrintCoverage(summary.counts, out);
  out << "verdicts: " << summary.passed - summary.known << " pass, " << summary.known
      << " known-finding, " << summary.failed - summary.unsupported << " compiler-finding, "
      << summary.unsupported << " unsupported\n";
  out << summary.passed << " passed, " << summary.failed << " failed\n";
  return summary;
}

}  // namespace frameproof
