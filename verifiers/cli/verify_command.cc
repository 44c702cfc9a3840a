// `frameproof verify exec`, `frameproof verify snapshots` and `frameproof verify llvm-exec`.

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "verifiers/cli/commands.h"
#include "verifiers/cli/foreign_isa.h"
#include "verifiers/exec/exec_campaign.h"
#include "verifiers/exec/exec_case.h"
#include "verifiers/exec/snapshot.h"
#include "verifiers/llvm/exec/llvm_exec_campaign.h"

namespace frameproof {
namespace {

constexpr char kVerifyUsage[] = R"(usage:
  frameproof verify exec --arch x86_64|arm64 [--metainfo ark|art] [--seed S] [--cases N]
                         [--resolver all|CallStatic|CallVirtual|Class|InitClass] [--case I]
      Generates N plans per resolver from seed S (default 1, 1000 cases), lowers each for the
      ISA with its safepoints in Ark's CodeInfo (the default) or ART's, runs it twice (natively,
      or the arm64 build under qemu-aarch64), and checks what the runtime's walker decoded from
      that metainfo, the GOT, thread->frame, the callee's arguments and the preserved values.
      --case I runs case I alone (the reproduction line of a failure). Ends with
      "N passed, M failed".
  frameproof verify snapshots DIR|FILE.json --arch x86_64|arm64 [--metainfo ark|art|all]
                              [--verbose]
      Replays the golden snapshots (*.json) in DIR, or one snapshot, in each dialect asked for
      (default all): each plan must still give its recorded expected state, and the runtime must
      decode exactly that state. Prints "FAIL <file> (<dialect>): <why>" per failure ("PASS"
      lines too with --verbose), then the counts.
  frameproof verify llvm-exec --arch x86_64|arm64 [--seed S] [--cases N] [--case I]
                              [--generate programs|modules|both] [--known FILE]
                              [--program FILE.ll ...] [--entry NAME] [--work-dir DIR]
                              [--llc PATH] [--llc-args 'FLAGS'] [--no-reduce] [--details N]
      Generates N LLVM IR programs from seed S (default 1, 100 programs) whose functions reach
      stackmaps, patchpoints (C and anyregcc) and gc.statepoints with values of known contents.
      Each is compiled by llc, linked with GNU ld and a runtime whose hooks save every register
      and the caller's frame, and run (arm64 under qemu-aarch64). frameproof then reads the
      executable's .llvm_stackmaps and recovers every location from the saved state, directly and
      through the CodeInfo conversion, and checks it against what the program computed.
      --generate modules makes each case a module judged on its own (below) that reaches what
      llc gets wrong: aggregates, i128, x86_fp80, small vectors, phis, invokes with landing
      pads, statepoint callees out of an aggregate, symbolic patchpoint targets, realigned and
      large frames; both alternates (odd cases are modules). Programs check frameproof, modules
      the compiler. --program replays fixed programs (corpora/llvm_exec) instead. A --program without
      '; fp-exec' lines is any module, judged on its own: frameproof builds it twice with the
      same llc, once as given (with a driver that calls --entry NAME, or every defined function,
      with seeded arguments; SEED seeds them) and once as a reference in which each stackmap and
      patchpoint reports its operands instead, and holds every location of the first build's
      records to the reference's values at full width; one still running at ten times the
      reference's time (and 5 s) is stopped, a finding.
      --llc names the compiler under test (llc-15, /usr/lib/llvm-16/bin/llc; default llc), whose
      own release's llvm-as and llvm-reduce are used with it; --llc-args its flags (default -O2).
      Each program gets a verdict: pass, compiler-finding (llc crashed or rejected valid IR, or a
      record, the code at a site or a result is wrong) or unsupported (a construct frameproof
      cannot judge yet, named). A finding is tagged with its signature ([uncovered],
      [llc-crash], ...), and a module's finding is reduced by llvm-reduce of llc's own release
      with that verdict as its test (--no-reduce skips it; --interesting SIGNATURE is the
      test's own mode: exit 0 only if every program has a finding of that signature; with
      --undefined-at-most N, a candidate naming more undef or poison values than N is
      unsupported, since llc owes two builds no equal values computed from them).
      --known FILE (corpora/llvm_modules/known_findings.tsv) names the findings a public report
      already describes: such a finding is printed as KNOWN, with its report, and fails nothing.
      --details N prints the findings of the first N failing programs in full (default 5). Failing programs are kept in the work directory (default: a
      fresh one under the system temp dir).
Exit status: 0 all passed; 1 a failure (verify llvm-exec: a compiler finding); 2 usage error
(verify llvm-exec: also a program frameproof cannot judge, and no finding).
)";

bool ParseArch(const std::string& value, InstructionSet* isa) {
  const std::optional<InstructionSet> parsed = ParseInstructionSet(value);
  if (!parsed.has_value() ||
      (*parsed != InstructionSet::kX86_64 && *parsed != InstructionSet::kArm64)) {
    std::cerr << "frameproof verify: --arch takes x86_64 or arm64, not '" << value << "'\n";
    return false;
  }
  *isa = *parsed;
  return true;
}

// Parses a --metainfo value; `all` is accepted only where `all` is non-null.
bool ParseMetainfo(const std::string& value, Metainfo* metainfo, bool* all = nullptr) {
  if (all != nullptr && value == "all") {
    *all = true;
    return true;
  }
  const std::optional<Metainfo> parsed = EnumNamed(kMetainfoNames, value);
  if (!parsed.has_value()) {
    std::cerr << "frameproof verify: --metainfo takes ark"
              << (all != nullptr ? ", art or all" : " or art") << ", not '" << value << "'\n";
    return false;
  }
  *metainfo = *parsed;
  if (all != nullptr) *all = false;
  return true;
}

int RunExec(const std::vector<std::string>& args) {
  CampaignOptions options;
  bool have_arch = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    const bool has_value = i + 1 < args.size();
    if (arg == "--help" || arg == "-h") {
      std::cout << kVerifyUsage;
      return kExitOk;
    } else if (arg == "--arch" && has_value) {
      if (!ParseArch(args[++i], &options.isa)) return kExitUsage;
      have_arch = true;
    } else if (arg == "--metainfo" && has_value) {
      if (!ParseMetainfo(args[++i], &options.metainfo)) return kExitUsage;
    } else if (arg == "--seed" && has_value) {
      if (!absl::SimpleAtoi(args[++i], &options.seed)) {
        std::cerr << "frameproof verify exec: --seed takes a number, not '" << args[i] << "'\n";
        return kExitUsage;
      }
    } else if (arg == "--cases" && has_value) {
      if (!absl::SimpleAtoi(args[++i], &options.cases)) {
        std::cerr << "frameproof verify exec: --cases takes a count, not '" << args[i] << "'\n";
        return kExitUsage;
      }
    } else if (arg == "--case" && has_value) {
      uint64_t index = 0;
      if (!absl::SimpleAtoi(args[++i], &index)) {
        std::cerr << "frameproof verify exec: --case takes an index, not '" << args[i] << "'\n";
        return kExitUsage;
      }
      options.only_case = index;
    } else if (arg == "--resolver" && has_value) {
      const std::string& name = args[++i];
      if (name != "all") {
        const std::optional<ResolverKind> kind = ParseResolverKind(name);
        if (!kind.has_value()) {
          std::cerr << "frameproof verify exec: unknown resolver '" << name
                    << "' (all, CallStatic, CallVirtual, Class or InitClass)\n";
          return kExitUsage;
        }
        options.resolvers = {*kind};
      }
    } else {
      std::cerr << "frameproof verify exec: unexpected argument '" << arg << "'\n\n"
                << kVerifyUsage;
      return kExitUsage;
    }
  }
  if (!have_arch) {
    std::cerr << "frameproof verify exec: --arch is required\n\n" << kVerifyUsage;
    return kExitUsage;
  }
  if (options.isa != NativeInstructionSet()) {
    std::vector<std::string> forwarded = {"verify", "exec"};
    forwarded.insert(forwarded.end(), args.begin(), args.end());
    return RunForeignFrameproof(options.isa, forwarded);
  }
  const CampaignSummary summary = RunCampaign(options, std::cout, std::cerr);
  std::cerr << "exec: " << InstructionSetName(options.isa) << ", "
            << NameOf(kMetainfoNames, options.metainfo) << " metainfo, "
            << static_cast<uint64_t>(summary.cases_per_second()) << " cases/s\n";
  return summary.failed == 0 ? kExitOk : kExitFailure;
}

