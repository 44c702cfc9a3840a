// `frameproof gen resolvers`, `frameproof gen snapshots` and `frameproof gen llvm-exec`.

#include <filesystem>
#include <fstream>
#include <iostream>

#include "absl/strings/numbers.h"
#include "absl/strings/str_format.h"
#include "arch/exec_image.h"
#include "verifiers/cli/commands.h"
#include "verifiers/exec/disassembler.h"
#include "verifiers/exec/snapshot.h"
#include "verifiers/generators/plan_generator.h"
#include "verifiers/llvm/exec/module_generator.h"
#include "verifiers/util/directories.h"

namespace frameproof {
namespace {

constexpr char kGenUsage[] = R"(usage:
  frameproof gen resolvers --arch x86_64|arm64 [--out FILE] [--disasm]
      Generates the four PLT resolvers (CallStatic, CallVirtual, Class, InitClass) and the shared
      slow paths for the ISA. Writes the raw code to FILE if given, prints each stub's offset
      and size, and with --disasm its capstone disassembly.
  frameproof gen snapshots DIR [--seed S] [--count N]
      Writes N golden snapshots per resolver (default 50, seed 1) into DIR as JSON: each plan and
      the frame state a runtime must decode for it.
  frameproof gen llvm-exec [--seed S] [--case I] [--arch x86_64|arm64]
                           [--generate programs|modules|both]
      Prints llvm-exec case I of seed S (default 1 and 0) for the ISA (default x86_64), as
      `frameproof verify llvm-exec` with the same --generate builds and runs it: a program with
      its expectations as comment lines (the default; corpora/llvm_exec was made this way), or a
      module judged against its reference build, which reaches what llc gets wrong (aggregates,
      i128, x86_fp80, vectors, invokes, phis, realigned and large frames).
Exit status: 0 success, 1 failure, 2 usage error.
)";

int GenResolvers(const std::vector<std::string>& args) {
  std::optional<InstructionSet> isa;
  std::string out;
  bool disasm = false;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--help" || args[i] == "-h") {
      std::cout << kGenUsage;
      return kExitOk;
    } else if (args[i] == "--arch" && i + 1 < args.size()) {
      isa = ParseInstructionSet(args[++i]);
      if (!isa.has_value() || !HasCodeGenerator(*isa)) {
        std::cerr << "frameproof gen resolvers: --arch takes x86_64 or arm64, not '" << args[i]
                  << "'\n";
        return kExitUsage;
      }
    } else if (args[i] == "--out" && i + 1 < args.size()) {
      out = args[++i];
    } else if (args[i] == "--disasm") {
      disasm = true;
    } else {
      std::cerr << "frameproof gen resolvers: unexpected argument '" << args[i] << "'\n\n"
                << kGenUsage;
      return kExitUsage;
    }
  }
  if (!isa.has_value()) {
    std::cerr << "frameproof gen resolvers: --arch is required\n\n" << kGenUsage;
    return kExitUsage;
  }
  const absl::StatusOr<ResolverStubs> stubs = BuildResolverStubs(*isa);
  if (!stubs.ok()) {
    std::cerr << "frameproof gen resolvers: " << stubs.status().message() << "\n";
    return kExitFailure;
  }
  if (!out.empty()) {
    std::ofstream file(out, std::ios::binary);
    file.write(reinterpret_cast<const char*>(stubs->code.data()),
               static_cast<std::streamsize>(stubs->code.size()));
    if (!file) {
      std::cerr << "frameproof gen resolvers: cannot write " << out << "\n";
      return kExitFailure;
    }
  }
  std::cout << absl::StrFormat("%s resolver stubs, %d bytes%s\n", InstructionSetName(*isa),
                               stubs->code.size(), out.empty() ? "" : " written to " + out);
  for (size_t i = 0; i < stubs->symbols.size(); ++i) {
    const uint32_t start = stubs->symbols[i].second;
    const uint32_t end = i + 1 < stubs->symbols.size() ? stubs->symbols[i + 1].second
                                                       : static_cast<uint32_t>(stubs->code.size());
    std::cout << absl::StrFormat("  0x%04x %5d bytes  %s\n", start, end - start,
                                 stubs->symbols[i].first);
  }
  if (disasm) std::cout << "\n" << Disassemble(*isa, stubs->code, 0, stubs->symbols);
  return kExitOk;
}

