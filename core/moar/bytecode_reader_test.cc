// The reader and writer on MoarVM's own compilation units (Debian's nqp-data 2022.12), and on
// those units damaged the ways MoarVM's loader is known to mishandle
// (../shared/reference/llvm-stackmaps-and-moarvm.md, B.7 and B.8).

#include "core/moar/bytecode_reader.h"

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/moar/bytecode_writer.h"
#include "core/moar/frame_code.h"
#include "core/moar/op_table.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace frameproof::moar {
namespace {

using ::testing::HasSubstr;

// The twelve units nqp-data installs, smallest first.
const std::vector<std::string> kDebianUnits = {
    "ModuleLoader", "nqpmo",  "MASTNodes",   "NQPCORE.setting",
    "QASTNode",     "QRegex", "NQPP5QRegex", "NQPHLL",
    "NQPP6QRegex",  "QAST",   "nqp",         "MASTOps"};

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

// Every operand of a core op that is not a dispatch op carries the op table's descriptor for its
// position, type bits included, registers as much as literals.
TEST(MoarDebianUnits, EveryFixedOperandCarriesItsOpTableDescriptor) {
  const absl::StatusOr<CompilationUnit> unit = ReadCompilationUnit(ReadUnitFile("ModuleLoader"));
  ASSERT_TRUE(unit.ok()) << unit.status();
  size_t checked = 0;
  for (uint32_t i = 0; i < unit->frames.size(); ++i) {
    const absl::StatusOr<FrameCode> code = DecodeFrameCode(*unit, i);
    ASSERT_TRUE(code.ok()) << code.status();
    for (const Instruction& instruction : code->instructions) {
      const OpInfo* op = FindCoreOp(instruction.opcode);
      if (op == nullptr || IsDispatchOp(instruction.opcode)) continue;
      const absl::Span<const Operand> operands = code->OperandsOf(instruction);
      ASSERT_EQ(operands.size(), op->operand_count) << op->name;
      for (size_t k = 0; k < operands.size(); ++k, ++checked) {
        EXPECT_EQ(operands[k].descriptor, op->operands[k])
            << op->name << " operand " << k << " at " << instruction.offset << " of frame " << i;
      }
    }
  }
  EXPECT_GT(checked, 1000u);
}

// InstructionAt finds an instruction by its first byte only.
TEST(MoarDebianUnits, InstructionAtFindsInstructionsByTheirFirstByteOnly) {
  const absl::StatusOr<CompilationUnit> unit = ReadCompilationUnit(ReadUnitFile("ModuleLoader"));
  ASSERT_TRUE(unit.ok()) << unit.status();
  const absl::StatusOr<FrameCode> code = DecodeFrameCode(*unit, 0);
  ASSERT_TRUE(code.ok()) << code.status();
  ASSERT_FALSE(code->instructions.empty());
  for (size_t index = 0; index < code->instructions.size(); ++index) {
    const Instruction& instruction = code->instructions[index];
    EXPECT_EQ(code->InstructionAt(instruction.offset), static_cast<int64_t>(index));
    if (instruction.length > 1) {
      EXPECT_EQ(code->InstructionAt(instruction.offset + 1), -1);
    }
  }
  const Instruction& last = code->instructions.back();
  EXPECT_EQ(code->InstructionAt(last.offset + last.length), -1);
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
        HeaderDamage{"CallsiteCount", 40, 100000, "callsites"},
        // An extension op is 12 bytes: a u32 name and 8 operand descriptors.
        HeaderDamage{"ExtensionOpCountPastTheEnd", 24, 0x10000000,
                     "header.extension_ops.count (byte 24): 268435456 entries need at least "
                     "3221225472 bytes"},
        // A frame's u32 lexical count sits 12 bytes into its record; a lexical is 6 bytes.
        HeaderDamage{"FrameLexicalCount", 116, 0x7fffffff,
                     "frames[0].lexical_count (byte 116): 2147483647 entries of 6 bytes"},
        // A frame record is at least 54 bytes: 2^28 of them need 2^28 * 54.
        HeaderDamage{"FrameCountPastTheEnd", 32, 0x10000000,
                     "header.frames.count (byte 32): 268435456 entries need at least "
                     "14495514624 bytes"},
        // A frame's u32 annotation count sits 30 bytes into its record; its annotations start at
        // 0 of ModuleLoader's 1116-byte annotation segment.
        HeaderDamage{"FrameAnnotationCount", 134, 0x7fffffff,
                     "frames[0].annotation_count (byte 134): 2147483647 annotations at 0 run past "
                     "the annotation segment's 1116 bytes"}),
    [](const testing::TestParamInfo<HeaderDamage>& info) { return info.param.name; });