int RunSnapshots(const std::vector<std::string>& args) {
  std::string dir;
  InstructionSet isa = NativeInstructionSet();
  bool have_arch = false;
  bool verbose = false;
  Metainfo only_metainfo = kDefaultMetainfo;
  bool all_metainfos = true;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--help" || args[i] == "-h") {
      std::cout << kVerifyUsage;
      return kExitOk;
    } else if (args[i] == "--verbose") {
      verbose = true;
    } else if (args[i] == "--metainfo" && i + 1 < args.size()) {
      if (!ParseMetainfo(args[++i], &only_metainfo, &all_metainfos)) return kExitUsage;
    } else if (args[i] == "--arch" && i + 1 < args.size()) {
      if (!ParseArch(args[++i], &isa)) return kExitUsage;
      have_arch = true;
    } else if (!args[i].empty() && args[i][0] != '-' && dir.empty()) {
      dir = args[i];
    } else {
      std::cerr << "frameproof verify snapshots: unexpected argument '" << args[i] << "'\n";
      return kExitUsage;
    }
  }
  if (dir.empty() || !have_arch) {
    std::cerr << "frameproof verify snapshots: needs DIR and --arch\n\n" << kVerifyUsage;
    return kExitUsage;
  }
  if (isa != NativeInstructionSet()) {
    std::vector<std::string> forwarded = {"verify", "snapshots"};
    forwarded.insert(forwarded.end(), args.begin(), args.end());
    return RunForeignFrameproof(isa, forwarded);
  }
  std::error_code error;
  std::vector<std::filesystem::path> files;
  if (std::filesystem::is_regular_file(dir, error)) {
    files.emplace_back(dir);
  } else {
    for (const auto& entry : std::filesystem::directory_iterator(dir, error)) {
      if (entry.path().extension() == ".json") files.push_back(entry.path());
    }
  }
  if (error || files.empty()) {
    std::cerr << "frameproof verify snapshots: no *.json snapshots in " << dir << "\n";
    return kExitFailure;
  }
  std::sort(files.begin(), files.end());
  std::vector<Metainfo> metainfos = {only_metainfo};
  if (all_metainfos) metainfos.assign(kAllMetainfos.begin(), kAllMetainfos.end());
  uint64_t passed = 0;
  uint64_t failed = 0;
  for (const std::filesystem::path& file : files) {
    std::ifstream in(file);
    const nlohmann::json json = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
    const absl::StatusOr<Snapshot> snapshot =
        json.is_discarded() ? absl::InvalidArgumentError("not valid JSON") : SnapshotFromJson(json);
    for (const Metainfo metainfo : metainfos) {
      const absl::string_view dialect = NameOf(kMetainfoNames, metainfo);
      std::string problem;
      CaseResult result;
      if (!snapshot.ok()) {
        problem = std::string(snapshot.status().message());
      } else if (!PlanGivesRecordedStates(*snapshot, metainfo)) {
        problem = "the plan no longer gives the recorded expected state";
      } else {
        // The decoded states meet the recorded ones themselves, not a recomputation of them.
        result = RunExecCaseAgainst(snapshot->plan, isa, metainfo,
                                    RecordedStatesBySite(*snapshot, metainfo));
        if (!result.passed) problem = FormatMismatch(result.failures.front());
      }
      if (problem.empty()) {
        ++passed;
        if (verbose) std::cout << "PASS " << file.string() << " (" << dialect << ")\n";
        continue;
      }
      ++failed;
      std::cout << "FAIL " << file.string() << " (" << dialect << "): " << problem << "\n"
                << result.details << "  reproduce: frameproof verify snapshots " << file.string()
                << " --arch " << InstructionSetName(isa) << " --metainfo " << dialect << "\n";
    }
  }
  std::cout << passed << " passed, " << failed << " failed\n";
  return failed == 0 ? kExitOk : kExitFailure;
}

