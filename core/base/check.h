#ifndef FRAMEPROOF_CORE_BASE_CHECK_H_
#define FRAMEPROOF_CORE_BASE_CHECK_H_

// What trusted code assumes of its indices, checked where tests, the gate and the fuzzers run:
// FP_DCHECK_LT(index, bound) aborts, naming both values and the place, when index < bound does
// not hold. Builds with FRAMEPROOF_CHECKED (the CMake option of that name: on except in Release
// builds, so off in the release and bench presets) compile it in; the others compile it to
// nothing, as ART compiles its DCHECKs out of release builds. Untrusted input never reaches one:
// the checked decoders reject it first, with an error.

#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace frameproof::internal_check {

[[noreturn]] [[gnu::cold]] [[gnu::noinline]] inline void FailCheckLt(const char* file, int line,
                                                                     const char* index_text,
                                                                     const char* bound_text,
                                                                     uint64_t index,
                                                                     uint64_t bound) {
  std::fprintf(stderr, "%s:%d: check failed: %s < %s (%llu is not below %llu)\n", file, line,
               index_text, bound_text, static_cast<unsigned long long>(index),
               static_cast<unsigned long long>(bound));
  std::abort();
}

}  // namespace frameproof::internal_check

#if defined(FRAMEPROOF_CHECKED)
#define FP_DCHECK_LT(index, bound)                                                  \
  do {                                                                              \
    const uint64_t fp_check_index = static_cast<uint64_t>(index);                   \
    const uint64_t fp_check_bound = static_cast<uint64_t>(bound);                   \
    if (__builtin_expect(fp_check_index >= fp_check_bound, 0)) {                    \
      ::frameproof::internal_check::FailCheckLt(__FILE__, __LINE__, #index, #bound, \
                                                fp_check_index, fp_check_bound);    \
    }                                                                               \
  } while (false)
#else
#define FP_DCHECK_LT(index, bound) \
  do {                             \
  } while (false)
#endif

#endif  // FRAMEPROOF_CORE_BASE_CHECK_H_
