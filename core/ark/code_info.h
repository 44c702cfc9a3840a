#ifndef FRAMEPROOF_CORE_ARK_CODE_INFO_H_
#define FRAMEPROOF_CORE_ARK_CODE_INFO_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <variant>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "core/ark/code_info_header.h"
#include "core/ark/code_info_tables.h"
#include "core/ark/isa_layout.h"
#include "core/ark/vreg_info.h"
#include "core/bit_table/bit_table.h"
#include "core/bits/bit_memory_region.h"

namespace frameproof::ark {

// A frame's vregs are numbered by VRegInfo's 16-bit index field, so no frame has more.
inline constexpr uint32_t kMaxVRegsPerFrame = 1u << 16;

// The method an inline level names: its Method* (JIT code) or its panda-file method id (AOT).
struct MethodPointer {
  uint64_t address = 0;
  friend bool operator==(const MethodPointer&, const MethodPointer&) = default;
};
struct PandaMethodId {
  uint32_t id = 0;
  friend bool operator==(const PandaMethodId&, const PandaMethodId&) = default;
};
using InlinedMethod = std::variant<MethodPointer, PandaMethodId>;

// One frame's vregs, as GetVRegList returns them.
using VRegList = absl::InlinedVector<VRegInfo, 16>;

// A decoded Ark CodeInfo: the metadata Ark keeps after each compiled method's code.
//
// The contract for untrusted bytes. Decode() opens the CodeInfo: it reads the header and the
// header of every present table and checks that each table lies inside the bytes, so it costs the
// same for a method of any size, and no later read can leave the bytes. It reads no row.
// Every query that follows an index (a map's inline, mask, map or roots index, a catalogue or
// constant row) checks it against its table first and returns an error naming the table, row,
// column and bit offset; queries that follow none cannot fail. Time and memory stay bounded by
// the input: a frame has at most kMaxVRegsPerFrame vregs, and walks stop at the tables' ends.
// Validate() checks every invariant of every row at once, for tools that want all errors up
// front; after it succeeds, no query fails.
//
// A CodeInfo is a view: it points into the bytes it was decoded from, which must outlive it.
class CodeInfo {
 public:
  CodeInfo() = default;

  // Opens the CodeInfo that starts at the first byte of `bytes`, for `isa`'s pc alignment and
  // CFrame arithmetic.
  static absl::StatusOr<CodeInfo> Decode(absl::Span<const uint8_t> bytes, const IsaLayout& isa);

  // Every invariant the queries rely on, for every row of every table: the first broken one.
  absl::Status Validate() const;

  const CodeInfoHeader& header() const { return header_; }
  const IsaLayout& isa() const { return isa_; }
  // Bits from the start of the CodeInfo to the end of its last table.
  size_t bit_size() const { return table_bit_starts_[kNumTables]; }
  // Where table `id` starts, in bits from the start of the CodeInfo, and how many bits it takes
  // (header and rows); an absent table takes none.
  size_t TableBitStart(TableId id) const { return table_bit_starts_[static_cast<size_t>(id)]; }
  size_t TableBitSize(TableId id) const {
    return table_bit_starts_[static_cast<size_t>(id) + 1] - TableBitStart(id);
  }

  const BitTable<StackMap>& stack_maps() const { return stack_maps_; }
  const BitTable<InlineInfo>& inline_infos() const { return inline_infos_; }
  const BitTable<RootsRegMask>& roots_reg_masks() const { return roots_reg_masks_; }
  const BitTable<RootsStackMask>& roots_stack_masks() const { return roots_stack_masks_; }
  const BitTable<MethodId>& method_ids() const { return method_ids_; }
  const BitTable<VRegMask>& vreg_masks() const { return vreg_masks_; }
  const BitTable<VRegMap>& vreg_map() const { return vreg_map_; }
  const BitTable<VRegCatalogue>& vreg_catalogue() const { return vreg_catalogue_; }
  const BitTable<ImplicitNullChecks>& implicit_null_checks() const { return implicit_null_checks_; }
  const BitTable<Constants>& constants() const { return constants_; }

