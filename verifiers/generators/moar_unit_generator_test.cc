// GenerateMoarFile is a function of its bytes: a seed or a committed corpus entry stands for one
// unit. The pins below hold the files eight inputs give, so a change that draws differently (and
// so moves what every moar_roundtrip corpus means) fails here instead of passing unnoticed.

#include "verifiers/generators/moar_unit_generator.h"

#include <array>
#include <cstdint>
#include <vector>

#include "core/base/internal/fnv_hash.h"
#include "core/base/prng.h"
#include "core/moar/bytecode_writer.h"
#include "gtest/gtest.h"

namespace frameproof::moar {
namespace {

// `size` bytes drawn from seed `seed`.
std::vector<uint8_t> InputOf(uint64_t seed, size_t size) {
  Prng prng(seed);
  std::vector<uint8_t> bytes(size);
  for (uint8_t& byte : bytes) byte = static_cast<uint8_t>(prng.Next());
  return bytes;
}

std::vector<uint8_t> WrittenFileFor(absl::Span<const uint8_t> input) {
  ByteSource source(input);
  return WriteMoarFile(GenerateMoarFile(source));
}

TEST(MoarUnitGenerator, TheSameBytesGiveTheSameFile) {
  const std::vector<uint8_t> input = InputOf(7, 4096);
  EXPECT_EQ(WrittenFileFor(input), WrittenFileFor(input));
}

struct Pin {
  uint64_t seed;
  size_t input_bytes;
  size_t file_bytes;
  uint32_t file_fnv1a;
};

TEST(MoarUnitGenerator, DrawsTheUnitsItAlwaysDrew) {
  constexpr std::array<Pin, 8> kPins = {{
      {1, 64, 688, 3969615627u},
      {2, 512, 2496, 3234084054u},
      {3, 4096, 1112, 3962899778u},
      {4, 16384, 1594, 3775198517u},
      {5, 1024, 1771, 585621545u},
      {6, 2048, 1571, 3988245919u},
      {7, 8192, 880, 1619471028u},
      {8, 300, 1946, 2114853225u},
  }};
  for (const Pin& pin : kPins) {
    const std::vector<uint8_t> file = WrittenFileFor(InputOf(pin.seed, pin.input_bytes));
    EXPECT_EQ(file.size(), pin.file_bytes) << "seed " << pin.seed;
    EXPECT_EQ(Fnv1a(file), pin.file_fnv1a) << "seed " << pin.seed;
  }
}

}  // namespace
}  // namespace frameproof::moar
