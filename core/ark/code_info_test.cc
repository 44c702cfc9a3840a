// ark::CodeInfo on bytes nobody vouches for: opening checks the header and the tables' extents
// only; each query checks what it follows and names the table, row, column and bit offset of a
// bad index; Validate() finds the same faults up front. Then the queries' own semantics.

#include "core/ark/code_info.h"

#include <cstdint>
#include <optional>
#include <vector>

#include "core/ark/code_info_builder.h"
#include "core/ark/isa_layout_testing.h"
#include "core/base/status_testing.h"
#include "core/bit_table/bit_table_builder.h"
#include "core/bits/bit_memory_writer.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace frameproof::ark {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;
using ::testing::Pair;
using Location = VRegInfo::Location;

template <size_t N>
std::array<uint32_t, N> Row(std::array<uint32_t, N> cells) {
  return cells;
}

// Tables written directly, with any header: how malformed CodeInfos are made.
struct RawCodeInfo {
  CodeInfoHeader header;
  BitTableBuilder<StackMap::kColumnCount> stack_maps;
  BitTableBuilder<InlineInfo::kColumnCount> inline_infos;
  BitTableBuilder<RootsRegMask::kColumnCount> roots_reg_masks;
  BitmapTableBuilder roots_stack_masks{kArkBitTableLayout};
  BitTableBuilder<MethodId::kColumnCount> method_ids;
  BitmapTableBuilder vreg_masks{kArkBitTableLayout};
  BitTableBuilder<VRegMap::kColumnCount> vreg_map;
  BitTableBuilder<VRegCatalogue::kColumnCount> vreg_catalogue;
  BitTableBuilder<ImplicitNullChecks::kColumnCount> implicit_null_checks;
  BitTableBuilder<Constants::kColumnCount> constants;

  static BitTableBuilder<StackMap::kColumnCount>::Entry Map(uint32_t native_pc) {
    auto row = BitTableBuilder<StackMap::kColumnCount>::EmptyEntry();
    row[StackMap::kProperties] = StackMap::kHasRegMapBit;
    row[StackMap::kNativePc] = native_pc;
    row[StackMap::kBytecodePc] = 0;
    return row;
  }

  std::vector<uint8_t> Encode() const {
    const uint32_t rows[kNumTables] = {
        stack_maps.size(),        inline_infos.size(),   roots_reg_masks.size(),
        roots_stack_masks.size(), method_ids.size(),     vreg_masks.size(),
        vreg_map.size(),          vreg_catalogue.size(), implicit_null_checks.size(),
        constants.size()};
    CodeInfoHeader full = header;
    for (size_t i = 0; i < kNumTables; ++i) {
      if (rows[i] > 0) full.table_mask |= 1u << i;
    }
    std::vector<uint8_t> out;
    BitMemoryWriter writer(&out);
    writer.WriteInterleavedVarints(full.AsArray());
    const auto encode = [&](TableId id, const auto& table) {
      if (full.HasTable(id)) table.Encode(writer, kArkBitTableLayout);
    };
    encode(TableId::kStackMap, stack_maps);
    encode(TableId::kInlineInfo, inline_infos);
    encode(TableId::kRootsRegMask, roots_reg_masks);
    encode(TableId::kRootsStackMask, roots_stack_masks);
    encode(TableId::kMethodId, method_ids);
    encode(TableId::kVRegMask, vreg_masks);
    encode(TableId::kVRegMap, vreg_map);
    encode(TableId::kVRegCatalogue, vreg_catalogue);
    encode(TableId::kImplicitNullChecks, implicit_null_checks);
    encode(TableId::kConstants, constants);
    writer.ByteAlign();
    return out;
  }
};

std::vector<uint8_t> MaskBytes(uint64_t bits) {
  std::vector<uint8_t> bytes(8);
  for (int i = 0; i < 8; ++i) bytes[i] = static_cast<uint8_t>(bits >> (8 * i));
  return bytes;
}

