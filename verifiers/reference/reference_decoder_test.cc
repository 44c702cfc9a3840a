#include "verifiers/reference/reference_decoder.h"

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"

namespace frameproof::reference {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using json = nlohmann::json;

constexpr size_t kCodeInfoVectors = 300;
constexpr size_t kDedupVectors = 30;

std::vector<json> ReadJsonLines(const std::string& path) {
  std::vector<json> out;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    json value = json::parse(line, nullptr, false);
    if (value.is_discarded()) {
      ADD_FAILURE() << path << ": unparsable line " << out.size() + 1;
      continue;
    }
    out.push_back(std::move(value));
  }
  return out;
}

std::vector<uint8_t> FromHex(const std::string& hex) {
  auto nibble = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  std::vector<uint8_t> out;
  EXPECT_EQ(hex.size() % 2, 0u) << hex;
  for (size_t i = 0; i + 1 < hex.size(); i += 2) {
    const int hi = nibble(hex[i]);
    const int lo = nibble(hex[i + 1]);
    EXPECT_TRUE(hi >= 0 && lo >= 0) << hex;
    out.push_back(static_cast<uint8_t>((hi << 4) | lo));
  }
  return out;
}

InstructionSet IsaFromName(const std::string& name) {
  if (name == "arm") return InstructionSet::kArm;
  if (name == "arm64") return InstructionSet::kArm64;
  if (name == "riscv64") return InstructionSet::kRiscv64;
  if (name == "x86") return InstructionSet::kX86;
  if (name == "x86_64") return InstructionSet::kX86_64;
  ADD_FAILURE() << "unknown isa " << name;
  return InstructionSet::kArm64;
}

json MapToJson(const std::vector<ReferenceDexRegister>& map) {
  json out = json::array();
  for (const ReferenceDexRegister& reg : map) {
    out.push_back(json::array({std::string(ReferenceKindName(reg.kind)), reg.value}));
  }
  return out;
}

// The reference decode in the shape of a vector's "decoded" field (README 1.3).
json HeaderToJson(const ReferenceHeader& h) {
  return json{{"flags", h.flags},
              {"code_size", h.code_size},
              {"packed_frame_size", h.packed_frame_size},
              {"core_spill_mask", h.core_spill_mask},
              {"fp_spill_mask", h.fp_spill_mask},
              {"number_of_dex_registers", h.number_of_dex_registers},
              {"bit_table_flags", h.bit_table_flags}};
}

json TablesToJson(const ReferenceCodeInfo& info) {
  json out = json::array();
  for (int t = 0; t < kNumTables; ++t) {
    if (!info.locations[t].present) continue;
    out.push_back(json{{"name", std::string(ReferenceTableName(t))},
                       {"rows", info.tables[t].num_rows},
                       {"column_bits", info.tables[t].column_bits}});
  }
  return out;
}

json StackMapToJson(const ReferenceStackMap& sm) {
  json inline_infos = json::array();
  for (const ReferenceInlineFrame& f : sm.inline_frames) {
    json frame{{"dex_pc", f.dex_pc},
               {"number_of_dex_registers", f.number_of_dex_registers},
               {"dex_register_map", MapToJson(f.dex_register_map)}};
    if (f.art_method.has_value()) frame["art_method"] = *f.art_method;
    if (f.method_info.has_value()) {
      frame["method_info"] = json{{"method_index", f.method_info->method_index},
                                  {"dex_file_index_kind", f.method_info->dex_file_index_kind},
                                  {"dex_file_index", f.method_info->dex_file_index}};
    }
    inline_infos.push_back(std::move(frame));
  }
  return json{{"row", sm.row},
              {"kind", ReferenceStackMapKindName(sm.kind)},
              {"native_pc_offset", sm.native_pc},
              {"dex_pc", sm.dex_pc},
              {"register_mask", sm.register_mask},
              {"stack_mask", sm.stack_mask},
              {"dex_register_map", MapToJson(sm.dex_register_map)},
              {"inline_infos", std::move(inline_infos)}};
}