// The header is 96 bytes; a file that is only a header fails on its first segment, not inside
// the header.
TEST(MoarHostileInput, AFileOfOnlyTheHeaderFailsOnItsFirstSegment) {
  std::vector<uint8_t> bytes = ReadUnitFile("ModuleLoader");
  bytes.resize(96);
  EXPECT_EQ(ReadCompilationUnit(bytes).status().message(),
            "header.sc_dependencies.count (byte 16): 1 entries need at least 4 bytes, but the file "
            "has 0 after the segment's start");
}

TEST(MoarHostileInput, FrameOuterPastTheFramesIsAnError) {
  std::vector<uint8_t> bytes = ReadUnitFile("ModuleLoader");
  bytes[104 + 24] = 0xf4;  // frame 0's u16 outer: 500
  bytes[104 + 25] = 0x01;
  EXPECT_THAT(ReadCompilationUnit(bytes).status().message(),
              HasSubstr("frames[0].outer (byte 128): frame 500 does not exist (24 frames)"));
}

// A static lexical is 12 bytes (u16 lexical, u16 flag, u32 SC dependency, u32 SC object).
TEST(MoarHostileInput, AStaticLexicalCountPastTheFileCountsTwelveBytesAnEntry) {
  std::vector<uint8_t> bytes = ReadUnitFile("ModuleLoader");
  bytes[104 + 40] = 0xff;  // frame 0's u16 static_lexical_count: 65535
  bytes[104 + 41] = 0xff;
  EXPECT_THAT(ReadCompilationUnit(bytes).status().message(),
              HasSubstr("frames[0].static_lexical_count (byte 144): 65535 entries of 12 bytes run "
                        "past the file's end"));
}

