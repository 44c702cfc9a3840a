// Where moar --dump's lexical walk leaves a unit: a lexical operand whose outer hops run past the
// unit's outermost frame (the runtime sets that frame's outer when it loads the unit). MoarVM's
// dumper follows the static outer pointer without a null check, so one hop past prints nothing
// and more than one crashes it (src/core/bytecodedump.c, 2022.12).

#include <cstdint>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/moar/bytecode_reader.h"
#include "core/moar/frame_code.h"
#include "core/moar/op_table.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "verifiers/dump/moar_dump_text.h"

namespace frameproof::moar {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

CompilationUnit ModuleLoader() {
  std::ifstream in(absl::StrCat(FRAMEPROOF_NQP_LIB_DIR, "/ModuleLoader.moarvm"), std::ios::binary);
  const std::vector<uint8_t> bytes{std::istreambuf_iterator<char>(in), {}};
  absl::StatusOr<CompilationUnit> unit = ReadCompilationUnit(bytes);
  EXPECT_TRUE(unit.ok()) << unit.status();
  return *unit;
}

// How many outer hops lead from `frame` to the unit's outermost frame on its static chain.
uint16_t Depth(const CompilationUnit& unit, uint32_t frame) {
  uint16_t depth = 0;
  for (; unit.frames[frame].outer != frame; frame = unit.frames[frame].outer) ++depth;
  return depth;
}

// ModuleLoader with its first lexical operand made to reach `past` frames beyond the unit's
// outermost frame.
CompilationUnit WithLexicalPastTheUnit(uint16_t past) {
  CompilationUnit unit = ModuleLoader();
  for (uint32_t frame = 0; frame < unit.frames.size(); ++frame) {
    const absl::StatusOr<FrameCode> code = DecodeFrameCode(unit, frame);
    for (const Operand& operand : code->operands) {
      const OperandAccess access = AccessOf(operand.descriptor);
      if (access != OperandAccess::kReadLexical && access != OperandAccess::kWriteLexical) {
        continue;
      }
      const uint16_t outers = Depth(unit, frame) + past;
      unit.frames[frame].bytecode[operand.offset + 2] = static_cast<uint8_t>(outers);
      unit.frames[frame].bytecode[operand.offset + 3] = static_cast<uint8_t>(outers >> 8);
      return unit;
    }
  }
  ADD_FAILURE() << "ModuleLoader has no lexical operand";
  return unit;
}

TEST(MoarDumpLexicals, OneHopPastTheUnitPrintsNothingForTheOperand) {
  const absl::StatusOr<std::string> dump = MoarDumpText(WithLexicalPastTheUnit(1));
  ASSERT_TRUE(dump.ok()) << dump.status();
  const absl::StatusOr<std::string> healthy = MoarDumpText(ModuleLoader());
  ASSERT_TRUE(healthy.ok());
  // The one line that differs lost its lexical's text (`lex_Frame_...`), and nothing else.
  EXPECT_LT(dump->size(), healthy->size());
  EXPECT_THAT(*dump, Not(HasSubstr("lex_outer_frame_not_found")));
}

TEST(MoarDumpLexicals, TwoHopsPastTheUnitIsADumpMoarCannotPrint) {
  const absl::StatusOr<std::string> dump = MoarDumpText(WithLexicalPastTheUnit(2));
  EXPECT_TRUE(absl::IsFailedPrecondition(dump.status())) << dump.status();
  EXPECT_THAT(dump.status().message(),
              HasSubstr("moar --dump follows a null outer there and crashes"));
}

}  // namespace
}  // namespace frameproof::moar
