#include "verifiers/util/subprocess.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <ostream>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

extern char** environ;

namespace frameproof {
namespace {

constexpr int kPollMilliseconds = 200;
constexpr auto kGraceBeforeKill = std::chrono::seconds(2);
constexpr size_t kReadChunk = 64 * 1024;

using Clock = std::chrono::steady_clock;

std::string SignalName(int signal) {
  const char* abbrev = sigabbrev_np(signal);
  return abbrev != nullptr ? absl::StrCat("SIG", abbrev) : absl::StrCat("signal ", signal);
}

// The environment a child starts with: this process's, with `overrides` added or replaced.
std::vector<std::string> ChildEnvironment(
    const std::vector<std::pair<std::string, std::string>>& overrides) {
  std::vector<std::string> env;
  for (char** entry = environ; *entry != nullptr; ++entry) {
    const absl::string_view line(*entry);
    const absl::string_view name = line.substr(0, line.find('='));
    bool replaced = false;
    for (const auto& [override_name, value] : overrides) replaced |= override_name == name;
    if (!replaced) env.emplace_back(line);
  }
  for (const auto& [name, value] : overrides) env.push_back(absl::StrCat(name, "=", value));
  return env;
}

std::vector<char*> NullTerminated(const std::vector<std::string>& strings) {
  std::vector<char*> pointers;
  pointers.reserve(strings.size() + 1);
  for (const std::string& s : strings) pointers.push_back(const_cast<char*>(s.c_str()));
  pointers.push_back(nullptr);
  return pointers;
}

// Starts `command` in a process group of its own, stdin from /dev/null, stdout to its file or
// `output_fd`, stderr to `output_fd`. posix_spawn rather than fork: a fork copies the page tables
// of a process whose sanitizer heap only grows, and each spawn then cost more than the last
// (llvm-exec's rate fell by a fifth over 200 programs).
absl::StatusOr<pid_t> SpawnChild(const Command& command, int output_fd) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  if (command.stdout_file.empty()) {
    posix_spawn_file_actions_adddup2(&actions, output_fd, STDOUT_FILENO);
  } else {
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, command.stdout_file.c_str(),
                                     O_WRONLY | O_CREAT | O_TRUNC, 0644);
  }
  posix_spawn_file_actions_adddup2(&actions, output_fd, STDERR_FILENO);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attributes, 0);
  const std::vector<std::string> env = ChildEnvironment(command.env);
  const std::vector<char*> argv = NullTerminated(command.argv);
  const std::vector<char*> envp = NullTerminated(env);
  pid_t child = -1;
  const int error =
      posix_spawnp(&child, argv[0], &actions, &attributes, argv.data(), envp.data());
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  if (error != 0) {
    return absl::InternalError(absl::StrCat("could not start ", command.argv[0],
                                            command.stdout_file.empty()
                                                ? ""
                                                : absl::StrCat(" (stdout to ", command.stdout_file,
                                                               ")"),
                                            ": ", std::strerror(error)));
  }
  return child;
}

// Splits what arrives into lines, for the log and the callback.
class LineSplitter {
 public:
  LineSplitter(std::ostream& log, const LineCallback& on_line, Clock::time_point start)
      : log_(log), on_line_(on_line), start_(start) {}

  void Add(absl::string_view bytes) {
    log_.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    pending_.append(bytes.data(), bytes.size());
    size_t newline;
    while ((newline = pending_.find('\n')) != std::string::npos) {
      Emit(absl::string_view(pending_).substr(0, newline));
      pending_.erase(0, newline + 1);
    }
  }
  void Finish() {
    if (!pending_.empty()) {
      log_ << '\n';
      Emit(pending_);
      pending_.clear();
    }
    log_.flush();
  }

 private:
  void Emit(absl::string_view line) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (on_line_) on_line_(std::chrono::duration<double>(Clock::now() - start_).count(), line);
  }

  std::ostream& log_;
  const LineCallback& on_line_;
  Clock::time_point start_;
  std::string pending_;
};

}  // namespace

std::string CommandOutcome::Describe() const {
  if (!started) return absl::StrCat("could not start: ", error);
  if (timed_out) return absl::StrCat("timed out after ", static_cast<int64_t>(seconds), "s");
  if (signal != 0) return absl::StrCat("killed by ", SignalName(signal));
  return absl::StrCat("exit status ", exit_code);
}

