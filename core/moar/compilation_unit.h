#ifndef FRAMEPROOF_CORE_MOAR_COMPILATION_UNIT_H_
#define FRAMEPROOF_CORE_MOAR_COMPILATION_UNIT_H_

// A MoarVM compilation unit (a .moarvm bytecode file, version 7 as MoarVM 2022.12 writes it), as a
// model: everything the file holds, and nothing about where it sat except what the file's layout
// cannot recompute (each frame's place in the annotation segment). ReadCompilationUnit fills it
// from bytes and WriteCompilationUnit writes it back; for every file the reader accepts, writing
// what it read gives the same bytes.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"

namespace frameproof::moar {

// The only bytecode version MoarVM 2022.12 reads and writes.
inline constexpr uint32_t kBytecodeVersion = 7;

// The type of a local or lexical (MVM_reg_*).
enum class RegisterType : uint16_t {
  kInt8 = 1,
  kInt16 = 2,
  kInt32 = 3,
  kInt64 = 4,
  kNum32 = 5,
  kNum64 = 6,
  kStr = 7,
  kObj = 8,
  kUint8 = 17,
  kUint16 = 18,
  kUint32 = 19,
  kUint64 = 20,
};

// Whether `value` is one of RegisterType's codes.
bool IsRegisterType(uint16_t value);

// Whether `bytes` is well-formed UTF-8 (no overlongs, surrogates or code points past U+10FFFF):
// what MoarVM's decoder accepts for a string flagged UTF-8, and Rakudo's for a header line.
bool IsWellFormedUtf8(absl::string_view bytes);

// A string of the string heap: its bytes as stored, and how they are encoded.
struct HeapString {
  std::string bytes;
  bool utf8 = false;  // false: latin-1
  bool operator==(const HeapString&) const = default;

  // The string as UTF-8: its bytes if they are UTF-8, else each latin-1 byte as its code point.
  std::string ToUtf8() const;
};

// An extension op the unit's bytecode calls as opcode kExtensionOpBase + its index.
struct ExtensionOp {
  uint32_t name = 0;                     // string index
  std::array<uint8_t, 8> operands = {};  // descriptors, zero-terminated unless all eight are used
  bool operator==(const ExtensionOp&) const = default;
};

struct Lexical {
  RegisterType type = RegisterType::kObj;
  uint32_t name = 0;  // string index
  bool operator==(const Lexical&) const = default;
};

// Handler category bit that adds a label register to the handler (MVM_EX_CAT_LABELED).
inline constexpr uint32_t kHandlerCategoryLabeled = 4096;

// What a handler does (MVM_EX_ACTION_*).
enum class HandlerAction : uint16_t {
  kGoto = 0,
  kGotoWithPayload = 1,
  kInvoke = 2,  // invokes the block in `block_register`
};

struct Handler {
  uint32_t start = 0;  // protected region, bytes from the frame's bytecode start, inclusive
  uint32_t end = 0;    // exclusive
  uint32_t category_mask = 0;
  uint16_t action = 0;  // a HandlerAction
  uint16_t block_register = 0;
  uint32_t goto_offset = 0;                    // bytes from the frame's bytecode start
  std::optional<uint16_t> label_register;      // present iff category_mask has the labeled bit
  bool operator==(const Handler&) const = default;
};

// How a static lexical's value is installed.
enum class StaticLexicalFlag : uint16_t { kStatic = 0, kContainer = 1, kState = 2 };

struct StaticLexical {
  uint16_t lexical = 0;  // index into the frame's lexicals
  uint16_t flag = 0;     // a StaticLexicalFlag
  uint32_t sc_dependency = 0;
  uint32_t sc_object = 0;
  bool operator==(const StaticLexical&) const = default;
};

struct DebugName {
  uint16_t local = 0;
  uint32_t name = 0;  // string index
  bool operator==(const DebugName&) const = default;
};

// A source position, for the instruction at `offset` bytes into the frame's bytecode.
struct Annotation {
  uint32_t offset = 0;
  uint32_t file = 0;  // string index
  uint32_t line = 0;
  bool operator==(const Annotation&) const = default;
};

// Annotations in the annotation segment that no frame points at. MoarVM's assembler leaves them
// when it drops a frame it had compiled; MoarVM never reads them, and they are kept to write the
// segment back as it was.
struct UnclaimedAnnotations {
  uint32_t offset = 0;  // bytes into the annotation segment
  std::vector<Annotation> annotations;
  bool operator==(const UnclaimedAnnotations&) const = default;
};

struct Frame {
  uint32_t cuuid = 0;  // string index
  uint32_t name = 0;   // string index
  uint16_t outer = 0;  // a frame index; the frame's own index when it has no outer
  uint16_t flags = 0;
  uint32_t code_object_sc_dependency_plus_one = 0;  // 0: no code object
  uint32_t code_object_sc_index = 0;
  std::vector<RegisterType> locals;
  std::vector<Lexical> lexicals;
  std::vector<Handler> handlers;
  std::vector<StaticLexical> static_lexicals;
  std::vector<DebugName> debug_names;
  std::vector<uint8_t> bytecode;
  std::vector<Annotation> annotations;
  // Where the annotations start in the annotation segment, in bytes. Compilers append a frame's
  // annotations when they compile it, not in frame order, so the layout cannot recompute this.
  uint32_t annotation_offset = 0;
  bool operator==(const Frame&) const = default;
};

// Callsite argument flags (MVM_CALLSITE_ARG_*).
enum CallsiteFlag : uint8_t {
  kArgObj = 1,
  kArgInt = 2,
  kArgNum = 4,
  kArgStr = 8,
  kArgLiteral = 16,
  kArgNamed = 32,
  kArgFlat = 64,
  kArgUint = 128,
};

// The register type an argument with callsite `flags` is passed in (obj, int64, num64, str or
// uint64), or nullopt unless the flags name exactly one type.
std::optional<RegisterType> CallsiteArgumentType(uint8_t flags);

struct Callsite {
  std::vector<uint8_t> flags;   // one per argument (CallsiteFlag bits)
  std::vector<uint32_t> names;  // a string index per named, non-flattening argument
  bool operator==(const Callsite&) const = default;
};

struct CompilationUnit {
  uint32_t version = kBytecodeVersion;
  uint32_t hll_name = 0;  // string index
  // Special frames, each a frame index + 1, or 0 for none.
  uint32_t mainline_frame = 0;
  uint32_t main_frame = 0;
  uint32_t load_frame = 0;
  uint32_t deserialize_frame = 0;
  std::vector<uint32_t> sc_dependencies;  // string indexes of SC unique ids
  std::vector<ExtensionOp> extension_ops;
  std::vector<Frame> frames;
  std::vector<Callsite> callsites;
  std::vector<HeapString> strings;
  std::vector<uint8_t> sc_data;  // serialized objects, kept as bytes
  std::vector<UnclaimedAnnotations> unclaimed_annotations;  // by offset
  bool operator==(const CompilationUnit&) const = default;
};

}  // namespace frameproof::moar

#endif  // FRAMEPROOF_CORE_MOAR_COMPILATION_UNIT_H_
