#include "verifiers/util/line_child.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>

#include "absl/strings/str_cat.h"

namespace frameproof {
namespace {

constexpr size_t kAnswerReadChunk = 1 << 16;

std::string DescribeEnd(int status) {
  if (WIFEXITED(status)) return absl::StrCat("exit status ", WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return absl::StrCat("killed by SIG", sigabbrev_np(WTERMSIG(status)));
  return "ended";
}

}  // namespace

absl::Status LineChild::Start() {
  int to_child[2];
  int from_child[2];
  if (pipe2(to_child, O_CLOEXEC) != 0 || pipe2(from_child, O_CLOEXEC) != 0) {
    return absl::InternalError(absl::StrCat("pipe: ", std::strerror(errno)));
  }
  const pid_t child = fork();
  if (child < 0) return absl::InternalError(absl::StrCat("fork: ", std::strerror(errno)));
  if (child == 0) {
    dup2(to_child[0], STDIN_FILENO);
    dup2(from_child[1], STDOUT_FILENO);
    std::vector<char*> args;
    for (std::string& arg : argv_) args.push_back(arg.data());
    args.push_back(nullptr);
    execvp(args[0], args.data());
    _exit(127);
  }
  close(to_child[0]);
  close(from_child[1]);
  // A child that died must not take the caller with it through SIGPIPE.
  signal(SIGPIPE, SIG_IGN);
  pid_ = child;
  to_child_ = to_child[1];
  from_child_ = from_child[0];
  pending_.clear();
  return absl::OkStatus();
}

absl::StatusOr<std::string> LineChild::Ask(absl::string_view request, absl::Duration timeout) {
  if (pid_ < 0) {
    if (absl::Status status = Start(); !status.ok()) return status;
  }
  const std::string line = absl::StrCat(request, "\n");
  for (size_t done = 0; done < line.size();) {
    const ssize_t n = write(to_child_, line.data() + done, line.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return absl::UnavailableError(absl::StrCat(argv_[0], ": ", Reap(false)));
    done += static_cast<size_t>(n);
  }
  using Clock = std::chrono::steady_clock;
  const Clock::time_point deadline = Clock::now() + absl::ToChronoNanoseconds(timeout);
  std::string buffer(kAnswerReadChunk, '\0');
  while (true) {
    if (const size_t end = pending_.find('\n'); end != std::string::npos) {
      std::string answer = pending_.substr(0, end);
      pending_.erase(0, end + 1);
      return answer;
    }
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) {
      return absl::UnavailableError(absl::StrCat(argv_[0], ": timed out after ",
                                                 absl::FormatDuration(timeout), "; ", Reap(true)));
    }
    pollfd poll_fd = {from_child_, POLLIN, 0};
    if (poll(&poll_fd, 1, static_cast<int>(left)) <= 0) continue;
    const ssize_t n = read(from_child_, buffer.data(), buffer.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return absl::UnavailableError(absl::StrCat(argv_[0], ": ", Reap(false)));
    pending_.append(buffer.data(), static_cast<size_t>(n));
  }
}

std::string LineChild::Reap(bool kill_first) {
  if (pid_ < 0) return "not running";
  close(to_child_);
  close(from_child_);
  if (kill_first) kill(pid_, SIGKILL);
  int status = 0;
  while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  pid_ = -1;
  to_child_ = from_child_ = -1;
  return DescribeEnd(status);
}

void LineChild::Stop() {
  if (pid_ >= 0) Reap(true);
}

}  // namespace frameproof
