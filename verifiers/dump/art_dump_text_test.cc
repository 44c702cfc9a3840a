// Android11DumpText prints what Android 11's CodeInfo::Dump prints. The expected text is what
// Debian's libart.so printed for the same bytes (libart_oracle's start-up check asserts it too);
// verifiers/libart compares the two on every generated method.

#include "verifiers/dump/art_dump_text.h"

#include "core/base/status_testing.h"
#include "gtest/gtest.h"

namespace frameproof {
namespace {

TEST(Android11DumpText, OneMapMethodAsLibartPrintsIt) {
  // Frame 64, two registers, one Default map at native pc 4, dex pc 3.
  const std::vector<uint8_t> bytes = TestBytes("40 00 12 01 33 00 00 50 02");
  const CodeInfo info =
      CodeInfo::DecodeTrusted(bytes, 0, CodeInfo::Subset::kAll, ArtFormat::kAndroid11);
  EXPECT_EQ(Android11DumpText(info, 0, /*verbose=*/true, InstructionSet::kX86_64),
            "CodeInfo  FrameSize:64 CoreSpillMask:0 FpSpillMask:0 NumberOfDexRegisters:2\n"
            "  StackMap BitSize=6 Rows=1 Bits={Kind=0 PackedNativePc=3 DexPc=3 "
            "RegisterMaskIndex=0 StackMaskIndex=0 InlineInfoIndex=0 DexRegisterMaskIndex=0 "
            "DexRegisterMapIndex=0}\n"
            "    [  0]={      -1        4        3       -1       -1       -1       -1       -1}\n"
            "  StackMap[0] (native_pc=0x4, dex_pc=0x3, register_mask=0x0, stack_mask=0b)\n");
  EXPECT_EQ(Android11DumpText(info, 0x1000, /*verbose=*/false, InstructionSet::kX86_64),
            "CodeInfo  FrameSize:64 CoreSpillMask:0 FpSpillMask:0 NumberOfDexRegisters:2\n"
            "  StackMap BitSize=6 Rows=1 Bits={Kind=0 PackedNativePc=3 DexPc=3 "
            "RegisterMaskIndex=0 StackMaskIndex=0 InlineInfoIndex=0 DexRegisterMaskIndex=0 "
            "DexRegisterMapIndex=0}\n");
}

}  // namespace
}  // namespace frameproof
