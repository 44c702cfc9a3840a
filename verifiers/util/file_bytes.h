#ifndef FRAMEPROOF_VERIFIERS_UTIL_FILE_BYTES_H_
#define FRAMEPROOF_VERIFIERS_UTIL_FILE_BYTES_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace frameproof {

// The bytes of the file at `path`, or nullopt if it cannot be opened.
std::optional<std::vector<uint8_t>> ReadFileBytes(const std::string& path);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_UTIL_FILE_BYTES_H_
