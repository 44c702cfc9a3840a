// `frameproof gen resolvers` (BuildResolverStubs) for both ISAs, read back through capstone: the
// stubs it names, and the ABI facts of arch/README.md that their instructions carry (the row of
// the README's table is named beside each).

#include <capstone/capstone.h>

#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/types/span.h"
#include "arch/exec_image.h"
#include "core/base/status_testing.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace frameproof {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

// One stub's instructions as capstone prints them ("mov r13, qword ptr [r15 + 8]"), with the
// bytes capstone could not decode counted apart.
struct Listing {
  std::vector<std::string> instructions;
  size_t undecoded_bytes = 0;
};

Listing Disassemble(InstructionSet isa, absl::Span<const uint8_t> code) {
  const bool arm64 = isa == InstructionSet::kArm64;
  csh handle = 0;
  Listing listing;
  if (cs_open(arm64 ? CS_ARCH_ARM64 : CS_ARCH_X86, arm64 ? CS_MODE_ARM : CS_MODE_64, &handle) !=
      CS_ERR_OK) {
    listing.undecoded_bytes = code.size();
    return listing;
  }
  size_t offset = 0;
  while (offset < code.size()) {
    cs_insn* insn = nullptr;
    if (cs_disasm(handle, code.data() + offset, code.size() - offset, offset, 1, &insn) != 1) {
      listing.undecoded_bytes += 1;
      offset += 1;
      continue;
    }
    listing.instructions.push_back(
        insn->op_str[0] == '\0' ? insn->mnemonic : absl::StrCat(insn->mnemonic, " ", insn->op_str));
    offset += insn->size;
    cs_free(insn, 1);
  }
  cs_close(&handle);
  return listing;
}

// The stubs of `isa`, each as its listing without the alignment padding after it.
struct Stub {
  std::string name;
  uint32_t offset = 0;
  Listing listing;
};

std::vector<Stub> StubsOf(InstructionSet isa) {
  const absl::StatusOr<ResolverStubs> stubs = BuildResolverStubs(isa);
  if (!stubs.ok()) return {};
  std::vector<Stub> out;
  for (size_t i = 0; i < stubs->symbols.size(); ++i) {
    const auto& [name, offset] = stubs->symbols[i];
    const uint32_t end = i + 1 < stubs->symbols.size() ? stubs->symbols[i + 1].second
                                                       : static_cast<uint32_t>(stubs->code.size());
    Stub stub{name, offset,
              Disassemble(isa, absl::MakeConstSpan(stubs->code).subspan(offset, end - offset))};
    while (!stub.listing.instructions.empty() && stub.listing.instructions.back() == "nop") {
      stub.listing.instructions.pop_back();
    }
    out.push_back(std::move(stub));
  }
  return out;
}

const Stub& Named(const std::vector<Stub>& stubs, const std::string& name) {
  for (const Stub& stub : stubs) {
    if (stub.name == name) return stub;
  }
  static const Stub kMissing;
  ADD_FAILURE() << "no stub " << name;
  return kMissing;
}

// Whether any instruction of `stub` writes `reg` to memory: a store naming it as the source.
bool StoresRegister(InstructionSet isa, const Stub& stub, const std::string& reg) {
  for (const std::string& insn : stub.listing.instructions) {
    if (isa == InstructionSet::kArm64) {
      if ((absl::StartsWith(insn, "str ") || absl::StartsWith(insn, "stp ") ||
           absl::StartsWith(insn, "stur ")) &&
          (absl::StrContains(insn, " " + reg + ",") || absl::StrContains(insn, ", " + reg + ","))) {
        return true;
      }
    } else if ((absl::StartsWith(insn, "mov qword ptr") && absl::EndsWith(insn, ", " + reg)) ||
               insn == "push " + reg) {
      return true;
    }
  }
  return false;
}

const std::vector<std::string> kStubNames = {
    "CallStaticResolver",       "CallVirtualResolver",         "ClassResolver",
    "InitClassResolver",        "SharedSlowPath(CallVirtual)", "SharedSlowPath(Class)",
    "SharedSlowPath(InitClass)"};
const std::vector<std::string> kResolvers(kStubNames.begin(), kStubNames.begin() + 4);

class ResolverStubs : public testing::TestWithParam<InstructionSet> {};

TEST_P(ResolverStubs, AreTheFourResolversThenTheThreeSlowPathsEach16ByteAligned) {
  const std::vector<Stub> stubs = StubsOf(GetParam());
  std::vector<std::string> names;
  for (const Stub& stub : stubs) {
    names.push_back(stub.name);
    EXPECT_EQ(stub.offset % 16, 0u) << stub.name;
  }
  EXPECT_EQ(names, kStubNames);
}

TEST_P(ResolverStubs, DecodeCompletely) {
  for (const Stub& stub : StubsOf(GetParam())) {
    EXPECT_EQ(stub.listing.undecoded_bytes, 0u) << stub.name;
    EXPECT_FALSE(stub.listing.instructions.empty()) << stub.name;
  }
}

// Rows 5 and 18: CallStatic tail-jumps to the callee's entry through temp0; the other three
// return to their call site, the result in temp0.
TEST_P(ResolverStubs, CallStaticTailJumpsAndTheOthersReturn) {
  const bool arm64 = GetParam() == InstructionSet::kArm64;
  const std::vector<Stub> stubs = StubsOf(GetParam());
  EXPECT_EQ(Named(stubs, "CallStaticResolver").listing.instructions.back(),
            arm64 ? "br x16" : "jmp r12");
  for (const std::string& name : {kResolvers[1], kResolvers[2], kResolvers[3]}) {
    EXPECT_EQ(Named(stubs, name).listing.instructions.back(), "ret") << name;
  }
}

