#include "core/llvm/location_recovery.h"

#include <vector>

#include "core/base/status_testing.h"
#include "core/llvm/location_testing.h"
#include "gtest/gtest.h"

namespace frameproof {
namespace {

constexpr uint64_t kFrameAddress = 0x7000;
constexpr uint64_t kNoValue = 0xBAD0BAD0BAD0BAD0;

// The recovered value, or a test failure that names the error.
uint64_t Ok(const absl::StatusOr<uint64_t>& value) {
  EXPECT_TRUE(value.ok()) << value.status();
  return value.value_or(kNoValue);
}

// A frame of four words at 0x7000: 0x11.., 0x22.., 0x33.., 0x44.. .
std::vector<uint8_t> Frame() {
  std::vector<uint8_t> bytes;
  for (uint64_t word : {0x1111111111111111ull, 0x2222222222222222ull, 0x3333333333333333ull,
                        0x4444444444444444ull}) {
    for (int i = 0; i < 8; ++i) bytes.push_back(static_cast<uint8_t>(word >> (8 * i)));
  }
  return bytes;
}

LlvmMachineState X86State(const std::vector<uint8_t>& frame) {
  LlvmMachineState state;
  state.isa = InstructionSet::kX86_64;
  state.general[2] = 0xD2;                // rdx, hardware 2, DWARF 1
  state.general[3] = 0xB3;                // rbx, hardware 3, DWARF 3
  state.general[5] = kFrameAddress + 16;  // rbp, hardware 5, DWARF 6
  state.general[6] = 0x8877665544332211;  // rsi, hardware 6, DWARF 4
  state.vector[2][0] = 0x40;              // xmm2, DWARF 19: low byte
  state.vector[2][7] = 0x3F;
  state.vector[2][8] = 0xFF;  // the high half is not part of a double
  state.stack_pointer = kFrameAddress;
  state.program_counter = 0x401000;
  state.memory_address = kFrameAddress;
  state.memory = frame;
  return state;
}

TEST(LocationRecovery, ReadsRegistersThroughTheDwarfNumbering) {
  const std::vector<uint8_t> frame = Frame();
  const LlvmMachineState state = X86State(frame);
  const LlvmStackMaps maps;
  EXPECT_EQ(Ok(RecoverLlvmLocation(maps, Loc(LlvmLocationKind::kRegister, 1, 0), state)), 0xD2u);
  EXPECT_EQ(Ok(RecoverLlvmLocation(maps, Loc(LlvmLocationKind::kRegister, 3, 0), state)), 0xB3u);
  EXPECT_EQ(Ok(RecoverLlvmLocation(maps, Loc(LlvmLocationKind::kRegister, 4, 0, 4), state)),
            0x44332211u);  // a 4-byte value is the low half
  EXPECT_EQ(Ok(RecoverLlvmLocation(maps, Loc(LlvmLocationKind::kRegister, 19, 0, 16), state)),
            0x3F00000000000040u);
  EXPECT_EQ(Ok(ReadDwarfRegister(state, 7, 8)), kFrameAddress);  // rsp
  EXPECT_EQ(Ok(ReadDwarfRegister(state, 16, 8)), 0x401000u);     // rip
}

TEST(LocationRecovery, DirectIsAnAddressAndIndirectALoad) {
  const std::vector<uint8_t> frame = Frame();
  const LlvmMachineState state = X86State(frame);
  const LlvmStackMaps maps;
  EXPECT_EQ(Ok(RecoverLlvmLocation(maps, Loc(LlvmLocationKind::kDirect, 7, 8), state)),
            kFrameAddress + 8);
  EXPECT_EQ(Ok(RecoverLlvmLocation(maps, Loc(LlvmLocationKind::kIndirect, 7, 8), state)),
            0x2222222222222222u);
  EXPECT_EQ(Ok(RecoverLlvmLocation(maps, Loc(LlvmLocationKind::kIndirect, 6, -8), state)),
            0x2222222222222222u);  // [rbp - 8], rbp = sp + 16
  EXPECT_EQ(Ok(RecoverLlvmLocation(maps, Loc(LlvmLocationKind::kIndirect, 6, 8, 4), state)),
            0x44444444u);
}

TEST(LocationRecovery, ConstantsComeFromTheRecordAndThePool) {
  const std::vector<uint8_t> frame = Frame();
  const LlvmMachineState state = X86State(frame);
  LlvmStackMaps maps;
  maps.constants = {0x123456789ABCDEF0};
  EXPECT_EQ(Ok(RecoverLlvmLocation(maps, Loc(LlvmLocationKind::kConstant, 0, -7), state)),
            static_cast<uint64_t>(-7));
  EXPECT_EQ(Ok(RecoverLlvmLocation(maps, Loc(LlvmLocationKind::kConstantIndex, 0, 0), state)),
            0x123456789ABCDEF0u);
  EXPECT_FALSE(RecoverLlvmLocation(maps, Loc(LlvmLocationKind::kConstantIndex, 0, 1), state).ok());
}

TEST(LocationRecovery, Arm64Register31IsTheZeroRegisterAsAValueAndSpAsABase) {
  const std::vector<uint8_t> frame = Frame();
  LlvmMachineState state = X86State(frame);
  state.isa = InstructionSet::kArm64;
  const LlvmStackMaps maps;
  EXPECT_EQ(Ok(RecoverLlvmLocation(maps, Loc(LlvmLocationKind::kRegister, 31, 0, 4), state)), 0u);
  EXPECT_EQ(Ok(RecoverLlvmLocation(maps, Loc(LlvmLocationKind::kIndirect, 31, 24), state)),
            0x4444444444444444u);
}

TEST(LocationRecovery, LoadsOutsideTheSavedFrameAreErrors) {
  const std::vector<uint8_t> frame = Frame();
  const LlvmMachineState state = X86State(frame);
  const LlvmStackMaps maps;
  EXPECT_TRUE(
      FailsWith(RecoverLlvmLocation(maps, Loc(LlvmLocationKind::kIndirect, 7, 28), state).status(),
                absl::StatusCode::kOutOfRange,
                "8 bytes at 0x701c are outside the saved frame [0x7000, 0x7020)"));
  EXPECT_FALSE(RecoverLlvmLocation(maps, Loc(LlvmLocationKind::kIndirect, 7, -8), state).ok());
  EXPECT_FALSE(RecoverLlvmLocation(maps, Loc(LlvmLocationKind::kRegister, 99, 0), state).ok());
}

TEST(LocationRecovery, BytesCoverValuesWiderThanAWord) {
  const std::vector<uint8_t> frame = Frame();
  const LlvmMachineState state = X86State(frame);
  const LlvmStackMaps maps;
  // All 16 bytes of xmm2, the high half included.
  const absl::StatusOr<std::vector<uint8_t>> vector =
      RecoverLlvmLocationBytes(maps, Loc(LlvmLocationKind::kRegister, 19, 0, 16), state);
  ASSERT_TRUE(vector.ok()) << vector.status();
  EXPECT_EQ(*vector,
            std::vector<uint8_t>({0x40, 0, 0, 0, 0, 0, 0, 0x3F, 0xFF, 0, 0, 0, 0, 0, 0, 0}));
  // 16 bytes at [rbp - 8]: the second and third words of the frame.
  const absl::StatusOr<std::vector<uint8_t>> memory =
      RecoverLlvmLocationBytes(maps, Loc(LlvmLocationKind::kIndirect, 6, -8, 16), state);
  ASSERT_TRUE(memory.ok()) << memory.status();
  EXPECT_EQ(*memory, std::vector<uint8_t>({0x22, 0x22, 0x22, 0x22, 0x22, 0x22, 0x22, 0x22, 0x33,
                                           0x33, 0x33, 0x33, 0x33, 0x33, 0x33, 0x33}));
  // A 4-byte register value is its low half; a Direct location is a word.
  const absl::StatusOr<std::vector<uint8_t>> half =
      RecoverLlvmLocationBytes(maps, Loc(LlvmLocationKind::kRegister, 4, 0, 4), state);
  ASSERT_TRUE(half.ok()) << half.status();
  EXPECT_EQ(*half, std::vector<uint8_t>({0x11, 0x22, 0x33, 0x44}));
  EXPECT_EQ(RecoverLlvmLocationBytes(maps, Loc(LlvmLocationKind::kDirect, 7, 8, 16), state)->size(),
            8u);
}

// A constant is a word however wide its record says the value is: a 16-byte Constant or
// ConstantIndex gives the constant's eight bytes, never memory or a register.
TEST(LocationRecovery, WideConstantsAreTheirWord) {
  const std::vector<uint8_t> frame = Frame();
  const LlvmMachineState state = X86State(frame);
  LlvmStackMaps maps;
  maps.constants = {0x0123456789ABCDEFull};
  const absl::StatusOr<std::vector<uint8_t>> small =
      RecoverLlvmLocationBytes(maps, Loc(LlvmLocationKind::kConstant, 6, -7, 16), state);
  ASSERT_TRUE(small.ok()) << small.status();
  EXPECT_EQ(*small, std::vector<uint8_t>({0xF9, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}));
  const absl::StatusOr<std::vector<uint8_t>> pooled =
      RecoverLlvmLocationBytes(maps, Loc(LlvmLocationKind::kConstantIndex, 6, 0, 16), state);
  ASSERT_TRUE(pooled.ok()) << pooled.status();
  EXPECT_EQ(*pooled, std::vector<uint8_t>({0xEF, 0xCD, 0xAB, 0x89, 0x67, 0x45, 0x23, 0x01}));
}

TEST(LocationRecovery, WideBytesOutsideWhatWasSavedAreErrors) {
  const std::vector<uint8_t> frame = Frame();
  const LlvmMachineState state = X86State(frame);
  const LlvmStackMaps maps;
  EXPECT_TRUE(FailsWith(
      RecoverLlvmLocationBytes(maps, Loc(LlvmLocationKind::kRegister, 4, 0, 16), state).status(),
      absl::StatusCode::kUnimplemented, "a 16-byte value in register R#4"));
  EXPECT_TRUE(FailsWith(
      RecoverLlvmLocationBytes(maps, Loc(LlvmLocationKind::kIndirect, 7, 24, 16), state).status(),
      absl::StatusCode::kOutOfRange, "outside the saved frame"));
}

// A state no hook filled in holds zero everywhere, the program counter included.
TEST(LocationRecovery, AStateNobodyFilledInReadsZeroInEveryRegister) {
  const LlvmMachineState state{};
  EXPECT_EQ(Ok(ReadDwarfRegister(state, 16, 8)), 0u);  // rip
  EXPECT_EQ(Ok(ReadDwarfRegister(state, 7, 8)), 0u);   // rsp
  EXPECT_EQ(Ok(ReadDwarfRegister(state, 3, 8)), 0u);   // rbx
}

TEST(LocationRecovery, ReadsCodeInfoLocationsFromTheSameState) {
  const std::vector<uint8_t> frame = Frame();
  const LlvmMachineState state = X86State(frame);
  EXPECT_EQ(Ok(RecoverDexRegisterLocation({DexRegisterKind::kInStack, 16}, 8, state)),
            0x3333333333333333u);
  EXPECT_EQ(Ok(RecoverDexRegisterLocation({DexRegisterKind::kInRegister, 3}, 8, state)), 0xB3u);
  EXPECT_EQ(Ok(RecoverDexRegisterLocation({DexRegisterKind::kConstant, -1}, 8, state)),
            ~uint64_t{0});
  EXPECT_FALSE(RecoverDexRegisterLocation(DexRegisterLocation::None(), 8, state).ok());
}

}  // namespace
}  // namespace frameproof
