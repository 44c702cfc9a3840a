// The PLT-GOT slot groups against the table of Ark's AOT layout (the PLT resolver notes): how
// many words each entity's group has, which one its call site loads, and what the loader and
// the resolvers leave in them.

#include "arch/plt_got.h"

#include <cstdint>

#include "arch/runtime_abi.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace frameproof {
namespace {

using ::testing::ElementsAre;

constexpr uint64_t kGroup = 0x10000;
constexpr uint64_t kResolver = 0x20040;
constexpr uint64_t kId = 77;

TEST(PltGot, GroupsHoldThreeWordsExceptCallVirtualsTwo) {
  EXPECT_EQ(GotSlotCount(ResolverKind::kCallStatic), 3u);
  EXPECT_EQ(GotSlotCount(ResolverKind::kCallVirtual), 2u);
  EXPECT_EQ(GotSlotCount(ResolverKind::kClass), 3u);
  EXPECT_EQ(GotSlotCount(ResolverKind::kInitClass), 3u);
}

// CallStatic and LoadClass load X, the group's last word; CallVirtual and InitClass load X-1.
TEST(PltGot, CallSitesLoadTheSlotArksCodegenNames) {
  EXPECT_EQ(GotCallSiteSlot(ResolverKind::kCallStatic), 2u);
  EXPECT_EQ(GotCallSiteSlot(ResolverKind::kCallVirtual), 1u);
  EXPECT_EQ(GotCallSiteSlot(ResolverKind::kClass), 2u);
  EXPECT_EQ(GotCallSiteSlot(ResolverKind::kInitClass), 1u);
}

// Before resolution CallStatic's X is a fake Method* whose entry point is X-1, the resolver.
TEST(PltGot, TheLoaderFillsIdsAndCallStaticsFakeMethod) {
  EXPECT_THAT(InitialGotWords(ResolverKind::kCallStatic, kId, kGroup, kResolver),
              ElementsAre(kId, kResolver,
                          kGroup + runtime_abi::kWordSize - runtime_abi::kMethodEntryPointOffset));
  EXPECT_THAT(InitialGotWords(ResolverKind::kCallVirtual, kId, kGroup, kResolver),
              ElementsAre(kId, uint64_t{0}));
  EXPECT_THAT(InitialGotWords(ResolverKind::kClass, kId, kGroup, kResolver),
              ElementsAre(kId, uint64_t{0}, uint64_t{0}));
  EXPECT_THAT(InitialGotWords(ResolverKind::kInitClass, kId, kGroup, kResolver),
              ElementsAre(kId, uint64_t{0}, uint64_t{0}));
}

TEST(PltGot, ResolversLeaveTheMethodTheVTableIndexPlusOneOrTheClass) {
  constexpr uint64_t kResolved = 0x7000'1000;
  EXPECT_THAT(ResolvedGotWords(ResolverKind::kCallStatic, kId, kGroup, kResolver, kResolved, false),
              ElementsAre(kId, kResolver, kResolved));
  EXPECT_THAT(ResolvedGotWords(ResolverKind::kCallVirtual, kId, kGroup, kResolver, 41, false),
              ElementsAre(kId, uint64_t{42}));
  // X-1 gets the Class* only once the class is initialized; X gets it either way.
  EXPECT_THAT(ResolvedGotWords(ResolverKind::kClass, kId, kGroup, kResolver, kResolved, false),
              ElementsAre(kId, uint64_t{0}, kResolved));
  EXPECT_THAT(ResolvedGotWords(ResolverKind::kInitClass, kId, kGroup, kResolver, kResolved, true),
              ElementsAre(kId, kResolved, kResolved));
}

TEST(PltGot, SlotsAreNamedForReports) {
  EXPECT_STREQ(GotSlotName(ResolverKind::kCallStatic, 2), "ThirdSlot (Method*)");
  EXPECT_STREQ(GotSlotName(ResolverKind::kCallVirtual, 1), "SecondSlot (vtable index + 1)");
  EXPECT_STREQ(GotSlotName(ResolverKind::kInitClass, 0), "FirstSlot (class id)");
  EXPECT_STREQ(GotSlotName(ResolverKind::kClass, 3), "slot?");
}

}  // namespace
}  // namespace frameproof
