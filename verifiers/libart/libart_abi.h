#ifndef FRAMEPROOF_VERIFIERS_LIBART_LIBART_ABI_H_
#define FRAMEPROOF_VERIFIERS_LIBART_LIBART_ABI_H_

// Android 11's libart.so as Debian ships it (android-libart 11.0.0+r48), called from an ordinary
// program. The declarations below are frameproof's own statement of the object layouts that the
// exported CodeInfo entry points read and write (x86_64, libstdc++, the layouts of ART's
// android11-release headers); Libart::Load() checks them against a known answer before anyone
// asks a question. libart has no error path: it reads past the end of bad bytes or crashes, so
// it is only ever given valid CodeInfos, in a process of its own (libart_oracle_main.cc).

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <streambuf>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"

namespace frameproof::libart {

// Whether this build's ISA is the one the layouts below describe (x86_64, as Debian's amd64
// android-libart); elsewhere Libart::Load refuses.
#if defined(__x86_64__)
inline constexpr bool kLayoutsDeclared = true;
#else
inline constexpr bool kLayoutsDeclared = false;
#endif

// libart loads whole words around the bits it reads: bytes it is given sit in a zeroed buffer
// with this much room after them.
inline constexpr size_t kReadSlack = 64;

// art::BitMemoryRegion: a bit range; ART aligns `data` down to a page and moves the difference
// into bit_start.
struct BitRegion {
  const uint8_t* data;
  size_t bit_start;
  size_t bit_size;
};

// art::BitTableBase<N>: the data, the row count (64-bit in this release) and N + 1 16-bit column
// offsets.
template <size_t kColumns>
struct Table {
  BitRegion data;
  size_t num_rows;
  std::array<uint16_t, kColumns + 1> column_offset;

  uint32_t ColumnBits(size_t column) const {
    return column_offset[column + 1] - column_offset[column];
  }
};

// art::CodeInfo of Android 11: six header fields, then the eight tables in encoding order.
struct CodeInfoObject {
  uint32_t flags;
  uint32_t packed_frame_size;
  uint32_t core_spill_mask;
  uint32_t fp_spill_mask;
  uint32_t number_of_dex_registers;
  uint32_t bit_table_flags;
  Table<8> stack_maps;
  Table<2> register_masks;
  Table<1> stack_masks;
  Table<6> inline_infos;
  Table<1> method_infos;
  Table<1> dex_register_masks;
  Table<1> dex_register_maps;
  Table<2> dex_register_catalog;
};

// art::StackMap and art::InlineInfo (BitTableAccessor<N>): a table and a row, passed and returned
// in two registers.
struct Row {
  const void* table;
  uint32_t row;
};
inline constexpr uint32_t kNoRow = 0xFFFFFFFF;

// art::BitTableRange<InlineInfo>: two iterators {table, row}, returned through memory.
struct RowRange {
  Row begin;
  Row end;
};

// art::DexRegisterLocation: Kind (int32_t, kInvalid = -2, kNone = -1, ...) and value.
struct Location {
  int32_t kind;
  int32_t value;
};
inline constexpr int32_t kInvalidLocationKind = -2;

// art::DexRegisterMap: up to 16 registers inline, more in the vector.
struct RegisterMap {
  static constexpr size_t kSmallCount = 16;
  size_t count = 0;
  std::array<Location, kSmallCount> small{};
  std::vector<Location> large;

  explicit RegisterMap(size_t registers);
  const Location* data() const { return count <= kSmallCount ? small.data() : large.data(); }
};

// art::QuickMethodFrameInfo.
struct FrameInfo {
  uint32_t frame_size_in_bytes;
  uint32_t core_spill_mask;
  uint32_t fp_spill_mask;
};

// art::OatQuickMethodHeader of Android 11; the code follows it, and the CodeInfo sits
// vmap_table_offset bytes before the code.
struct MethodHeader {
  uint32_t vmap_table_offset;
  uint32_t code_size;  // bit 31: should deoptimize
};

// art::Indenter (a std::streambuf) with the fields libart's inline code touches: its
// ScopedIndentation moves `count`. Writes go to `out`, `count` copies of the indent character
// after each newline, as ART's does.
class Indenter : public std::streambuf {
 public:
  explicit Indenter(std::streambuf* out) : out_(out) {}

 protected:
  std::streamsize xsputn(const char* text, std::streamsize size) override;
  int_type overflow(int_type c) override;

 private:
  void Write(const char* text, std::streamsize size);

  bool indent_next_ = true;
  std::streambuf* out_;
  char text_[8] = {' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '};
  size_t count_ = 0;
};

// art::VariableIndentationOutputStream: the indenter, then the std::ostream that writes to it.
struct IndentedStream {
  explicit IndentedStream(std::streambuf* out) : indenter(out), stream(&indenter) {}
  Indenter indenter;
  std::ostream stream;
};

// ART's InstructionSet of this release.
enum class Isa : int32_t { kNone = 0, kArm = 1, kArm64 = 2, kThumb2 = 3, kX86 = 4, kX86_64 = 5 };

// The loaded library and its entry points.
class Libart {
 public:
  // Loads libart.so and the Android libraries it expects to find loaded from `dir` (Debian's
  // /usr/lib/<multiarch>/android), resolves every entry point and checks the layouts above
  // against a CodeInfo with known answers. Errors say what is missing or wrong.
  static absl::StatusOr<Libart> Load(const std::string& dir);

