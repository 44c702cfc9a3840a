#include "core/moar/bytecode_writer.h"

#include <algorithm>
#include <utility>

#include "core/base/planted_bug.h"
#include "core/moar/bytecode_layout.h"
#include "core/moar/precomp_header.h"

namespace frameproof::moar {
namespace {

// Appends little-endian integers and raw bytes, and patches u32s in place.
class ByteWriter {
 public:
  size_t size() const { return bytes_.size(); }

  template <typename T>
  void Put(T value) {
    for (size_t i = 0; i < sizeof(T); ++i) {
      bytes_.push_back(static_cast<uint8_t>(static_cast<uint64_t>(value) >> (8 * i)));
    }
  }
  void PutBytes(const void* data, size_t size) {
    const auto* begin = static_cast<const uint8_t*>(data);
    bytes_.insert(bytes_.end(), begin, begin + size);
  }
  void PutZeros(size_t count) { bytes_.resize(bytes_.size() + count, 0); }
  void PadTo(size_t alignment) { bytes_.resize(AlignUp(bytes_.size(), alignment), 0); }
  void PatchU32(size_t offset, uint32_t value) {
    for (size_t i = 0; i < 4; ++i) bytes_[offset + i] = static_cast<uint8_t>(value >> (8 * i));
  }
  std::vector<uint8_t> Take() && { return std::move(bytes_); }

 private:
  std::vector<uint8_t> bytes_;
};

class UnitWriter {
 public:
  explicit UnitWriter(const CompilationUnit& unit) : unit_(unit) {}

  std::vector<uint8_t> Write() && {
    out_.PutBytes(kMagic.data(), kMagic.size());
    out_.Put<uint32_t>(unit_.version);
    out_.PutZeros(kHeaderSize - out_.size());  // the segment table and the rest, patched below
    out_.PatchU32(kHllNameOffset, unit_.hll_name);
    out_.PatchU32(kMainlineFrameOffset, unit_.mainline_frame);
    out_.PatchU32(kMainFrameOffset, unit_.main_frame);
    out_.PatchU32(kLoadFrameOffset, unit_.load_frame);
    out_.PatchU32(kDeserializeFrameOffset, unit_.deserialize_frame);

    StartSegment(Segment::kScDependencies, unit_.sc_dependencies.size());
    for (uint32_t name : unit_.sc_dependencies) out_.Put<uint32_t>(name);
    StartSegment(Segment::kExtensionOps, unit_.extension_ops.size());
    for (const ExtensionOp& op : unit_.extension_ops) {
      out_.Put<uint32_t>(op.name);
      out_.PutBytes(op.operands.data(), op.operands.size());
    }
    StartSegment(Segment::kFrames, unit_.frames.size());
    uint32_t bytecode_offset = 0;
    for (const Frame& frame : unit_.frames) {
      WriteFrame(frame, bytecode_offset);
      bytecode_offset += static_cast<uint32_t>(frame.bytecode.size());
    }
    StartSegment(Segment::kCallsites, unit_.callsites.size());
    for (const Callsite& callsite : unit_.callsites) WriteCallsite(callsite);
    StartSegment(Segment::kStrings, unit_.strings.size());
    for (const HeapString& string : unit_.strings) {
      out_.Put<uint32_t>(static_cast<uint32_t>(string.bytes.size() << 1) | (string.utf8 ? 1 : 0));
      out_.PutBytes(string.bytes.data(), string.bytes.size());
      out_.PadTo(kStringAlignment);
    }
    StartSegment(Segment::kScData, unit_.sc_data.size());
    out_.PutBytes(unit_.sc_data.data(), unit_.sc_data.size());
    StartSegment(Segment::kBytecode, bytecode_offset);
    for (const Frame& frame : unit_.frames) {
      out_.PutBytes(frame.bytecode.data(), frame.bytecode.size());
    }
    WriteAnnotations();
    out_.PadTo(kSegmentAlignment);
    return std::move(out_).Take();
  }

 private:
  // Pads to the segment's boundary and records its offset and count (or length) in the header.
  void StartSegment(Segment segment, size_t count) {
    out_.PadTo(kSegmentAlignment);
    const size_t entry = kSegmentTableOffset + 8 * static_cast<size_t>(segment);
    out_.PatchU32(entry, static_cast<uint32_t>(out_.size()));
    out_.PatchU32(entry + 4, static_cast<uint32_t>(count));
  }

