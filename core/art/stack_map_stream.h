#ifndef FRAMEPROOF_CORE_ART_STACK_MAP_STREAM_H_
#define FRAMEPROOF_CORE_ART_STACK_MAP_STREAM_H_

#include <cstdint>
#include <variant>
#include <vector>

#include "absl/base/attributes.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "core/art/code_info.h"
#include "core/art/dex_register_location.h"
#include "core/art/stack_map.h"
#include "core/base/instruction_set.h"
#include "core/bit_table/bit_table_builder.h"
#include "core/bits/bit_vector.h"

namespace frameproof {

// The dex pc ART records where there is none.
inline constexpr uint32_t kNoDexPc = 0xFFFFFFFF;

// Which dex file an inlined method comes from, relative to the compiled (outer) method.
struct DexFileRef {
  enum class Kind : uint8_t {
    kSameAsOuter,    // the outer method's dex file
    kOatFile,        // a non-boot dex file: index into the oat file's dex files
    kBootClassPath,  // a boot-class-path dex file: index into the boot class path
  };
  Kind kind = Kind::kSameAsOuter;
  uint32_t index = 0;
};

// An inlined method as the JIT names it: its ArtMethod* (at most 64 bits).
struct ArtMethodPointer {
  uint64_t value = 0;
};
// An inlined method as the AOT compiler names it: a MethodInfo row.
struct DexMethodReference {
  uint32_t dex_method_index = 0;
  DexFileRef dex_file;
};
using InlinedMethod = std::variant<ArtMethodPointer, DexMethodReference>;

// Arguments of BeginMethod (ART's BeginMethod, one field per parameter).
struct MethodParams {
  uint32_t frame_size_in_bytes = 0;  // a multiple of kStackAlignment
  uint32_t core_spill_mask = 0;
  uint32_t fp_spill_mask = 0;
  uint32_t num_dex_registers = 0;
  bool baseline = false;
  bool debuggable = false;
  bool has_should_deoptimize_flag = false;
};

// Arguments of BeginStackMapEntry.
struct StackMapParams {
  uint32_t dex_pc = 0;
  uint32_t native_pc_offset = 0;  // bytes, aligned to InstructionAlignment(isa)
  uint32_t register_mask = 0;
  BitVector stack_mask;  // stack slots holding references
  StackMapKind kind = StackMapKind::kDefault;
  bool needs_vreg_info = true;  // false: the map records no dex registers at all
  // Catch maps only: [dex_pc, inline level 0 dex pc, inline level 1 dex pc, ...].
  std::vector<uint32_t> catch_dex_pcs;
};

// After Encode(), decode the result and check every recorded fact (ART's debug-build dchecks).
enum class VerifyMode : uint8_t { kOff, kOn };

// The builder a compiler calls to describe a method's safepoints; Encode() produces the CodeInfo
// bytes, bit for bit as ART's StackMapStream. Call order:
//
//   BeginMethod
//     { BeginStackMapEntry  AddDexRegisterEntry*
//         { BeginInlineInfoEntry  AddDexRegisterEntry*  EndInlineInfoEntry }*
//       EndStackMapEntry }*
//     SetStackMapNativePcOffset*
//   EndMethod  Encode
//
// Misuse (calls out of order, register counts that do not match, unsorted or misaligned pcs, bad
// locations) is reported as a FAILED_PRECONDITION or INVALID_ARGUMENT status and changes nothing.
//
// With ArtFormat::kAndroid11 the bytes are Android 11's StackMapStream's, and what that release
// cannot say is refused as INVALID_ARGUMENT: the debuggable and should-deoptimize flags, inlined
// methods from another dex file, and two Catch maps at one dex pc (its catch lookup tells them
// apart by the outer dex pc alone). EndMethod's code size is checked against the pcs but not
// encoded: Android 11 keeps it in the method header.
class StackMapStream {
 public:
  explicit StackMapStream(InstructionSet isa, VerifyMode verify = VerifyMode::kOff,
                          ArtFormat format = ArtFormat::kCurrent)
      : isa_(isa), verify_(verify), format_(format) {}

  ArtFormat format() const { return format_; }
  InstructionSet isa() const { return isa_; }

