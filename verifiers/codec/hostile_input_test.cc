// Hostile input: every truncation and every single-bit flip of real ART encodings must give
// either a clear error or a CodeInfo whose every query works, through both ways in: Decode()
// (everything checked up front) and UntrustedCodeInfo::Open() (each query checks what it
// follows). ASan and UBSan (dev preset) watch for anything else.

#include <fstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/art/code_info.h"
#include "core/art/code_info_relay.h"
#include "core/art/untrusted_code_info.h"
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
  int not_opened = 0;            // UntrustedCodeInfo::Open failed
  int query_errors = 0;          // opened, and some checked query named a bad cell
  int opened_and_answered = 0;   // opened, and every checked query answered
};

// Every checked query on every stack map and inline level of `untrusted`. Each one either fails
// with a message or answers; where `trusted` (Decode() of the same bytes) exists, every query
// must answer, and answer what the unchecked query answers. Returns false on the first error.
bool ExerciseCheckedQueries(const UntrustedCodeInfo& untrusted, const CodeInfo* trusted) {
  const auto failed = [trusted](const absl::Status& status) {
    EXPECT_FALSE(status.message().empty());
    EXPECT_EQ(trusted, nullptr) << "a checked query failed on bytes Decode() accepts: " << status;
    return true;
  };
  for (uint32_t row = 0; row < untrusted.GetNumberOfStackMaps(); ++row) {
    absl::StatusOr<StackMap> map = untrusted.GetStackMapAt(row);
    if (!map.ok()) return !failed(map.status());
    absl::StatusOr<uint32_t> mask = untrusted.GetRegisterMaskOf(*map);
    if (!mask.ok()) return !failed(mask.status());
    absl::StatusOr<BitMemoryRegion> stack_mask = untrusted.GetStackMaskOf(*map);
    if (!stack_mask.ok()) return !failed(stack_mask.status());
    absl::StatusOr<DexRegisterMap> registers = untrusted.GetDexRegisterMapOf(*map);
    if (!registers.ok()) return !failed(registers.status());
    absl::StatusOr<InlineInfoRange> chain = untrusted.GetInlineInfosOf(*map);
    if (!chain.ok()) return !failed(chain.status());
    std::vector<DexRegisterMap> levels;
    for (uint32_t depth = 0; depth < chain->size(); ++depth) {
      const InlineInfo level = (*chain)[depth];
      if (level.HasMethodInfoIndex()) {
        absl::StatusOr<MethodInfo> method = untrusted.GetMethodInfoOf(level);
        if (!method.ok()) return !failed(method.status());
      }
      absl::StatusOr<DexRegisterMap> inlined = untrusted.GetInlineDexRegisterMapOf(*map, level);
      if (!inlined.ok()) return !failed(inlined.status());
      levels.push_back(*std::move(inlined));
    }
    if (trusted == nullptr) continue;
    const StackMap same = trusted->GetStackMapAt(row);
    EXPECT_EQ(*mask, trusted->GetRegisterMaskOf(same)) << "stack map " << row;
    EXPECT_EQ(*stack_mask, trusted->GetStackMaskOf(same)) << "stack map " << row;
    EXPECT_EQ(*registers, trusted->GetDexRegisterMapOf(same)) << "stack map " << row;
    const InlineInfoRange trusted_chain = trusted->GetInlineInfosOf(same);
    EXPECT_EQ(chain->size(), trusted_chain.size()) << "stack map " << row;
    for (uint32_t depth = 0; depth < levels.size() && depth < trusted_chain.size(); ++depth) {
      EXPECT_EQ(levels[depth], trusted->GetInlineDexRegisterMapOf(same, trusted_chain[depth]))
          << "stack map " << row << " inline level " << depth;
    }
    const uint32_t pc = same.GetPackedNativePc();
    EXPECT_EQ(untrusted.GetStackMapForNativePcOffset(pc, InstructionSet::kX86_64).Row(),
              trusted->GetStackMapForNativePcOffset(pc, InstructionSet::kX86_64).Row());
  }
  return true;
}