// Appends bits LSB first (notes 2.1) and varints (notes 2.5), to build hostile inputs by hand.
class TestBitWriter {
 public:
  void Bits(uint64_t value, int count) {
    for (int i = 0; i < count; ++i) bits_.push_back(((value >> i) & 1) != 0);
  }
  void Varints(const std::vector<uint32_t>& values) {
    std::vector<int> extra_bytes;
    for (uint32_t v : values) {
      int bytes = 0;
      if (v > 11) {
        bytes = 1;
        while (bytes < 4 && (v >> (8 * bytes)) != 0) ++bytes;
      }
      extra_bytes.push_back(bytes);
      Bits(bytes == 0 ? v : 11 + bytes, 4);
    }
    for (size_t i = 0; i < values.size(); ++i) Bits(values[i], 8 * extra_bytes[i]);
  }
  size_t size() const { return bits_.size(); }
  std::vector<uint8_t> Bytes() const {
    std::vector<uint8_t> out((bits_.size() + 7) / 8, 0);
    for (size_t i = 0; i < bits_.size(); ++i) {
      if (bits_[i]) out[i / 8] |= static_cast<uint8_t>(1u << (i % 8));
    }
    return out;
  }

 private:
  std::vector<bool> bits_;
};

std::string ConformancePath(absl::string_view file) {
  return std::string(FRAMEPROOF_CONFORMANCE_DIR) + "/art/" + std::string(file);
}

TEST(ReferenceDecoderConformance, AllCodeInfoVectorsMatch) {
  const std::vector<json> vectors = ReadJsonLines(ConformancePath("codeinfo_vectors.jsonl"));
  ASSERT_EQ(vectors.size(), kCodeInfoVectors);
  size_t matched = 0;
  size_t stack_maps = 0;
  size_t inline_frames = 0;
  for (const json& v : vectors) {
    const std::string name = v.at("name").get<std::string>();
    SCOPED_TRACE(name);
    const std::vector<uint8_t> bytes = FromHex(v.at("encoded").get<std::string>());
    const InstructionSet isa = IsaFromName(v.at("isa").get<std::string>());
    absl::StatusOr<ReferenceCodeInfo> info = DecodeReference(bytes, 0, isa);
    ASSERT_TRUE(info.ok()) << info.status();
    const json& expected = v.at("decoded");
    bool ok = true;
    // Notes 5.1: no padding inside a CodeInfo; Encode() returns ceil(bits / 8) bytes.
    EXPECT_EQ((info->bit_size + 7) / 8, bytes.size());
    ok &= (info->bit_size + 7) / 8 == bytes.size();
    EXPECT_EQ(HeaderToJson(info->header), expected.at("header"));
    ok &= HeaderToJson(info->header) == expected.at("header");
    EXPECT_EQ(TablesToJson(*info), expected.at("tables"));
    ok &= TablesToJson(*info) == expected.at("tables");
    const json& maps = expected.at("stack_maps");
    EXPECT_EQ(info->stack_maps.size(), maps.size());
    ok &= info->stack_maps.size() == maps.size();
    for (size_t i = 0; i < info->stack_maps.size() && i < maps.size(); ++i) {
      const json actual = StackMapToJson(info->stack_maps[i]);
      EXPECT_EQ(actual, maps[i]) << "stack map " << i;
      ok &= actual == maps[i];
      ++stack_maps;
      inline_frames += info->stack_maps[i].inline_frames.size();
    }
    if (ok) {
      ++matched;
    } else {
      ADD_FAILURE() << Describe(*info);
    }
  }
  EXPECT_EQ(matched, kCodeInfoVectors);
  EXPECT_GT(stack_maps, 0u);
  EXPECT_GT(inline_frames, 0u);
  std::printf("[reference] %zu/%zu CodeInfo vectors matched (%zu stack maps, %zu inline frames)\n",
              matched, vectors.size(), stack_maps, inline_frames);
}

