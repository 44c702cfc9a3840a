#ifndef FRAMEPROOF_VERIFIERS_UTIL_SUBPROCESS_H_
#define FRAMEPROOF_VERIFIERS_UTIL_SUBPROCESS_H_

// Child processes, for the gate's steps and the tools the verifiers drive: output merged into a
// log, lines handed to the caller as they arrive (timestamped, so libFuzzer's progress becomes a
// time series), and a hard timeout.

#include <functional>
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/time/time.h"

namespace frameproof {

struct Command {
  std::vector<std::string> argv = {};
  // Added to (or replacing in) the gate's own environment.
  std::vector<std::pair<std::string, std::string>> env = {};
  absl::Duration timeout = absl::InfiniteDuration();
  // If set, stdout goes to this file instead of the log (for output that is data, not text).
  std::string stdout_file = {};
};

struct CommandOutcome {
  bool started = false;  // false: the child could not be started (`error` says why)
  bool timed_out = false;
  int exit_code = -1;  // when the child exited
  int signal = 0;      // when a signal ended it
  double seconds = 0;
  std::string error;

  bool ok() const { return started && !timed_out && signal == 0 && exit_code == 0; }
  // "exit status 1", "killed by SIGSEGV", "timed out after 60s", "could not start: ...".
  std::string Describe() const;
};

// Called with the seconds since the child started and one line of its output (no newline).
using LineCallback = std::function<void(double seconds, absl::string_view line)>;

// Runs `command` to completion with stdin from /dev/null, stdout and stderr merged and appended to
// `log`, `on_line` called per line. On timeout the child's process group gets SIGTERM, then
// SIGKILL two seconds later.
CommandOutcome RunCommand(const Command& command, std::ostream& log,
                          const LineCallback& on_line = {});

// `argv` as one shell line a user can paste, each word quoted only where it needs to be.
std::string ShellLine(const std::vector<std::string>& argv);

// True if `program` names an executable file, directly or on PATH.
bool IsExecutable(absl::string_view program);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_UTIL_SUBPROCESS_H_
