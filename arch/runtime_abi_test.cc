// The runtime ABI's constants against seed 004's listings and Ark's layout: each number here is
// one a listing or Ark's walker shows, written out rather than derived from runtime_abi.h.

#include "arch/runtime_abi.h"

#include <cstdint>
#include <vector>

#include "arch/plt_got.h"
#include "gtest/gtest.h"

namespace frameproof {
namespace {

namespace abi = runtime_abi;

// Seed 004: "GetCompiledEntryPointOffset is 56 = 7 * 8"; `ldr x30, [x0, #56]` at the call site.
TEST(RuntimeAbi, TheEntryPointOffsetIsTheSeeds56) {
  EXPECT_EQ(abi::kMethodEntryPointOffset, 56);
}

// Before resolution, CallStatic's ThirdSlot holds &SecondSlot - EPoff: loading EPoff from it
// reaches the resolver in SecondSlot, and the resolver finds FirstSlot at [x0 + 48] (the seed's
// `ldr x1, [x0, #48]`) and ThirdSlot at [x0 + 64].
TEST(RuntimeAbi, CallStaticsFakeMethodLeadsToItsSlots) {
  constexpr uint64_t kGroup = 0x40000;
  const std::vector<uint64_t> words =
      InitialGotWords(ResolverKind::kCallStatic, 9, kGroup, /*call_static_resolver=*/0x5000);
  const uint64_t fake_method = words[2];
  EXPECT_EQ(fake_method + abi::kMethodEntryPointOffset, kGroup + 8);  // SecondSlot
  EXPECT_EQ(fake_method + 48, kGroup);                                  // FirstSlot
  EXPECT_EQ(fake_method + 64, kGroup + 16);                             // ThirdSlot
}

// Seed 004's CallVirtual listing: `ldr w16, [x5, #4]` (the class word), then
// `ldr w16, [x16, #160]` "compensating index+1, as VTable start offset is 168".
TEST(RuntimeAbi, ObjectsAndClassesAreLaidOutAsTheSeedsListingReadsThem) {
  EXPECT_EQ(abi::kObjectClassOffset, 4);
  EXPECT_EQ(abi::kClassVTableOffset - static_cast<int32_t>(abi::kWordSize), 160);
}

// Ark's BoundaryFrame<INTERPRETER>: bp[2] the return address, bp[1] the marker 2
// (COMPILED_CODE_TO_INTERPRETER), bp[0] the caller's fp, the caller's sp three words above bp.
TEST(RuntimeAbi, TheBoundaryFrameIsArks) {
  EXPECT_EQ(abi::kBoundaryMarker, 2u);
  EXPECT_EQ(abi::kBoundaryCallerFpSlot, 0);
  EXPECT_EQ(abi::kBoundaryMarkerSlot, 1);
  EXPECT_EQ(abi::kBoundaryReturnPcSlot, 2);
  EXPECT_EQ(abi::kBoundaryCallerSpOffset, 24);
  EXPECT_EQ(abi::BoundaryCalleeSaveOffset(0), -16);  // below the anchor word
}

// The post-call dump: n planned values, then the result, thread->frame and the frame pointer.
TEST(RuntimeAbi, ThePostCallDumpFollowsThePlannedValues) {
  EXPECT_EQ(abi::DumpWordIndex(5, abi::DumpWord::kResult), 5u);
  EXPECT_EQ(abi::DumpWordIndex(5, abi::DumpWord::kThreadFrameAfterCall), 6u);
  EXPECT_EQ(abi::DumpWordOffset(5, abi::DumpWord::kFramePointer), 7 * 8);
  EXPECT_EQ(abi::DumpWordCount(5), 8u);
}

}  // namespace
}  // namespace frameproof
