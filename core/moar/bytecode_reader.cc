#include "core/moar/bytecode_reader.h"

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "core/base/internal/byte_reader.h"
#include "core/base/status_macros.h"
#include "core/moar/bytecode_layout.h"
#include "core/moar/frame_code.h"
#include "core/moar/op_table.h"
#include "core/moar/precomp_header.h"

namespace frameproof::moar {
namespace {

// Where a frame's variable-length parts sit in the file, for the checks made once every segment
// is known.
struct FrameExtent {
  uint64_t record = 0;  // file offset of the frame record
  uint32_t bytecode_offset = 0;
  uint32_t bytecode_length = 0;
  uint32_t annotation_count = 0;
};

// Reads the unit in `bytes`, which starts at byte `file_offset` of its file (after a Rakudo
// precompilation header): error offsets are file offsets, while the offsets the unit gives for
// its own segments, and those its errors quote, count from its magic, as MoarVM counts them.
class UnitReader {
 public:
  UnitReader(absl::Span<const uint8_t> bytes, uint64_t file_offset)
      : bytes_(bytes), reader_(bytes, ByteOrder::kLittle, "file"), file_offset_(file_offset) {}

  absl::StatusOr<CompilationUnit> ReadStructure() {
    FP_RETURN_IF_ERROR(ReadSegments());
    return std::move(unit_);
  }

  absl::StatusOr<CompilationUnit> Read() {
    FP_RETURN_IF_ERROR(ReadSegments());
    for (uint32_t i = 0; i < unit_.frames.size(); ++i) {
      absl::StatusOr<FrameCode> code = DecodeFrameCode(unit_, i);
      if (!code.ok()) {
        return absl::InvalidArgumentError(
            absl::StrCat(code.status().message(), " (the frame's bytecode starts at file byte ",
                         file_offset_ + bytecode_start_ + extents_[i].bytecode_offset, ")"));
      }
    }
    return std::move(unit_);
  }

 private:
  // Reads and checks everything but the frames' bytecode into unit_.
  absl::Status ReadSegments() {
    FP_RETURN_IF_ERROR(ReadHeader());
    FP_RETURN_IF_ERROR(ReadScDependencies());
    FP_RETURN_IF_ERROR(ReadExtensionOps());
    FP_RETURN_IF_ERROR(ReadFrames());
    FP_RETURN_IF_ERROR(ReadCallsites());
    FP_RETURN_IF_ERROR(ReadStrings());
    FP_RETURN_IF_ERROR(ReadScData());
    FP_RETURN_IF_ERROR(ReadBytecode());
    FP_RETURN_IF_ERROR(ReadAnnotations());
    FP_RETURN_IF_ERROR(CheckEnd());
    return CheckReferences();
  }

  // An error about the field `name` (a string, or a callable that builds it: names of items in
  // loops are built only when there is an error to report).
  template <typename Name>
  absl::Status Error(uint64_t offset, const Name& name, absl::string_view what) const {
    return absl::InvalidArgumentError(
        absl::StrCat(NameOf(name), " (byte ", file_offset_ + offset, "): ", what));
  }
  template <typename Name>
  static std::string NameOf(const Name& name) {
    if constexpr (std::is_invocable_v<Name>) {
      return name();
    } else {
      return std::string(name);
    }
  }

  // The next T at pos_, named `name` in errors.
  template <typename T, typename Name>
  absl::StatusOr<T> Next(const Name& name) {
    const std::optional<T> value = reader_.TryRead<T>(pos_);
    if (!value.has_value()) {
      return Error(pos_, name, absl::StrCat("needs ", sizeof(T), " bytes, but the file ends at ",
                                            bytes_.size()));
    }
    pos_ += sizeof(T);
    return *value;
  }

  uint32_t SegmentOffset(Segment segment) const {
    return segment_table_[2 * static_cast<size_t>(segment)];
  }
  uint32_t SegmentCount(Segment segment) const {
    return segment_table_[2 * static_cast<size_t>(segment) + 1];
  }
  static std::string SegmentField(Segment segment, bool count) {
    return absl::StrCat("header.", SegmentName(segment), count ? ".count" : ".offset");
  }
  static uint64_t SegmentFieldOffset(Segment segment, bool count) {
    return kSegmentTableOffset + 8 * static_cast<uint64_t>(segment) + (count ? 4 : 0);
  }

