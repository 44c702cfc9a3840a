#ifndef FRAMEPROOF_VERIFIERS_UTIL_ORACLE_INPUTS_H_
#define FRAMEPROOF_VERIFIERS_UTIL_ORACLE_INPUTS_H_

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "core/base/prng.h"

namespace frameproof {

// The inputs an oracle test feeds a target: its seed corpus (sorted), then `generated` byte
// strings of 0..max_size bytes drawn from Prng(seed). Deterministic, like everything else.
inline std::vector<std::vector<uint8_t>> OracleInputs(const std::string& corpus_dir, int generated,
                                                      size_t max_size, uint64_t seed) {
  std::vector<std::filesystem::path> files;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(corpus_dir, error)) {
    if (entry.is_regular_file()) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  std::vector<std::vector<uint8_t>> inputs;
  for (const auto& file : files) {
    std::ifstream in(file, std::ios::binary);
    inputs.emplace_back(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  Prng prng(seed);
  for (int i = 0; i < generated; ++i) {
    std::vector<uint8_t> bytes(prng.Below(static_cast<uint32_t>(max_size) + 1));
    for (uint8_t& byte : bytes) byte = static_cast<uint8_t>(prng.Next());
    inputs.push_back(std::move(bytes));
  }
  return inputs;
}

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_UTIL_ORACLE_INPUTS_H_
