// Linked into every engine build of a fuzz target (libFuzzer, AFL++, an external engine) with
// -Wl,--wrap=LLVMFuzzerTestOneInput, so the engine calls this first. It keeps the input in the
// file FRAMEPROOF_LAST_INPUT names (verifiers/util/last_input.h) while the target runs it: if the
// process dies where no handler can write a crash artifact, the input that killed it survives.

#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "verifiers/util/last_input.h"

extern "C" int __real_LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

extern "C" int __wrap_LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static frameproof::LastInputRecorder recorder([] {
    const char* path = std::getenv(frameproof::kLastInputEnvironmentVariable);
    return path == nullptr ? std::string() : std::string(path);
  }());
  recorder.Begin({data, size});
  const int result = __real_LLVMFuzzerTestOneInput(data, size);
  recorder.End();
  return result;
}