  // Moves to the start of `segment`, which must be the next 8-byte boundary after pos_, with zero
  // bytes between; then checks that `count` items of at least `min_item_size` bytes can fit.
  absl::Status EnterSegment(Segment segment, uint64_t count, uint64_t min_item_size) {
    const uint64_t start = AlignUp(pos_, kSegmentAlignment);
    if (SegmentOffset(segment) != start) {
      return Error(SegmentFieldOffset(segment, false), SegmentField(segment, false),
                   absl::StrCat("the segment starts at ", SegmentOffset(segment),
                                ", but MoarVM lays it out at ", start,
                                " (the previous segment ends at ", pos_, ")"));
    }
    if (start > bytes_.size()) {
      return Error(SegmentFieldOffset(segment, false), SegmentField(segment, false),
                   absl::StrCat("the segment starts at ", start, ", past the file's end at ",
                                bytes_.size()));
    }
    for (uint64_t i = pos_; i < start; ++i) {
      if (bytes_[i] != 0) {
        return Error(i, absl::StrCat("padding before ", SegmentName(segment)),
                     absl::StrCat("byte is ", bytes_[i], ", not 0"));
      }
    }
    pos_ = start;
    if (count * min_item_size > bytes_.size() - pos_) {
      return Error(SegmentFieldOffset(segment, true), SegmentField(segment, true),
                   absl::StrCat(count, " entries need at least ", count * min_item_size,
                                " bytes, but the file has ", bytes_.size() - pos_,
                                " after the segment's start"));
    }
    return absl::OkStatus();
  }

  // Checks that a string index read at `offset` names an existing string.
  template <typename Name>
  absl::Status CheckString(uint64_t offset, const Name& field, uint32_t index) const {
    if (index < string_count_) return absl::OkStatus();
    return Error(offset, field,
                 absl::StrCat("string ", index, " does not exist (", string_count_, " strings)"));
  }

  absl::Status ReadHeader() {
    if (bytes_.size() < kHeaderSize) {
      return Error(0, "header", absl::StrCat("the file has ", bytes_.size(),
                                             " bytes; a version-7 header needs ", kHeaderSize));
    }
    if (absl::string_view(reinterpret_cast<const char*>(bytes_.data()), kMagic.size()) !=
        kMagic) {
      return Error(0, "header.magic",
                   file_offset_ == 0
                       ? "the file starts neither with \"MOARVM\\r\\n\" nor with a Rakudo "
                         "precompilation header"
                       : "the unit after the precompilation header does not start with "
                         "\"MOARVM\\r\\n\"");
    }
    FP_ASSIGN_OR_RETURN(unit_.version, reader_.Read<uint32_t>(kVersionOffset, "header.version"));
    if (unit_.version != kBytecodeVersion) {
      return Error(kVersionOffset, "header.version",
                   absl::StrCat("version ", unit_.version, "; MoarVM 2022.12 reads only ",
                                kBytecodeVersion));
    }
    for (size_t i = 0; i < segment_table_.size(); ++i) {
      FP_ASSIGN_OR_RETURN(segment_table_[i],
                          reader_.Read<uint32_t>(kSegmentTableOffset + 4 * i, "header"));
    }
    string_count_ = SegmentCount(Segment::kStrings);
    FP_ASSIGN_OR_RETURN(unit_.hll_name, reader_.Read<uint32_t>(kHllNameOffset, "header.hll_name"));
    FP_RETURN_IF_ERROR(CheckString(kHllNameOffset, "header.hll_name", unit_.hll_name));
    const std::array<std::pair<size_t, uint32_t*>, 4> special = {{
        {kMainlineFrameOffset, &unit_.mainline_frame},
        {kMainFrameOffset, &unit_.main_frame},
        {kLoadFrameOffset, &unit_.load_frame},
        {kDeserializeFrameOffset, &unit_.deserialize_frame},
    }};
    const uint32_t frame_count = SegmentCount(Segment::kFrames);
    for (const auto& [offset, field] : special) {
      FP_ASSIGN_OR_RETURN(*field, reader_.Read<uint32_t>(offset, "header"));
      if (*field > frame_count) {
        return Error(offset, "header.special_frame",
                     absl::StrCat("frame index + 1 is ", *field, ", but the unit has ",
                                  frame_count, " frames"));
      }
    }
    pos_ = kHeaderSize;
    return absl::OkStatus();
  }

  absl::Status ReadScDependencies() {
    const uint32_t count = SegmentCount(Segment::kScDependencies);
    FP_RETURN_IF_ERROR(EnterSegment(Segment::kScDependencies, count, kScDependencySize));
    unit_.sc_dependencies.reserve(count);
    for (uint32_t i = 0; i < count; ++i) {
      const auto field = [&] { return absl::StrCat("sc_dependencies[", i, "]"); };
      const uint64_t offset = pos_;
      FP_ASSIGN_OR_RETURN(const uint32_t name, Next<uint32_t>(field));
      FP_RETURN_IF_ERROR(CheckString(offset, field, name));
      unit_.sc_dependencies.push_back(name);
    }
    return absl::OkStatus();
  }

