// `frameproof`: the command-line entry point to the codec and its verifiers.

#include <iostream>
#include <string>
#include <vector>

#include "core/base/version.h"
#include "verifiers/cli/commands.h"

namespace {

constexpr char kUsage[] = R"(usage: frameproof <command> [args]
       frameproof --version

commands:
  dump FILE [--offset N] [--isa arm64|x86_64|arm|riscv64|x86] [--art-format current|android11]
       [--json | --oatdump]
      Validate and print the CodeInfo in FILE (raw bytes) starting at byte N: header, every
      table, every stack map with its registers and inline chain. Exits 1 on invalid input.
  relay FILE --to current|android11 [--from ...] --out OUT
      Lay an ART CodeInfo out again in another release's format (Android 11's or today's).
  conformance art FILE.jsonl
  conformance art-dedup FILE.jsonl
      Replay ART conformance vectors; prints each failing vector and "N passed, M failed".
  conformance art11-libart FILE.jsonl [--methods N] [--seed S]
      frameproof's Android 11 format against Debian's Android 11 libart.so.
  llvm-stackmaps FILE [--json] [--raw] [--codeinfo]
      Validate .llvm_stackmaps in an ELF64 file and print it as llvm-readobj --stackmap does.
  moar-validate FILE [--json]
      Read and check all of a MoarVM 2022.12 bytecode file; print its summary and every error.
  moar-dump FILE
      Print a MoarVM bytecode file exactly as `moar --dump FILE` does.
  verify exec --arch x86_64|arm64 [--seed S] [--cases N] [--resolver R] [--case I]
      The execution verifier: generated resolvers and compiled methods run natively or under
      qemu-aarch64; the decoded frame state, GOT and preserved values are checked.
  verify snapshots DIR --arch x86_64|arm64
      Replay the golden snapshots in DIR.
  gen resolvers --arch x86_64|arm64 [--out FILE] [--disasm]
      Generate the PLT resolver stubs; print their layout and disassembly.
  gen snapshots DIR [--seed S] [--count N]
      Write golden snapshots.
  gate [--budget 6m] [--seed S] [--report DIR] [--arch x86_64,arm64] [--fail-fast] ...
      The release gate: every verifier, one verdict, a JUnit/Markdown/HTML report.
  mutate [--seed S] [--count N] [--files GLOBS] [--mutant KEY] [--budget D] [--list] ...
      Mutation testing: seeded source mutants of core/ and arch/ against the gate's steps.

Run 'frameproof <command> --help' for details.
)";

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    std::cout << kUsage;
    return args.empty() ? frameproof::kExitUsage : frameproof::kExitOk;
  }
  if (args[0] == "--version") {
    std::cout << "frameproof " << frameproof::kVersion << "\n";
    return frameproof::kExitOk;
  }
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (args[0] == "dump") return frameproof::RunDumpCommand(rest);
  if (args[0] == "relay") return frameproof::RunRelayCommand(rest);
  if (args[0] == "conformance") return frameproof::RunConformanceCommand(rest);
  if (args[0] == "verify") return frameproof::RunVerifyCommand(rest);
  if (args[0] == "gen") return frameproof::RunGenCommand(rest);
  if (args[0] == "llvm-stackmaps") return frameproof::RunLlvmStackMapsCommand(rest);
  if (args[0] == "gate") return frameproof::RunGateCommand(rest);
  if (args[0] == "mutate") return frameproof::RunMutateCommand(rest);
#ifdef FRAMEPROOF_WITH_MOAR
  if (args[0] == "moar-validate") return frameproof::RunMoarValidateCommand(rest);
  if (args[0] == "moar-dump") return frameproof::RunMoarDumpCommand(rest);
#endif
  std::cerr << "frameproof: unknown command '" << args[0] << "'\n\n" << kUsage;
  return frameproof::kExitUsage;
}
