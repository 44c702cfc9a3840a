#ifndef FRAMEPROOF_CORE_BIT_TABLE_FNV_HASH_H_
#define FRAMEPROOF_CORE_BIT_TABLE_FNV_HASH_H_

#include <cstdint>

#include "absl/types/span.h"

namespace frameproof {

// 32-bit FNV-1a over bytes, the hash ART's table builders bucket runs by. BitTableBuilder buckets
// runs of any length by it (see DedupRuns), and the verifiers fingerprint inputs with it.
class Fnv1aHasher {
 public:
  void AddByte(uint8_t byte) { hash_ = (hash_ ^ byte) * kPrime; }
  // Adds `value` as its four little-endian bytes, the in-memory order on every target ART runs on.
  void AddWord(uint32_t value) {
    for (int i = 0; i < 4; ++i) AddByte(static_cast<uint8_t>(value >> (8 * i)));
  }
  void AddBytes(absl::Span<const uint8_t> bytes) {
    for (uint8_t byte : bytes) AddByte(byte);
  }
  uint32_t hash() const { return hash_; }

 private:
  static constexpr uint32_t kOffsetBasis = 2166136261u;
  static constexpr uint32_t kPrime = 16777619u;
  uint32_t hash_ = kOffsetBasis;
};

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_BIT_TABLE_FNV_HASH_H_
