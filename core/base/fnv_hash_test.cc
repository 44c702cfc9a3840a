#include "core/base/internal/fnv_hash.h"

#include <cstdint>
#include <string_view>

#include "gtest/gtest.h"

namespace frameproof {
namespace {

uint32_t HashOf(std::string_view text) {
  Fnv1aHasher hasher;
  for (char c : text) hasher.AddByte(static_cast<uint8_t>(c));
  return hasher.hash();
}

// The 32-bit FNV-1a test vectors published with the algorithm (isthe.com/chongo/tech/comp/fnv).
TEST(Fnv1aHasher, MatchesThePublishedTestVectors) {
  EXPECT_EQ(HashOf(""), 0x811c9dc5u);
  EXPECT_EQ(HashOf("a"), 0xe40c292cu);
  EXPECT_EQ(HashOf("foobar"), 0xbf9cf968u);
}

TEST(Fnv1a, HashesASpanInOneCall) {
  const uint8_t foobar[] = {'f', 'o', 'o', 'b', 'a', 'r'};
  EXPECT_EQ(Fnv1a(foobar), 0xbf9cf968u);
  EXPECT_EQ(Fnv1a({}), 0x811c9dc5u);
}

TEST(Fnv1aHasher, AddsAWordAsItsLittleEndianBytes) {
  Fnv1aHasher words;
  words.AddWord(0x626f6f66u);  // "foob"
  words.AddByte('a');
  words.AddByte('r');
  EXPECT_EQ(words.hash(), HashOf("foobar"));
}

TEST(BitmapRowHasher, MixesADoubleWordLowHalfFirst) {
  BitmapRowHasher halves, whole;
  halves.AddWord(0x11223344u);
  halves.AddWord(0x55667788u);
  whole.AddDoubleWord(0x5566778811223344ull);
  EXPECT_EQ(whole.hash(), halves.hash());
  BitmapRowHasher swapped;
  swapped.AddWord(0x55667788u);
  swapped.AddWord(0x11223344u);
  EXPECT_NE(whole.hash(), swapped.hash());
}

}  // namespace
}  // namespace frameproof
