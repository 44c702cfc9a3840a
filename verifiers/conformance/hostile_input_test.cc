// Hostile input: every truncation and every single-bit flip of real ART encodings must give
// either a clear error or a CodeInfo whose every query works. ASan and UBSan (dev preset) watch
// for anything else.

#include <fstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/art/code_info.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "verifiers/codec/codec_oracles.h"
#include "verifiers/conformance/art_vector.h"

namespace frameproof {
namespace {

const std::string kVectorDir = FRAMEPROOF_CONFORMANCE_DIR "/art";

// Parsed lines of a vector file, by name.
template <typename Vector, typename Parse>
std::vector<Vector> LoadVectors(const std::string& file, Parse parse,
                                const std::vector<std::string>& names) {
  std::ifstream in(kVectorDir + "/" + file);
  EXPECT_TRUE(in) << "cannot open " << kVectorDir << "/" << file;
  std::vector<Vector> vectors;
  std::string line;
  while (std::getline(in, line)) {
    const nlohmann::json json = nlohmann::json::parse(line, nullptr, false);
    absl::StatusOr<Vector> vector = parse(json);
    if (!vector.ok()) continue;
    for (const std::string& name : names) {
      if (vector->name == name) vectors.push_back(*std::move(vector));
    }
  }
  EXPECT_EQ(vectors.size(), names.size()) << "missing vectors in " << file;
  return vectors;
}

struct Outcome {
  int rejected = 0;
  int accepted = 0;
};

// Decodes `bytes` from `offset` and, if it is accepted, exercises it.
void DecodeAndExercise(absl::Span<const uint8_t> bytes, size_t offset, Outcome& outcome) {
  absl::StatusOr<CodeInfo> info = CodeInfo::Decode(bytes, offset);
  if (!info.ok()) {
    ++outcome.rejected;
    EXPECT_FALSE(info.status().message().empty());
    return;
  }
  ++outcome.accepted;
  // The same query sweep the code_info_decode fuzz target runs, with its invariants.
  const OracleResult result = ExerciseEveryQuery(*info, bytes, offset);
  EXPECT_FALSE(result.has_value()) << FormatMismatch(*result);
}

void MutateEverywhere(absl::Span<const uint8_t> original, size_t offset, Outcome& outcome) {
  for (size_t length = offset; length < original.size(); ++length) {
    // A heap copy of exactly `length` bytes, so ASan sees any read past the end.
    std::vector<uint8_t> truncated(original.begin(), original.begin() + length);
    DecodeAndExercise(truncated, offset, outcome);
  }
  std::vector<uint8_t> flipped(original.begin(), original.end());
  for (size_t bit = offset * 8; bit < flipped.size() * 8; ++bit) {
    flipped[bit / 8] ^= static_cast<uint8_t>(1u << (bit % 8));
    DecodeAndExercise(flipped, offset, outcome);
    flipped[bit / 8] ^= static_cast<uint8_t>(1u << (bit % 8));
  }
}

TEST(HostileInput, EveryTruncationAndBitFlipOfArtEncodingsIsRejectedOrQueryable) {
  const std::vector<ArtCodeInfoVector> vectors = LoadVectors<ArtCodeInfoVector>(
      "codeinfo_vectors.jsonl", ParseArtCodeInfoVector,
      {"art-test1-x86_64", "art-test2-arm64", "art-inline-x86_64", "art-inline-mi-arm64",
       "art-nodexregmap-arm", "art-rand-000062", "art-rand-000035"});
  Outcome outcome;
  for (const ArtCodeInfoVector& vector : vectors) {
    SCOPED_TRACE(vector.name);
    ASSERT_TRUE(CodeInfo::Decode(vector.encoded).ok());
    MutateEverywhere(vector.encoded, 0, outcome);
  }
  // Both outcomes occur: the test reaches the queries, not just the error paths.
  EXPECT_GT(outcome.rejected, 0);
  EXPECT_GT(outcome.accepted, 0);
  std::cout << "[ HOSTILE  ] " << outcome.rejected << " rejected, " << outcome.accepted
            << " accepted and fully queried\n";
}

TEST(HostileInput, BitFlipsInDeduplicatedBuffersStayInsideTheBuffer) {
  const std::vector<ArtDedupVector> vectors = LoadVectors<ArtDedupVector>(
      "dedup_vectors.jsonl", ParseArtDedupVector, {"art-dedup-0000", "art-dedup-0001"});
  Outcome outcome;
  for (const ArtDedupVector& vector : vectors) {
    SCOPED_TRACE(vector.name);
    // The last CodeInfo is the one most likely to hold back-references into earlier bytes.
    const size_t last = vector.offsets.back();
    ASSERT_TRUE(CodeInfo::Decode(vector.output, last).ok());
    MutateEverywhere(vector.output, last, outcome);
  }
  EXPECT_GT(outcome.rejected, 0);
  EXPECT_GT(outcome.accepted, 0);
}

}  // namespace
}  // namespace frameproof
