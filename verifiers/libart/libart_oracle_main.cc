// libart_oracle: Debian's Android 11 libart.so answering questions about CodeInfos, one JSON
// request per line on stdin, one JSON answer per line on stdout (libart_protocol.h). It runs as a
// child of the checks that use it, since libart crashes rather than fail on bytes it dislikes.
//
//   libart_oracle [--libart-dir DIR]   serve requests (DIR: Debian's android library folder)
//   libart_oracle --self-check         load libart, run the known-answer check, exit 0 or 1

#include <cstdio>
#include <iostream>
#include <string>

#include "absl/strings/str_cat.h"
#include "verifiers/libart/libart_abi.h"
#include "verifiers/libart/libart_answers.h"

// libart faults on bytes it dislikes; in a sanitized build the fault must still end this process
// by its signal, which is how the client tells a crash from an error, and quickly.
extern "C" const char* __asan_default_options() {
  return "handle_segv=0:handle_sigbus=0:handle_sigfpe=0:handle_sigill=0:detect_leaks=0";
}

int main(int argc, char** argv) {
  using frameproof::libart::Libart;
  std::string dir = Libart::DefaultDir();
  bool self_check = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--libart-dir" && i + 1 < argc) {
      dir = argv[++i];
    } else if (arg == "--self-check") {
      self_check = true;
    } else {
      std::cerr << "usage: libart_oracle [--libart-dir DIR] [--self-check]\n";
      return 2;
    }
  }
  absl::StatusOr<Libart> libart = Libart::Load(dir);
  if (!libart.ok()) {
    std::cerr << "libart_oracle: " << libart.status().message() << "\n";
    return 1;
  }
  if (self_check) {
    std::cout << "libart_oracle: " << dir << "/libart.so loaded; known answers match\n";
    return 0;
  }
  std::string line;
  while (std::getline(std::cin, line)) {
    std::cout << frameproof::libart::Answer(*libart, line) << "\n" << std::flush;
  }
  return 0;
}
