#ifndef FRAMEPROOF_CORE_ARK_CODE_INFO_BUILDER_H_
#define FRAMEPROOF_CORE_ARK_CODE_INFO_BUILDER_H_

#include <cstdint>
#include <optional>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/ark/code_info_header.h"
#include "core/ark/code_info_tables.h"
#include "core/ark/isa_layout.h"
#include "core/ark/vreg_info.h"
#include "core/bit_table/bit_table_builder.h"
#include "core/bits/bit_memory_region.h"

namespace frameproof::ark {

// The SaveStateInst opcodes that reach BeginStackMap; only kSaveStateOsr changes the map (its
// OSR flag).
enum class SaveStateOpcode : uint8_t {
  kSaveState,
  kSaveStateOsr,
  kSaveStateDeoptimize,
  kSafePoint
};

// The three members of a SaveStateInst that CodeInfoBuilder::BeginStackMap reads.
struct SaveState {
  SaveStateOpcode opcode = SaveStateOpcode::kSaveState;
  // GetRootsRegsMask(): registers (Ark's numbering) that hold references.
  uint32_t roots_regs_mask = 0;
  // GetRootsStackMask(): the vector's bits, and its size as the region's size. The invalid
  // (default) region is Ark's nullptr; like a size-0 vector, it records no stack roots.
  BitMemoryRegion roots_stack_mask = {};
};

// Ark's method pointers are 8-aligned; the low 32 bits of one are never this (Ark's stand-in
// value of an absent METHOD_LOW would read as NO_VALUE).
inline constexpr uint32_t kUnstorableMethodLow = 0xFFFFFFFF;

// Describes a compiled method's safepoints the way Ark's compiler does, and encodes the CodeInfo
// byte for byte as Ark's CodeInfoBuilder (clang-built: a constant's low half is added first).
// Call order:
//
//   SetHasFloatRegs?  BeginMethod?
//     { BeginStackMap  (AddVReg | AddConstant)*
//         { BeginInlineInfo  (AddVReg | AddConstant)*  EndInlineInfo }*
//       EndStackMap
//     | AddImplicitNullCheck | SetFrameSize | SetSavedCalleeRegsMask }*
//   EndMethod?  Encode
//
// Misuse (calls out of order, vreg counts that do not match what was declared, a location or
// field out of range, a frame size past 16 bits) returns FAILED_PRECONDITION or INVALID_ARGUMENT
// and changes nothing.
class CodeInfoBuilder {
 public:
  explicit CodeInfoBuilder(const IsaLayout& isa);

  // Sets or clears PROPERTIES' HasFloatRegs bit.
  void SetHasFloatRegs(bool has_float_regs);
  // Starts the method: its frame size in bytes (below 65536) and its vreg count. Adds the
  // Constants row 0, as Ark does. At most once, before any stack map.
  absl::Status BeginMethod(uint32_t frame_size, uint32_t vregs_count);
  // Replaces the frame size (PROPERTIES bits 0-15).
  absl::Status SetFrameSize(uint32_t frame_size);
  // Starts the stack map at bytecode pc `bytecode_pc` and native pc `native_pc` (bytes, aligned,
  // never below the previous map's). With `require_vreg_map`, the outer frame's vregs follow
  // (exactly the method's vreg count); without, none do, and inline levels have none either.
  absl::Status BeginStackMap(uint32_t bytecode_pc, uint32_t native_pc, const SaveState& save_state,
                             bool require_vreg_map);
  // The next vreg of the current frame. Its location is not kConstant (AddConstant makes those)
  // and its index is 0; a dead vreg is VRegInfo{}.
  absl::Status AddVReg(const VRegInfo& vreg);
  // The next vreg of the current frame, holding the 64-bit constant `value`.
  absl::Status AddConstant(uint64_t value, VRegInfo::Type type, VRegInfo::VRegType vreg_type);
  // Starts the next inline level of the current map, outermost first, named by its Method*
  // (`method` != 0) or else its panda-file `method_id` (not 0).
  absl::Status BeginInlineInfo(uint64_t method, uint32_t method_id, uint32_t bytecode_pc,
                               uint32_t vregs_count, uint32_t file_index);
  absl::Status EndInlineInfo();
  absl::Status EndStackMap();
  // Records an implicit null check (deduplicated like every row).
  void AddImplicitNullCheck(uint32_t instruction_native_pc, uint32_t offset);
  void SetSavedCalleeRegsMask(uint32_t mask, uint32_t fp_mask);
  absl::Status EndMethod();