// Ark's tools name the columns in upper snake case (its BITFIELD names); every dump and error of
// this dialect spells them so.
TEST(ArkColumnNames, AreSpelledAsArkSpellsThem) {
  EXPECT_THAT(kColumnNamesOf<StackMap>,
              ElementsAre("PROPERTIES", "NATIVE_PC", "BYTECODE_PC", "ROOTS_REG_MASK_INDEX",
                          "ROOTS_STACK_MASK_INDEX", "INLINE_INFO_INDEX", "VREG_MASK_INDEX",
                          "VREG_MAP_INDEX"));
  EXPECT_THAT(kColumnNamesOf<InlineInfo>,
              ElementsAre("IS_LAST", "BYTECODE_PC", "METHOD_ID_INDEX", "METHOD_HI", "METHOD_LOW",
                          "VREGS_COUNT", "FILE_INDEX"));
  EXPECT_THAT(kColumnNamesOf<RootsRegMask>, ElementsAre("MASK"));
  EXPECT_THAT(kColumnNamesOf<RootsStackMask>, ElementsAre("MASK"));
  EXPECT_THAT(kColumnNamesOf<MethodId>, ElementsAre("ID"));
  EXPECT_THAT(kColumnNamesOf<VRegMask>, ElementsAre("MASK"));
  EXPECT_THAT(kColumnNamesOf<VRegMap>, ElementsAre("INDEX"));
  EXPECT_THAT(kColumnNamesOf<VRegCatalogue>, ElementsAre("INFO", "VALUE"));
  EXPECT_THAT(kColumnNamesOf<ImplicitNullChecks>, ElementsAre("INST_NATIVE_PC", "OFFSET"));
  EXPECT_THAT(kColumnNamesOf<Constants>, ElementsAre("VALUE"));
}

TEST(CodeInfoDecode, AnEmptyBufferHasNoHeader) {
  EXPECT_TRUE(FailsWith(CodeInfo::Decode({}, Arm64()).status(), absl::StatusCode::kOutOfRange,
                        "CodeInfo header field PROPERTIES"));
}

TEST(CodeInfoDecode, UnknownPropertyBitsAreRejected) {
  RawCodeInfo raw;
  raw.header.properties = 1u << 20;
  EXPECT_TRUE(FailsWith(CodeInfo::Decode(raw.Encode(), Arm64()).status(),
                        absl::StatusCode::kInvalidArgument,
                        "field PROPERTIES 0x100000 has bits above the frame size"));
}

TEST(CodeInfoDecode, TableMaskPastTheTenTablesIsRejected) {
  RawCodeInfo raw;
  raw.header.table_mask = 1u << 10;
  EXPECT_TRUE(FailsWith(CodeInfo::Decode(raw.Encode(), Arm64()).status(),
                        absl::StatusCode::kInvalidArgument, "field TABLE_MASK 0x400"));
}

TEST(CodeInfoDecode, MoreVRegsThanAFrameCanNumberIsRejected) {
  RawCodeInfo raw;
  raw.header.vregs_count = kMaxVRegsPerFrame + 1;
  EXPECT_TRUE(FailsWith(CodeInfo::Decode(raw.Encode(), Arm64()).status(),
                        absl::StatusCode::kInvalidArgument, "field VREGS_COUNT is 65537"));
}

TEST(CodeInfoDecode, ATableThatRunsPastTheBufferIsRejectedByName) {
  RawCodeInfo raw;
  for (uint32_t pc = 0; pc < 50; ++pc) raw.stack_maps.Add(RawCodeInfo::Map(pc));
  std::vector<uint8_t> bytes = raw.Encode();
  bytes.resize(bytes.size() - 8);
  EXPECT_TRUE(FailsWith(CodeInfo::Decode(bytes, Arm64()).status(), absl::StatusCode::kOutOfRange,
                        "StackMap table at bit offset"));
}

