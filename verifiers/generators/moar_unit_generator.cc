#include "verifiers/generators/moar_unit_generator.h"

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "absl/strings/str_cat.h"
#include "core/moar/bytecode_layout.h"
#include "core/moar/op_table.h"
#include "core/moar/precomp_header.h"
#include "verifiers/dump/nfc.h"

namespace frameproof::moar {
namespace {

constexpr uint32_t kMaxStrings = 12;
constexpr uint32_t kMaxFrames = 5;
constexpr uint32_t kMaxInstructions = 40;
constexpr uint32_t kOpAttempts = 8;  // ops tried before an instruction falls back to no_op
constexpr uint16_t kNoOp = 0;

constexpr std::array<RegisterType, 12> kRegisterTypes = {
    RegisterType::kInt8,  RegisterType::kInt16,  RegisterType::kInt32,  RegisterType::kInt64,
    RegisterType::kNum32, RegisterType::kNum64,  RegisterType::kStr,    RegisterType::kObj,
    RegisterType::kUint8, RegisterType::kUint16, RegisterType::kUint32, RegisterType::kUint64};

// Descriptors an extension op may use: registers and literals a generated frame can satisfy.
constexpr std::array<uint8_t, 6> kExtensionOperands = {
    static_cast<uint8_t>(OperandType::kObj) << 3 | 1,    // read obj
    static_cast<uint8_t>(OperandType::kObj) << 3 | 2,    // write obj
    static_cast<uint8_t>(OperandType::kInt64) << 3 | 1,  // read int
    static_cast<uint8_t>(OperandType::kStr) << 3 | 1,    // read str
    static_cast<uint8_t>(OperandType::kInt16) << 3,      // int16 literal
    static_cast<uint8_t>(OperandType::kStr) << 3,        // string literal
};

// An instruction before layout: its branch operands name instructions, not offsets.
struct PlannedOperand {
  uint8_t descriptor = 0;
  uint64_t value = 0;             // what is written, except for branches
  uint16_t outers = 0;            // lexicals
  std::optional<uint32_t> target;  // branches: the index of the target instruction
};
struct PlannedInstruction {
  uint16_t opcode = 0;
  // Inline up to an op's most operands: only a dispatch op's call arguments spill to the heap.
  absl::InlinedVector<PlannedOperand, kMaxOperands> operands;
};

class UnitGenerator {
 public:
  explicit UnitGenerator(ByteSource& source) : source_(source) {}

  CompilationUnit Generate() && {
    GenerateStrings();
    unit_.hll_name = AnyString();
    for (uint32_t i = source_.InRange(0, 3); i > 0; --i) unit_.sc_dependencies.push_back(AnyString());
    for (uint32_t i = source_.InRange(0, 3); i > 0; --i) unit_.extension_ops.push_back(NewExtensionOp());
    for (uint32_t i = source_.InRange(0, 5); i > 0; --i) unit_.callsites.push_back(NewCallsite());
    const uint32_t frames = source_.InRange(1, kMaxFrames);
    unit_.frames.resize(frames);
    for (uint32_t i = 0; i < frames; ++i) GenerateFrameHeader(i);
    for (uint32_t i = 0; i < frames; ++i) GenerateFrameCode(i);
    LayOutAnnotations();
    for (uint32_t* special : {&unit_.mainline_frame, &unit_.main_frame, &unit_.load_frame,
                              &unit_.deserialize_frame}) {
      *special = source_.InRange(0, frames);
    }
    for (uint32_t i = source_.InRange(0, 64); i > 0; --i) {
      unit_.sc_data.push_back(static_cast<uint8_t>(source_.InRange(0, 255)));
    }
    return std::move(unit_);
  }

 private:
  uint32_t AnyString() { return source_.InRange(0, static_cast<uint32_t>(unit_.strings.size()) - 1); }