  // Where Debian's amd64 android-libart installs the libraries.
  static std::string DefaultDir();

  // CodeInfo(const uint8_t*, size_t* num_read_bits).
  void Construct(CodeInfoObject* info, const uint8_t* data, size_t* read_bits) const {
    construct_(info, data, read_bits);
  }
  FrameInfo DecodeFrameInfo(const uint8_t* data) const { return decode_frame_info_(data); }
  CodeInfoObject DecodeGcMasksOnly(const MethodHeader* header) const {
    return decode_gc_masks_only_(header);
  }
  CodeInfoObject DecodeInlineInfoOnly(const MethodHeader* header) const {
    return decode_inline_info_only_(header);
  }
  Row GetStackMapForNativePcOffset(const CodeInfoObject& info, uint32_t pc, Isa isa) const {
    return for_native_pc_(&info, pc, isa);
  }
  Row GetStackMapForDexPc(const CodeInfoObject& info, uint32_t dex_pc) const {
    return for_dex_pc_(&info, dex_pc);
  }
  Row GetCatchStackMapForDexPc(const CodeInfoObject& info, uint32_t dex_pc) const {
    return catch_for_dex_pc_(&info, dex_pc);
  }
  Row GetOsrStackMapForDexPc(const CodeInfoObject& info, uint32_t dex_pc) const {
    return osr_for_dex_pc_(&info, dex_pc);
  }
  uint32_t GetRegisterMaskOf(const CodeInfoObject& info, Row stack_map) const {
    return register_mask_of_(&info, &stack_map);
  }
  RowRange GetInlineInfosOf(const CodeInfoObject& info, Row stack_map) const {
    return inline_infos_of_(&info, stack_map);
  }
  uint32_t GetMethodIndexOf(const CodeInfoObject& info, Row inline_info) const {
    return method_index_of_(&info, inline_info);
  }
  void DecodeDexRegisterMap(const CodeInfoObject& info, uint32_t stack_map, uint32_t first,
                            RegisterMap* map) const {
    decode_dex_register_map_(&info, stack_map, first, map);
  }
  // CodeInfo::Dump(vios, code_offset, verbose, isa) into a string.
  std::string Dump(const CodeInfoObject& info, uint32_t code_offset, bool verbose, Isa isa) const;
  // CodeInfo::Deduper: every CodeInfo into one fresh output; the byte offset of each.
  std::vector<size_t> Dedupe(absl::Span<const uint8_t* const> code_infos,
                             std::vector<uint8_t>* out) const;

 private:
  using Construct_ = void (*)(CodeInfoObject*, const uint8_t*, size_t*);
  using DecodeFrameInfo_ = FrameInfo (*)(const uint8_t*);
  using DecodeSubset_ = CodeInfoObject (*)(const MethodHeader*);
  using ForNativePc_ = Row (*)(const CodeInfoObject*, uint32_t, Isa);
  using ForDexPc_ = Row (*)(const CodeInfoObject*, uint32_t);
  using RegisterMaskOf_ = uint32_t (*)(const CodeInfoObject*, const Row*);
  using InlineInfosOf_ = RowRange (*)(const CodeInfoObject*, Row);
  using MethodIndexOf_ = uint32_t (*)(const CodeInfoObject*, Row);
  using DecodeDexRegisterMap_ = void (*)(const CodeInfoObject*, uint32_t, uint32_t, RegisterMap*);
  using Dump_ = void (*)(const CodeInfoObject*, IndentedStream*, uint32_t, bool, Isa);
  struct DeduperObject;
  using Dedupe_ = size_t (*)(DeduperObject*, const uint8_t*);

  // Resolves every entry point from the handle of the loaded libart.so.
  absl::Status Resolve(void* handle);
  // The known-answer check of the layouts and calling conventions.
  absl::Status SelfCheck() const;

  Construct_ construct_ = nullptr;
  DecodeFrameInfo_ decode_frame_info_ = nullptr;
  DecodeSubset_ decode_gc_masks_only_ = nullptr;
  DecodeSubset_ decode_inline_info_only_ = nullptr;
  ForNativePc_ for_native_pc_ = nullptr;
  ForDexPc_ for_dex_pc_ = nullptr;
  ForDexPc_ catch_for_dex_pc_ = nullptr;
  ForDexPc_ osr_for_dex_pc_ = nullptr;
  RegisterMaskOf_ register_mask_of_ = nullptr;
  InlineInfosOf_ inline_infos_of_ = nullptr;
  MethodIndexOf_ method_index_of_ = nullptr;
  DecodeDexRegisterMap_ decode_dex_register_map_ = nullptr;
  Dump_ dump_ = nullptr;
  Dedupe_ dedupe_ = nullptr;
};

}  // namespace frameproof::libart

#endif  // FRAMEPROOF_VERIFIERS_LIBART_LIBART_ABI_H_