TEST(ReferenceDecoderConformance, DedupVectorsResolveLikeTheirInputs) {
  const std::vector<json> vectors = ReadJsonLines(ConformancePath("dedup_vectors.jsonl"));
  ASSERT_EQ(vectors.size(), kDedupVectors);
  size_t code_infos = 0;
  size_t deduplicated_tables = 0;
  size_t references_before_offset = 0;
  for (const json& v : vectors) {
    SCOPED_TRACE(v.at("name").get<std::string>());
    const std::vector<uint8_t> output = FromHex(v.at("output").get<std::string>());
    const json& inputs = v.at("inputs");
    const json& offsets = v.at("offsets");
    ASSERT_EQ(inputs.size(), offsets.size());
    for (size_t i = 0; i < inputs.size(); ++i) {
      SCOPED_TRACE(i);
      const std::vector<uint8_t> input = FromHex(inputs[i].get<std::string>());
      const size_t offset = offsets[i].get<size_t>();
      // The dedup vectors carry no ISA; any ISA works as long as both sides use the same one.
      absl::StatusOr<ReferenceCodeInfo> expected =
          DecodeReference(input, 0, InstructionSet::kArm64);
      ASSERT_TRUE(expected.ok()) << expected.status();
      EXPECT_EQ(expected->header.bit_table_flags >> 8, 0u) << "inputs have no deduped tables";
      absl::StatusOr<ReferenceCodeInfo> actual =
          DecodeReference(output, offset, InstructionSet::kArm64);
      ASSERT_TRUE(actual.ok()) << actual.status();
      EXPECT_TRUE(SameContent(*expected, *actual)) << "input:\n"
                                                   << Describe(*expected) << "deduplicated:\n"
                                                   << Describe(*actual);
      for (int t = 0; t < kNumTables; ++t) {
        if (!actual->locations[t].deduplicated) continue;
        ++deduplicated_tables;
        if (actual->locations[t].start_bit < offset * 8) ++references_before_offset;
      }
      ++code_infos;
    }
  }
  EXPECT_GT(deduplicated_tables, 0u);
  EXPECT_GT(references_before_offset, 0u);
  std::printf("[reference] %zu deduplicated CodeInfos matched their inputs (%zu back-references)\n",
              code_infos, deduplicated_tables);
}

// Notes 9.1 bytes, Appendix A.1 values.
const std::vector<uint8_t> kTest1X86_64 = {
    0xc0, 0x02, 0x20, 0x0c, 0x34, 0x1e, 0x70, 0x11, 0x00, 0x11, 0xc1, 0x8f, 0x09, 0x0e,
    0x59, 0x24, 0x45, 0x18, 0xa4, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0x01};
// Notes 9.3: the second, deduplicated copy of Test1 (15 bytes at offset 28).
const std::vector<uint8_t> kTest1DedupCopy = {0xc0, 0x02, 0x20, 0x0d, 0x34, 0x1e, 0xc8, 0xe8,
                                              0x31, 0xc1, 0x21, 0x8b, 0x24, 0x17, 0x03};