  void GenerateStrings() {
    const uint32_t count = source_.InRange(1, kMaxStrings);
    for (uint32_t i = 0; i < count; ++i) {
      HeapString string;
      string.utf8 = source_.Bool();
      for (uint32_t length = source_.InRange(0, 12); length > 0; --length) {
        if (!string.utf8) {
          string.bytes.push_back(static_cast<char>(source_.InRange(0, 255)));
          continue;
        }
        AppendUtf8(CodePoint(), string.bytes);
      }
      unit_.strings.push_back(std::move(string));
    }
  }

  // A Unicode scalar value: ASCII mostly, then two-, three- and four-byte ones.
  uint32_t CodePoint() {
    switch (source_.InRange(0, 3)) {
      case 0:
        return source_.InRange(0x80, 0x7ff);
      case 1: {
        const uint32_t code = source_.InRange(0x800, 0xfffd);
        return code >= 0xd800 && code <= 0xdfff ? code - 0x800 : code;
      }
      case 2:
        return source_.InRange(0x10000, 0x10ffff);
      default:
        return source_.InRange(0x20, 0x7e);
    }
  }

  ExtensionOp NewExtensionOp() {
    ExtensionOp op;
    op.name = AnyString();
    const uint32_t operands = source_.InRange(0, 3);
    for (uint32_t k = 0; k < operands; ++k) {
      op.operands[k] = kExtensionOperands[source_.InRange(0, kExtensionOperands.size() - 1)];
    }
    return op;
  }

  Callsite NewCallsite() {
    Callsite callsite;
    constexpr std::array<uint8_t, 5> kTypes = {kArgObj, kArgInt, kArgNum, kArgStr, kArgUint};
    for (uint32_t i = source_.InRange(0, 4); i > 0; --i) {
      if (source_.Chance(1, 6)) {
        callsite.flags.push_back(kArgFlat | kArgObj);
      } else {
        const uint8_t literal = source_.Chance(1, 8) ? kArgLiteral : 0;
        callsite.flags.push_back(kTypes[source_.InRange(0, kTypes.size() - 1)] | literal);
      }
    }
    for (uint32_t i = source_.InRange(0, 3); i > 0; --i) {
      if (source_.Chance(1, 5)) {
        callsite.flags.push_back(kArgNamed | kArgFlat | kArgObj);
      } else {
        callsite.flags.push_back(kArgNamed | kTypes[source_.InRange(0, kTypes.size() - 1)]);
        callsite.names.push_back(AnyString());
      }
    }
    return callsite;
  }

  void GenerateFrameHeader(uint32_t index) {
    Frame& frame = unit_.frames[index];
    frame.cuuid = AnyString();
    frame.name = AnyString();
    // No outer (its own index) or an earlier frame, so outer chains end.
    frame.outer = static_cast<uint16_t>(index == 0 || source_.Bool() ? index
                                                                     : source_.InRange(0, index - 1));
    frame.flags = static_cast<uint16_t>(source_.InRange(0, 0xffff));
    frame.code_object_sc_dependency_plus_one =
        source_.InRange(0, static_cast<uint32_t>(unit_.sc_dependencies.size()));
    frame.code_object_sc_index = source_.Uint32();
    // Every register type at least once, so every op can find its registers.
    frame.locals.assign(kRegisterTypes.begin(), kRegisterTypes.end());
    for (uint32_t i = source_.InRange(0, 4); i > 0; --i) {
      frame.locals.push_back(kRegisterTypes[source_.InRange(0, kRegisterTypes.size() - 1)]);
    }
    for (size_t i = frame.locals.size(); i > 1; --i) {
      std::swap(frame.locals[i - 1], frame.locals[source_.InRange(0, i - 1)]);
    }
    for (uint32_t i = source_.InRange(0, 4); i > 0; --i) {
      frame.lexicals.push_back(
          {kRegisterTypes[source_.InRange(0, kRegisterTypes.size() - 1)], AnyString()});
    }
    if (!frame.lexicals.empty() && !unit_.sc_dependencies.empty()) {
      for (uint32_t i = source_.InRange(0, 2); i > 0; --i) {
        frame.static_lexicals.push_back(
            {static_cast<uint16_t>(source_.InRange(0, frame.lexicals.size() - 1)),
             static_cast<uint16_t>(source_.InRange(0, 2)),
             source_.InRange(0, unit_.sc_dependencies.size() - 1), source_.Uint32()});
      }
    }
    for (uint32_t i = source_.InRange(0, 2); i > 0; --i) {
      frame.debug_names.push_back(
          {static_cast<uint16_t>(source_.InRange(0, frame.locals.size() - 1)), AnyString()});
    }
  }

