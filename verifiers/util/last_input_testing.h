#ifndef FRAMEPROOF_VERIFIERS_UTIL_LAST_INPUT_TESTING_H_
#define FRAMEPROOF_VERIFIERS_UTIL_LAST_INPUT_TESTING_H_

// Test-only: a child process that records an input and dies the way an engine dies when no
// handler of its own can run. Include from *_test.cc files only.

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "verifiers/util/last_input.h"

namespace frameproof {

// Forks a child that records `input` in `file` (and marks it finished, if `finished`), then is
// killed by SIGSEGV with the default action in place; waits for it and checks it died so.
inline void RecordInChildThatDies(const std::string& file, const std::vector<uint8_t>& input,
                                  bool finished) {
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    LastInputRecorder recorder(file);
    recorder.Begin(input);
    if (finished) recorder.End();
    signal(SIGSEGV, SIG_DFL);
    raise(SIGSEGV);
    _exit(0);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFSIGNALED(status));
}

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_UTIL_LAST_INPUT_TESTING_H_