  absl::Status ReadExtensionOps() {
    const uint32_t count = SegmentCount(Segment::kExtensionOps);
    FP_RETURN_IF_ERROR(EnterSegment(Segment::kExtensionOps, count, kExtensionOpSize));
    if (count > kMaxExtensionOps) {
      return Error(SegmentFieldOffset(Segment::kExtensionOps, true),
                   SegmentField(Segment::kExtensionOps, true),
                   absl::StrCat(count, " extension ops; opcodes reach only ", kMaxExtensionOps));
    }
    unit_.extension_ops.resize(count);
    for (uint32_t i = 0; i < count; ++i) {
      ExtensionOp& op = unit_.extension_ops[i];
      const auto field = [&] { return absl::StrCat("extension_ops[", i, "]"); };
      const uint64_t offset = pos_;
      FP_ASSIGN_OR_RETURN(op.name, Next<uint32_t>(absl::StrCat(field(), ".name")));
      FP_RETURN_IF_ERROR(CheckString(offset, absl::StrCat(field(), ".name"), op.name));
      bool ended = false;
      for (size_t k = 0; k < op.operands.size(); ++k) {
        const uint64_t at = pos_;
        FP_ASSIGN_OR_RETURN(op.operands[k], Next<uint8_t>(absl::StrCat(field(), ".operands")));
        const uint8_t descriptor = op.operands[k];
        if (descriptor == 0) {
          ended = true;
          continue;
        }
        const bool access_ok = (descriptor & 0x7) <= static_cast<uint8_t>(OperandAccess::kWriteLexical);
        const bool literal_ok = AccessOf(descriptor) != OperandAccess::kLiteral ||
                                LiteralSize(TypeOf(descriptor)).has_value();
        if (ended || !access_ok || !literal_ok) {
          return Error(at, absl::StrCat(field(), ".operands[", k, "]"),
                       absl::StrCat("descriptor ", descriptor,
                                    ended ? " follows the terminating 0" : " is not valid"));
        }
      }
    }
    return absl::OkStatus();
  }

  // A count read from a frame record must fit the bytes left, with `item_size` bytes per item.
  template <typename Name>
  absl::Status CheckFits(uint64_t offset, const Name& field, uint64_t count,
                         uint64_t item_size) const {
    if (count * item_size <= bytes_.size() - pos_) return absl::OkStatus();
    return Error(offset, field,
                 absl::StrCat(count, " entries of ", item_size, " bytes run past the file's end (",
                              bytes_.size() - pos_, " bytes left)"));
  }

  absl::Status ReadFrames() {
    const uint32_t count = SegmentCount(Segment::kFrames);
    FP_RETURN_IF_ERROR(EnterSegment(Segment::kFrames, count, kFrameRecordSize));
    if (count == 0) {
      return Error(SegmentFieldOffset(Segment::kFrames, true), SegmentField(Segment::kFrames, true),
                   "a compilation unit has at least one frame");
    }
    unit_.frames.resize(count);
    extents_.resize(count);
    uint64_t expected_bytecode = 0;
    for (uint32_t i = 0; i < count; ++i) {
      FP_RETURN_IF_ERROR(ReadFrame(i, expected_bytecode));
      expected_bytecode += extents_[i].bytecode_length;
    }
    return absl::OkStatus();
  }

