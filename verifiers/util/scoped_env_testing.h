#ifndef FRAMEPROOF_VERIFIERS_UTIL_SCOPED_ENV_TESTING_H_
#define FRAMEPROOF_VERIFIERS_UTIL_SCOPED_ENV_TESTING_H_

#include <stdlib.h>

#include <optional>
#include <string>

namespace frameproof {

// Sets (or, given nullptr, unsets) one environment variable for its lifetime, and then puts back
// what the variable was.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = getenv(name)) old_ = old;
    Set(value);
  }
  ~ScopedEnv() { Set(old_.has_value() ? old_->c_str() : nullptr); }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  void Set(const char* value) {
    if (value == nullptr) {
      unsetenv(name_.c_str());
    } else {
      setenv(name_.c_str(), value, /*overwrite=*/1);
    }
  }

  std::string name_;
  std::optional<std::string> old_;
};

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_UTIL_SCOPED_ENV_TESTING_H_