  // A register of `type` (any type for type_var), or nullopt if the frame has none. The draw
  // picks among the candidates in register order.
  std::optional<uint16_t> RegisterOf(const Frame& frame, OperandType type) {
    const auto fits = [type](RegisterType local) {
      return type == OperandType::kTypeVar ||
             static_cast<uint16_t>(local) == static_cast<uint16_t>(type);
    };
    const size_t candidates = std::count_if(frame.locals.begin(), frame.locals.end(), fits);
    if (candidates == 0) return std::nullopt;
    size_t pick = source_.InRange(0, candidates - 1);
    for (size_t i = 0;; ++i) {
      if (fits(frame.locals[i]) && pick-- == 0) return static_cast<uint16_t>(i);
    }
  }

  // The operand for `descriptor` in frame `index`, or nullopt if it cannot be satisfied.
  std::optional<PlannedOperand> NewOperand(uint32_t index, uint8_t descriptor,
                                         uint32_t instructions) {
    const Frame& frame = unit_.frames[index];
    const OperandType type = TypeOf(descriptor);
    PlannedOperand operand;
    operand.descriptor = descriptor;
    switch (AccessOf(descriptor)) {
      case OperandAccess::kReadRegister:
      case OperandAccess::kWriteRegister: {
        const std::optional<uint16_t> reg = RegisterOf(frame, type);
        if (!reg.has_value()) return std::nullopt;
        operand.value = *reg;
        return operand;
      }
      case OperandAccess::kReadLexical:
      case OperandAccess::kWriteLexical:
        for (size_t i = 0; i < frame.lexicals.size(); ++i) {
          if (type == OperandType::kTypeVar ||
              static_cast<uint16_t>(frame.lexicals[i].type) == static_cast<uint16_t>(type)) {
            operand.value = i;
            return operand;
          }
        }
        return std::nullopt;
      case OperandAccess::kLiteral:
        break;
    }
    switch (type) {
      case OperandType::kStr:
        operand.value = AnyString();
        return operand;
      case OperandType::kCallsite:
        if (unit_.callsites.empty()) return std::nullopt;
        operand.value = source_.InRange(0, unit_.callsites.size() - 1);
        return operand;
      case OperandType::kCodeRef:
        operand.value = source_.InRange(0, unit_.frames.size() - 1);
        return operand;
      case OperandType::kIns:
        operand.target = source_.InRange(0, instructions - 1);
        return operand;
      case OperandType::kSpeshSlot:
        return std::nullopt;
      default: {
        const std::optional<uint32_t> size = LiteralSize(type);
        if (!size.has_value()) return std::nullopt;
        const uint64_t bits = source_.Uint64();
        operand.value = *size == 8 ? bits : bits & ((uint64_t{1} << (8 * *size)) - 1);
        return operand;
      }
    }
  }