  absl::Status ReadFrame(uint32_t index, uint64_t expected_bytecode) {
    Frame& frame = unit_.frames[index];
    FrameExtent& extent = extents_[index];
    const auto item = [&] { return absl::StrCat("frames[", index, "]"); };
    const auto field = [&](absl::string_view name) {
      return [&item, name] { return absl::StrCat(item(), ".", name); };
    };
    extent.record = pos_;
    const uint64_t record = pos_;
    FP_ASSIGN_OR_RETURN(extent.bytecode_offset, Next<uint32_t>(field("bytecode_offset")));
    FP_ASSIGN_OR_RETURN(extent.bytecode_length, Next<uint32_t>(field("bytecode_length")));
    FP_ASSIGN_OR_RETURN(const uint32_t local_count, Next<uint32_t>(field("local_count")));
    FP_ASSIGN_OR_RETURN(const uint32_t lexical_count, Next<uint32_t>(field("lexical_count")));
    FP_ASSIGN_OR_RETURN(frame.cuuid, Next<uint32_t>(field("cuuid")));
    FP_RETURN_IF_ERROR(CheckString(record + kFrameCuuid, field("cuuid"), frame.cuuid));
    FP_ASSIGN_OR_RETURN(frame.name, Next<uint32_t>(field("name")));
    FP_RETURN_IF_ERROR(CheckString(record + kFrameName, field("name"), frame.name));
    FP_ASSIGN_OR_RETURN(frame.outer, Next<uint16_t>(field("outer")));
    FP_ASSIGN_OR_RETURN(frame.annotation_offset, Next<uint32_t>(field("annotation_offset")));
    FP_ASSIGN_OR_RETURN(extent.annotation_count, Next<uint32_t>(field("annotation_count")));
    FP_ASSIGN_OR_RETURN(const uint32_t handler_count, Next<uint32_t>(field("handler_count")));
    FP_ASSIGN_OR_RETURN(frame.flags, Next<uint16_t>(field("flags")));
    FP_ASSIGN_OR_RETURN(const uint16_t static_count, Next<uint16_t>(field("static_lexical_count")));
    FP_ASSIGN_OR_RETURN(frame.code_object_sc_dependency_plus_one,
                        Next<uint32_t>(field("code_object_sc_dependency")));
    FP_ASSIGN_OR_RETURN(frame.code_object_sc_index, Next<uint32_t>(field("code_object_sc_index")));
    FP_ASSIGN_OR_RETURN(const uint32_t debug_count, Next<uint32_t>(field("debug_name_count")));

    if (extent.bytecode_offset != expected_bytecode) {
      return Error(record + kFrameBytecodeOffset, field("bytecode_offset"),
                   absl::StrCat("the frame's bytecode starts at ", extent.bytecode_offset,
                                ", but MoarVM lays frames out back to back: the previous one ends "
                                "at ",
                                expected_bytecode));
    }
    const uint64_t bytecode_segment = SegmentCount(Segment::kBytecode);
    if (uint64_t{extent.bytecode_offset} + extent.bytecode_length > bytecode_segment) {
      return Error(record + kFrameBytecodeLength, field("bytecode_length"),
                   absl::StrCat("bytes [", extent.bytecode_offset, ", ",
                                uint64_t{extent.bytecode_offset} + extent.bytecode_length,
                                ") run past the bytecode segment's ", bytecode_segment, " bytes"));
    }
    const uint64_t annotation_segment = SegmentCount(Segment::kAnnotations);
    if (uint64_t{frame.annotation_offset} + uint64_t{extent.annotation_count} * kAnnotationSize >
        annotation_segment) {
      return Error(record + kFrameAnnotationCount, field("annotation_count"),
                   absl::StrCat(extent.annotation_count, " annotations at ",
                                frame.annotation_offset, " run past the annotation segment's ",
                                annotation_segment, " bytes"));
    }

    FP_RETURN_IF_ERROR(CheckFits(record + kFrameLocalCount, field("local_count"), local_count, 2));
    frame.locals.reserve(local_count);
    for (uint32_t k = 0; k < local_count; ++k) {
      const uint64_t at = pos_;
      const auto local = [&] { return absl::StrCat(item(), ".locals[", k, "]"); };
      FP_ASSIGN_OR_RETURN(const uint16_t type, Next<uint16_t>(local));
      if (!IsRegisterType(type)) {
        return Error(at, local, absl::StrCat("type ", type, " is no register type"));
      }
      frame.locals.push_back(static_cast<RegisterType>(type));
    }
    FP_RETURN_IF_ERROR(
        CheckFits(record + kFrameLexicalCount, field("lexical_count"), lexical_count, kLexicalSize));
    frame.lexicals.reserve(lexical_count);
    for (uint32_t k = 0; k < lexical_count; ++k) {
      const uint64_t at = pos_;
      const auto lexical = [&] { return absl::StrCat(item(), ".lexicals[", k, "]"); };
      FP_ASSIGN_OR_RETURN(const uint16_t type, Next<uint16_t>(lexical));
      if (!IsRegisterType(type)) {
        return Error(at, lexical, absl::StrCat("type ", type, " is no register type"));
      }
      FP_ASSIGN_OR_RETURN(const uint32_t name, Next<uint32_t>(lexical));
      FP_RETURN_IF_ERROR(CheckString(at + 2, lexical, name));
      frame.lexicals.push_back({static_cast<RegisterType>(type), name});
    }
    FP_RETURN_IF_ERROR(
        CheckFits(record + kFrameHandlerCount, field("handler_count"), handler_count, kHandlerSize));
    frame.handlers.reserve(handler_count);
    for (uint32_t k = 0; k < handler_count; ++k) {
      FP_RETURN_IF_ERROR(ReadHandler(
          frame, [&] { return absl::StrCat(item(), ".handlers[", k, "]"); }, local_count));
    }
    FP_RETURN_IF_ERROR(CheckFits(record + kFrameStaticLexicalCount, field("static_lexical_count"),
                                 static_count, kStaticLexicalSize));
    frame.static_lexicals.reserve(static_count);
    for (uint32_t k = 0; k < static_count; ++k) {
      const uint64_t at = pos_;
      const auto entry = [&] { return absl::StrCat(item(), ".static_lexicals[", k, "]"); };
      StaticLexical value;
      FP_ASSIGN_OR_RETURN(value.lexical, Next<uint16_t>(entry));
      FP_ASSIGN_OR_RETURN(value.flag, Next<uint16_t>(entry));
      FP_ASSIGN_OR_RETURN(value.sc_dependency, Next<uint32_t>(entry));
      FP_ASSIGN_OR_RETURN(value.sc_object, Next<uint32_t>(entry));
      if (value.lexical >= lexical_count) {
        return Error(at, entry, absl::StrCat("lexical ", value.lexical, " does not exist (",
                                             lexical_count, " lexicals)"));
      }
      if (value.flag > static_cast<uint16_t>(StaticLexicalFlag::kState)) {
        return Error(at + 2, entry, absl::StrCat("flag ", value.flag, " is not 0, 1 or 2"));
      }
      if (value.sc_dependency >= unit_.sc_dependencies.size()) {
        return Error(at + 4, entry,
                     absl::StrCat("SC dependency ", value.sc_dependency, " does not exist (",
                                  unit_.sc_dependencies.size(), ")"));
      }
      frame.static_lexicals.push_back(value);
    }
    FP_RETURN_IF_ERROR(CheckFits(record + kFrameDebugNameCount, field("debug_name_count"),
                                 debug_count, kDebugNameSize));
    frame.debug_names.reserve(debug_count);
    for (uint32_t k = 0; k < debug_count; ++k) {
      const uint64_t at = pos_;
      const auto entry = [&] { return absl::StrCat(item(), ".debug_names[", k, "]"); };
      DebugName name;
      FP_ASSIGN_OR_RETURN(name.local, Next<uint16_t>(entry));
      FP_ASSIGN_OR_RETURN(name.name, Next<uint32_t>(entry));
      if (name.local >= local_count) {
        return Error(at, entry,
                     absl::StrCat("local ", name.local, " does not exist (", local_count, ")"));
      }
      FP_RETURN_IF_ERROR(CheckString(at + 2, entry, name.name));
      frame.debug_names.push_back(name);
    }
    return absl::OkStatus();
  }