TEST(ReferenceDecoder, Test1DecodesToAppendixA1) {
  absl::StatusOr<ReferenceCodeInfo> info =
      DecodeReference(kTest1X86_64, 0, InstructionSet::kX86_64);
  ASSERT_TRUE(info.ok()) << info.status();
  EXPECT_EQ(info->bit_size, 217u);
  const ReferenceHeader expected_header{0, 64, 2, 0, 0, 2, 0xe3};
  EXPECT_EQ(info->header, expected_header);
  const ReferenceTable& sm = info->tables[kStackMapTable];
  EXPECT_EQ(info->locations[kStackMapTable].start_bit, 44u);
  EXPECT_EQ(sm.column_bits, (std::vector<uint32_t>{0, 7, 1, 1, 0, 0, 1, 1}));
  ASSERT_EQ(sm.num_rows, 1u);
  EXPECT_THAT(sm.Row(0), ElementsAre(kNoValue, 64, 0, 0, kNoValue, kNoValue, 0, 0));
  EXPECT_EQ(info->locations[kRegisterMaskTable].start_bit, 91u);
  EXPECT_EQ(info->tables[kRegisterMaskTable].column_bits, (std::vector<uint32_t>{3, 1}));
  EXPECT_THAT(info->tables[kRegisterMaskTable].values, ElementsAre(3, 0));  // one row
  EXPECT_FALSE(info->locations[kStackMaskTable].present);
  EXPECT_FALSE(info->locations[kInlineInfoTable].present);
  EXPECT_FALSE(info->locations[kMethodInfoTable].present);
  EXPECT_EQ(info->locations[kDexRegisterMaskTable].start_bit, 107u);
  EXPECT_THAT(info->tables[kDexRegisterMaskTable].bitmap_bits, ElementsAre(1, 1));  // one row
  EXPECT_EQ(info->locations[kDexRegisterMapInfoTable].start_bit, 117u);
  EXPECT_THAT(info->tables[kDexRegisterMapInfoTable].values, ElementsAre(0, 1));  // two rows
  EXPECT_EQ(info->locations[kDexRegisterInfoTable].start_bit, 129u);
  EXPECT_EQ(info->tables[kDexRegisterInfoTable].column_bits, (std::vector<uint32_t>{2, 32}));
  EXPECT_THAT(info->tables[kDexRegisterInfoTable].values,
              ElementsAre(0, 0, /* row 1 */ 1, 0xFFFFFFFE));

  ASSERT_EQ(info->stack_maps.size(), 1u);
  const ReferenceStackMap& map = info->stack_maps[0];
  EXPECT_EQ(map.kind, -1);
  EXPECT_EQ(map.native_pc, 64u);
  EXPECT_EQ(map.dex_pc, 0u);
  EXPECT_EQ(map.register_mask, 3u);
  EXPECT_TRUE(map.stack_mask.empty());
  EXPECT_TRUE(map.has_dex_register_map);
  EXPECT_EQ(map.dex_register_map,
            (std::vector<ReferenceDexRegister>{{DexRegisterKind::kInStack, 0},
                                               {DexRegisterKind::kConstant, -2}}));
  EXPECT_TRUE(map.inline_frames.empty());
  EXPECT_THAT(Describe(*info), HasSubstr("v1=Constant(-2)"));

  // Notes 9.2: the arm64 encoding packs pc 256 as 64; the tables sit 8 bits later.
  const std::vector<uint8_t> arm64 = {0xd0, 0x02, 0x20, 0x0c, 0x10, 0x30, 0x1e, 0x70, 0x11, 0x00,
                                      0x11, 0xc1, 0x8f, 0x09, 0x0e, 0x59, 0x24, 0x45, 0x18, 0xa4,
                                      0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0x01};
  absl::StatusOr<ReferenceCodeInfo> on_arm64 = DecodeReference(arm64, 0, InstructionSet::kArm64);
  ASSERT_TRUE(on_arm64.ok()) << on_arm64.status();
  EXPECT_EQ(on_arm64->bit_size, 225u);
  EXPECT_EQ(on_arm64->header.code_size, 256u);
  EXPECT_EQ(on_arm64->locations[kDexRegisterInfoTable].start_bit, 137u);
  ASSERT_EQ(on_arm64->stack_maps.size(), 1u);
  EXPECT_EQ(on_arm64->stack_maps[0].native_pc, 256u);
  EXPECT_EQ(on_arm64->tables, info->tables);
}