  // Fills `instruction` with a random op whose operands frame `index` can satisfy, or no_op. (In
  // place: gcc takes a returned InlinedVector's move for a read of uninitialized storage.)
  void NewInstruction(uint32_t index, uint32_t instructions, PlannedInstruction& instruction) {
    for (uint32_t attempt = 0; attempt < kOpAttempts; ++attempt) {
      instruction.operands.clear();
      absl::Span<const uint8_t> descriptors;
      if (!unit_.extension_ops.empty() && source_.Chance(1, 16)) {
        const uint32_t ext = source_.InRange(0, unit_.extension_ops.size() - 1);
        instruction.opcode = static_cast<uint16_t>(kExtensionOpBase + ext);
        const auto& operands = unit_.extension_ops[ext].operands;
        descriptors = absl::MakeConstSpan(
            operands.data(), std::find(operands.begin(), operands.end(), 0) - operands.begin());
      } else {
        instruction.opcode = static_cast<uint16_t>(source_.InRange(0, 1023));
        const OpInfo* op = FindCoreOp(instruction.opcode);
        if (op == nullptr || op->kind != OpKind::kMast) continue;
        descriptors = absl::MakeConstSpan(op->operands.data(), op->operand_count);
      }
      bool satisfied = true;
      std::optional<uint32_t> callsite;
      for (uint8_t descriptor : descriptors) {
        std::optional<PlannedOperand> operand = NewOperand(index, descriptor, instructions);
        if (!operand.has_value()) {
          satisfied = false;
          break;
        }
        if (TypeOf(descriptor) == OperandType::kCallsite &&
            AccessOf(descriptor) == OperandAccess::kLiteral) {
          callsite = static_cast<uint32_t>(operand->value);
        }
        instruction.operands.push_back(*operand);
      }
      if (!satisfied) continue;
      if (IsDispatchOp(instruction.opcode)) {
        for (uint8_t flags : unit_.callsites[*callsite].flags) {
          // NewCallsite gives every flag exactly one type.
          const OperandType type =
              static_cast<OperandType>(static_cast<uint8_t>(*CallsiteArgumentType(flags)));
          const uint8_t descriptor = static_cast<uint8_t>(OperandAccess::kReadRegister);
          PlannedOperand argument;
          argument.descriptor = descriptor;
          argument.value = *RegisterOf(unit_.frames[index], type);
          instruction.operands.push_back(argument);
        }
      }
      return;
    }
    instruction.operands.clear();
    instruction.opcode = kNoOp;
  }

  static uint32_t OperandBytes(const PlannedOperand& operand) {
    return *OperandSize(operand.descriptor);  // NewOperand gives only valid descriptors
  }

  void GenerateFrameCode(uint32_t index) {
    const uint32_t count = source_.InRange(1, kMaxInstructions);
    std::vector<PlannedInstruction> planned;
    planned.reserve(count);
    for (uint32_t i = 0; i < count; ++i) NewInstruction(index, count, planned.emplace_back());
    std::vector<uint32_t> offsets;
    offsets.reserve(count);
    uint32_t size = 0;
    for (const PlannedInstruction& instruction : planned) {
      offsets.push_back(size);
      size += 2;
      for (const PlannedOperand& operand : instruction.operands) size += OperandBytes(operand);
    }
    Frame& frame = unit_.frames[index];
    frame.bytecode.reserve(size);
    const auto put = [&](uint64_t value, uint32_t bytes) {
      for (uint32_t b = 0; b < bytes; ++b) frame.bytecode.push_back(static_cast<uint8_t>(value >> (8 * b)));
    };
    for (const PlannedInstruction& instruction : planned) {
      put(instruction.opcode, 2);
      for (const PlannedOperand& operand : instruction.operands) {
        if (AccessOf(operand.descriptor) == OperandAccess::kReadLexical ||
            AccessOf(operand.descriptor) == OperandAccess::kWriteLexical) {
          put(operand.value, 2);
          put(operand.outers, 2);
        } else {
          put(operand.target.has_value() ? offsets[*operand.target] : operand.value,
              OperandBytes(operand));
        }
      }
    }
    const auto any_start = [&] { return offsets[source_.InRange(0, offsets.size() - 1)]; };
    for (uint32_t i = source_.InRange(0, 2); i > 0; --i) {
      Handler handler;
      handler.start = any_start();
      handler.end = source_.Bool() ? size : any_start();
      if (handler.end < handler.start) std::swap(handler.start, handler.end);
      handler.category_mask = source_.Uint32() & ~kHandlerCategoryLabeled;
      handler.action = static_cast<uint16_t>(source_.InRange(0, 2));
      handler.block_register = static_cast<uint16_t>(source_.InRange(0, frame.locals.size() - 1));
      handler.goto_offset = any_start();
      if (source_.Chance(1, 4)) {
        handler.category_mask |= kHandlerCategoryLabeled;
        handler.label_register = static_cast<uint16_t>(source_.InRange(0, frame.locals.size() - 1));
      }
      frame.handlers.push_back(handler);
    }
    std::vector<uint32_t> annotated;
    for (uint32_t i = source_.InRange(0, 3); i > 0; --i) annotated.push_back(any_start());
    std::sort(annotated.begin(), annotated.end());
    for (uint32_t offset : annotated) {
      frame.annotations.push_back({offset, AnyString(), source_.Uint32()});
    }
  }