  template <typename Name>
  absl::Status ReadHandler(Frame& frame, const Name& item, uint32_t local_count) {
    const uint64_t at = pos_;
    Handler handler;
    FP_ASSIGN_OR_RETURN(handler.start, Next<uint32_t>(item));
    FP_ASSIGN_OR_RETURN(handler.end, Next<uint32_t>(item));
    FP_ASSIGN_OR_RETURN(handler.category_mask, Next<uint32_t>(item));
    FP_ASSIGN_OR_RETURN(handler.action, Next<uint16_t>(item));
    FP_ASSIGN_OR_RETURN(handler.block_register, Next<uint16_t>(item));
    FP_ASSIGN_OR_RETURN(handler.goto_offset, Next<uint32_t>(item));
    if (handler.action > static_cast<uint16_t>(HandlerAction::kInvoke)) {
      return Error(at + 12, [&] { return absl::StrCat(item(), ".action"); },
                   absl::StrCat("action ", handler.action, " is not 0, 1 or 2"));
    }
    if (handler.action == static_cast<uint16_t>(HandlerAction::kInvoke) &&
        handler.block_register >= local_count) {
      return Error(at + 14, [&] { return absl::StrCat(item(), ".block_register"); },
                   absl::StrCat("register ", handler.block_register, " does not exist (",
                                local_count, " locals)"));
    }
    if (handler.category_mask & kHandlerCategoryLabeled) {
      const uint64_t label_at = pos_;
      FP_ASSIGN_OR_RETURN(const uint16_t label, Next<uint16_t>([&] { return absl::StrCat(item(), ".label"); }));
      if (label >= local_count) {
        return Error(label_at, [&] { return absl::StrCat(item(), ".label"); },
                     absl::StrCat("register ", label, " does not exist (", local_count,
                                  " locals)"));
      }
      handler.label_register = label;
    }
    frame.handlers.push_back(handler);
    return absl::OkStatus();
  }