// Opening reads no row: a bad index is found by the query that follows it, and by Validate().
TEST(CodeInfoDecode, ABadIndexFailsOnlyTheQueryThatFollowsIt) {
  RawCodeInfo raw;
  auto map = RawCodeInfo::Map(1);
  map[StackMap::kRootsRegMaskIndex] = 3;  // the table has one row
  raw.stack_maps.Add(map);
  raw.roots_reg_masks.Add({0x10});
  const std::vector<uint8_t> bytes = raw.Encode();
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes, Arm64()));
  const StackMap opened = info.FindStackMapForNativePc(4);
  ASSERT_TRUE(opened.IsValid());
  EXPECT_EQ(opened.GetBytecodePc(), 0u);
  EXPECT_TRUE(info.GetRootsStackMask(opened).ok());
  EXPECT_TRUE(FailsWith(info.GetRootsRegMask(opened).status(), absl::StatusCode::kInvalidArgument,
                        "StackMap row 0 column ROOTS_REG_MASK_INDEX (bit offset "));
  EXPECT_TRUE(FailsWith(info.GetRootsRegMask(opened).status(), absl::StatusCode::kInvalidArgument,
                        "index 3 is past the 1 rows of RootsRegMask"));
  EXPECT_TRUE(FailsWith(info.Validate(), absl::StatusCode::kInvalidArgument,
                        "column ROOTS_REG_MASK_INDEX"));
}

// One map at pc 0 whose InlineInfoIndex is `index`, over a single InlineInfo row (method id
// row 0) with IS_LAST `is_last`.
std::vector<uint8_t> OneInlineLevel(uint32_t index, uint32_t is_last) {
  RawCodeInfo raw;
  auto map = RawCodeInfo::Map(0);
  map[StackMap::kInlineInfoIndex] = index;
  raw.stack_maps.Add(map);
  auto level = BitTableBuilder<InlineInfo::kColumnCount>::EmptyEntry();
  level[InlineInfo::kIsLast] = is_last;
  level[InlineInfo::kMethodIdIndex] = 0;
  raw.inline_infos.Add(level);
  raw.method_ids.Add({7});
  return raw.Encode();
}

TEST(CodeInfoDecode, AnInlineChainRunningOffTheTableIsAnError) {
  const std::vector<uint8_t> bytes = OneInlineLevel(0, /*is_last=*/0);  // never ends
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes, Arm64()));
  EXPECT_TRUE(FailsWith(info.GetInlineDepth(info.GetStackMap(0)).status(),
                        absl::StatusCode::kInvalidArgument,
                        "the inline chain from row 0 runs past the last of the 1 rows"));
  EXPECT_TRUE(FailsWith(info.Validate(), absl::StatusCode::kInvalidArgument,
                        "InlineInfo row 0 column IS_LAST"));
}

TEST(CodeInfoDecode, AnUndefinedCatalogueLocationFailsTheVRegList) {
  RawCodeInfo raw;
  raw.header.vregs_count = 1;
  auto map = RawCodeInfo::Map(0);
  const std::vector<uint8_t> mask = MaskBytes(1);
  map[StackMap::kVRegMaskIndex] = raw.vreg_masks.Dedup(BitMemoryRegion(mask.data(), 0, 1));
  map[StackMap::kVRegMapIndex] = 0;
  raw.stack_maps.Add(map);
  raw.vreg_map.Add({0});
  raw.vreg_catalogue.Add({6, 1});  // location 6 is not Ark's
  const std::vector<uint8_t> bytes = raw.Encode();
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes, Arm64()));
  EXPECT_TRUE(FailsWith(info.GetVRegList(info.GetStackMap(0)).status(),
                        absl::StatusCode::kInvalidArgument,
                        "VRegCatalogue row 0 column INFO (bit offset"));
  EXPECT_TRUE(
      FailsWith(info.Validate(), absl::StatusCode::kInvalidArgument, "INFO 0x6 has a location"));
}

TEST(CodeInfoDecode, AVRegMapShorterThanTheMaskIsAnError) {
  RawCodeInfo raw;
  raw.header.vregs_count = 3;
  auto map = RawCodeInfo::Map(0);
  const std::vector<uint8_t> mask = MaskBytes(0b111);
  map[StackMap::kVRegMaskIndex] = raw.vreg_masks.Dedup(BitMemoryRegion(mask.data(), 0, 3));
  map[StackMap::kVRegMapIndex] = 0;
  raw.stack_maps.Add(map);
  raw.vreg_map.Add({kNoValue});  // one entry for three emitted vregs
  const std::vector<uint8_t> bytes = raw.Encode();
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes, Arm64()));
  EXPECT_TRUE(FailsWith(info.GetVRegList(info.GetStackMap(0)).status(),
                        absl::StatusCode::kInvalidArgument,
                        "the entry of vreg position 1 would be VRegMap row 1, past its 1 rows"));
  EXPECT_TRUE(FailsWith(info.Validate(), absl::StatusCode::kInvalidArgument,
                        "the mask emits 3 vregs but their entries from row 0 do not fit"));
}

