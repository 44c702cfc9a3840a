#ifndef FRAMEPROOF_CORE_BASE_INTERNAL_FNV_HASH_H_
#define FRAMEPROOF_CORE_BASE_INTERNAL_FNV_HASH_H_

#include <cstdint>

#include "absl/types/span.h"

namespace frameproof {

// The FNV-1a step, hash = (hash ^ unit) * prime, from FNV's offset basis. The hashers below
// differ only in the units they feed it.
class Fnv1aState {
 public:
  void Mix(uint32_t unit) { hash_ = (hash_ ^ unit) * kPrime; }
  uint32_t hash() const { return hash_; }

 private:
  static constexpr uint32_t kOffsetBasis = 2166136261u;
  static constexpr uint32_t kPrime = 16777619u;
  uint32_t hash_ = kOffsetBasis;
};

// 32-bit FNV-1a over bytes, the hash ART's table builders bucket runs by. BitTableBuilder buckets
// runs of any length by it (see DedupRuns), and the verifiers fingerprint inputs with it.
class Fnv1aHasher {
 public:
  void AddByte(uint8_t byte) { state_.Mix(byte); }
  // Adds `value` as its four little-endian bytes, the in-memory order on every target ART runs on.
  void AddWord(uint32_t value) {
    for (int i = 0; i < 4; ++i) AddByte(static_cast<uint8_t>(value >> (8 * i)));
  }
  void AddBytes(absl::Span<const uint8_t> bytes) {
    for (uint8_t byte : bytes) AddByte(byte);
  }
  uint32_t hash() const { return state_.hash(); }

 private:
  Fnv1aState state_;
};

// Fnv1aHasher over `bytes` in one call: the fingerprint the verifiers take of an input.
inline uint32_t Fnv1a(absl::Span<const uint8_t> bytes) {
  Fnv1aHasher hasher;
  hasher.AddBytes(bytes);
  return hasher.hash();
}

// The hash that bitmap rows are bucketed by: the FNV-1a step over whole 32-bit words rather than
// bytes, a quarter of the multiplies in a chain. A bitmap matches only an equal one, so the
// encoded bytes do not depend on this function; only the cost of a lookup does.
class BitmapRowHasher {
 public:
  void AddWord(uint32_t word) { state_.Mix(word); }
  // Both halves of `word`, low first.
  void AddDoubleWord(uint64_t word) {
    AddWord(static_cast<uint32_t>(word));
    AddWord(static_cast<uint32_t>(word >> 32));
  }
  uint32_t hash() const { return state_.hash(); }

 private:
  Fnv1aState state_;
};

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_BASE_INTERNAL_FNV_HASH_H_