  absl::Status ReadCallsites() {
    const uint32_t count = SegmentCount(Segment::kCallsites);
    FP_RETURN_IF_ERROR(EnterSegment(Segment::kCallsites, count, 2));
    unit_.callsites.resize(count);
    for (uint32_t i = 0; i < count; ++i) {
      Callsite& callsite = unit_.callsites[i];
      const auto item = [&] { return absl::StrCat("callsites[", i, "]"); };
      const uint64_t record = pos_;
      FP_ASSIGN_OR_RETURN(const uint16_t flag_count, Next<uint16_t>([&] { return absl::StrCat(item(), ".count"); }));
      FP_RETURN_IF_ERROR(CheckFits(record, [&] { return absl::StrCat(item(), ".count"); }, flag_count, 1));
      bool named_seen = false;
      for (uint32_t k = 0; k < flag_count; ++k) {
        const uint64_t at = pos_;
        const auto flag = [&] { return absl::StrCat(item(), ".flags[", k, "]"); };
        FP_ASSIGN_OR_RETURN(const uint8_t flags, Next<uint8_t>(flag));
        FP_RETURN_IF_ERROR(CheckCallsiteFlags(at, flag, flags, named_seen));
        named_seen = named_seen || (flags & kArgNamed) != 0;
        callsite.flags.push_back(flags);
      }
      if (flag_count % 2 != 0) {
        const uint64_t at = pos_;
        FP_ASSIGN_OR_RETURN(const uint8_t pad, Next<uint8_t>([&] { return absl::StrCat(item(), ".padding"); }));
        if (pad != 0) return Error(at, [&] { return absl::StrCat(item(), ".padding"); }, "padding byte is not 0");
      }
      for (uint8_t flags : callsite.flags) {
        if ((flags & kArgNamed) == 0 || (flags & kArgFlat) != 0) continue;
        const uint64_t at = pos_;
        const auto name = [&] { return absl::StrCat(item(), ".names[", callsite.names.size(), "]"); };
        FP_ASSIGN_OR_RETURN(const uint32_t index, Next<uint32_t>(name));
        FP_RETURN_IF_ERROR(CheckString(at, name, index));
        callsite.names.push_back(index);
      }
    }
    return absl::OkStatus();
  }

  // MoarVM's rules for one argument flag: one value type, positionals before nameds, and
  // flattened arguments only of objects.
  template <typename Name>
  absl::Status CheckCallsiteFlags(uint64_t at, const Name& field, uint8_t flags,
                                  bool named_seen) const {
    const std::optional<RegisterType> type = CallsiteArgumentType(flags);
    if (!type.has_value()) {
      return Error(at, field, absl::StrCat("flags ", flags, " do not name exactly one type"));
    }
    if (named_seen && (flags & kArgNamed) == 0) {
      return Error(at, field, "a positional argument follows a named one");
    }
    if ((flags & kArgFlat) != 0 && *type != RegisterType::kObj) {
      return Error(at, field, "a flattened argument must be an object");
    }
    return absl::OkStatus();
  }

  absl::Status ReadStrings() {
    FP_RETURN_IF_ERROR(EnterSegment(Segment::kStrings, string_count_, 4));
    unit_.strings.resize(string_count_);
    for (uint32_t i = 0; i < string_count_; ++i) {
      const auto item = [&] { return absl::StrCat("strings[", i, "]"); };
      const uint64_t at = pos_;
      FP_ASSIGN_OR_RETURN(const uint32_t packed, Next<uint32_t>(item));
      const uint64_t length = packed >> 1;
      if (length > bytes_.size() - pos_) {
        return Error(at, item, absl::StrCat(length, " bytes run past the file's end (",
                                            bytes_.size() - pos_, " bytes left)"));
      }
      HeapString& string = unit_.strings[i];
      string.utf8 = (packed & 1) != 0;
      string.bytes.assign(reinterpret_cast<const char*>(bytes_.data() + pos_), length);
      if (string.utf8 && !IsWellFormedUtf8(string.bytes)) {
        return Error(pos_, item, "the string is flagged UTF-8 but is not well-formed UTF-8");
      }
      pos_ += length;
      const uint64_t end = AlignUp(pos_, kStringAlignment);
      if (end > bytes_.size()) {
        return Error(pos_, item, "the string's padding runs past the file's end");
      }
      for (; pos_ < end; ++pos_) {
        if (bytes_[pos_] != 0) return Error(pos_, item, "padding byte is not 0");
      }
    }
    return absl::OkStatus();
  }