// Rows 21 and 25: a resolver opens a boundary frame with marker 2 and points thread->frame (the
// thread register's first word) at it; on the way out thread->frame is the caller's fp again.
TEST_P(ResolverStubs, OpenABoundaryFrameWithMarker2AndLeaveThreadFrameAtTheCallersFp) {
  const bool arm64 = GetParam() == InstructionSet::kArm64;
  const std::vector<Stub> stubs = StubsOf(GetParam());
  for (const std::string& name : kResolvers) {
    const std::vector<std::string>& insns = Named(stubs, name).listing.instructions;
    ASSERT_GE(insns.size(), 5u) << name;
    if (arm64) {
      EXPECT_EQ(insns[1], "movz x17, #0x2") << name;
      EXPECT_TRUE(absl::StartsWith(insns[2], "stp x17, x30, [sp")) << name;
      EXPECT_EQ(insns[5], "str x30, [x28]") << name;
    } else {
      EXPECT_THAT(std::vector<std::string>(insns.begin(), insns.begin() + 3),
                  ElementsAre("push 2", "push rbp", "mov qword ptr [r15], rsp"))
          << name;
    }
    EXPECT_THAT(insns, testing::Contains(arm64 ? "str x29, [x28]" : "mov qword ptr [r15], rbp"))
        << name;
  }
}

// Row 24: a boundary never saves the temps it works with or the thread register (arm64's x17
// is stored once, as the frame's marker, not saved; its x16 is saved, row 20).
TEST_P(ResolverStubs, NeverSaveTheTempsOrTheThreadRegister) {
  const bool arm64 = GetParam() == InstructionSet::kArm64;
  const std::vector<std::string> unsaved =
      arm64 ? std::vector<std::string>{"x28"}
            : std::vector<std::string>{"r12", "r13", "r14", "r15"};
  const std::vector<Stub> stubs = StubsOf(GetParam());
  for (const std::string& name : kResolvers) {
    Stub stub = Named(stubs, name);
    if (arm64) stub.listing.instructions.erase(stub.listing.instructions.begin() + 2);  // marker
    for (const std::string& reg : unsaved) {
      EXPECT_FALSE(StoresRegister(GetParam(), stub, reg)) << name << " stores " << reg;
    }
    if (arm64) {
      EXPECT_FALSE(StoresRegister(GetParam(), stub, "x17")) << name << " saves x17";
    }
  }
}

// Rows 3 and 5: CallStatic finds FirstSlot (the id) at EPoff - 8 = 48 bytes past the address it
// was given, and asks the runtime through the thread's entrypoint table.
TEST_P(ResolverStubs, CallStaticReadsTheIdAtEPoffMinus8) {
  const bool arm64 = GetParam() == InstructionSet::kArm64;
  const std::vector<Stub> stubs = StubsOf(GetParam());
  const std::vector<std::string>& insns = Named(stubs, "CallStaticResolver").listing.instructions;
  EXPECT_THAT(
      insns, testing::Contains(arm64 ? "ldur x1, [x0, #0x30]" : "mov rsi, qword ptr [r12 + 0x30]"));
}

// Row 17: a shared slow path loads the thread's entrypoint table and tail-jumps through the
// resolver's entry (CallVirtual, Class, InitClass: entries 0, 1, 2).
TEST(ResolverStubsArm64, SlowPathsJumpThroughTheThreadsEntrypointTable) {
  const std::vector<Stub> stubs = StubsOf(InstructionSet::kArm64);
  EXPECT_THAT(Named(stubs, "SharedSlowPath(CallVirtual)").listing.instructions,
              ElementsAre("ldr x17, [x28, #8]", "ldr x17, [x17]", "br x17"));
  EXPECT_THAT(Named(stubs, "SharedSlowPath(Class)").listing.instructions,
              ElementsAre("ldr x17, [x28, #8]", "ldr x17, [x17, #8]", "br x17"));
  EXPECT_THAT(Named(stubs, "SharedSlowPath(InitClass)").listing.instructions,
              ElementsAre("ldr x17, [x28, #8]", "ldr x17, [x17, #0x10]", "br x17"));
}

TEST(ResolverStubsX86_64, SlowPathsJumpThroughTheThreadsEntrypointTable) {
  const std::vector<Stub> stubs = StubsOf(InstructionSet::kX86_64);
  EXPECT_THAT(Named(stubs, "SharedSlowPath(CallVirtual)").listing.instructions,
              ElementsAre("mov r13, qword ptr [r15 + 8]", "jmp qword ptr [r13]"));
  EXPECT_THAT(Named(stubs, "SharedSlowPath(Class)").listing.instructions,
              ElementsAre("mov r13, qword ptr [r15 + 8]", "jmp qword ptr [r13 + 8]"));
  EXPECT_THAT(Named(stubs, "SharedSlowPath(InitClass)").listing.instructions,
              ElementsAre("mov r13, qword ptr [r15 + 8]", "jmp qword ptr [r13 + 0x10]"));
}

TEST(ResolverStubs, OnlyTheCodeGeneratorsIsasHaveStubs) {
  EXPECT_FALSE(BuildResolverStubs(InstructionSet::kArm).ok());
}

INSTANTIATE_TEST_SUITE_P(Isas, ResolverStubs,
                         testing::Values(InstructionSet::kX86_64, InstructionSet::kArm64),
                         [](const testing::TestParamInfo<InstructionSet>& info) {
                           return std::string(InstructionSetName(info.param));
                         });

}  // namespace
}  // namespace frameproof
