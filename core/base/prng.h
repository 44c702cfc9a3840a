#ifndef FRAMEPROOF_CORE_BASE_PRNG_H_
#define FRAMEPROOF_CORE_BASE_PRNG_H_

#include <cstdint>

namespace frameproof {

// The project's one pseudo-random generator: SplitMix64, with our own sampling. Every generator,
// test and benchmark draws from it so that a seed means the same sequence on every compiler,
// standard library and ISA (std:: distributions and absl random do not promise that).
class Prng {
 public:
  explicit constexpr Prng(uint64_t seed) : state_(seed) {}

  constexpr uint64_t Next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  constexpr uint32_t Next32() { return static_cast<uint32_t>(Next() >> 32); }

  // Uniform in [0, bound) for bound > 0, by Lemire's multiply-shift (bias below 2^-32).
  constexpr uint32_t Below(uint32_t bound) {
    return static_cast<uint32_t>((uint64_t{Next32()} * bound) >> 32);
  }
  // Uniform in [low, high].
  constexpr uint32_t InRange(uint32_t low, uint32_t high) {
    return low + static_cast<uint32_t>((uint64_t{Next32()} * (uint64_t{high} - low + 1)) >> 32);
  }
  // True with probability numerator / denominator.
  constexpr bool Chance(uint32_t numerator, uint32_t denominator) {
    return Below(denominator) < numerator;
  }

 private:
  uint64_t state_;
};

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_BASE_PRNG_H_
