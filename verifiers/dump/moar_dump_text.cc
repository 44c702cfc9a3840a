#include "verifiers/dump/moar_dump_text.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <optional>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "core/base/status_macros.h"
#include "core/moar/frame_code.h"
#include "core/moar/op_table.h"
#include "verifiers/dump/nfc.h"
#include "verifiers/util/planted_verifier_bugs.h"

namespace frameproof::moar {
namespace {

// MoarVM 2022.12's src/core/bytecodedump.c formats each piece of the dump (each call of its a()
// macro) into a 1024-byte buffer with vsnprintf, so a piece keeps its first 1023 bytes, cut by
// byte, even inside a UTF-8 sequence or before the piece's own "\n".
constexpr size_t kPieceLimit = 1023;
// The op name's column: "%-18s " for core ops, "%-12s " for the unit's extension ops.
constexpr int kCoreOpNameWidth = 18;
constexpr int kExtensionOpNameWidth = 12;

// A branch target: a literal instruction offset, which the dump prints as a label.
bool IsBranchTarget(const Operand& operand) {
  return AccessOf(operand.descriptor) == OperandAccess::kLiteral &&
         TypeOf(operand.descriptor) == OperandType::kIns;
}

absl::string_view TypeName(uint16_t type) {
  switch (static_cast<RegisterType>(type)) {
    case RegisterType::kInt8:
      return "int8";
    case RegisterType::kInt16:
      return "int16";
    case RegisterType::kInt32:
      return "int32";
    case RegisterType::kInt64:
      return "int";
    case RegisterType::kNum32:
      return "num32";
    case RegisterType::kNum64:
      return "num";
    case RegisterType::kStr:
      return "str";
    case RegisterType::kObj:
      return "obj";
    case RegisterType::kUint8:
      return "uint8";
    case RegisterType::kUint16:
      return "uint16";
    case RegisterType::kUint32:
      return "uint32";
    case RegisterType::kUint64:
      return "uint";
  }
  return "unknown";
}

class Dumper {
 public:
  explicit Dumper(const CompilationUnit& unit) : unit_(unit) {}

  absl::StatusOr<std::string> Dump() && {
    Piece("\nMoarVM dump of binary compilation unit:\n\n");
    for (size_t i = 0; i < unit_.sc_dependencies.size(); ++i) {
      Piece(absl::StrCat("  SC_", i, " : ", Text(unit_.sc_dependencies[i]), "\n"));
    }
    for (size_t i = 0; i < unit_.callsites.size(); ++i) DumpCallsite(i);
    for (uint32_t i = 0; i < unit_.frames.size(); ++i) FP_RETURN_IF_ERROR(DumpFrame(i));
    return std::move(out_);
  }

 private:
  void Piece(absl::string_view text) { absl::StrAppend(&out_, text.substr(0, kPieceLimit)); }

  // A string as MoarVM prints it: in NFC (MoarVM keeps strings in NFG), through a C string, so
  // it ends at its first NUL.
  std::string Text(uint32_t string) const {
    if (string >= unit_.strings.size()) return std::string();
    std::string text = ToNfc(unit_.strings[string].ToUtf8());
    text.resize(std::min(text.size(), text.find('\0')));
    return text;
  }

  void DumpCallsite(size_t index) {
    const Callsite& callsite = unit_.callsites[index];
    size_t positionals = 0;
    size_t arg_count = 0;
    for (uint8_t flags : callsite.flags) {
      const bool named = (flags & kArgNamed) != 0;
      const bool flat = (flags & kArgFlat) != 0;
      positionals += named ? 0 : 1;
      arg_count += named && !flat ? 2 : 1;  // a name and a value
    }
    Piece(absl::StrCat("  Callsite_", index, " :\n"));
    Piece(absl::StrCat("    num_pos: ", positionals, "\n"));
    Piece(absl::StrCat("    arg_count: ", arg_count, "\n"));
    size_t names = 0;
    // An argument's line is several pieces, so a long name cuts only its own " named(...)".
    for (size_t i = 0; i < callsite.flags.size(); ++i) {
      const uint8_t flags = callsite.flags[i];
      Piece(absl::StrCat("    Arg ", i + 1, " :"));
      if ((flags & kArgNamed) != 0 && (flags & kArgFlat) != 0) {
        Piece(" flatnamed");
      } else if ((flags & kArgNamed) != 0) {
        Piece(names < callsite.names.size()
                  ? absl::StrCat(" named(", Text(callsite.names[names]), ")")
                  : std::string(" named"));
        ++names;
      } else if ((flags & kArgFlat) != 0) {
        Piece(" flat");
      } else {
        Piece(" positional");
      }
      if (flags & kArgObj) {
        Piece(" obj");
      } else if (flags & kArgInt) {
        Piece(" int");
      } else if (flags & kArgUint) {
        Piece(" uint");
      } else if (flags & kArgNum) {
        Piece(" num");
      } else if (flags & kArgStr) {
        Piece(" str");
      }
      if (flags & kArgFlat) Piece(" flat");
      Piece("\n");
    }
  }