  void WriteFrame(const Frame& frame, uint32_t bytecode_offset) {
    out_.Put<uint32_t>(bytecode_offset);
    out_.Put<uint32_t>(static_cast<uint32_t>(frame.bytecode.size()));
    out_.Put<uint32_t>(static_cast<uint32_t>(frame.locals.size()));
    out_.Put<uint32_t>(static_cast<uint32_t>(frame.lexicals.size()));
    out_.Put<uint32_t>(frame.cuuid);
    out_.Put<uint32_t>(frame.name);
    out_.Put<uint16_t>(frame.outer);
    out_.Put<uint32_t>(frame.annotation_offset);
    out_.Put<uint32_t>(static_cast<uint32_t>(frame.annotations.size()));
    out_.Put<uint32_t>(static_cast<uint32_t>(frame.handlers.size()));
    out_.Put<uint16_t>(frame.flags);
    out_.Put<uint16_t>(static_cast<uint16_t>(frame.static_lexicals.size()));
    out_.Put<uint32_t>(frame.code_object_sc_dependency_plus_one);
    out_.Put<uint32_t>(frame.code_object_sc_index);
    out_.Put<uint32_t>(static_cast<uint32_t>(frame.debug_names.size()));
    for (RegisterType type : frame.locals) out_.Put<uint16_t>(static_cast<uint16_t>(type));
    for (const Lexical& lexical : frame.lexicals) {
      out_.Put<uint16_t>(static_cast<uint16_t>(lexical.type));
      out_.Put<uint32_t>(lexical.name);
    }
    for (const Handler& handler : frame.handlers) {
      out_.Put<uint32_t>(handler.start);
      out_.Put<uint32_t>(handler.end);
      out_.Put<uint32_t>(handler.category_mask);
      out_.Put<uint16_t>(handler.action);
      out_.Put<uint16_t>(handler.block_register);
      out_.Put<uint32_t>(handler.goto_offset);
      if (handler.label_register.has_value()) out_.Put<uint16_t>(*handler.label_register);
    }
    for (const StaticLexical& entry : frame.static_lexicals) {
      out_.Put<uint16_t>(entry.lexical);
      out_.Put<uint16_t>(entry.flag);
      out_.Put<uint32_t>(entry.sc_dependency);
      out_.Put<uint32_t>(entry.sc_object);
    }
    for (const DebugName& name : frame.debug_names) {
      out_.Put<uint16_t>(name.local);
      out_.Put<uint32_t>(name.name);
    }
  }

  void WriteCallsite(const Callsite& callsite) {
    out_.Put<uint16_t>(static_cast<uint16_t>(callsite.flags.size()));
    out_.PutBytes(callsite.flags.data(), callsite.flags.size());
    if (callsite.flags.size() % 2 != 0 && !FP_PLANTED_BUG(kMoarCallsitePadDropped)) {
      out_.Put<uint8_t>(0);
    }
    for (uint32_t name : callsite.names) out_.Put<uint32_t>(name);
  }

  void WriteAnnotations() {
    size_t length = 0;
    const auto extend = [&](uint32_t offset, const std::vector<Annotation>& run) {
      if (!run.empty()) length = std::max(length, offset + run.size() * kAnnotationSize);
    };
    for (const Frame& frame : unit_.frames) extend(frame.annotation_offset, frame.annotations);
    for (const UnclaimedAnnotations& run : unit_.unclaimed_annotations) {
      extend(run.offset, run.annotations);
    }
    StartSegment(Segment::kAnnotations, length);
    const size_t start = out_.size();
    out_.PutZeros(length);
    const auto place = [&](uint32_t offset, const std::vector<Annotation>& run) {
      size_t at = start + offset;
      for (const Annotation& annotation : run) {
        for (uint32_t value : {annotation.offset, annotation.file, annotation.line}) {
          out_.PatchU32(at, value);
          at += sizeof(value);
        }
      }
    };
    for (const Frame& frame : unit_.frames) place(frame.annotation_offset, frame.annotations);
    for (const UnclaimedAnnotations& run : unit_.unclaimed_annotations) {
      place(run.offset, run.annotations);
    }
  }

  const CompilationUnit& unit_;
  ByteWriter out_;
};

}  // namespace

std::vector<uint8_t> WriteCompilationUnit(const CompilationUnit& unit) {
  return UnitWriter(unit).Write();
}

std::vector<uint8_t> WriteMoarFile(const MoarFile& file) {
  std::vector<uint8_t> bytes;
  if (file.precomp.has_value()) bytes = WritePrecompHeader(*file.precomp);
  const std::vector<uint8_t> unit = WriteCompilationUnit(file.unit);
  bytes.insert(bytes.end(), unit.begin(), unit.end());
  return bytes;
}

}  // namespace frameproof::moar
