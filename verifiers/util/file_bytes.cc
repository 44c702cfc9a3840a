#include "verifiers/util/file_bytes.h"

#include <fstream>
#include <iterator>

namespace frameproof {

std::optional<std::vector<uint8_t>> ReadFileBytes(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) return std::nullopt;
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(file), {});
}

}  // namespace frameproof