TEST(CodeInfoDecode, AConstantNamingAMissingRowIsAnError) {
  RawCodeInfo raw;
  raw.constants.Add({5});
  raw.vreg_catalogue.Add({static_cast<uint32_t>(Location::kConstant), 0 | 9 << 16});
  const std::vector<uint8_t> bytes = raw.Encode();
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes, Arm64()));
  const VRegInfo vreg{.value = 9u << 16, .location = Location::kConstant};
  EXPECT_TRUE(FailsWith(info.GetConstant(vreg).status(), absl::StatusCode::kInvalidArgument,
                        "names Constants rows 0 and 9; the table has 1"));
  EXPECT_TRUE(FailsWith(info.Validate(), absl::StatusCode::kInvalidArgument,
                        "VRegCatalogue row 0 column VALUE"));
}

// Off by one: the row count itself is the first missing row, whichever half names it.
TEST(CodeInfoDecode, AConstantNamingTheRowJustPastTheTableIsAnError) {
  RawCodeInfo raw;
  raw.constants.Add({5});
  raw.constants.Add({6});
  const std::vector<uint8_t> bytes = raw.Encode();
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes, Arm64()));
  const VRegInfo high_past{.value = 1 | 2u << 16, .location = Location::kConstant};
  EXPECT_TRUE(FailsWith(info.GetConstant(high_past).status(), absl::StatusCode::kInvalidArgument,
                        "names Constants rows 1 and 2; the table has 2"));
  const VRegInfo low_past{.value = 2 | 0u << 16, .location = Location::kConstant};
  EXPECT_TRUE(FailsWith(info.GetConstant(low_past).status(), absl::StatusCode::kInvalidArgument,
                        "names Constants rows 2 and 0; the table has 2"));
  const VRegInfo last_rows{.value = 1 | 0u << 16, .location = Location::kConstant};
  ASSERT_OK_AND_ASSIGN(const uint64_t constant, info.GetConstant(last_rows));
  EXPECT_EQ(constant, uint64_t{5} << 32 | 6);
}

// The index itself is checked before the chain is followed, so the error names the index.
TEST(CodeInfoDecode, AnInlineInfoIndexPastTheTableIsAnError) {
  const std::vector<uint8_t> bytes = OneInlineLevel(5, /*is_last=*/1);
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes, Arm64()));
  EXPECT_TRUE(FailsWith(info.GetInlineDepth(info.GetStackMap(0)).status(),
                        absl::StatusCode::kInvalidArgument,
                        "index 5 is past the 1 rows of InlineInfo"));
}

TEST(CodeInfoDecode, UnsortedNativePcsFailValidation) {
  RawCodeInfo raw;
  raw.stack_maps.Add(RawCodeInfo::Map(5));
  raw.stack_maps.Add(RawCodeInfo::Map(2));
  const std::vector<uint8_t> bytes = raw.Encode();
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes, Arm64()));
  EXPECT_TRUE(FailsWith(info.Validate(), absl::StatusCode::kInvalidArgument,
                        "StackMap row 1 column NATIVE_PC"));
}

TEST(CodeInfoDecode, TheInvalidRowOfAFailedLookupIsRefusedByQueries) {
  RawCodeInfo raw;
  raw.stack_maps.Add(RawCodeInfo::Map(5));
  const std::vector<uint8_t> bytes = raw.Encode();
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes, Arm64()));
  const StackMap missing = info.FindStackMapForNativePc(4);
  EXPECT_FALSE(missing.IsValid());
  EXPECT_TRUE(FailsWith(info.GetVRegList(missing).status(), absl::StatusCode::kInvalidArgument,
                        "the invalid row a failed lookup returns"));
}