  // Forgets the method described so far, wherever the calls stopped, keeping the memory of its
  // tables: the stream is then as a new one, so a compiler pays for that memory once over many
  // methods.
  void Reset();

  absl::Status BeginMethod(const MethodParams& params);
  // `params` is copied into storage the stream reuses from map to map, so a compiler may pass
  // the same StackMapParams for every map without the stream allocating per map.
  absl::Status BeginStackMapEntry(const StackMapParams& params);
  // One call per register of the current level: the outer method's registers, then each inline
  // level's between its Begin/EndInlineInfoEntry. Inline, since a compiler calls it once per
  // register per map: the accepted path is one predictable branch and a store, and which rule a
  // refused call broke is worked out out of line.
  ABSL_ATTRIBUTE_ALWAYS_INLINE absl::Status AddDexRegisterEntry(DexRegisterKind kind,
                                                                int32_t value) {
    const bool has_room = num_registers_ < open_registers_;
    if (!(has_room & IsRecordableLocation(kind, value))) [[unlikely]] {
      return AddDexRegisterEntryError(kind, value);
    }
    // Field by field: a pair built on the stack and copied as one word stalls store forwarding.
    DexRegisterLocation& location = current_registers_[num_registers_++];
    location.kind = kind;
    location.value = value;
    return absl::OkStatus();
  }
  absl::Status BeginInlineInfoEntry(const InlinedMethod& method, uint32_t dex_pc,
                                    uint32_t num_dex_registers);
  absl::Status EndInlineInfoEntry();
  absl::Status EndStackMapEntry();
  // Moves stack map `index` to another pc, after its EndStackMapEntry and before EndMethod.
  absl::Status SetStackMapNativePcOffset(uint32_t index, uint32_t native_pc_offset);
  absl::Status EndMethod(uint32_t code_size);
  // The CodeInfo bytes. With VerifyMode::kOn, also decodes them and checks every recorded fact.
  absl::StatusOr<std::vector<uint8_t>> Encode() const;

  // Checks that `encoded` decodes to exactly the calls made from BeginMethod to EndMethod, as
  // ART's debug builds do: this stream's own Encode() output, or CodeInfo bytes another encoder
  // made from the same calls. Returns the first difference, naming the stack map and field. Only
  // VerifyMode::kOn keeps the calls; without it every stack map of `encoded` is a difference.
  absl::Status Verify(absl::Span<const uint8_t> encoded) const;

  uint32_t GetNumberOfStackMaps() const { return stack_maps_.size(); }
  uint32_t GetStackMapNativePcOffset(uint32_t index) const;

 private:
  enum class State : uint8_t { kIdle, kInMethod, kInStackMap, kInInlineInfo, kEnded };

  // What one inline level was told, kept for the verify mode only.
  struct InlineRecord {
    InlinedMethod method;
    uint32_t dex_pc;
    uint32_t num_dex_registers;  // this level's own count
  };
  // What one stack map was told, kept for the verify mode only.
  struct StackMapRecord {
    StackMapParams params;
    std::vector<InlineRecord> inline_infos;
    std::vector<DexRegisterLocation> registers;  // outer, then each inline level, concatenated
  };

