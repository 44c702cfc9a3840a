// The reader and writer on MoarVM's own compilation units (Debian's nqp-data 2022.12), and on
// those units damaged the ways MoarVM's loader is known to mishandle
// (../shared/reference/llvm-stackmaps-and-moarvm.md, B.7 and B.8).

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/moar/bytecode_reader.h"
#include "core/moar/bytecode_writer.h"
#include "core/moar/frame_code.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace frameproof::moar {
namespace {

using ::testing::HasSubstr;

// The twelve units nqp-data installs, smallest first.
const std::vector<std::string> kDebianUnits = {
    "ModuleLoader",  "nqpmo", "MASTNodes", "NQPCORE.setting", "QASTNode", "QRegex", "NQPP5QRegex",
    "NQPHLL",        "NQPP6QRegex", "QAST", "nqp", "MASTOps"};

std::vector<uint8_t> ReadUnitFile(const std::string& name) {
  const std::string path = absl::StrCat(FRAMEPROOF_NQP_LIB_DIR, "/", name, ".moarvm");
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in) << "cannot read " << path << " (scripts/setup installs nqp-data)";
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {});
}

void PutU32(std::vector<uint8_t>& bytes, size_t offset, uint32_t value) {
  for (size_t i = 0; i < 4; ++i) bytes[offset + i] = static_cast<uint8_t>(value >> (8 * i));
}

// ModuleLoader.moarvm with the u32 at `offset` set to `value`, read back.
absl::Status ReadModuleLoaderWithU32(size_t offset, uint32_t value) {
  std::vector<uint8_t> bytes = ReadUnitFile("ModuleLoader");
  PutU32(bytes, offset, value);
  return ReadCompilationUnit(bytes).status();
}

TEST(MoarDebianUnits, EveryUnitReadsAndWritesBackItsOwnBytes) {
  size_t frames = 0, strings = 0, handlers = 0;
  for (const std::string& name : kDebianUnits) {
    SCOPED_TRACE(name);
    const std::vector<uint8_t> bytes = ReadUnitFile(name);
    const absl::StatusOr<CompilationUnit> unit = ReadCompilationUnit(bytes);
    ASSERT_TRUE(unit.ok()) << unit.status();
    EXPECT_EQ(WriteCompilationUnit(*unit), bytes);
    frames += unit->frames.size();
    strings += unit->strings.size();
    for (const Frame& frame : unit->frames) handlers += frame.handlers.size();
  }
  // The totals measured with MoarVM's own loader.
  EXPECT_EQ(frames, 4280u);
  EXPECT_EQ(strings, 14021u);
  EXPECT_EQ(handlers, 1182u);
}

TEST(MoarDebianUnits, ModuleLoaderHasTheHeaderMoarVmReports) {
  const absl::StatusOr<CompilationUnit> unit = ReadCompilationUnit(ReadUnitFile("ModuleLoader"));
  ASSERT_TRUE(unit.ok()) << unit.status();
  EXPECT_EQ(unit->version, 7u);
  EXPECT_EQ(unit->sc_dependencies.size(), 1u);
  EXPECT_EQ(unit->extension_ops.size(), 0u);
  EXPECT_EQ(unit->frames.size(), 24u);
  EXPECT_EQ(unit->callsites.size(), 17u);
  EXPECT_EQ(unit->strings.size(), 139u);
  EXPECT_EQ(unit->sc_data.size(), 248u);
  EXPECT_EQ(unit->strings[unit->hll_name].bytes, "nqp");
  EXPECT_EQ(unit->mainline_frame, 1u);
  EXPECT_EQ(unit->main_frame, 23u);
  EXPECT_EQ(unit->load_frame, 22u);
  EXPECT_EQ(unit->deserialize_frame, 20u);
  EXPECT_EQ(unit->strings[unit->frames[0].name].bytes, "<mainline>");
}

TEST(MoarDebianUnits, EveryFrameDecodesIntoInstructionsThatTileItsBytecode) {
  for (const std::string& name : kDebianUnits) {
    SCOPED_TRACE(name);
    const absl::StatusOr<CompilationUnit> unit = ReadCompilationUnit(ReadUnitFile(name));
    ASSERT_TRUE(unit.ok()) << unit.status();
    for (uint32_t i = 0; i < unit->frames.size(); ++i) {
      const absl::StatusOr<FrameCode> code = DecodeFrameCode(*unit, i);
      ASSERT_TRUE(code.ok()) << code.status();
      uint32_t next = 0;
      for (const Instruction& instruction : code->instructions) {
        ASSERT_EQ(instruction.offset, next) << "frame " << i;
        next += instruction.length;
      }
      EXPECT_EQ(next, unit->frames[i].bytecode.size()) << "frame " << i;
    }
  }
}

// Each case: the field MoarVM's loader gets wrong, and what frameproof says instead.
struct HeaderDamage {
  const char* name;
  size_t offset;
  uint32_t value;
  const char* error;
};

class MoarHostileHeader : public testing::TestWithParam<HeaderDamage> {};

TEST_P(MoarHostileHeader, IsAnErrorNamingTheFieldAndByte) {
  const absl::Status status = ReadModuleLoaderWithU32(GetParam().offset, GetParam().value);
  EXPECT_FALSE(status.ok());
  EXPECT_THAT(status.message(), HasSubstr(GetParam().error));
}