// GetVRegList walks back from the map to the newest map that emitted each position.
TEST(CodeInfoQueries, VRegsComeFromTheNewestMapThatEmittedThem) {
  CodeInfoBuilder builder(Arm64());
  ASSERT_OK(builder.BeginMethod(64, 2));
  ASSERT_OK(builder.BeginStackMap(0, 4, SaveState{}, true));
  ASSERT_OK(builder.AddVReg({.value = 20, .location = Location::kRegister}));
  ASSERT_OK(builder.AddVReg({.value = 64, .location = Location::kSlot}));
  ASSERT_OK(builder.EndStackMap());
  ASSERT_OK(builder.BeginStackMap(1, 8, SaveState{}, true));
  ASSERT_OK(builder.AddVReg({.value = 20, .location = Location::kRegister}));  // unchanged
  ASSERT_OK(builder.AddVReg({.value = 65, .location = Location::kSlot}));      // moved
  ASSERT_OK(builder.EndStackMap());
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, builder.Encode());
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes, Arm64()));
  ASSERT_OK(info.Validate());
  const StackMap second = info.GetStackMap(1);
  EXPECT_EQ(info.GetVRegMask(second)->PopCount(), 1u);  // only the moved vreg was emitted
  const VRegList vregs = *info.GetVRegList(second);
  EXPECT_EQ(vregs[0], (VRegInfo{.value = 20, .location = Location::kRegister, .index = 0}));
  EXPECT_EQ(vregs[1], (VRegInfo{.value = 65, .location = Location::kSlot, .index = 1}));
}

// As in Ark's GetVRegList, the walk back ends at the map that completes the list: an older map
// is never read, so its bad mask fails only its own queries.
TEST(CodeInfoQueries, AVRegListReadsNoMapOlderThanTheOneThatCompletesIt) {
  RawCodeInfo raw;
  raw.header.vregs_count = 2;
  auto older = RawCodeInfo::Map(0);
  older[StackMap::kVRegMaskIndex] = 5;  // the table has one row
  older[StackMap::kVRegMapIndex] = 0;
  raw.stack_maps.Add(older);
  auto newer = RawCodeInfo::Map(1);
  const std::vector<uint8_t> mask = MaskBytes(0b11);
  newer[StackMap::kVRegMaskIndex] = raw.vreg_masks.Dedup(BitMemoryRegion(mask.data(), 0, 2));
  newer[StackMap::kVRegMapIndex] = 0;
  raw.stack_maps.Add(newer);
  raw.vreg_map.Add({0});
  raw.vreg_map.Add({1});
  raw.vreg_catalogue.Add({static_cast<uint32_t>(Location::kRegister), 20});
  raw.vreg_catalogue.Add({static_cast<uint32_t>(Location::kSlot), 64});
  const std::vector<uint8_t> bytes = raw.Encode();
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes, Arm64()));
  ASSERT_OK_AND_ASSIGN(const VRegList vregs, info.GetVRegList(info.GetStackMap(1)));
  EXPECT_THAT(vregs, ElementsAre(VRegInfo{.value = 20, .location = Location::kRegister},
                                 VRegInfo{.value = 64, .location = Location::kSlot, .index = 1}));
  EXPECT_TRUE(FailsWith(info.GetVRegList(info.GetStackMap(0)).status(),
                        absl::StatusCode::kInvalidArgument,
                        "StackMap row 0 column VREG_MASK_INDEX"));
}

std::vector<std::pair<uint32_t, Location>> StaticRoots(const CodeInfo& info) {
  std::vector<std::pair<uint32_t, Location>> roots;
  EXPECT_TRUE(info.EnumerateStaticRoots(
                      info.GetStackMap(0),
                      [&](const VRegInfo& root) { roots.emplace_back(root.value, root.location); })
                  .ok());
  return roots;
}

std::vector<uint8_t> OneMapWithStackRoots(const IsaLayout& isa, uint32_t frame_size, uint32_t size,
                                          std::vector<uint32_t> bits) {
  CodeInfoBuilder builder(isa);
  EXPECT_TRUE(builder.BeginMethod(frame_size, 0).ok());
  std::vector<uint8_t> mask(16, 0);
  for (uint32_t bit : bits) mask[bit / 8] |= static_cast<uint8_t>(1u << (bit % 8));
  SaveState save_state;
  save_state.roots_regs_mask = 1u << 3 | 1u << 20;
  save_state.roots_stack_mask = BitMemoryRegion(mask.data(), 0, size);
  EXPECT_TRUE(builder.BeginStackMap(0, 0, save_state, false).ok());
  EXPECT_TRUE(builder.EndStackMap().ok());
  return *builder.Encode();
}

