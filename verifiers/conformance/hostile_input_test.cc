// Hostile input: every truncation and every single-bit flip of real ART encodings must give
// either a clear error or a CodeInfo whose every query works. ASan and UBSan (dev preset) watch
// for anything else.

#include <fstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/code_info/code_info.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "verifiers/conformance/art_vector.h"
#include "verifiers/dump/code_info_json.h"
#include "verifiers/dump/code_info_text.h"

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

// Runs every query a runtime or our tools would run, on every stack map. Returns a digest so the
// work cannot be optimized away.
size_t ExerciseEveryQuery(const CodeInfo& info, absl::Span<const uint8_t> buffer, size_t offset) {
  size_t digest = 0;
  // The JSON dump runs every lookup, register map and inline query; the text dump the rest.
  const InstructionSet isa = InstructionSet::kArm64;
  digest += CodeInfoToJson(info, isa, DefaultLookupKeys(info, isa), buffer, offset).dump().size();
  digest += CodeInfoToText(info, InstructionSet::kX86_64).size();
  for (uint32_t row = 0; row < info.GetNumberOfStackMaps(); ++row) {
    const StackMap map = info.GetStackMapAt(row);
    digest += info.GetOsrStackMapForDexPc(map.GetDexPc()).Row();
    std::vector<DexRegisterLocation> all(info.number_of_dex_registers() + 3);
    info.DecodeDexRegisterMap(row, 0, absl::MakeSpan(all));
    digest += all.size();
  }
  return digest;
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
  EXPECT_GT(ExerciseEveryQuery(*info, bytes, offset), 0u);
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