TEST(ReferenceDecoder, TestBitWriterReproducesTest1) {
  // Checks the test's own writer against notes 9.1 so the hostile inputs below mean what they say.
  TestBitWriter w;
  w.Varints({0, 64, 2, 0, 0, 2, 0xe3});
  w.Varints({1, 0, 7, 1, 1, 0, 0, 1, 1});
  w.Bits(65, 7);
  w.Bits(1, 1);
  w.Bits(1, 1);
  w.Bits(1, 1);
  w.Bits(1, 1);
  w.Varints({1, 3, 1});
  w.Bits(4, 3);
  w.Bits(1, 1);
  w.Varints({1, 2});
  w.Bits(3, 2);
  w.Varints({2, 2});
  w.Bits(1, 2);
  w.Bits(2, 2);
  w.Varints({2, 2, 32});
  w.Bits(1, 2);
  w.Bits(1, 32);
  w.Bits(2, 2);
  w.Bits(0xFFFFFFFF, 32);
  EXPECT_EQ(w.size(), 217u);
  EXPECT_EQ(w.Bytes(), kTest1X86_64);
}

TEST(ReferenceDecoder, DeduplicatedCopyInsideLargerBuffer) {
  // Notes 9.3 / A.3: copy 2 at byte 28 points back into copy 1.
  std::vector<uint8_t> buffer = kTest1X86_64;
  buffer.insert(buffer.end(), kTest1DedupCopy.begin(), kTest1DedupCopy.end());
  ASSERT_EQ(buffer.size(), 43u);
  absl::StatusOr<ReferenceCodeInfo> first = DecodeReference(buffer, 0, InstructionSet::kX86_64);
  absl::StatusOr<ReferenceCodeInfo> second = DecodeReference(buffer, 28, InstructionSet::kX86_64);
  ASSERT_TRUE(first.ok()) << first.status();
  ASSERT_TRUE(second.ok()) << second.status();
  EXPECT_EQ(second->header.bit_table_flags, 0x81e3u);
  EXPECT_EQ(second->bit_size, 114u);
  EXPECT_TRUE(second->locations[kStackMapTable].deduplicated);
  EXPECT_EQ(second->locations[kStackMapTable].back_offset, 232u);
  EXPECT_EQ(second->locations[kStackMapTable].start_bit, 44u);
  EXPECT_EQ(second->locations[kDexRegisterInfoTable].back_offset, 197u);
  EXPECT_EQ(second->locations[kDexRegisterInfoTable].start_bit, 129u);
  EXPECT_FALSE(second->locations[kRegisterMaskTable].deduplicated);
  EXPECT_TRUE(SameContent(*first, *second));
  EXPECT_FALSE(SameContent(*first, *second, /*compare_dedup_flags=*/true));
}

TEST(ReferenceDecoder, BackReferenceBeforeBufferStartIsAnError) {
  // The same copy alone: its StackMap back-reference would land at bit -180.
  absl::StatusOr<ReferenceCodeInfo> info =
      DecodeReference(kTest1DedupCopy, 0, InstructionSet::kX86_64);
  ASSERT_FALSE(info.ok());
  EXPECT_THAT(std::string(info.status().message()), HasSubstr("StackMap back-reference at bit 52"));
  EXPECT_THAT(std::string(info.status().message()), HasSubstr("before the buffer start"));
  // With a 1-byte prefix it still lands before the start (bit -172).
  std::vector<uint8_t> padded = {0};
  padded.insert(padded.end(), kTest1DedupCopy.begin(), kTest1DedupCopy.end());
  EXPECT_FALSE(DecodeReference(padded, 1, InstructionSet::kX86_64).ok());
}

TEST(ReferenceDecoder, BackReferenceOfZeroIsAnError) {
  TestBitWriter w;
  w.Varints({0, 0, 0, 0, 0, 0, 0x101});  // StackMap present and deduplicated
  w.Varints({0});
  absl::StatusOr<ReferenceCodeInfo> info = DecodeReference(w.Bytes(), 0, InstructionSet::kX86);
  ASSERT_FALSE(info.ok());
  EXPECT_THAT(std::string(info.status().message()), HasSubstr("offset 0"));
}