// arm64: 8-byte slots, 61 register slots. A 1024-byte frame has 128 - (9 + 61 + 1) = 57 slots
// of spills, rounded down to even: 56. Bits below are spills (slot 61 + k); from there on, stack
// arguments p = k - 56 at slot -11 - p.
TEST(CodeInfoQueries, StaticRootsSplitSpillsFromStackArguments) {
  const std::vector<uint8_t> bytes = OneMapWithStackRoots(Arm64(), 1024, 60, {0, 55, 56, 58});
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes, Arm64()));
  EXPECT_THAT(StaticRoots(info),
              ElementsAre(Pair(3, Location::kRegister), Pair(20, Location::kRegister),
                          Pair(61, Location::kSlot), Pair(116, Location::kSlot),
                          Pair(static_cast<uint32_t>(-11), Location::kSlot),
                          Pair(static_cast<uint32_t>(-13), Location::kSlot)));
}

// A frame smaller than the CFrame's fixed part wraps the spill count: every bit is a spill.
TEST(CodeInfoQueries, StaticRootsOfATinyFrameAreAllSpills) {
  const std::vector<uint8_t> bytes = OneMapWithStackRoots(Arm64(), 16, 70, {69});
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes, Arm64()));
  EXPECT_THAT(StaticRoots(info),
              ElementsAre(Pair(3, Location::kRegister), Pair(20, Location::kRegister),
                          Pair(69 + 61, Location::kSlot)));
}

// arm32: 4-byte slots counted in pairs, spills at 2k + 1 + 43. 512 bytes: 128 - 53 = 75 words,
// 75 / 2 - 1 = 36 spills.
TEST(CodeInfoQueries, StaticRootsOnArm32CountSpillsInPairs) {
  const std::vector<uint8_t> bytes = OneMapWithStackRoots(Arm32(), 512, 40, {1, 35, 36});
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes, Arm32()));
  EXPECT_THAT(
      StaticRoots(info),
      ElementsAre(Pair(3, Location::kRegister), Pair(20, Location::kRegister),
                  Pair(2 * 1 + 1 + 43, Location::kSlot), Pair(2 * 35 + 1 + 43, Location::kSlot),
                  Pair(static_cast<uint32_t>(-11), Location::kSlot)));
}

// A level that adds no vregs to a frame that has none lists nothing, like Ark's
// GetVRegList(map, depth) for a zero cumulative count.
TEST(CodeInfoQueries, AnInlineLevelWithNoVRegsListsNone) {
  CodeInfoBuilder builder(Arm64());
  ASSERT_OK(builder.BeginMethod(16, 0));
  ASSERT_OK(builder.BeginStackMap(0, 4, SaveState{}, /*require_vreg_map=*/true));
  ASSERT_OK(builder.BeginInlineInfo(0, 5, 1, 0, 0));
  ASSERT_OK(builder.EndInlineInfo());
  ASSERT_OK(builder.EndStackMap());
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, builder.Encode());
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes, Arm64()));
  const StackMap map = info.GetStackMap(0);
  ASSERT_TRUE(map.HasRegMap());
  ASSERT_OK_AND_ASSIGN(const int32_t depth, info.GetInlineDepth(map));
  EXPECT_EQ(depth, 0);
  ASSERT_OK_AND_ASSIGN(const VRegList level, info.GetInlineVRegList(map, 0));
  EXPECT_THAT(level, IsEmpty());
}

