#include "verifiers/util/json_fields.h"

#include <limits>

#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"

namespace frameproof {

std::string JsonFields::PathOf(absl::string_view key) const {
  return path_.empty() ? std::string(key) : absl::StrCat(path_, ".", key);
}

absl::Status JsonFields::Error(absl::string_view key, absl::string_view problem) const {
  return absl::InvalidArgumentError(absl::StrCat(PathOf(key), ": ", problem));
}

bool JsonFields::Has(absl::string_view key) const {
  return object_.is_object() && object_.contains(std::string(key));
}

absl::StatusOr<const nlohmann::json*> JsonFields::Get(absl::string_view key) const {
  if (!object_.is_object()) {
    return absl::InvalidArgumentError(
        absl::StrCat(path_.empty() ? "<top>" : path_, ": expected an object"));
  }
  const auto it = object_.find(std::string(key));
  if (it == object_.end()) return Error(key, "missing");
  return &*it;
}

absl::StatusOr<const nlohmann::json*> JsonFields::GetArray(absl::string_view key) const {
  FP_ASSIGN_OR_RETURN(const nlohmann::json* value, Get(key));
  if (!value->is_array()) return Error(key, "expected an array");
  return value;
}

absl::StatusOr<const nlohmann::json*> JsonFields::GetObject(absl::string_view key) const {
  FP_ASSIGN_OR_RETURN(const nlohmann::json* value, Get(key));
  if (!value->is_object()) return Error(key, "expected an object");
  return value;
}

absl::StatusOr<std::string> JsonFields::GetString(absl::string_view key) const {
  FP_ASSIGN_OR_RETURN(const nlohmann::json* value, Get(key));
  if (!value->is_string()) return Error(key, "expected a string");
  return value->get<std::string>();
}

absl::StatusOr<bool> JsonFields::GetBool(absl::string_view key) const {
  FP_ASSIGN_OR_RETURN(const nlohmann::json* value, Get(key));
  if (!value->is_boolean()) return Error(key, "expected true or false");
  return value->get<bool>();
}

absl::StatusOr<uint32_t> JsonFields::GetUint32(absl::string_view key) const {
  FP_ASSIGN_OR_RETURN(const nlohmann::json* value, Get(key));
  return JsonToUint32(*value, PathOf(key));
}

absl::StatusOr<int64_t> JsonFields::GetInt64(absl::string_view key) const {
  FP_ASSIGN_OR_RETURN(const nlohmann::json* value, Get(key));
  return JsonToInt64(*value, PathOf(key));
}

absl::StatusOr<uint64_t> JsonFields::GetUint64(absl::string_view key) const {
  FP_ASSIGN_OR_RETURN(const nlohmann::json* value, Get(key));
  if (!value->is_number_unsigned()) return Error(key, "expected a non-negative integer");
  return value->get<uint64_t>();
}

absl::StatusOr<uint32_t> JsonToUint32(const nlohmann::json& value, absl::string_view path) {
  if (!value.is_number_unsigned() || value.get<uint64_t>() > std::numeric_limits<uint32_t>::max()) {
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": expected an integer in [0, 4294967295], got ", value.dump()));
  }
  return static_cast<uint32_t>(value.get<uint64_t>());
}

absl::StatusOr<int64_t> JsonToInt64(const nlohmann::json& value, absl::string_view path) {
  if (!value.is_number_integer()) {
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": expected an integer, got ", value.dump()));
  }
  return value.get<int64_t>();
}

}  // namespace frameproof