TEST(ReferenceDecoder, EveryTruncationIsAnError) {
  for (size_t n = 0; n < kTest1X86_64.size(); ++n) {
    const std::vector<uint8_t> prefix(kTest1X86_64.begin(), kTest1X86_64.begin() + n);
    absl::StatusOr<ReferenceCodeInfo> info = DecodeReference(prefix, 0, InstructionSet::kX86_64);
    ASSERT_FALSE(info.ok()) << n << " bytes";
    EXPECT_EQ(info.status().code(), absl::StatusCode::kOutOfRange) << info.status();
  }
  // Every vector's encoding is exactly ceil(bits / 8) bytes, so every strict prefix is short.
  // Small vectors: every prefix; large ones (up to 8.5 KB): a sample plus the last 16 lengths,
  // to keep the test fast.
  const std::vector<json> vectors = ReadJsonLines(ConformancePath("codeinfo_vectors.jsonl"));
  size_t prefixes = 0;
  for (const json& v : vectors) {
    const std::vector<uint8_t> bytes = FromHex(v.at("encoded").get<std::string>());
    const InstructionSet isa = IsaFromName(v.at("isa").get<std::string>());
    for (size_t n = 0; n < bytes.size(); ++n) {
      if (bytes.size() > 256 && n % 97 != 0 && n + 16 < bytes.size()) continue;
      const std::vector<uint8_t> prefix(bytes.begin(), bytes.begin() + n);
      EXPECT_FALSE(DecodeReference(prefix, 0, isa).ok()) << v.at("name") << " " << n;
      ++prefixes;
    }
  }
  EXPECT_GT(prefixes, 1000u);
}

TEST(ReferenceDecoder, OffsetPastTheEndIsAnError) {
  EXPECT_FALSE(DecodeReference(kTest1X86_64, 29, InstructionSet::kX86_64).ok());
  EXPECT_FALSE(DecodeReference(kTest1X86_64, 28, InstructionSet::kX86_64).ok());
}

TEST(ReferenceDecoder, ValueColumnWiderThan32BitsIsAnError) {
  TestBitWriter w;
  w.Varints({0, 0, 0, 0, 0, 0, 1});
  w.Varints({1, 33, 0, 0, 0, 0, 0, 0, 0});
  w.Bits(0, 33);
  absl::StatusOr<ReferenceCodeInfo> info = DecodeReference(w.Bytes(), 0, InstructionSet::kX86);
  ASSERT_FALSE(info.ok());
  EXPECT_THAT(std::string(info.status().message()), HasSubstr("Kind is 33 bits wide"));
}

TEST(ReferenceDecoder, AbsurdRowCountIsAnError) {
  TestBitWriter w;
  w.Varints({0, 0, 0, 0, 0, 0, 1});
  w.Varints({1000000, 0, 0, 0, 0, 0, 0, 0, 0});  // a million 0-bit rows in a few bytes
  absl::StatusOr<ReferenceCodeInfo> info = DecodeReference(w.Bytes(), 0, InstructionSet::kX86);
  ASSERT_FALSE(info.ok());
  EXPECT_THAT(std::string(info.status().message()), HasSubstr("absurd"));
}

TEST(ReferenceDecoder, AbsurdRegisterCountIsAnError) {
  TestBitWriter w;
  w.Varints({0, 0, 0, 0, 0, 70000, 1});
  w.Varints({1, 0, 0, 0, 0, 0, 0, 0, 1});  // one map; DexRegisterMapIndex 0 (stored 1)
  w.Bits(1, 1);
  absl::StatusOr<ReferenceCodeInfo> info = DecodeReference(w.Bytes(), 0, InstructionSet::kX86);
  ASSERT_FALSE(info.ok());
  EXPECT_THAT(std::string(info.status().message()), HasSubstr("70000 dex registers"));
}