  absl::Status DumpFrame(uint32_t index) {
    const Frame& frame = unit_.frames[index];
    Piece(absl::StrCat("  Frame_", index, " :\n"));
    Piece(absl::StrCat("    cuuid : ", Text(frame.cuuid), "\n"));
    Piece(absl::StrCat("    name : ", Text(frame.name), "\n"));
    if (frame.outer != index) Piece(absl::StrCat("    outer : Frame_", frame.outer, "\n"));
    for (size_t i = 0; i < frame.locals.size(); ++i) {
      if (i == 0) Piece("    Locals :\n");
      Piece(absl::StrFormat("  %6u: loc_%u_%s\n", i, i,
                            TypeName(static_cast<uint16_t>(frame.locals[i]))));
    }
    for (size_t i = 0; i < frame.lexicals.size(); ++i) {
      if (i == 0) Piece("    Lexicals :\n");
      Piece(absl::StrFormat("  %6u: lex_Frame_%u_%s_%s\n", i, index, Text(frame.lexicals[i].name),
                            TypeName(static_cast<uint16_t>(frame.lexicals[i].type))));
    }
    Piece("    Instructions :\n");
    FP_ASSIGN_OR_RETURN(const FrameCode code, DecodeFrameCode(unit_, index));
    return DumpInstructions(index, frame, code);
  }

  absl::Status DumpInstructions(uint32_t frame_index, const Frame& frame, const FrameCode& code) {
    // Labels are numbered by the offset they mark, from 1 in each frame.
    std::vector<uint32_t> targets;
    for (const Operand& operand : code.operands) {
      if (IsBranchTarget(operand)) targets.push_back(static_cast<uint32_t>(operand.value));
    }
    std::sort(targets.begin(), targets.end());
    targets.erase(std::unique(targets.begin(), targets.end()), targets.end());
    const auto label_of = [&](uint32_t offset) {
      return std::lower_bound(targets.begin(), targets.end(), offset) - targets.begin() + 1;
    };

    size_t annotation = 0;
    for (size_t i = 0; i < code.instructions.size(); ++i) {
      const Instruction& instruction = code.instructions[i];
      // Of the annotations at this instruction, MoarVM prints the last one only.
      const Annotation* here = nullptr;
      while (annotation < frame.annotations.size() &&
             frame.annotations[annotation].offset == instruction.offset) {
        here = &frame.annotations[annotation++];
      }
      if (here != nullptr) {
        // MoarVM reads the file name's string index as 16 bits, and falls back to string 0.
        const uint32_t file = here->file & 0xffff;
        Piece(absl::StrCat("     annotation: ", Text(file < unit_.strings.size() ? file : 0), ":",
                           here->line, "\n"));
      }
      if (std::binary_search(targets.begin(), targets.end(), instruction.offset)) {
        Piece(absl::StrCat("     label_", label_of(instruction.offset), ":\n"));
      }
      // MoarVM builds the instruction's text first ("   ", the name in its column, the
      // operands), then prints it as one piece after the index: a long line is cut as a whole.
      // A branch target prints nothing there (its ", " does); the label of the last one follows
      // as a piece of its own, except for a branch to offset 0 (a zero means "no jump" to it).
      std::string line =
          absl::StrFormat("   %-*s ", OpNameWidth(instruction.opcode), OpName(instruction.opcode));
      std::optional<uint32_t> jump;
      bool first = true;
      for (const Operand& operand : code.OperandsOf(instruction)) {
        if (!first) line += ", ";
        first = false;
        if (IsBranchTarget(operand)) {
          jump = static_cast<uint32_t>(operand.value);
          continue;
        }
        FP_ASSIGN_OR_RETURN(const std::string text, OperandText(frame_index, frame, operand));
        line += text;
      }
      Piece(absl::StrFormat("%05d   %s", i, line));
      if (jump.has_value() && *jump != 0) {
        Piece(absl::StrFormat("label_%d(%05d)", label_of(*jump), code.InstructionAt(*jump)));
      }
      Piece("\n");
    }
    return absl::OkStatus();
  }

