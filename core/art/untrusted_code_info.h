#ifndef FRAMEPROOF_CORE_ART_UNTRUSTED_CODE_INFO_H_
#define FRAMEPROOF_CORE_ART_UNTRUSTED_CODE_INFO_H_

#include <cstddef>
#include <cstdint>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "core/art/code_info.h"
#include "core/art/dex_register_location.h"
#include "core/art/stack_map.h"
#include "core/base/instruction_set.h"
#include "core/bits/bit_memory_region.h"

namespace frameproof {

// A CodeInfo opened from untrusted bytes, paying for what is read rather than for the whole
// CodeInfo: what a runtime wants on a stack walk of code it did not compile itself.
//
// Open() checks the header, every table header and back-reference, and that every table lies
// inside the buffer; its cost is independent of the number of rows. Each query then checks the
// indices and values it follows (index columns against their tables, register mask shifts,
// inline chains that must end inside their table, cumulative register counts, location kinds)
// and fails with INVALID_ARGUMENT naming the table, row, column and bit offset of the first bad
// cell. No query reads outside the buffer, and each is bounded by the rows it visits. A query
// that succeeds returns what CodeInfo's query of the same name returns once Decode() accepts the
// bytes. Validate() runs every check at once and yields that trusted CodeInfo.
//
// StackMap and InlineInfo arguments must come from this object's own queries. Like CodeInfo,
// this is a view: the buffer must outlive it.
class UntrustedCodeInfo {
 public:
  // Checks the header and the headers and bounds of the tables; no row is read. With a subset,
  // as in ART's subset decodes, the tables after the last one it keeps are not read at all.
  static absl::StatusOr<UntrustedCodeInfo> Open(absl::Span<const uint8_t> buffer,
                                                size_t offset = 0,
                                                CodeInfo::Subset subset = CodeInfo::Subset::kAll,
                                                ArtFormat format = ArtFormat::kCurrent);

  ArtFormat format() const { return info_.format(); }
  const CodeInfoHeader& header() const { return info_.header(); }
  uint32_t GetNumberOfStackMaps() const { return info_.GetNumberOfStackMaps(); }
  // OUT_OF_RANGE past the last stack map.
  absl::StatusOr<StackMap> GetStackMapAt(uint32_t row) const;
  // Reads only StackMap rows, so it cannot fail; on a table that is not sorted the way ART sorts
  // it the answer may be the invalid row where Decode() would have rejected the bytes.
  StackMap GetStackMapForNativePcOffset(uint32_t native_pc, InstructionSet isa) const {
    return info_.GetStackMapForNativePcOffset(native_pc, isa);
  }

  absl::StatusOr<uint32_t> GetRegisterMaskOf(const StackMap& stack_map) const;
  absl::StatusOr<BitMemoryRegion> GetStackMaskOf(const StackMap& stack_map) const;
  absl::StatusOr<InlineInfoRange> GetInlineInfosOf(const StackMap& stack_map) const;
  absl::StatusOr<MethodInfo> GetMethodInfoOf(const InlineInfo& inline_info) const;

  absl::StatusOr<DexRegisterMap> GetDexRegisterMapOf(const StackMap& stack_map) const;
  absl::StatusOr<DexRegisterMap> GetInlineDexRegisterMapOf(const StackMap& stack_map,
                                                           const InlineInfo& inline_info) const;
  // CodeInfo::DecodeDexRegisterMap with every index and kind it reads checked.
  absl::Status DecodeDexRegisterMap(uint32_t stack_map_row, uint32_t first_register,
                                    absl::Span<DexRegisterLocation> out) const;

  // Every check Decode() makes; on success, the CodeInfo whose unchecked queries are safe.
  absl::StatusOr<CodeInfo> Validate() const;

 private:
  // Only Open() can name it, so only Open() constructs; public so that Open() can construct its
  // result in place inside the StatusOr rather than copy half a kilobyte into it.
  struct OpenKey {
    explicit OpenKey() = default;
  };

 public:
  UntrustedCodeInfo(OpenKey, absl::Span<const uint8_t> buffer, size_t offset)
      : buffer_(buffer), offset_(offset) {}

 private:
  CodeInfo info_;
  absl::Span<const uint8_t> buffer_;  // what Open() was given; error offsets count from its start
  size_t offset_ = 0;
};

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_ART_UNTRUSTED_CODE_INFO_H_