  // Enters a segment whose header gives its length in bytes, and returns its start.
  absl::StatusOr<uint64_t> EnterSizedSegment(Segment segment) {
    const uint64_t length = SegmentCount(segment);
    FP_RETURN_IF_ERROR(EnterSegment(segment, length, 1));
    const uint64_t start = pos_;
    pos_ += length;
    return start;
  }

  absl::Status ReadScData() {
    FP_ASSIGN_OR_RETURN(const uint64_t start, EnterSizedSegment(Segment::kScData));
    unit_.sc_data.assign(bytes_.begin() + start, bytes_.begin() + pos_);
    return absl::OkStatus();
  }

  absl::Status ReadBytecode() {
    FP_ASSIGN_OR_RETURN(bytecode_start_, EnterSizedSegment(Segment::kBytecode));
    const uint64_t used = extents_.back().bytecode_offset + uint64_t{extents_.back().bytecode_length};
    if (used != SegmentCount(Segment::kBytecode)) {
      return Error(SegmentFieldOffset(Segment::kBytecode, true),
                   SegmentField(Segment::kBytecode, true),
                   absl::StrCat("the segment has ", SegmentCount(Segment::kBytecode),
                                " bytes, but the frames' bytecode ends at ", used));
    }
    for (size_t i = 0; i < unit_.frames.size(); ++i) {
      const auto begin = bytes_.begin() + bytecode_start_ + extents_[i].bytecode_offset;
      unit_.frames[i].bytecode.assign(begin, begin + extents_[i].bytecode_length);
    }
    return absl::OkStatus();
  }

  absl::Status ReadAnnotations() {
    FP_ASSIGN_OR_RETURN(const uint64_t start, EnterSizedSegment(Segment::kAnnotations));
    // The frames' annotation runs must tile the segment: sort them by where they start.
    std::vector<uint32_t> order;
    for (uint32_t i = 0; i < unit_.frames.size(); ++i) {
      if (extents_[i].annotation_count > 0) order.push_back(i);
    }
    std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
      return unit_.frames[a].annotation_offset < unit_.frames[b].annotation_offset;
    });
    uint64_t covered = 0;
    for (uint32_t i : order) {
      Frame& frame = unit_.frames[i];
      if (frame.annotation_offset < covered) {
        return Error(extents_[i].record + kFrameAnnotationOffset,
                     absl::StrCat("frames[", i, "].annotation_offset"),
                     absl::StrCat("the annotations start at ", frame.annotation_offset,
                                  ", inside the run before them, which ends at ", covered));
      }
      FP_RETURN_IF_ERROR(ReadUnclaimedAnnotations(start, covered, frame.annotation_offset));
      pos_ = start + frame.annotation_offset;
      frame.annotations.resize(extents_[i].annotation_count);
      for (uint32_t k = 0; k < extents_[i].annotation_count; ++k) {
        Annotation& annotation = frame.annotations[k];
        const auto item = [&] { return absl::StrCat("frames[", i, "].annotations[", k, "]"); };
        const uint64_t at = pos_;
        FP_RETURN_IF_ERROR(ReadAnnotation(item, annotation));
        if (annotation.offset >= extents_[i].bytecode_length) {
          return Error(at, item, absl::StrCat("offset ", annotation.offset,
                                              " is outside the frame's ",
                                              extents_[i].bytecode_length, " bytes of bytecode"));
        }
        FP_RETURN_IF_ERROR(CheckString(at + 4, item, annotation.file));
      }
      covered = frame.annotation_offset + uint64_t{extents_[i].annotation_count} * kAnnotationSize;
    }
    const uint64_t length = SegmentCount(Segment::kAnnotations);
    FP_RETURN_IF_ERROR(ReadUnclaimedAnnotations(start, covered, length));
    covered = length;
    for (uint32_t i = 0; i < unit_.frames.size(); ++i) {
      if (extents_[i].annotation_count == 0 && unit_.frames[i].annotation_offset > covered) {
        return Error(extents_[i].record + kFrameAnnotationOffset,
                     absl::StrCat("frames[", i, "].annotation_offset"),
                     absl::StrCat(unit_.frames[i].annotation_offset,
                                  " is past the annotation segment's end at ", covered));
      }
    }
    pos_ = start + covered;
    return absl::OkStatus();
  }