  std::string OpName(uint16_t opcode) const {
    if (opcode >= kExtensionOpBase) {
      return Text(unit_.extension_ops[opcode - kExtensionOpBase].name);
    }
    return std::string(FindCoreOp(opcode)->name);
  }

  static int OpNameWidth(uint16_t opcode) {
    return opcode >= kExtensionOpBase && !FP_PLANTED_BUG(kMoarDumpPadsExtensionOpsAsCore)
               ? kExtensionOpNameWidth
               : kCoreOpNameWidth;
  }

  // The text of an operand that is not a branch target.
  absl::StatusOr<std::string> OperandText(uint32_t frame_index, const Frame& frame,
                                          const Operand& operand) const {
    const OperandType type = TypeOf(operand.descriptor);
    switch (AccessOf(operand.descriptor)) {
      case OperandAccess::kReadRegister:
      case OperandAccess::kWriteRegister:
        return absl::StrCat("loc_", operand.value, "_",
                            TypeName(static_cast<uint16_t>(frame.locals[operand.value])));
      case OperandAccess::kReadLexical:
      case OperandAccess::kWriteLexical: {
        // moar --dump follows the static outer pointer `outers` times without a null check, then
        // prints the lexical of each of the unit's frames that is the one reached. A lexical the
        // runtime finds past the unit's outermost frame (whose outer is set at run time) prints
        // nothing if the walk leaves the unit on its last hop; leaving earlier, moar follows a
        // null outer and crashes, so there is no dump to print.
        uint32_t target = frame_index;
        for (uint32_t hop = 0; hop < operand.outers; ++hop) {
          const uint32_t outer = unit_.frames[target].outer;
          if (outer != target) {
            target = outer;
            continue;
          }
          if (hop + 1 == operand.outers) return std::string();
          return absl::FailedPreconditionError(absl::StrCat(
              "frames[", frame_index, "] bytecode byte ", operand.offset, ": a lexical ",
              operand.outers, " frames out leaves the unit after ", hop + 1,
              ": moar --dump follows a null outer there and crashes, so there is no dump to "
              "match"));
        }
        const Lexical& lexical = unit_.frames[target].lexicals[operand.value];
        return absl::StrCat("lex_Frame_", target, "_", Text(lexical.name), "_",
                            TypeName(static_cast<uint16_t>(lexical.type)));
      }
      case OperandAccess::kLiteral:
        break;
    }
    const uint64_t bits = operand.value;
    switch (type) {
      case OperandType::kInt8:
      case OperandType::kInt16:
      case OperandType::kUint8:
      case OperandType::kUint16:
        return absl::StrCat(static_cast<int16_t>(bits));
      case OperandType::kInt32:
      case OperandType::kUint32:
        return absl::StrCat(static_cast<int32_t>(bits));
      case OperandType::kInt64:
      case OperandType::kUint64:
        return absl::StrCat(static_cast<int64_t>(bits));
      case OperandType::kNum32:
        return absl::StrFormat("%f", std::bit_cast<float>(static_cast<uint32_t>(bits)));
      case OperandType::kNum64:
        return absl::StrFormat("%f", std::bit_cast<double>(bits));
      case OperandType::kStr:
        return absl::StrCat("'", Text(static_cast<uint32_t>(bits)), "'");
      case OperandType::kCodeRef:
        return absl::StrCat("Frame_", bits);
      case OperandType::kCallsite:
        return absl::StrCat("Callsite_", bits);
      default:
        return absl::StrCat(bits);
    }
  }

  const CompilationUnit& unit_;
  std::string out_;
};

}  // namespace

absl::StatusOr<std::string> MoarDumpText(const CompilationUnit& unit) {
  return Dumper(unit).Dump();
}

}  // namespace frameproof::moar