TEST(ReferenceDecoder, HugeResolvedViewIsResourceExhausted) {
  // 1000 stack maps, each with a map of 65535 registers: 65.5M resolved registers from 150 bytes.
  TestBitWriter w;
  w.Varints({0, 0, 0, 0, 0, 65535, 1});
  w.Varints({1000, 0, 0, 0, 0, 0, 0, 0, 1});
  for (int i = 0; i < 1000; ++i) w.Bits(1, 1);
  absl::StatusOr<ReferenceCodeInfo> info = DecodeReference(w.Bytes(), 0, InstructionSet::kX86);
  ASSERT_FALSE(info.ok());
  EXPECT_EQ(info.status().code(), absl::StatusCode::kResourceExhausted) << info.status();
  EXPECT_THAT(std::string(info.status().message()), HasSubstr("resolved view too large"));
}

TEST(ReferenceDecoder, IndexOutOfRangeIsAnError) {
  // One stack map whose RegisterMaskIndex is 0 but RegisterMask is absent.
  TestBitWriter w;
  w.Varints({0, 0, 0, 0, 0, 0, 1});
  w.Varints({1, 0, 0, 0, 1, 0, 0, 0, 0});
  w.Bits(1, 1);
  absl::StatusOr<ReferenceCodeInfo> info = DecodeReference(w.Bytes(), 0, InstructionSet::kX86);
  ASSERT_FALSE(info.ok());
  EXPECT_THAT(std::string(info.status().message()), HasSubstr("RegisterMaskIndex 0 out of range"));
}

TEST(ReferenceDecoder, UnterminatedInlineChainIsAnError) {
  // One stack map with InlineInfoIndex 0; one InlineInfo row with IsLast = kMore (stored 1).
  TestBitWriter w;
  w.Varints({1, 0, 0, 0, 0, 0, 0b1001});
  w.Varints({1, 0, 0, 0, 0, 0, 1, 0, 0});  // InlineInfoIndex 1 bit
  w.Bits(1, 1);
  w.Varints({1, 1, 0, 0, 0, 1, 0});  // IsLast, DexPc, MethodInfoIndex, Hi, Lo, NumberOfDexRegs
  w.Bits(1, 1);
  w.Bits(1, 1);
  absl::StatusOr<ReferenceCodeInfo> info = DecodeReference(w.Bytes(), 0, InstructionSet::kX86);
  ASSERT_FALSE(info.ok());
  EXPECT_THAT(std::string(info.status().message()), HasSubstr("no kLast row"));
}

TEST(ReferenceDecoder, InlineTestAppendixA6) {
  const std::vector<uint8_t> bytes = FromHex(
      "c10220ecf44e701331428b9ce2b2d7e53aece7f71f131c45310882e7e30c800080130d800080ff0c800080"
      "330d8000809f0d800080ff0c800080af0d800080d30e8000807bec1f3ea68990a1b2c3d46590c306672987"
      "82a551b10e7b8648d5b5794c00");
  ASSERT_EQ(bytes.size(), 99u);
  absl::StatusOr<ReferenceCodeInfo> info = DecodeReference(bytes, 0, InstructionSet::kX86_64);
  ASSERT_TRUE(info.ok()) << info.status();
  EXPECT_EQ(info->bit_size, 785u);
  ASSERT_EQ(info->stack_maps.size(), 4u);
  const ReferenceStackMap& sm1 = info->stack_maps[1];
  ASSERT_EQ(sm1.inline_frames.size(), 3u);
  EXPECT_EQ(sm1.inline_frames[0].art_method, uint64_t{0x70001000});
  EXPECT_FALSE(sm1.inline_frames[0].method_info.has_value());
  EXPECT_EQ(sm1.inline_frames[1].dex_register_map,
            (std::vector<ReferenceDexRegister>{{DexRegisterKind::kInStack, 80},
                                               {DexRegisterKind::kConstant, 10},
                                               {DexRegisterKind::kInRegister, 5}}));
  EXPECT_TRUE(sm1.inline_frames[2].dex_register_map.empty());
  EXPECT_EQ(info->stack_maps[2].dex_register_map,
            (std::vector<ReferenceDexRegister>{{DexRegisterKind::kNone, 0},
                                               {DexRegisterKind::kConstant, 4}}));
  const ReferenceStackMap& sm3 = info->stack_maps[3];
  ASSERT_EQ(sm3.inline_frames.size(), 3u);
  EXPECT_EQ(sm3.inline_frames[2].dex_pc, 10u);
  EXPECT_EQ(sm3.inline_frames[2].dex_register_map,
            (std::vector<ReferenceDexRegister>{{DexRegisterKind::kNone, 0},
                                               {DexRegisterKind::kInRegister, 3}}));
}

