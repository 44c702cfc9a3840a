#ifndef FRAMEPROOF_VERIFIERS_UTIL_JSON_FIELDS_H_
#define FRAMEPROOF_VERIFIERS_UTIL_JSON_FIELDS_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "nlohmann/json.hpp"

namespace frameproof {

// Typed, checked reads of JSON fields that never throw. Errors name the JSON path, e.g.
// "stack_maps[2].dex_pc: expected an integer in [0, 4294967295], got -1".
class JsonFields {
 public:
  JsonFields(const nlohmann::json& object, std::string path)
      : object_(object), path_(std::move(path)) {}

  const std::string& path() const { return path_; }
  bool Has(absl::string_view key) const;
  absl::StatusOr<const nlohmann::json*> Get(absl::string_view key) const;
  absl::StatusOr<const nlohmann::json*> GetArray(absl::string_view key) const;
  absl::StatusOr<const nlohmann::json*> GetObject(absl::string_view key) const;
  absl::StatusOr<std::string> GetString(absl::string_view key) const;
  absl::StatusOr<bool> GetBool(absl::string_view key) const;
  absl::StatusOr<uint32_t> GetUint32(absl::string_view key) const;
  absl::StatusOr<int64_t> GetInt64(absl::string_view key) const;
  absl::StatusOr<uint64_t> GetUint64(absl::string_view key) const;

  std::string PathOf(absl::string_view key) const;
  absl::Status Error(absl::string_view key, absl::string_view problem) const;

 private:
  const nlohmann::json& object_;
  std::string path_;
};

// Range-checked conversions of one JSON value; `path` names it in errors.
absl::StatusOr<uint32_t> JsonToUint32(const nlohmann::json& value, absl::string_view path);
absl::StatusOr<int64_t> JsonToInt64(const nlohmann::json& value, absl::string_view path);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_UTIL_JSON_FIELDS_H_