// A callsite's flags are a byte each, and its u16 count must leave room for them.
TEST(MoarHostileInput, ACallsiteFlagCountPastTheFileIsAnErrorAtTheCallsite) {
  std::vector<uint8_t> bytes = ReadUnitFile("ModuleLoader");
  const size_t callsites = 2888;  // the callsite segment; callsites[0] starts with its u16 count
  bytes[callsites] = 0xff;        // 65535 flags
  bytes[callsites + 1] = 0xff;
  EXPECT_THAT(ReadCompilationUnit(bytes).status().message(),
              HasSubstr("callsites[0].count (byte 2888): 65535 entries of 1 bytes run past the "
                        "file's end"));
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

// The string heap's UTF-8 check, held to the Unicode Standard's table of well-formed UTF-8 byte
// sequences (Table 3-7): the first and last sequence of each row must read, and the sequences
// just outside the rows must not. Each is written as ModuleLoader's first string, flagged UTF-8.

std::string Bytes(std::initializer_list<uint8_t> bytes) {
  return std::string(bytes.begin(), bytes.end());
}

// ModuleLoader's model, damaged by `damage`, written and read back.
template <typename Damage>
absl::Status ReadDamagedModuleLoader(Damage damage) {
  absl::StatusOr<CompilationUnit> unit = ReadCompilationUnit(ReadUnitFile("ModuleLoader"));
  if (!unit.ok()) return unit.status();
  damage(*unit);
  return ReadCompilationUnit(WriteCompilationUnit(*unit)).status();
}

absl::Status ReadModuleLoaderWithUtf8String(std::string bytes) {
  return ReadDamagedModuleLoader([&](CompilationUnit& unit) {
    unit.strings.at(0) = HeapString{std::move(bytes), /*utf8=*/true};
  });
}

TEST(MoarStringHeap, ReadsBothEndsOfEveryRowOfTheWellFormedUtf8Table) {
  const std::vector<std::pair<const char*, std::string>> well_formed = {
      {"U+0000", Bytes({0x00})},
      {"U+007F", Bytes({0x7F})},
      {"U+0080", Bytes({0xC2, 0x80})},
      {"U+07FF", Bytes({0xDF, 0xBF})},
      {"U+0800", Bytes({0xE0, 0xA0, 0x80})},
      {"U+0FFF", Bytes({0xE0, 0xBF, 0xBF})},
      {"U+1000", Bytes({0xE1, 0x80, 0x80})},
      {"U+CFFF", Bytes({0xEC, 0xBF, 0xBF})},
      {"U+D000", Bytes({0xED, 0x80, 0x80})},
      {"U+D7FF", Bytes({0xED, 0x9F, 0xBF})},
      {"U+E000", Bytes({0xEE, 0x80, 0x80})},
      {"U+FFFF", Bytes({0xEF, 0xBF, 0xBF})},
      {"U+10000", Bytes({0xF0, 0x90, 0x80, 0x80})},
      {"U+3FFFF", Bytes({0xF0, 0xBF, 0xBF, 0xBF})},
      {"U+40000", Bytes({0xF1, 0x80, 0x80, 0x80})},
      {"U+FFFFF", Bytes({0xF3, 0xBF, 0xBF, 0xBF})},
      {"U+100000", Bytes({0xF4, 0x80, 0x80, 0x80})},
      {"U+10FFFF", Bytes({0xF4, 0x8F, 0xBF, 0xBF})},
      {"a mix", "x" + Bytes({0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80}) + "y"},
  };
  for (const auto& [code_point, bytes] : well_formed) {
    EXPECT_TRUE(ReadModuleLoaderWithUtf8String(bytes).ok()) << code_point;
  }
}

TEST(MoarStringHeap, RejectsIllFormedUtf8NamingTheString) {
  const std::vector<std::pair<const char*, std::string>> ill_formed = {
      {"a lone continuation byte 80", Bytes({0x80})},
      {"a lone continuation byte BF", Bytes({0xBF})},
      {"overlong U+0000 (C0 80)", Bytes({0xC0, 0x80})},
      {"overlong U+007F (C1 BF)", Bytes({0xC1, 0xBF})},
      {"a 2-byte lead before ASCII", Bytes({0xC2, 0x41})},
      {"a 2-byte lead before a lead", Bytes({0xC2, 0xC2, 0x80})},
      {"overlong U+07FF (E0 9F BF)", Bytes({0xE0, 0x9F, 0xBF})},
      {"the surrogate U+D800", Bytes({0xED, 0xA0, 0x80})},
      {"the surrogate U+DFFF", Bytes({0xED, 0xBF, 0xBF})},
      {"overlong U+FFFF (F0 8F BF BF)", Bytes({0xF0, 0x8F, 0xBF, 0xBF})},
      {"U+110000, past Unicode", Bytes({0xF4, 0x90, 0x80, 0x80})},
      {"the lead F5", Bytes({0xF5, 0x80, 0x80, 0x80})},
      {"a 5-byte lead", Bytes({0xF8, 0x88, 0x80, 0x80, 0x80})},
      {"the byte FF", Bytes({0xFF})},
      {"a 2-byte sequence cut short", Bytes({0xC2})},
      {"a 3-byte sequence cut short", Bytes({0xE0, 0xA0})},
      {"a 4-byte sequence cut short", Bytes({0xF0, 0x90, 0x80})},
  };
  for (const auto& [what, bytes] : ill_formed) {
    const absl::Status status = ReadModuleLoaderWithUtf8String(bytes);
    EXPECT_THAT(status.message(), HasSubstr("strings[0]")) << what;
    EXPECT_THAT(status.message(), HasSubstr("not well-formed UTF-8")) << what;
  }
}

// References inside a frame, damaged through the model and written back: each is an error that
// names the entry and the byte where the bad index is stored.

// The first frame with an entry in `entries` of the frame.
template <typename Entries>
Frame* FirstFrameWith(CompilationUnit& unit, Entries entries) {
  for (Frame& frame : unit.frames) {
    if (!(frame.*entries).empty()) return &frame;
  }
  return nullptr;
}

// The byte offset an error message names as "(byte N)", or -1.
int64_t ByteOf(const absl::Status& status) {
  const std::string message(status.message());
  const size_t at = message.find("(byte ");
  if (at == std::string::npos) return -1;
  return std::strtoll(message.c_str() + at + 6, nullptr, 10);
}

TEST(MoarHostileInput, AStaticLexicalNamingTheLexicalPastTheLastIsAnError) {
  const absl::Status status = ReadDamagedModuleLoader([](CompilationUnit& unit) {
    Frame* frame = FirstFrameWith(unit, &Frame::static_lexicals);
    ASSERT_NE(frame, nullptr);
    frame->static_lexicals[0].lexical = static_cast<uint16_t>(frame->lexicals.size());
  });
  EXPECT_THAT(status.message(), HasSubstr(".static_lexicals[0]"));
  EXPECT_THAT(status.message(), HasSubstr("does not exist"));
}

TEST(MoarHostileInput, AnAnnotationNamingAFilePastTheStringHeapIsAnError) {
  uint32_t strings = 0;
  const absl::Status status = ReadDamagedModuleLoader([&](CompilationUnit& unit) {
    Frame* frame = FirstFrameWith(unit, &Frame::annotations);
    ASSERT_NE(frame, nullptr);
    strings = static_cast<uint32_t>(unit.strings.size());
    frame->annotations[0].file = strings;
  });
  EXPECT_THAT(status.message(), HasSubstr(".annotations[0]"));
  EXPECT_THAT(status.message(), HasSubstr(absl::StrCat("string ", strings, " does not exist (",
                                                       strings, " strings)")));
}

// A debug name is a u16 local then a u32 string: a bad string is named two bytes after a bad local.
TEST(MoarHostileInput, ADebugNamesBadLocalAndBadStringAreNamedAtTheirOwnBytes) {
  const absl::Status bad_local = ReadDamagedModuleLoader([](CompilationUnit& unit) {
    Frame* frame = FirstFrameWith(unit, &Frame::debug_names);
    ASSERT_NE(frame, nullptr);
    frame->debug_names[0].local = static_cast<uint16_t>(frame->locals.size());
  });
  const absl::Status bad_string = ReadDamagedModuleLoader([](CompilationUnit& unit) {
    Frame* frame = FirstFrameWith(unit, &Frame::debug_names);
    ASSERT_NE(frame, nullptr);
    frame->debug_names[0].name = static_cast<uint32_t>(unit.strings.size());
  });
  EXPECT_THAT(bad_local.message(), HasSubstr(".debug_names[0]"));
  EXPECT_THAT(bad_string.message(), HasSubstr(".debug_names[0]"));
  ASSERT_GT(ByteOf(bad_local), 0) << bad_local;
  EXPECT_EQ(ByteOf(bad_string), ByteOf(bad_local) + 2) << bad_string;
}

// An annotation is a u32 bytecode offset, a u32 file (a string) and a u32 line: a bad file is
// named four bytes after a bad offset.
TEST(MoarHostileInput, AnAnnotationsBadOffsetAndBadFileAreNamedAtTheirOwnBytes) {
  const absl::Status bad_offset = ReadDamagedModuleLoader([](CompilationUnit& unit) {
    Frame* frame = FirstFrameWith(unit, &Frame::annotations);
    ASSERT_NE(frame, nullptr);
    frame->annotations[0].offset = static_cast<uint32_t>(frame->bytecode.size());
  });
  const absl::Status bad_file = ReadDamagedModuleLoader([](CompilationUnit& unit) {
    Frame* frame = FirstFrameWith(unit, &Frame::annotations);
    ASSERT_NE(frame, nullptr);
    frame->annotations[0].file = static_cast<uint32_t>(unit.strings.size());
  });
  EXPECT_THAT(bad_offset.message(), HasSubstr(".annotations[0]"));
  EXPECT_THAT(bad_offset.message(), HasSubstr("is outside the frame's"));
  EXPECT_THAT(bad_file.message(), HasSubstr(".annotations[0]"));
  EXPECT_THAT(bad_file.message(), HasSubstr("does not exist"));
  ASSERT_GT(ByteOf(bad_offset), 0) << bad_offset;
  EXPECT_EQ(ByteOf(bad_file), ByteOf(bad_offset) + 4) << bad_file;
}

// Only a lexical operand counts frames out: a register, literal or dispatch argument counts none.
TEST(MoarDebianUnits, OnlyLexicalOperandsCountFramesOut) {
  const absl::StatusOr<CompilationUnit> unit = ReadCompilationUnit(ReadUnitFile("ModuleLoader"));
  ASSERT_TRUE(unit.ok()) << unit.status();
  size_t others = 0, others_out = 0;
  for (uint32_t i = 0; i < unit->frames.size(); ++i) {
    const absl::StatusOr<FrameCode> code = DecodeFrameCode(*unit, i);
    ASSERT_TRUE(code.ok()) << code.status();
    for (const Operand& operand : code->operands) {
      const OperandAccess access = AccessOf(operand.descriptor);
      if (access == OperandAccess::kReadLexical || access == OperandAccess::kWriteLexical) continue;
      ++others;
      if (operand.outers != 0) ++others_out;
    }
  }
  EXPECT_GT(others, 100u);
  EXPECT_EQ(others_out, 0u);
}

// A value-initialized instruction is empty: no bytes and no operands.
TEST(MoarFrameCode, ADefaultInstructionCoversNoBytes) {
  const Instruction instruction{};
  EXPECT_EQ(instruction.offset, 0u);
  EXPECT_EQ(instruction.length, 0u);
  EXPECT_EQ(instruction.operands_begin, instruction.operands_end);
}

}  // namespace
}  // namespace frameproof::moar