int RunLlvmExec(const std::vector<std::string>& args) {
  LlvmExecOptions options;
  std::string interesting;  // a reduction's test: exit 0 only for findings of this signature
  bool have_arch = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    const bool has_value = i + 1 < args.size();
    if (arg == "--help" || arg == "-h") {
      std::cout << kVerifyUsage;
      return kExitOk;
    } else if (arg == "--arch" && has_value) {
      if (!ParseArch(args[++i], &options.isa)) return kExitUsage;
      have_arch = true;
    } else if ((arg == "--seed" || arg == "--cases" || arg == "--case" || arg == "--details" ||
                arg == "--undefined-at-most") &&
               has_value) {
      uint64_t value = 0;
      if (!absl::SimpleAtoi(args[++i], &value)) {
        std::cerr << "frameproof verify llvm-exec: " << arg << " takes a number, not '" << args[i]
                  << "'\n";
        return kExitUsage;
      }
      if (arg == "--seed") options.seed = value;
      if (arg == "--cases") options.cases = value;
      if (arg == "--case") options.only_case = value;
      if (arg == "--details") options.max_detailed_failures = static_cast<uint32_t>(value);
      if (arg == "--undefined-at-most") options.max_undefined_values = value;
    } else if (arg == "--program" && has_value) {
      options.programs.push_back(args[++i]);
    } else if (arg == "--generate" && has_value) {
      const std::optional<LlvmExecGenerate> generate = ParseLlvmExecGenerate(args[++i]);
      if (!generate.has_value()) {
        std::cerr << "frameproof verify llvm-exec: --generate takes programs, modules or both, "
                     "not '"
                  << args[i] << "'\n";
        return kExitUsage;
      }
      options.generate = *generate;
    } else if (arg == "--known" && has_value) {
      options.known_findings = args[++i];
    } else if (arg == "--no-reduce") {
      options.reduce = false;
    } else if (arg == "--interesting" && has_value) {
      interesting = args[++i];
    } else if (arg == "--entry" && has_value) {
      options.entry = args[++i];
    } else if (arg == "--llc" && has_value) {
      options.llc = args[++i];
    } else if (arg == "--llc-args" && has_value) {
      options.llc_flags = args[++i];
    } else if (arg == "--work-dir" && has_value) {
      options.work_dir = args[++i];
    } else {
      std::cerr << "frameproof verify llvm-exec: unexpected argument '" << arg << "'\n\n"
                << kVerifyUsage;
      return kExitUsage;
    }
  }
  if (!have_arch) {
    std::cerr << "frameproof verify llvm-exec: --arch is required\n\n" << kVerifyUsage;
    return kExitUsage;
  }
  const LlvmExecSummary summary = RunLlvmExecCampaign(options, std::cout, std::cerr);
  if (!summary.setup_error.empty()) return kExitFailure;
  if (!interesting.empty()) {
    const bool all = summary.passed == 0 && summary.unsupported == 0 &&
                     std::all_of(summary.finding_signatures.begin(),
                                 summary.finding_signatures.end(),
                                 [&](const std::string& signature) { return signature == interesting; });
    return all && !summary.finding_signatures.empty() ? kExitOk : kExitFailure;
  }
  std::cerr << "llvm-exec: " << InstructionSetName(options.isa) << ", "
            << absl::StrFormat("%.1f", summary.cases_per_second()) << " programs/s\n";
  if (summary.failed > summary.unsupported) return kExitFailure;
  return summary.unsupported > 0 ? kExitUsage : kExitOk;
}

}  // namespace

int RunVerifyCommand(const std::vector<std::string>& args) {
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    std::cout << kVerifyUsage;
    return args.empty() ? kExitUsage : kExitOk;
  }
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (args[0] == "exec") return RunExec(rest);
  if (args[0] == "snapshots") return RunSnapshots(rest);
  if (args[0] == "llvm-exec") return RunLlvmExec(rest);
  std::cerr << "frameproof verify: unknown verifier '" << args[0] << "'\n\n" << kVerifyUsage;
  return kExitUsage;
}

}  // namespace frameproof