int GenSnapshots(const std::vector<std::string>& args) {
  std::string dir;
  uint64_t seed = 1;
  uint64_t count = 50;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--help" || args[i] == "-h") {
      std::cout << kGenUsage;
      return kExitOk;
    } else if (args[i] == "--seed" && i + 1 < args.size()) {
      if (!absl::SimpleAtoi(args[++i], &seed)) return kExitUsage;
    } else if (args[i] == "--count" && i + 1 < args.size()) {
      if (!absl::SimpleAtoi(args[++i], &count)) return kExitUsage;
    } else if (!args[i].empty() && args[i][0] != '-' && dir.empty()) {
      dir = args[i];
    } else {
      std::cerr << "frameproof gen snapshots: unexpected argument '" << args[i] << "'\n";
      return kExitUsage;
    }
  }
  if (dir.empty()) {
    std::cerr << kGenUsage;
    return kExitUsage;
  }
  if (const absl::Status made = MakeDirectories(dir); !made.ok()) {
    std::cerr << "frameproof gen snapshots: " << made.message() << "\n";
    return kExitFailure;
  }
  for (const ResolverKind resolver : kAllResolverKinds) {
    for (uint64_t index = 0; index < count; ++index) {
      const Snapshot snapshot = SnapshotOf(GeneratePlan(CaseSeed(seed, index), resolver));
      const std::string path =
          absl::StrFormat("%s/%s-%04d.json", dir, ResolverKindName(resolver), index);
      std::ofstream file(path);
      file << SnapshotToJson(snapshot).dump(1) << "\n";
      if (!file) {
        std::cerr << "frameproof gen snapshots: cannot write " << path << "\n";
        return kExitFailure;
      }
    }
  }
  std::cout << "wrote " << count * kAllResolverKinds.size() << " snapshots to " << dir << "\n";
  return kExitOk;
}

}  // namespace

int GenLlvmExec(const std::vector<std::string>& args) {
  uint64_t seed = 1;
  uint64_t index = 0;
  InstructionSet isa = InstructionSet::kX86_64;
  LlvmExecGenerate generate = LlvmExecGenerate::kPrograms;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--help" || args[i] == "-h") {
      std::cout << kGenUsage;
      return kExitOk;
    } else if (args[i] == "--arch" && i + 1 < args.size()) {
      const std::optional<InstructionSet> named = ParseInstructionSet(args[++i]);
      if (!named.has_value()) {
        std::cerr << "frameproof gen llvm-exec: --arch takes x86_64 or arm64, not '" << args[i]
                  << "'\n";
        return kExitUsage;
      }
      isa = *named;
    } else if (args[i] == "--generate" && i + 1 < args.size()) {
      const std::optional<LlvmExecGenerate> named = ParseLlvmExecGenerate(args[++i]);
      if (!named.has_value()) {
        std::cerr << "frameproof gen llvm-exec: --generate takes programs, modules or both, not '"
                  << args[i] << "'\n";
        return kExitUsage;
      }
      generate = *named;
    } else if ((args[i] == "--seed" || args[i] == "--case") && i + 1 < args.size()) {
      const bool is_seed = args[i] == "--seed";
      if (!absl::SimpleAtoi(args[++i], is_seed ? &seed : &index)) {
        std::cerr << "frameproof gen llvm-exec: " << args[i - 1] << " takes a number, not '"
                  << args[i] << "'\n";
        return kExitUsage;
      }
    } else {
      std::cerr << "frameproof gen llvm-exec: unexpected argument '" << args[i] << "'\n\n"
                << kGenUsage;
      return kExitUsage;
    }
  }
  std::cout << GenerateLlvmExecCase(generate, seed, index, isa);
  return kExitOk;
}

int RunGenCommand(const std::vector<std::string>& args) {
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    std::cout << kGenUsage;
    return args.empty() ? kExitUsage : kExitOk;
  }
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (args[0] == "resolvers") return GenResolvers(rest);
  if (args[0] == "snapshots") return GenSnapshots(rest);
  if (args[0] == "llvm-exec") return GenLlvmExec(rest);
  std::cerr << "frameproof gen: unknown generator '" << args[0] << "'\n\n" << kGenUsage;
  return kExitUsage;
}

}  // namespace frameproof