  // Frames' annotation runs in a shuffled order, some with an unclaimed run before them; frames
  // without annotations point anywhere inside the segment.
  void LayOutAnnotations() {
    std::vector<uint32_t> order;
    for (uint32_t i = 0; i < unit_.frames.size(); ++i) order.push_back(i);
    for (size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[source_.InRange(0, i - 1)]);
    uint32_t offset = 0;
    const auto unclaimed = [&] {
      UnclaimedAnnotations run;
      run.offset = offset;
      for (uint32_t k = source_.InRange(1, 2); k > 0; --k) {
        run.annotations.push_back({source_.Uint32(), source_.Uint32(), source_.Uint32()});
      }
      offset += static_cast<uint32_t>(run.annotations.size() * kAnnotationSize);
      unit_.unclaimed_annotations.push_back(std::move(run));
    };
    for (uint32_t i : order) {
      Frame& frame = unit_.frames[i];
      if (frame.annotations.empty()) continue;
      if (source_.Chance(1, 4)) unclaimed();
      frame.annotation_offset = offset;
      offset += static_cast<uint32_t>(frame.annotations.size() * kAnnotationSize);
    }
    if (source_.Chance(1, 4)) unclaimed();
    for (Frame& frame : unit_.frames) {
      if (frame.annotations.empty()) frame.annotation_offset = source_.InRange(0, offset);
    }
  }

  ByteSource& source_;
  CompilationUnit unit_;
};

}  // namespace

CompilationUnit GenerateUnit(ByteSource& source) { return UnitGenerator(source).Generate(); }

namespace {

constexpr int kChecksumDigits = 40;
constexpr uint32_t kMaxDependencies = 3;

std::string RandomChecksum(ByteSource& source) {
  constexpr char kDigits[] = "0123456789ABCDEF";
  std::string checksum;
  for (int i = 0; i < kChecksumDigits; ++i) checksum += kDigits[source.InRange(0, 15)];
  return checksum;
}

}  // namespace

MoarFile GenerateMoarFile(ByteSource& source) {
  MoarFile file;
  if (source.Chance(1, 2)) {
    PrecompHeader header;
    header.checksum = RandomChecksum(source);
    header.source_checksum = RandomChecksum(source);
    const uint32_t dependencies = source.InRange(0, kMaxDependencies);
    for (uint32_t i = 0; i < dependencies; ++i) {
      PrecompDependency dependency;
      dependency.id = RandomChecksum(source);
      dependency.source = source.Chance(1, 2) ? absl::StrCat("core#sources/", dependency.id)
                                              : "/home/träger/lib/Ünïcode.rakumod";
      dependency.checksum = RandomChecksum(source);
      dependency.spec = absl::StrCat("CompUnit::DependencySpecification.new(:short-name<Mod", i,
                                     source.Chance(1, 2) ? "::Ωmega" : "", ">)");
      header.dependencies.push_back(std::move(dependency));
    }
    header.size = WritePrecompHeader(header).size();
    file.precomp = std::move(header);
  }
  file.unit = GenerateUnit(source);
  return file;
}

}  // namespace frameproof::moar
