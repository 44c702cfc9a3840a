#ifndef FRAMEPROOF_VERIFIERS_GENERATORS_BYTE_SOURCE_H_
#define FRAMEPROOF_VERIFIERS_GENERATORS_BYTE_SOURCE_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "absl/types/span.h"
#include "core/base/prng.h"

namespace frameproof {

// Turns fuzzer bytes into decisions. Each decision consumes bytes from the front; once they run
// out, decisions continue from a PRNG seeded with what was read, so every input (even an empty
// one) yields a complete, deterministic plan and small inputs still reach deep structure. Sizes
// are the exception (Count, Affords): they follow the input's length, so a fuzzer pays for big
// methods only when its inputs ask for them.
class ByteSource {
 public:
  // Whether sizes follow the input's length (a fuzzer's bytes) or take any value in their range
  // (a few seed bytes that stand for a whole method, as the seeded suites use).
  enum class Sizes { kFollowInput, kAny };

  explicit ByteSource(absl::Span<const uint8_t> bytes, Sizes sizes = Sizes::kFollowInput)
      : bytes_(bytes), sizes_(sizes), prng_(kTailSeed) {}

  uint32_t Uint32() {
    uint32_t value = 0;
    for (int i = 0; i < 4; ++i) value = (value << 8) | Byte();
    return value;
  }
  uint64_t Uint64() { return (uint64_t{Uint32()} << 32) | Uint32(); }
  // Uniform enough in [low, high]; consumes one byte for small ranges, four otherwise.
  uint32_t InRange(uint32_t low, uint32_t high) {
    const uint64_t span = uint64_t{high} - low + 1;
    const uint32_t raw = span <= 256 ? Byte() : Uint32();
    return low + static_cast<uint32_t>(raw % span);
  }
  bool Bool() { return (Byte() & 1) != 0; }
  // True with probability about numerator / denominator (denominator <= 256).
  bool Chance(uint32_t numerator, uint32_t denominator) {
    return InRange(0, denominator - 1) < numerator;
  }
  // A size in [low, high] that the input pays for: at most `low` plus one item per
  // `bytes_per_item` bytes still unread, so `low` once the input is spent.
  uint32_t Count(uint32_t low, uint32_t high, uint32_t bytes_per_item) {
    if (sizes_ == Sizes::kAny) return InRange(low, high);
    const uint64_t affordable = uint64_t{low} + unread() / bytes_per_item;
    return InRange(low, static_cast<uint32_t>(std::min<uint64_t>(high, affordable)));
  }
  // Whether `bytes` input bytes are still unread: asked before a size only a long input may take.
  bool Affords(size_t bytes) const { return sizes_ == Sizes::kAny || unread() >= bytes; }
  bool exhausted() const { return position_ >= bytes_.size(); }

 private:
  static constexpr uint64_t kTailSeed = 0xF0CACC1A;

  size_t unread() const { return bytes_.size() - std::min(position_, bytes_.size()); }

  uint8_t Byte() {
    if (position_ < bytes_.size()) {
      const uint8_t byte = bytes_[position_++];
      prng_ = Prng(prng_.Next() ^ byte);
      return byte;
    }
    return static_cast<uint8_t>(prng_.Next());
  }

  absl::Span<const uint8_t> bytes_;
  Sizes sizes_;
  size_t position_ = 0;
  Prng prng_;
};

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_GENERATORS_BYTE_SOURCE_H_
