#ifndef FRAMEPROOF_VERIFIERS_UTIL_LINE_CHILD_H_
#define FRAMEPROOF_VERIFIERS_UTIL_LINE_CHILD_H_

// A child process that answers one line with one line, kept running across requests: an oracle
// that must live in a process of its own (it may crash on what it is asked) but is too slow to
// start per question.

#include <sys/types.h>

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"

namespace frameproof {

class LineChild {
 public:
  explicit LineChild(std::vector<std::string> argv) : argv_(std::move(argv)) {}
  ~LineChild() { Stop(); }
  LineChild(const LineChild&) = delete;
  LineChild& operator=(const LineChild&) = delete;

  // Sends `request` (one line, no newline) and returns the child's next line of output. The child
  // is started on first use and again after it died. When it dies or stays silent past `timeout`
  // the answer is UNAVAILABLE naming how it ended ("killed by SIGSEGV", "timed out after 10s");
  // its stderr goes to ours. Starting a child sets SIGPIPE to be ignored in this process, so that
  // writing to a child that died is an error rather than the end of the caller.
  absl::StatusOr<std::string> Ask(absl::string_view request,
                                  absl::Duration timeout = absl::Seconds(30));
  // Ends the child (closing its stdin first, then SIGKILL) and reaps it.
  void Stop();

 private:
  absl::Status Start();
  // The child's end, after it stopped answering: reaped and described.
  std::string Reap(bool kill_first);

  std::vector<std::string> argv_;
  pid_t pid_ = -1;
  int to_child_ = -1;
  int from_child_ = -1;
  std::string pending_;  // read past the last line returned
};

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_UTIL_LINE_CHILD_H_
