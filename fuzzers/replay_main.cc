// The standalone driver of every fuzz target: runs LLVMFuzzerTestOneInput on each file named on
// the command line, and on every file below each directory named, in sorted order. It is how
// ctest replays corpora in every preset (arm64 under QEMU included) and how a crash is reproduced
// without a fuzzing engine.

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <system_error>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);
extern "C" __attribute__((weak)) int LLVMFuzzerInitialize(int* argc, char*** argv);

namespace {

constexpr char kUsage[] =
    "usage: %s [--help] FILE_OR_DIR...\n"
    "Runs the fuzz target on each file, and on every file below each directory (sorted).\n"
    "A missing path is skipped with a note. Exits 0 when every input ran; a mismatch aborts.\n";

std::vector<std::filesystem::path> Inputs(const std::vector<std::string>& paths) {
  std::vector<std::filesystem::path> files;
  for (const std::string& path : paths) {
    std::error_code error;
    if (std::filesystem::is_directory(path, error)) {
      for (const auto& entry : std::filesystem::recursive_directory_iterator(path, error)) {
        // Hidden files (.keep) hold a folder in git; they are not inputs.
        if (entry.is_regular_file() && entry.path().filename().string()[0] != '.') {
          files.push_back(entry.path());
        }
      }
    } else if (std::filesystem::is_regular_file(path, error)) {
      files.emplace_back(path);
    } else {
      std::fprintf(stderr, "replay: skipping %s: no such file or directory\n", path.c_str());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> paths(argv + 1, argv + argc);
  if (paths.empty() || paths[0] == "--help" || paths[0] == "-h") {
    std::fprintf(paths.empty() ? stderr : stdout, kUsage, argv[0]);
    return paths.empty() ? 2 : 0;
  }
  if (LLVMFuzzerInitialize != nullptr) LLVMFuzzerInitialize(&argc, &argv);
  size_t count = 0;
  for (const std::filesystem::path& file : Inputs(paths)) {
    std::ifstream in(file, std::ios::binary);
    const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                                     std::istreambuf_iterator<char>());
    // Name the input first, so a crash report says which file it was.
    std::fprintf(stderr, "replay: %s (%zu bytes)\n", file.c_str(), bytes.size());
    LLVMFuzzerTestOneInput(bytes.data(), bytes.size());
    ++count;
  }
  std::printf("replayed %zu inputs\n", count);
  return 0;
}