  template <typename Name>
  absl::Status ReadAnnotation(const Name& item, Annotation& annotation) {
    FP_ASSIGN_OR_RETURN(annotation.offset, Next<uint32_t>(item));
    FP_ASSIGN_OR_RETURN(annotation.file, Next<uint32_t>(item));
    FP_ASSIGN_OR_RETURN(annotation.line, Next<uint32_t>(item));
    return absl::OkStatus();
  }

  // Keeps the annotations in [from, to) of the segment starting at `start`, which no frame claims.
  absl::Status ReadUnclaimedAnnotations(uint64_t start, uint64_t from, uint64_t to) {
    if (from == to) return absl::OkStatus();
    const auto item = [&] { return absl::StrCat("annotations[", from, ", ", to, ")"); };
    if ((to - from) % kAnnotationSize != 0) {
      return Error(start + from, item,
                   absl::StrCat("no frame claims these ", to - from,
                                " bytes, and they are not whole annotations"));
    }
    UnclaimedAnnotations& run = unit_.unclaimed_annotations.emplace_back();
    run.offset = static_cast<uint32_t>(from);
    run.annotations.resize((to - from) / kAnnotationSize);
    pos_ = start + from;
    for (Annotation& annotation : run.annotations) {
      FP_RETURN_IF_ERROR(ReadAnnotation(item, annotation));
    }
    return absl::OkStatus();
  }

  absl::Status CheckEnd() {
    const uint64_t end = AlignUp(pos_, kSegmentAlignment);
    if (bytes_.size() != end) {
      return Error(pos_, "end of file",
                   absl::StrCat("the file has ", bytes_.size(), " bytes; MoarVM would end it at ",
                                end));
    }
    for (; pos_ < end; ++pos_) {
      if (bytes_[pos_] != 0) return Error(pos_, "final padding", "padding byte is not 0");
    }
    return absl::OkStatus();
  }

  absl::Status CheckReferences() const {
    for (uint32_t i = 0; i < unit_.frames.size(); ++i) {
      const Frame& frame = unit_.frames[i];
      const uint64_t record = extents_[i].record;
      if (frame.outer >= unit_.frames.size()) {
        return Error(record + kFrameOuter, absl::StrCat("frames[", i, "].outer"),
                     absl::StrCat("frame ", frame.outer, " does not exist (",
                                  unit_.frames.size(), " frames)"));
      }
      if (frame.code_object_sc_dependency_plus_one > unit_.sc_dependencies.size()) {
        return Error(record + kFrameCodeObjectScDependency,
                     absl::StrCat("frames[", i, "].code_object_sc_dependency"),
                     absl::StrCat("SC dependency + 1 is ", frame.code_object_sc_dependency_plus_one,
                                  ", but the unit has ", unit_.sc_dependencies.size()));
      }
    }
    return absl::OkStatus();
  }

  const absl::Span<const uint8_t> bytes_;
  const ByteReader reader_;
  const uint64_t file_offset_;
  CompilationUnit unit_;
  uint64_t pos_ = 0;
  std::array<uint32_t, 2 * kSegmentCount> segment_table_ = {};
  uint32_t string_count_ = 0;
  std::vector<FrameExtent> extents_;
  uint64_t bytecode_start_ = 0;
};

}  // namespace

absl::StatusOr<CompilationUnit> ReadCompilationUnit(absl::Span<const uint8_t> bytes) {
  return UnitReader(bytes, 0).Read();
}

absl::StatusOr<CompilationUnit> ReadCompilationUnitStructure(absl::Span<const uint8_t> bytes) {
  return UnitReader(bytes, 0).ReadStructure();
}

namespace {

// A bare unit, or a precompiled module: Rakudo's header, then the unit from the byte after it.
absl::StatusOr<MoarFile> ReadFile(absl::Span<const uint8_t> bytes, bool decode_code) {
  MoarFile file;
  uint64_t unit_start = 0;
  if (StartsWithPrecompHeader(bytes)) {
    FP_ASSIGN_OR_RETURN(file.precomp, ReadPrecompHeader(bytes));
    unit_start = file.precomp->size;
  }
  UnitReader reader(bytes.subspan(unit_start), unit_start);
  FP_ASSIGN_OR_RETURN(file.unit, decode_code ? reader.Read() : reader.ReadStructure());
  return file;
}

}  // namespace

absl::StatusOr<MoarFile> ReadMoarFile(absl::Span<const uint8_t> bytes) {
  return ReadFile(bytes, /*decode_code=*/true);
}

absl::StatusOr<MoarFile> ReadMoarFileStructure(absl::Span<const uint8_t> bytes) {
  return ReadFile(bytes, /*decode_code=*/false);
}

}  // namespace frameproof::moar