// Decodes `bytes` from `offset` both ways and, where they are accepted, exercises them.
void DecodeAndExercise(absl::Span<const uint8_t> bytes, size_t offset, ArtFormat format,
                       Outcome& outcome) {
  absl::StatusOr<CodeInfo> info = CodeInfo::Decode(bytes, offset, CodeInfo::Subset::kAll, format);
  absl::StatusOr<UntrustedCodeInfo> untrusted =
      UntrustedCodeInfo::Open(bytes, offset, CodeInfo::Subset::kAll, format);
  if (info.ok()) {
    EXPECT_TRUE(untrusted.ok()) << "Open() rejects what Decode() accepts: " << untrusted.status();
  }
  if (!untrusted.ok()) {
    ++outcome.not_opened;
    // Open() screens without building errors and explains a failure afterwards; the
    // explanation is the one Decode() gives, never an internal disagreement.
    EXPECT_NE(untrusted.status().code(), absl::StatusCode::kInternal) << untrusted.status();
    EXPECT_EQ(info.status(), untrusted.status());
  } else if (ExerciseCheckedQueries(*untrusted, info.ok() ? &*info : nullptr)) {
    ++outcome.opened_and_answered;
  } else {
    ++outcome.query_errors;
  }
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

void MutateEverywhere(absl::Span<const uint8_t> original, size_t offset, Outcome& outcome,
                      ArtFormat format = ArtFormat::kCurrent) {
  for (size_t length = offset; length < original.size(); ++length) {
    // A heap copy of exactly `length` bytes, so ASan sees any read past the end.
    std::vector<uint8_t> truncated(original.begin(), original.begin() + length);
    DecodeAndExercise(truncated, offset, format, outcome);
  }
  std::vector<uint8_t> flipped(original.begin(), original.end());
  for (size_t bit = offset * 8; bit < flipped.size() * 8; ++bit) {
    flipped[bit / 8] ^= static_cast<uint8_t>(1u << (bit % 8));
    DecodeAndExercise(flipped, offset, format, outcome);
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
  // Every outcome occurs: the test reaches the queries, not just the error paths, and some
  // corruptions get past opening to be caught by the query that follows them.
  EXPECT_GT(outcome.rejected, 0);
  EXPECT_GT(outcome.accepted, 0);
  EXPECT_GT(outcome.not_opened, 0);
  EXPECT_GT(outcome.query_errors, 0);
  std::cout << "[ HOSTILE  ] Decode: " << outcome.rejected << " rejected, " << outcome.accepted
            << " accepted and fully queried; Open: " << outcome.not_opened << " rejected, "
            << outcome.query_errors << " caught by a query, " << outcome.opened_and_answered
            << " answered every query\n";
}

TEST(HostileInput, EveryTruncationAndBitFlipOfAndroid11EncodingsIsRejectedOrQueryable) {
  // ART's encodings laid out in Android 11's format (RelayCodeInfo), through the decoders of that
  // format: the same contract.
  const std::vector<ArtCodeInfoVector> vectors = LoadVectors<ArtCodeInfoVector>(
      "codeinfo_vectors.jsonl", ParseArtCodeInfoVector,
      {"art-test1-x86_64", "art-test2-arm64", "art-inline-x86_64", "art-nodexregmap-arm",
       "art-rand-000062", "art-rand-000035"});
  Outcome outcome;
  int relaid = 0;
  for (const ArtCodeInfoVector& vector : vectors) {
    SCOPED_TRACE(vector.name);
    const absl::StatusOr<std::vector<uint8_t>> android11 =
        RelayCodeInfo(vector.encoded, ArtFormat::kCurrent, ArtFormat::kAndroid11);
    if (!android11.ok()) continue;  // says what Android 11 cannot
    ++relaid;
    ASSERT_TRUE(
        CodeInfo::Decode(*android11, 0, CodeInfo::Subset::kAll, ArtFormat::kAndroid11).ok());
    MutateEverywhere(*android11, 0, outcome, ArtFormat::kAndroid11);
  }
  EXPECT_GE(relaid, 4);
  EXPECT_GT(outcome.rejected, 0);
  EXPECT_GT(outcome.accepted, 0);
  EXPECT_GT(outcome.not_opened, 0);
  EXPECT_GT(outcome.query_errors, 0);
  std::cout << "[ HOSTILE  ] android11, " << relaid << " vectors: Decode: " << outcome.rejected
            << " rejected, " << outcome.accepted << " accepted and fully queried; Open: "
            << outcome.not_opened << " rejected, " << outcome.query_errors
            << " caught by a query, " << outcome.opened_and_answered << " answered every query\n";
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
