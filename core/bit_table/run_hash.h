#ifndef FRAMEPROOF_CORE_BIT_TABLE_RUN_HASH_H_
#define FRAMEPROOF_CORE_BIT_TABLE_RUN_HASH_H_

#include <cstdint>

namespace frameproof {

// The hash that bitmap rows and single-row runs are bucketed by: FNV-1a's step over whole 32-bit
// words rather than bytes, a quarter of the multiplies in a chain. Such a row matches only an
// equal row, so the encoded bytes do not depend on this function; only the cost of a lookup does.
class RunHasher {
 public:
  void AddWord(uint32_t word) { hash_ = (hash_ ^ word) * kPrime; }
  // Both halves of `word`, low first.
  void AddDoubleWord(uint64_t word) {
    AddWord(static_cast<uint32_t>(word));
    AddWord(static_cast<uint32_t>(word >> 32));
  }
  uint32_t hash() const { return hash_; }

 private:
  static constexpr uint32_t kOffsetBasis = 2166136261u;
  static constexpr uint32_t kPrime = 16777619u;
  uint32_t hash_ = kOffsetBasis;
};

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_BIT_TABLE_RUN_HASH_H_