INSTANTIATE_TEST_SUITE_P(
    ModuleLoader, MoarHostileHeader,
    testing::Values(
        HeaderDamage{"VersionTooLow", 8, 6, "header.version (byte 8): version 6"},
        HeaderDamage{"VersionTooHigh", 8, 8, "header.version (byte 8): version 8"},
        HeaderDamage{"ScDependenciesPastTheEnd", 12, 0x7fffffff,
                     "header.sc_dependencies.offset (byte 12)"},
        HeaderDamage{"NoFrames", 32, 0, "header.special_frame (byte 80)"},
        HeaderDamage{"StringsPastTheEnd", 44, 99999999, "header.strings.offset (byte 44)"},
        // MoarVM adds these u32 lengths to their offsets and accepts the wrapped sums.
        HeaderDamage{"BytecodeLengthWraps", 64, 0xffffff00, "bytecode"},
        HeaderDamage{"AnnotationLengthWraps", 72, 0xfffffff0, "annotation"},
        // MoarVM checks the HLL name with > instead of >= and crashes on this one.
        HeaderDamage{"HllNameIsTheStringCount", 76, 139,
                     "header.hll_name (byte 76): string 139 does not exist (139 strings)"},
        HeaderDamage{"MainFramePastTheCount", 84, 25, "header.special_frame (byte 84)"},
        // MoarVM accepts this and fails only when a string past the heap is used.
        HeaderDamage{"StringCountPastTheHeap", 48, 100000, "strings"},
        HeaderDamage{"FrameBytecodeOffset", 104, 99999, "frames[0].bytecode_offset (byte 104)"},
        HeaderDamage{"FrameLocalCount", 112, 60000, "frames[0]"},
        HeaderDamage{"CallsiteCount", 40, 100000, "callsites"}),
    [](const testing::TestParamInfo<HeaderDamage>& info) { return info.param.name; });

TEST(MoarHostileInput, FrameOuterPastTheFramesIsAnError) {
  std::vector<uint8_t> bytes = ReadUnitFile("ModuleLoader");
  bytes[104 + 24] = 0xf4;  // frame 0's u16 outer: 500
  bytes[104 + 25] = 0x01;
  EXPECT_THAT(ReadCompilationUnit(bytes).status().message(),
              HasSubstr("frames[0].outer (byte 128): frame 500 does not exist (24 frames)"));
}

TEST(MoarHostileInput, EveryTruncationIsAnError) {
  const std::vector<uint8_t> bytes = ReadUnitFile("ModuleLoader");
  // Every length through the header and the first segments, then every 7th.
  for (size_t length = 0; length < bytes.size(); length += length < 256 ? 1 : 7) {
    const absl::StatusOr<CompilationUnit> unit =
        ReadCompilationUnit(absl::MakeConstSpan(bytes.data(), length));
    ASSERT_FALSE(unit.ok()) << "truncated to " << length;
    if (length < 96) {
      ASSERT_THAT(unit.status().message(), HasSubstr("header (byte 0)"));
    }
  }
}

TEST(MoarHostileInput, JunkBeforeTheMagicIsAnError) {
  std::vector<uint8_t> bytes = ReadUnitFile("ModuleLoader");
  bytes.insert(bytes.begin(), {'#', '\n'});
  EXPECT_THAT(ReadCompilationUnit(bytes).status().message(), HasSubstr("header.magic (byte 0)"));
}

TEST(MoarHostileInput, AnExtensionOpTheUnitDoesNotHaveIsAnError) {
  std::vector<uint8_t> bytes = ReadUnitFile("ModuleLoader");
  const size_t mainline_bytecode = 5712;  // the bytecode segment; frame 0 is the mainline
  bytes[mainline_bytecode] = 1101 & 0xff;
  bytes[mainline_bytecode + 1] = 1101 >> 8;
  EXPECT_THAT(ReadCompilationUnit(bytes).status().message(),
              HasSubstr("frames[0] bytecode byte 0: opcode 1101 names extension op 77, but the "
                        "unit has 0"));
}

TEST(MoarHostileInput, AnOptimizerOnlyOpIsAnError) {
  std::vector<uint8_t> bytes = ReadUnitFile("ModuleLoader");
  const size_t mainline_bytecode = 5712;
  bytes[mainline_bytecode] = 838 & 0xff;  // sp_guard
  bytes[mainline_bytecode + 1] = 838 >> 8;
  EXPECT_THAT(ReadCompilationUnit(bytes).status().message(),
              HasSubstr("op sp_guard (838) is internal to MoarVM's optimizer or profiler"));
}

// Every single-bit flip of the smallest unit either is an error or reads into a unit that writes
// back to the flipped bytes. FRAMEPROOF_MOAR_FLIP_STRIDE=1 flips every bit (151,296 cases); the
// default takes every 97th, plus every bit of the header.
TEST(MoarHostileInput, BitFlipsAreErrorsOrRoundTrip) {
  const std::vector<uint8_t> original = ReadUnitFile("ModuleLoader");
  const char* stride_env = std::getenv("FRAMEPROOF_MOAR_FLIP_STRIDE");
  const size_t stride = stride_env != nullptr ? std::strtoul(stride_env, nullptr, 10) : 97;
  ASSERT_GT(stride, 0u);
  size_t rejected = 0, accepted = 0;
  std::vector<uint8_t> flipped = original;
  for (size_t bit = 0; bit < original.size() * 8; bit += bit < 96 * 8 ? 1 : stride) {
    flipped[bit / 8] ^= static_cast<uint8_t>(1u << (bit % 8));
    const absl::StatusOr<CompilationUnit> unit = ReadCompilationUnit(flipped);
    if (unit.ok()) {
      ++accepted;
      ASSERT_EQ(WriteCompilationUnit(*unit), flipped) << "bit " << bit;
    } else {
      ++rejected;
    }
    flipped[bit / 8] = original[bit / 8];
  }
  std::printf("bit flips: %zu rejected, %zu accepted and round-tripped\n", rejected, accepted);
  EXPECT_GT(rejected, 0u);
}

}  // namespace
}  // namespace frameproof::moar
