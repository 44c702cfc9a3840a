#ifndef FRAMEPROOF_VERIFIERS_UTIL_FILE_BYTES_H_
#define FRAMEPROOF_VERIFIERS_UTIL_FILE_BYTES_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace frameproof {

// The bytes of the file at `path`, or nullopt if it cannot be opened.
std::optional<std::vector<uint8_t>> ReadFileBytes(const std::string& path);
// The text of the file at `path`, or nullopt if it cannot be opened.
std::optional<std::string> ReadFileText(const std::string& path);
// Replaces the file at `path` with `text`; false if it cannot be written.
bool WriteFileText(const std::string& path, std::string_view text);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_UTIL_FILE_BYTES_H_