  // The CodeInfo bytes: header, present tables, zero padding to a multiple of 8 bytes.
  absl::StatusOr<std::vector<uint8_t>> Encode() const;

  // Forgets the method described so far, keeping the memory of its tables: the builder is then
  // as a new one for the same ISA, so a compiler pays for that memory once over many methods.
  void Reset();

  const IsaLayout& isa() const { return isa_; }
  // BeginStackMap calls so far (merged identical maps included).
  uint32_t begun_stack_maps() const { return begun_stack_maps_; }

 private:
  enum class State : uint8_t { kOutsideMap, kInStackMap, kInInlineInfo };
  using StackMapRow = BitTableBuilder<StackMap::kColumnCount>::Entry;
  using InlineInfoRow = BitTableBuilder<InlineInfo::kColumnCount>::Entry;

  absl::Status ExpectState(State expected, absl::string_view call) const;
  // Checks that the current frame can take one more vreg.
  absl::Status CheckRoomForVReg(absl::string_view call) const;
  // Ark's EmitVRegs: the positions whose (value, info) changed since they were last emitted, or
  // were last emitted more than kMaxVRegLiveDistance stack maps ago, into the mask and the map.
  void EmitVRegs();

  const IsaLayout isa_;
  State state_ = State::kOutsideMap;
  CodeInfoHeader header_;
  bool began_method_ = false;
  uint32_t begun_stack_maps_ = 0;
  uint32_t previous_native_pc_ = 0;

  BitTableBuilder<StackMap::kColumnCount, DedupRuns::kSingleRows> stack_maps_;
  BitTableBuilder<InlineInfo::kColumnCount> inline_infos_;
  BitTableBuilder<RootsRegMask::kColumnCount, DedupRuns::kSingleRows> roots_reg_masks_;
  BitmapTableBuilder roots_stack_masks_{kArkBitTableLayout};
  BitTableBuilder<MethodId::kColumnCount, DedupRuns::kSingleRows> method_ids_;
  BitmapTableBuilder vreg_masks_{kArkBitTableLayout};
  BitTableBuilder<VRegMap::kColumnCount> vreg_map_;
  BitTableBuilder<VRegCatalogue::kColumnCount, DedupRuns::kSingleRows> vreg_catalogue_;
  BitTableBuilder<ImplicitNullChecks::kColumnCount, DedupRuns::kSingleRows> implicit_null_checks_;
  BitTableBuilder<Constants::kColumnCount, DedupRuns::kSingleRows> constants_;

  // The map being built: its row, its inline rows, its vregs in call order (outer frame, then
  // each level), and how many vregs the frame being filled still expects.
  StackMapRow current_map_{};
  std::vector<InlineInfoRow> current_inline_infos_;
  std::vector<VRegInfo> current_vregs_;
  uint32_t vregs_expected_ = 0;      // the current frame's declared count
  uint32_t vregs_in_frame_ = 0;      // added to it so far
  uint32_t inline_vregs_total_ = 0;  // VREGS_COUNT's running total

  // Delta-compression state per vreg position: what was last emitted there, and the StackMap
  // row count when it was.
  std::vector<std::optional<VRegInfo>> last_emitted_;
  std::vector<uint32_t> last_emitted_at_;
  // EmitVRegs's working space, kept from map to map so a method allocates it once.
  std::vector<uint8_t> emitted_mask_;
  std::vector<BitTableBuilder<VRegMap::kColumnCount>::Entry> emitted_entries_;
};

// Ark re-emits a vreg that has not changed once more than this many stack maps have been added
// since it was emitted (MAX_VREG_LIVE_DISTANCE), bounding how far back a decoder looks.
inline constexpr uint32_t kMaxVRegLiveDistance = 32;

}  // namespace frameproof::ark

#endif  // FRAMEPROOF_CORE_ARK_CODE_INFO_BUILDER_H_