// A map's inline levels run from 0 to its depth: a deeper level is refused, even where the
// InlineInfo table has a row there (the next map's level).
TEST(CodeInfoQueries, AnInlineLevelPastTheMapsDepthIsRefused) {
  CodeInfoBuilder builder(Arm64());
  ASSERT_OK(builder.BeginMethod(16, 0));
  for (uint32_t pc : {4u, 8u}) {
    ASSERT_OK(builder.BeginStackMap(pc, pc, SaveState{}, false));
    ASSERT_OK(builder.BeginInlineInfo(0, /*method_id=*/pc, 1, 0, 0));
    ASSERT_OK(builder.EndInlineInfo());
    ASSERT_OK(builder.EndStackMap());
  }
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, builder.Encode());
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes, Arm64()));
  ASSERT_EQ(info.inline_infos().NumRows(), 2u);
  const StackMap first = info.GetStackMap(0);
  ASSERT_OK_AND_ASSIGN(const int32_t depth, info.GetInlineDepth(first));
  EXPECT_EQ(depth, 0);
  ASSERT_OK(info.GetInlineInfo(first, 0).status());
  EXPECT_TRUE(FailsWith(info.GetInlineInfo(first, 1).status(), absl::StatusCode::kInvalidArgument,
                        "stack map 0 has no inline level 1 (its depth is 0)"));
}

// INFO keeps a vreg's index in bits 9-24: all sixteen of them unpack, and pack back.
TEST(VRegInfoUnpack, ReadsAllSixteenIndexBits) {
  const uint32_t info = static_cast<uint32_t>(Location::kSlot) | uint32_t{0xFFFF}
                                                                     << VRegInfo::kIndexShift;
  const std::optional<VRegInfo> vreg = VRegInfo::Unpack(info, 7);
  ASSERT_TRUE(vreg.has_value());
  EXPECT_EQ(vreg->index, 0xFFFFu);
  EXPECT_EQ(vreg->value, 7u);
  EXPECT_EQ(vreg->location, Location::kSlot);
  EXPECT_EQ(vreg->PackInfo(), info);
}

// PackInfo keeps sixteen index bits: a wider index loses its high bits rather than reaching bit
// 25, which no INFO Ark writes has set.
TEST(VRegInfoPackInfo, KeepsSixteenIndexBits) {
  const VRegInfo vreg{.value = 7, .location = Location::kSlot, .index = 0x1FFFF};
  const uint32_t info = vreg.PackInfo();
  EXPECT_EQ(info,
            static_cast<uint32_t>(Location::kSlot) | uint32_t{0xFFFF} << VRegInfo::kIndexShift);
  EXPECT_EQ(info >> VRegInfo::kInfoBits, 0u);
}

// The bit just above the index is not part of any INFO Ark defines: Unpack refuses it, and so
// does Validate, naming the INFO.
TEST(VRegInfoUnpack, RefusesTheBitAboveTheIndex) {
  const uint32_t info =
      static_cast<uint32_t>(Location::kSlot) | uint32_t{1} << (VRegInfo::kIndexShift + 16);
  EXPECT_FALSE(VRegInfo::Unpack(info, 7).has_value());
  RawCodeInfo raw;
  raw.vreg_catalogue.Add({info, 7});
  const std::vector<uint8_t> bytes = raw.Encode();
  ASSERT_OK_AND_ASSIGN(const CodeInfo decoded, CodeInfo::Decode(bytes, Arm64()));
  EXPECT_TRUE(FailsWith(decoded.Validate(), absl::StatusCode::kInvalidArgument,
                        "INFO 0x2000001 has a location"));
}

TEST(CodeInfoQueries, FindStackMapForNativePcFindsTheFirstOfEqualPcs) {
  CodeInfoBuilder builder(Arm64());
  ASSERT_OK(builder.BeginMethod(16, 0));
  for (uint32_t bytecode_pc : {1u, 2u, 3u}) {
    ASSERT_OK(builder.BeginStackMap(bytecode_pc, 8, SaveState{}, false));
    ASSERT_OK(builder.EndStackMap());
  }
  ASSERT_OK_AND_ASSIGN(const std::vector<uint8_t> bytes, builder.Encode());
  ASSERT_OK_AND_ASSIGN(const CodeInfo info, CodeInfo::Decode(bytes, Arm64()));
  EXPECT_EQ(info.FindStackMapForNativePc(8).GetBytecodePc(), 1u);
  EXPECT_FALSE(info.FindStackMapForNativePc(9).IsValid());
  EXPECT_FALSE(info.FindStackMapForNativePc(12).IsValid());
}

}  // namespace
}  // namespace frameproof::ark