  absl::Status ExpectState(State expected, absl::string_view call) const;
  // Whether AddDexRegisterEntry may record (kind, value): a known kind, None with value 0, a
  // stack offset that is a non-negative multiple of kFrameSlotSize.
  // Bitwise operators, not short-circuit ones: a compiler's locations mix kinds unpredictably,
  // and with a branch per rule the mispredictions cost a fifth of encoding a 1000-map method.
  static bool IsRecordableLocation(DexRegisterKind kind, int32_t value) {
    static_assert((kFrameSlotSize & (kFrameSlotSize - 1)) == 0, "a power of two");
    constexpr uint32_t kSignBit = uint32_t{1} << 31;
    constexpr uint32_t kMisalignedSlotBits = kSignBit | (kFrameSlotSize - 1);
    const uint32_t kind_index = static_cast<uint32_t>(static_cast<int32_t>(kind) -
                                                      static_cast<int32_t>(DexRegisterKind::kNone));
    const bool known =
        kind_index <= static_cast<uint32_t>(static_cast<int32_t>(kLastDexRegisterKind) -
                                            static_cast<int32_t>(DexRegisterKind::kNone));
    const bool none_is_zero = (kind != DexRegisterKind::kNone) | (value == 0);
    const bool slot_is_aligned = (kind != DexRegisterKind::kInStack) |
                                 ((static_cast<uint32_t>(value) & kMisalignedSlotBits) == 0);
    return known & none_is_zero & slot_is_aligned;
  }
  // The error AddDexRegisterEntry returns for a call it refused.
  [[gnu::cold]] absl::Status AddDexRegisterEntryError(DexRegisterKind kind, int32_t value) const;
  BitTableBuilder<InlineInfo::kColumnCount>::Entry MakeInlineEntry(const InlinedMethod& method,
                                                                   uint32_t dex_pc);
  // ART's CreateDexRegisterMap: emits the registers that changed since earlier maps, or that
  // were last emitted more than kMaxDexRegisterMapSearchDistance maps ago.
  // Fails, leaving the stream unusable, for a map whose mask ART could not read.
  absl::Status CreateDexRegisterMap();

  const InstructionSet isa_;
  const VerifyMode verify_;
  const ArtFormat format_;
  State state_ = State::kIdle;

  MethodParams method_;
  uint32_t code_size_ = 0;

  BitTableBuilder<StackMap::kColumnCount> stack_maps_;
  BitTableBuilder<RegisterMask::kColumnCount, DedupRuns::kSingleRows> register_masks_;
  BitmapTableBuilder stack_masks_{kArtBitTableLayout};
  BitTableBuilder<InlineInfo::kColumnCount> inline_infos_;
  BitTableBuilder<MethodInfo::kColumnCount, DedupRuns::kSingleRows> method_infos_;
  BitmapTableBuilder dex_register_masks_{kArtBitTableLayout};
  BitTableBuilder<DexRegisterMapInfo::kColumnCount> dex_register_maps_;
  BitTableBuilder<DexRegisterInfo::kColumnCount, DedupRuns::kSingleRows> dex_register_catalog_;

  // Each stack map's stack mask, row i for map i, deduplicated into stack_masks_ at EndMethod:
  // ART reads the compiler's masks last, because a compiler may still edit them, and that order
  // decides the rows. One pool for all of them, so keeping a mask costs no allocation per map.
  // Kept as given: BitVector::AsRegion already ends at the top set bit, and stack_masks_ trims
  // once more when it deduplicates, as ART's builder does.
  BitmapTableBuilder stack_mask_of_map_{
      BitTableLayout{.bitmap_row_length = BitmapRowLength::kAsGiven}};
  // Verify mode only: every stack map as it was told. With verification off nothing per call is
  // kept beyond the tables themselves.
  std::vector<StackMapRecord> records_;
  // The stack map being built: its row, its arguments, its inline levels (as rows, and as told
  // in verify mode) and its registers, the outer method's then each inline level's. The vectors
  // are cleared, not freed, between maps, so a method's maps reuse one allocation.
  BitTableBuilder<StackMap::kColumnCount>::Entry current_stack_map_{};
  StackMapParams current_params_;
  std::vector<BitTableBuilder<InlineInfo::kColumnCount>::Entry> current_inline_infos_;
  std::vector<InlineRecord> current_inline_records_;
  // Sized to the registers declared so far; the first num_registers_ have been added.
  std::vector<DexRegisterLocation> current_registers_;
  uint32_t num_registers_ = 0;
  uint32_t expected_num_dex_registers_ = 0;
  // How many registers the map may hold right now: the declared count inside a map or inline
  // level, 0 anywhere else, so that one compare checks both the call order and the count.
  uint32_t open_registers_ = 0;
  // CreateDexRegisterMap's working space, reused for the same reason.
  BitVector changed_registers_;
  std::vector<BitTableBuilder<DexRegisterMapInfo::kColumnCount>::Entry> changed_register_rows_;

  // Delta-compression state: each register's last emitted location and the stack map index
  // that emitted it.
  std::vector<DexRegisterLocation> previous_dex_registers_;
  std::vector<uint32_t> dex_register_timestamp_;
};

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_ART_STACK_MAP_STREAM_H_