CommandOutcome RunCommand(const Command& command, std::ostream& log, const LineCallback& on_line) {
  CommandOutcome outcome;
  if (command.argv.empty()) {
    outcome.error = "empty command";
    return outcome;
  }
  if (!IsExecutable(command.argv[0])) {
    outcome.error = absl::StrCat(command.argv[0], " is not an executable file or on PATH");
    log << "+ " << ShellLine(command.argv) << "\n" << outcome.error << "\n";
    return outcome;
  }
  log << "+ " << ShellLine(command.argv)
      << (command.stdout_file.empty() ? "" : absl::StrCat(" > ", command.stdout_file)) << "\n";
  log.flush();
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) {
    outcome.error = absl::StrCat("pipe: ", std::strerror(errno));
    return outcome;
  }
  const Clock::time_point start = Clock::now();
  const absl::StatusOr<pid_t> spawned = SpawnChild(command, fds[1]);
  close(fds[1]);
  if (!spawned.ok()) {
    outcome.error = std::string(spawned.status().message());
    close(fds[0]);
    log << outcome.error << "\n";
    return outcome;
  }
  const pid_t child = *spawned;
  outcome.started = true;

  const bool bounded = command.timeout != absl::InfiniteDuration();
  const Clock::time_point deadline =
      bounded ? start + absl::ToChronoNanoseconds(command.timeout) : Clock::time_point::max();
  Clock::time_point kill_at = Clock::time_point::max();
  LineSplitter lines(log, on_line, start);
  std::string buffer(kReadChunk, '\0');
  int status = 0;
  bool reaped = false;
  bool open_pipe = true;
  while (open_pipe) {
    pollfd poll_fd = {fds[0], POLLIN, 0};
    if (poll(&poll_fd, 1, kPollMilliseconds) > 0) {
      const ssize_t n = read(fds[0], buffer.data(), buffer.size());
      if (n > 0) {
        lines.Add(absl::string_view(buffer.data(), static_cast<size_t>(n)));
      } else if (n == 0 || errno != EINTR) {
        open_pipe = false;
      }
    }
    // A grandchild may hold the pipe open after the child is gone: the child's exit ends the run.
    if (!reaped && waitpid(child, &status, WNOHANG) == child) {
      reaped = true;
      fcntl(fds[0], F_SETFL, O_NONBLOCK);
      ssize_t n;
      while ((n = read(fds[0], buffer.data(), buffer.size())) > 0) {
        lines.Add(absl::string_view(buffer.data(), static_cast<size_t>(n)));
      }
      open_pipe = false;
    }
    const Clock::time_point now = Clock::now();
    if (!reaped && now >= deadline && !outcome.timed_out) {
      outcome.timed_out = true;
      kill(-child, SIGTERM);
      kill_at = now + kGraceBeforeKill;
    }
    if (!reaped && now >= kill_at) kill(-child, SIGKILL);
  }
  close(fds[0]);
  if (!reaped) {
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
  }
  kill(-child, SIGKILL);  // whatever it left behind
  lines.Finish();
  outcome.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  if (WIFEXITED(status)) {
    outcome.exit_code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    outcome.signal = WTERMSIG(status);
  }
  return outcome;
}

std::string ShellLine(const std::vector<std::string>& argv) {
  constexpr absl::string_view kSafe =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./=:,+@%";
  std::string line;
  for (const std::string& arg : argv) {
    if (!line.empty()) line += ' ';
    if (!arg.empty() &&
        absl::string_view(arg).find_first_not_of(kSafe) == absl::string_view::npos) {
      line += arg;
      continue;
    }
    line += '\'';
    for (char c : arg) {
      if (c == '\'') {
        line += "'\\''";
      } else {
        line += c;
      }
    }
    line += '\'';
  }
  return line;
}

bool IsExecutable(absl::string_view program) {
  if (program.empty()) return false;
  if (program.find('/') != absl::string_view::npos) {
    return access(std::string(program).c_str(), X_OK) == 0;
  }
  const char* path = std::getenv("PATH");
  for (absl::string_view dir : absl::StrSplit(path != nullptr ? path : "", ':')) {
    if (!dir.empty() && access(absl::StrCat(dir, "/", program).c_str(), X_OK) == 0) return true;
  }
  return false;
}

}  // namespace frameproof