TEST(ReferenceDecoder, BitFlipsNeverCrash) {
  // Safety smoke test (ASan/UBSan builds): every single-bit flip of some vectors decodes to a
  // value or an error, never a crash.
  const std::vector<json> vectors = ReadJsonLines(ConformancePath("codeinfo_vectors.jsonl"));
  size_t decodes = 0;
  size_t errors = 0;
  size_t small_vectors = 0;
  for (size_t i = 0; i < vectors.size(); ++i) {
    const std::vector<uint8_t> bytes = FromHex(vectors[i].at("encoded").get<std::string>());
    // Every third vector of at most 160 bytes, to keep the test fast.
    if (bytes.size() > 160 || small_vectors++ % 3 != 0) continue;
    for (size_t bit = 0; bit < bytes.size() * 8; ++bit) {
      std::vector<uint8_t> flipped = bytes;
      flipped[bit / 8] ^= static_cast<uint8_t>(1u << (bit % 8));
      absl::StatusOr<ReferenceCodeInfo> info = DecodeReference(flipped, 0, InstructionSet::kArm);
      ++decodes;
      if (!info.ok()) {
        ++errors;
        EXPECT_FALSE(info.status().message().empty());
      } else {
        EXPECT_FALSE(Describe(*info).empty());
      }
    }
  }
  EXPECT_GT(decodes, 0u);
  EXPECT_GT(errors, 0u);
}

TEST(ReferenceDecoder, Android11HeaderHasNoCodeSize) {
  // Frame 64, two registers, one Default map at native pc 4, dex pc 3: the bytes Debian's
  // Android 11 libart.so reads so (core/art/android11_format_test.cc).
  const std::vector<uint8_t> bytes = FromHex("400012013300005002");
  const absl::StatusOr<ReferenceCodeInfo> info = DecodeReference(
      bytes, 0, InstructionSet::kX86_64, ReferenceDetail::kStackMaps, ArtFormat::kAndroid11);
  ASSERT_TRUE(info.ok()) << info.status();
  EXPECT_EQ(info->header.code_size, 0u);
  EXPECT_EQ(info->header.packed_frame_size, 4u);
  EXPECT_EQ(info->header.number_of_dex_registers, 2u);
  EXPECT_EQ(info->bit_size, 66u);
  ASSERT_EQ(info->stack_maps.size(), 1u);
  EXPECT_EQ(info->stack_maps[0].native_pc, 4u);
  EXPECT_EQ(info->stack_maps[0].dex_pc, 3u);
  // Read as today's layout the first nibbles are other fields.
  const absl::StatusOr<ReferenceCodeInfo> today =
      DecodeReference(bytes, 0, InstructionSet::kX86_64, ReferenceDetail::kTables);
  EXPECT_TRUE(!today.ok() || today->header.packed_frame_size != 4u);
}

}  // namespace
}  // namespace frameproof::reference
