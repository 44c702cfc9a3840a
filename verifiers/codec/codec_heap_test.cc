// Memory contract of the ART codec: decoding and querying allocate nothing (the span API is the
// allocation-free way to read register maps), whatever the method's size.

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/art/code_info.h"
#include "core/art/untrusted_code_info.h"
#include "gtest/gtest.h"
#include "verifiers/generators/compiler_like_method.h"
#include "verifiers/model/method_call_log.h"
#include "verifiers/util/heap_counter.h"

namespace frameproof {
namespace {

constexpr uint64_t kSeed = 0xC0DE1F0;

std::vector<uint8_t> EncodedMethod(const MethodShape& shape) {
  absl::StatusOr<std::vector<uint8_t>> bytes =
      Replay(GenerateCompilerLikeMethod(shape, kSeed), VerifyMode::kOff);
  EXPECT_TRUE(bytes.ok()) << bytes.status();
  return bytes.ok() ? *bytes : std::vector<uint8_t>{};
}

// Registers of a map's outer method and every inline level: the concatenated list that one
// DecodeDexRegisterMap call from register 0 resolves.
uint32_t RegistersOfEveryLevel(const CodeInfo& info, const StackMap& map) {
  const InlineInfoRange chain = info.GetInlineInfosOf(map);
  return chain.empty() ? info.number_of_dex_registers() : chain.back().GetNumberOfDexRegisters();
}

// A buffer that fits any one map's registers.
size_t MostRegistersOfAMap(const CodeInfo& info) {
  size_t most = 0;
  for (uint32_t row = 0; row < info.GetNumberOfStackMaps(); ++row) {
    most = std::max<size_t>(most, RegistersOfEveryLevel(info, info.GetStackMapAt(row)));
  }
  return most;
}

// Every decode and every allocation-free query, trusted and checked, on every stack map.
void DecodeAndQueryEverything(absl::Span<const uint8_t> bytes, const UntrustedCodeInfo& opened,
                              absl::Span<DexRegisterLocation> registers) {
  const InstructionSet isa = InstructionSet::kArm64;
  ASSERT_TRUE(CodeInfo::Decode(bytes).ok());
  ASSERT_TRUE(CodeInfo::Decode(bytes, 0, CodeInfo::Subset::kGcMasksOnly).ok());
  ASSERT_TRUE(CodeInfo::DecodeHeaderOnly(bytes).ok());
  ASSERT_TRUE(CodeInfo::DecodeCodeSize(bytes).ok());
  ASSERT_TRUE(CodeInfo::DecodeFrameInfo(bytes).ok());
  ASSERT_TRUE(UntrustedCodeInfo::Open(bytes).ok());
  CodeInfo::DecodeHeaderOnlyTrusted(bytes);
  CodeInfo::DecodeCodeSizeTrusted(bytes);
  CodeInfo::DecodeFrameInfoTrusted(bytes);
  const CodeInfo info = CodeInfo::DecodeTrusted(bytes);
  CodeInfo::DecodeTrusted(bytes, 0, CodeInfo::Subset::kInlineInfoOnly);
  for (uint32_t row = 0; row < info.GetNumberOfStackMaps(); ++row) {
    const StackMap map = info.GetStackMapAt(row);
    info.GetStackMapForNativePcOffset(map.GetNativePcOffset(isa), isa);
    info.GetStackMapForDexPc(map.GetDexPc());
    if (map.HasDexRegisterMap()) {
      const absl::Span<DexRegisterLocation> all =
          registers.first(RegistersOfEveryLevel(info, map));
      info.DecodeDexRegisterMap(row, 0, all);
      ASSERT_TRUE(opened.DecodeDexRegisterMap(row, 0, all).ok());
    }
    const absl::StatusOr<StackMap> checked = opened.GetStackMapAt(row);
    ASSERT_TRUE(checked.ok());
    ASSERT_TRUE(opened.GetRegisterMaskOf(*checked).ok());
    ASSERT_TRUE(opened.GetStackMaskOf(*checked).ok());
    ASSERT_TRUE(opened.GetInlineInfosOf(*checked).ok());
    opened.GetStackMapForNativePcOffset(map.GetNativePcOffset(isa), isa);
  }
}

TEST(CodecHeap, DecodingAndQueryingAllocateNothing) {
  for (const MethodShape shape : {MethodShape{10, 16, 0}, MethodShape{100, 64, 3},
                                  MethodShape{1000, 256, 3}}) {
    SCOPED_TRACE(testing::Message() << shape.stack_maps << "x" << shape.dex_registers << "x"
                                    << shape.max_inline_depth);
    const std::vector<uint8_t> bytes = EncodedMethod(shape);
    const absl::StatusOr<UntrustedCodeInfo> opened = UntrustedCodeInfo::Open(bytes);
    ASSERT_TRUE(opened.ok()) << opened.status();
    std::vector<DexRegisterLocation> registers(MostRegistersOfAMap(CodeInfo::DecodeTrusted(bytes)));
    HeapCount count;
    DecodeAndQueryEverything(bytes, *opened, absl::MakeSpan(registers));
    EXPECT_EQ(count.usage().allocations, 0u);
  }
}

// The counter itself: an allocation inside the scope is seen, with its bytes and peak.
TEST(CodecHeap, CounterSeesAnAllocationInsideItsScope) {
  HeapCount count;
  {
    std::vector<uint64_t> block(1000);
    block[999] = 1;
  }
  EXPECT_EQ(count.usage().allocations, 1u);
  EXPECT_GE(count.usage().allocated_bytes, 8000u);
  EXPECT_GE(count.usage().peak_live_bytes, 8000u);
}

TEST(CodecHeap, CounterStartsAtZeroInEachScope) {
  {
    std::vector<uint64_t> block(10);
    HeapCount earlier;
    block.resize(1000);
  }
  HeapCount count;
  EXPECT_EQ(count.usage().allocations, 0u);
  EXPECT_EQ(count.usage().peak_live_bytes, 0u);
}

}  // namespace
}  // namespace frameproof