  uint32_t GetStackMapsCount() const { return stack_maps_.NumRows(); }
  // Requires row < GetStackMapsCount().
  StackMap GetStackMap(uint32_t row) const { return stack_maps_.GetRow(row); }
  // The first map whose unpacked native pc is `native_pc`, found by binary search as Ark's
  // FindStackMapForNativePc does; the invalid row if there is none.
  StackMap FindStackMapForNativePc(uint32_t native_pc) const;
  // The first OSR map at `bytecode_pc` (FindOsrStackMap); the invalid row if there is none.
  StackMap FindOsrStackMap(uint32_t bytecode_pc) const;

  // The map's roots register mask; 0 when it has none.
  absl::StatusOr<uint32_t> GetRootsRegMask(const StackMap& map) const;
  // The map's roots stack mask or vreg mask, as wide as its table's column (the widest row);
  // an empty region when the map has none.
  absl::StatusOr<BitMemoryRegion> GetRootsStackMask(const StackMap& map) const;
  absl::StatusOr<BitMemoryRegion> GetVRegMask(const StackMap& map) const;

  // -1 when the map has no inline info, else the depth of its innermost level.
  absl::StatusOr<int32_t> GetInlineDepth(const StackMap& map) const;
  // Inline level `depth` of the map (0: the outermost inlinee).
  absl::StatusOr<InlineInfo> GetInlineInfo(const StackMap& map, uint32_t depth) const;
  absl::StatusOr<InlinedMethod> GetMethod(const InlineInfo& info) const;

  // The outer frame's vregs at `map` (GetVRegList(map)): the header's VREGS_COUNT entries, or
  // none when the map records no vreg map. A live entry's index is its position in the frame.
  absl::StatusOr<VRegList> GetVRegList(const StackMap& map) const;
  // Inline level `depth`'s own vregs (GetVRegList(map, depth)).
  absl::StatusOr<VRegList> GetInlineVRegList(const StackMap& map, uint32_t depth) const;
  // The allocation-free core of both: positions [first, first + out.size()) of the map's
  // concatenated vreg list, found by walking back from `map` to the newest map that emitted each
  // one. Positions no map emitted are dead (VRegInfo{}).
  absl::Status DecodeVRegs(const StackMap& map, uint32_t first, absl::Span<VRegInfo> out) const;

  // The 64-bit value of a CONSTANT vreg (GetConstant).
  absl::StatusOr<uint64_t> GetConstant(const VRegInfo& vreg) const;

  // EnumerateStaticRoots: `fn` gets each register root as (register, REGISTER), then each stack
  // root as (CFrame slot, SLOT) by Ark's arithmetic for this ISA: spill k is slot
  // register_count + k (2k + 1 + register_count on arm), a bit past the spills is stack argument
  // p = k - spills, slot -11 - p. A frame smaller than the CFrame's fixed part makes the spill
  // count wrap, as in Ark, and every bit a spill slot.
  absl::Status EnumerateStaticRoots(const StackMap& map,
                                    absl::FunctionRef<void(const VRegInfo&)> fn) const;

 private:
  // Calls fn(TableId, table&) for each table, in encoding order.
  template <typename Self, typename Fn>
  static void ForEachTable(Self& self, Fn&& fn);
  // Where inline level `depth`'s vregs sit in the concatenated list: [first, first + count).
  struct VRegRange {
    uint32_t first = 0;
    uint32_t count = 0;
  };
  absl::StatusOr<VRegRange> InlineVRegRange(const StackMap& map, uint32_t depth) const;
  absl::Status ValidateStackMap(uint32_t row) const;

  absl::Span<const uint8_t> bytes_;
  IsaLayout isa_;
  CodeInfoHeader header_;
  std::array<size_t, kNumTables + 1> table_bit_starts_{};
  BitTable<StackMap> stack_maps_;
  BitTable<InlineInfo> inline_infos_;
  BitTable<RootsRegMask> roots_reg_masks_;
  BitTable<RootsStackMask> roots_stack_masks_;
  BitTable<MethodId> method_ids_;
  BitTable<VRegMask> vreg_masks_;
  BitTable<VRegMap> vreg_map_;
  BitTable<VRegCatalogue> vreg_catalogue_;
  BitTable<ImplicitNullChecks> implicit_null_checks_;
  BitTable<Constants> constants_;
};

}  // namespace frameproof::ark

#endif  // FRAMEPROOF_CORE_ARK_CODE_INFO_H_
