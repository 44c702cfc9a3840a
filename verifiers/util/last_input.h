#ifndef FRAMEPROOF_VERIFIERS_UTIL_LAST_INPUT_H_
#define FRAMEPROOF_VERIFIERS_UTIL_LAST_INPUT_H_

// The input a fuzz engine is running, kept where the engine's death cannot lose it. The file is
// mapped shared, so what was stored sits in the page cache even when the kernel ends the process
// outright, with no handler running: a fault taken while its signal is blocked, SIGKILL, the OOM
// killer. An engine that dies that way writes no crash artifact; the gate then reads this file.
//
// File layout (little-endian, as every ISA frameproof runs on):
//   bytes 0..7    magic "FPLASTIN"
//   bytes 8..15   state: 0 between inputs, 1 while the input below runs
//   bytes 16..23  the input's size in bytes
//   bytes 24..    the input

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"

namespace frameproof {

// Names the file an engine build of a fuzz target records its inputs in; unset, it records none.
inline constexpr char kLastInputEnvironmentVariable[] = "FRAMEPROOF_LAST_INPUT";

// Keeps the input in progress in a shared mapping of `path`. One store per input, no system call
// unless an input outgrows the mapping.
class LastInputRecorder {
 public:
  // Records into `path`; with an empty path, or a file that cannot be mapped (said once on
  // stderr), it records nothing.
  explicit LastInputRecorder(const std::string& path);
  ~LastInputRecorder();
  LastInputRecorder(const LastInputRecorder&) = delete;
  LastInputRecorder& operator=(const LastInputRecorder&) = delete;

  // Stores `input` and marks it running.
  void Begin(absl::Span<const uint8_t> input);
  // Marks the stored input finished.
  void End();

 private:
  bool Map(size_t capacity);
  void Unmap();

  int fd_ = -1;
  uint8_t* mapping_ = nullptr;
  size_t capacity_ = 0;  // input bytes the mapping holds
};

// What a recorder file holds.
struct LastInput {
  bool running = false;  // the process was inside this input when it last wrote the file
  std::vector<uint8_t> bytes;
};

// Reads a recorder file. Errors name the path and what is wrong with it (missing, not a recorder
// file, a size past the end of the file).
absl::StatusOr<LastInput> ReadLastInput(const std::string& path);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_UTIL_LAST_INPUT_H_
