#include "core/art/stack_map_stream.h"

#include <array>

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "core/base/status_macros.h"
#include "core/bits/bit_memory_writer.h"
#include "core/bits/bit_utils.h"

namespace frameproof {
namespace {

absl::string_view StateName(int state) {
  constexpr absl::string_view kNames[] = {"before BeginMethod", "inside a method",
                                          "inside a stack map", "inside an inline info",
                                          "after EndMethod"};
  return kNames[state];
}

absl::Status CheckAligned(uint32_t native_pc, InstructionSet isa, absl::string_view what) {
  if (native_pc % InstructionAlignment(isa) == 0) return absl::OkStatus();
  return absl::InvalidArgumentError(
      absl::StrCat(what, " ", native_pc, " is not aligned to the ", InstructionAlignment(isa),
                   "-byte instructions of ", InstructionSetName(isa)));
}

}  // namespace

absl::Status StackMapStream::ExpectState(State expected, absl::string_view call) const {
  if (state_ == expected) return absl::OkStatus();
  return absl::FailedPreconditionError(
      absl::StrCat(call, " called ", StateName(static_cast<int>(state_)), "; it belongs ",
                   StateName(static_cast<int>(expected))));
}

absl::Status StackMapStream::BeginMethod(const MethodParams& params) {
  FP_RETURN_IF_ERROR(ExpectState(State::kIdle, "BeginMethod"));
  if (params.frame_size_in_bytes % kStackAlignment != 0) {
    return absl::InvalidArgumentError(absl::StrCat("frame size ", params.frame_size_in_bytes,
                                                   " is not a multiple of ", kStackAlignment));
  }
  if (params.num_dex_registers > kMaxDexRegistersPerMethod) {
    return absl::InvalidArgumentError(absl::StrCat(params.num_dex_registers,
                                                   " dex registers exceed the dex format's ",
                                                   kMaxDexRegistersPerMethod));
  }
  for (const auto& [asked, flag] : {std::pair{params.baseline, kIsBaseline},
                                    std::pair{params.debuggable, kIsDebuggable},
                                    std::pair{params.has_should_deoptimize_flag,
                                              kHasShouldDeoptimizeFlag}}) {
    if (asked && FlagBit(format_, flag) == 0) {
      return absl::InvalidArgumentError(absl::StrCat("the ", ArtFormatName(format_),
                                                     " format has no ", CodeInfoFlagName(flag),
                                                     " flag"));
    }
  }
  method_ = params;
  state_ = State::kInMethod;
  return absl::OkStatus();
}

void StackMapStream::Reset() {
  state_ = State::kIdle;
  method_ = MethodParams{};
  code_size_ = 0;
  stack_maps_.Clear();
  register_masks_.Clear();
  stack_masks_.Clear();
  inline_infos_.Clear();
  method_infos_.Clear();
  dex_register_masks_.Clear();
  dex_register_maps_.Clear();
  dex_register_catalog_.Clear();
  stack_mask_of_map_.Clear();
  records_.clear();
  current_inline_infos_.clear();
  current_inline_records_.clear();
  current_registers_.clear();
  num_registers_ = 0;
  expected_num_dex_registers_ = 0;
  open_registers_ = 0;
  // The next method's first map records every register, as a new stream's does.
  previous_dex_registers_.clear();
  dex_register_timestamp_.clear();
}

absl::Status StackMapStream::BeginStackMapEntry(const StackMapParams& params) {
  FP_RETURN_IF_ERROR(ExpectState(State::kInMethod, "BeginStackMapEntry"));
  FP_RETURN_IF_ERROR(CheckAligned(params.native_pc_offset, isa_, "native pc"));
  const bool is_catch = params.kind == StackMapKind::kCatch;
  if (is_catch == params.catch_dex_pcs.empty()) {
    return absl::InvalidArgumentError(is_catch ? "a Catch stack map needs its catch dex pc list"
                                               : "only Catch stack maps carry a catch dex pc list");
  }
  const uint32_t packed_pc = StackMap::PackNativePc(params.native_pc_offset, isa_);
  if (stack_maps_.size() > 0) {
    const auto& previous = stack_maps_[stack_maps_.size() - 1];
    const bool previous_is_catch =
        previous[StackMap::kKind] == static_cast<uint32_t>(StackMapKind::kCatch);
    if (previous_is_catch && !is_catch) {
      return absl::InvalidArgumentError(
          absl::StrCat("stack map ", stack_maps_.size(),
                       " is not a Catch map but follows one; catch maps "
                       "come last"));
    }
    if (is_catch && !CodeInfo::CatchLookupReadsInlineChain(format_)) {
      for (uint32_t row = stack_maps_.size(); row > 0; --row) {
        const auto& earlier = stack_maps_[row - 1];
        if (earlier[StackMap::kKind] != static_cast<uint32_t>(StackMapKind::kCatch)) break;
        if (earlier[StackMap::kDexPc] == params.dex_pc) {
          return absl::InvalidArgumentError(absl::StrCat(
              "stack map ", stack_maps_.size(), ": Catch map ", row - 1, " has dex pc ",
              params.dex_pc, " already; android11 finds a catch map by its dex pc alone"));
        }
      }
    }
    if (!is_catch && packed_pc < previous[StackMap::kPackedNativePc]) {
      return absl::InvalidArgumentError(
          absl::StrCat("stack map ", stack_maps_.size(), " at native pc ", params.native_pc_offset,
                       " comes before the previous map's pc; non-catch maps must be sorted by pc"));
    }
  }

  current_stack_map_ = BitTableBuilder<StackMap::kColumnCount>::EmptyEntry();
  current_stack_map_[StackMap::kKind] = static_cast<uint32_t>(params.kind);
  current_stack_map_[StackMap::kPackedNativePc] = packed_pc;
  current_stack_map_[StackMap::kDexPc] = params.dex_pc;
  if (params.register_mask != 0) {
    const uint32_t shift = LeastSignificantBit(params.register_mask);
    current_stack_map_[StackMap::kRegisterMaskIndex] =
        register_masks_.Dedup({params.register_mask >> shift, shift});
  }
  current_inline_infos_.clear();
  current_inline_records_.clear();
  expected_num_dex_registers_ = params.needs_vreg_info ? method_.num_dex_registers : 0;
  current_registers_.resize(expected_num_dex_registers_);
  num_registers_ = 0;
  open_registers_ = expected_num_dex_registers_;
  current_params_ = params;
  state_ = State::kInStackMap;
  return absl::OkStatus();
}

absl::Status StackMapStream::AddDexRegisterEntryError(DexRegisterKind kind, int32_t value) const {
  if (state_ != State::kInStackMap && state_ != State::kInInlineInfo) {
    return ExpectState(State::kInStackMap, "AddDexRegisterEntry");
  }
  if (num_registers_ >= expected_num_dex_registers_) {
    return absl::InvalidArgumentError(absl::StrCat(
        "stack map ", stack_maps_.size(), ": register ", num_registers_, " is more than the ",
        expected_num_dex_registers_, " registers declared so far"));
  }
  switch (kind) {
    case DexRegisterKind::kInvalid:
      return absl::InvalidArgumentError("Invalid is not a location a register can have");
    case DexRegisterKind::kNone:
      return absl::InvalidArgumentError("a None location carries the value 0");
    case DexRegisterKind::kInStack:
      return absl::InvalidArgumentError(absl::StrCat(
          "stack offset ", value, " is not a non-negative multiple of ", kFrameSlotSize));
    default:
      return absl::InvalidArgumentError(
          absl::StrCat("unknown location kind ", static_cast<int32_t>(kind)));
  }
}

BitTableBuilder<InlineInfo::kColumnCount>::Entry StackMapStream::MakeInlineEntry(
    const InlinedMethod& method, uint32_t dex_pc) {
  auto entry = BitTableBuilder<InlineInfo::kColumnCount>::EmptyEntry();
  entry[InlineInfo::kIsLast] = InlineInfo::kMore;
  entry[InlineInfo::kDexPc] = dex_pc;
  entry[InlineInfo::kNumberOfDexRegisters] = expected_num_dex_registers_;
  if (const auto* pointer = std::get_if<ArtMethodPointer>(&method)) {
    entry[InlineInfo::kArtMethodHi] = static_cast<uint32_t>(pointer->value >> 32);
    entry[InlineInfo::kArtMethodLo] = static_cast<uint32_t>(pointer->value);
    return entry;
  }
  const auto& reference = std::get<DexMethodReference>(method);
  uint32_t dex_file_kind = MethodInfo::kKindNonBcp;
  uint32_t dex_file_index = MethodInfo::kSameDexFile;
  // As in ART, an inline level without a dex pc skips the dex file lookup.
  if (dex_pc != kNoDexPc) {
    switch (reference.dex_file.kind) {
      case DexFileRef::Kind::kSameAsOuter:
        break;
      case DexFileRef::Kind::kOatFile:
        dex_file_index = reference.dex_file.index;
        break;
      case DexFileRef::Kind::kBootClassPath:
        dex_file_kind = MethodInfo::kKindBcp;
        dex_file_index = reference.dex_file.index;
        break;
    }
  }
  entry[InlineInfo::kMethodInfoIndex] =
      method_infos_.Dedup({reference.dex_method_index, dex_file_kind, dex_file_index});
  return entry;
}

absl::Status StackMapStream::BeginInlineInfoEntry(const InlinedMethod& method, uint32_t dex_pc,
                                                  uint32_t num_dex_registers) {
  FP_RETURN_IF_ERROR(ExpectState(State::kInStackMap, "BeginInlineInfoEntry"));
  if (num_registers_ != expected_num_dex_registers_) {
    return absl::InvalidArgumentError(absl::StrCat("stack map ", stack_maps_.size(),
                                                   ": inline level ", current_inline_infos_.size(),
                                                   " begins after ", num_registers_,
                                                   " registers of the level above, which "
                                                   "declared ",
                                                   expected_num_dex_registers_));
  }
  if (num_dex_registers > kMaxDexRegistersPerMethod) {
    return absl::InvalidArgumentError(absl::StrCat(
        num_dex_registers, " dex registers exceed the dex format's ", kMaxDexRegistersPerMethod));
  }
  if (const auto* pointer = std::get_if<ArtMethodPointer>(&method);
      pointer != nullptr && static_cast<uint32_t>(pointer->value) == kNoValue) {
    // ArtMethodLo would read as "no value", and the row would name no method at all.
    return absl::InvalidArgumentError(absl::StrCat("ArtMethod* 0x", absl::Hex(pointer->value),
                                                   " has low 32 bits 0xffffffff, which the "
                                                   "InlineInfo table cannot store"));
  }
  if (const auto* reference = std::get_if<DexMethodReference>(&method);
      reference != nullptr && format_ == ArtFormat::kAndroid11 &&
      reference->dex_file.kind != DexFileRef::Kind::kSameAsOuter) {
    return absl::InvalidArgumentError(
        absl::StrCat("stack map ", stack_maps_.size(), ": inline level ",
                     current_inline_infos_.size(),
                     " names a method of another dex file, which android11's one-column "
                     "MethodInfo cannot say"));
  }
  if (!current_params_.needs_vreg_info && num_dex_registers != 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("stack map ", stack_maps_.size(),
                     " was begun without vreg info, so its inline levels "
                     "record no registers, not ",
                     num_dex_registers));
  }
  expected_num_dex_registers_ += num_dex_registers;
  current_registers_.resize(expected_num_dex_registers_);
  open_registers_ = expected_num_dex_registers_;
  current_inline_infos_.push_back(MakeInlineEntry(method, dex_pc));
  if (verify_ == VerifyMode::kOn) {
    current_inline_records_.push_back(InlineRecord{method, dex_pc, num_dex_registers});
  }
  state_ = State::kInInlineInfo;
  return absl::OkStatus();
}

absl::Status StackMapStream::EndInlineInfoEntry() {
  FP_RETURN_IF_ERROR(ExpectState(State::kInInlineInfo, "EndInlineInfoEntry"));
  if (num_registers_ != expected_num_dex_registers_) {
    return absl::InvalidArgumentError(
        absl::StrCat("stack map ", stack_maps_.size(), ": inline level ",
                     current_inline_infos_.size() - 1, " ends with ", num_registers_,
                     " registers in all; ", expected_num_dex_registers_, " were declared"));
  }
  state_ = State::kInStackMap;
  return absl::OkStatus();
}

absl::Status StackMapStream::EndStackMapEntry() {
  FP_RETURN_IF_ERROR(ExpectState(State::kInStackMap, "EndStackMapEntry"));
  // Registers are all or nothing: a map with none recorded simply has no register map.
  if (num_registers_ != 0 && num_registers_ != expected_num_dex_registers_) {
    return absl::InvalidArgumentError(absl::StrCat("stack map ", stack_maps_.size(), " has ",
                                                   num_registers_, " registers; ",
                                                   expected_num_dex_registers_, " were declared"));
  }
  // A stack mask ART can read: its bitmap rows are at most kBitmapColumnBits wide.
  const BitMemoryRegion stack_mask = current_params_.stack_mask.AsRegion();
  if (stack_mask.size_in_bits() > kBitmapColumnBits) {
    return absl::InvalidArgumentError(absl::StrCat(
        "stack map ", stack_maps_.size(), " has a stack mask of ", stack_mask.size_in_bits(),
        " bits; ART's bitmap rows hold at most ", kBitmapColumnBits));
  }
  const std::vector<uint32_t>& catch_pcs = current_params_.catch_dex_pcs;
  if (!catch_pcs.empty()) {
    bool consistent = catch_pcs.size() == current_inline_infos_.size() + 1 &&
                      catch_pcs[0] == current_params_.dex_pc;
    for (size_t depth = 0; consistent && depth < current_inline_infos_.size(); ++depth) {
      consistent = catch_pcs[depth + 1] == current_inline_infos_[depth][InlineInfo::kDexPc];
    }
    if (!consistent) {
      return absl::InvalidArgumentError(
          absl::StrCat("stack map ", stack_maps_.size(),
                       ": the catch dex pc list must be the map's dex pc "
                       "followed by the dex pc of each inline level"));
    }
  }

  if (!current_inline_infos_.empty()) {
    current_inline_infos_.back()[InlineInfo::kIsLast] = InlineInfo::kLast;
    current_stack_map_[StackMap::kInlineInfoIndex] = inline_infos_.Dedup(current_inline_infos_);
  }
  // All or nothing, so only a map without registers shrinks here.
  current_registers_.resize(num_registers_);
  if (!current_registers_.empty()) FP_RETURN_IF_ERROR(CreateDexRegisterMap());
  stack_maps_.Add(current_stack_map_);
  if (verify_ == VerifyMode::kOn) {
    records_.push_back(StackMapRecord{current_params_, current_inline_records_, current_registers_});
  }
  stack_mask_of_map_.Add(stack_mask);
  open_registers_ = 0;
  state_ = State::kInMethod;
  return absl::OkStatus();
}

absl::Status StackMapStream::CreateDexRegisterMap() {
  const std::vector<DexRegisterLocation>& registers = current_registers_;
  if (previous_dex_registers_.size() < registers.size()) {
    previous_dex_registers_.resize(registers.size(), DexRegisterLocation::None());
    dex_register_timestamp_.resize(registers.size(), 0);
    // At most every register changes; room for that now, rather than doubling up to it.
    changed_register_rows_.reserve(registers.size());
  }
  const uint32_t stack_map_index = stack_maps_.size();
  changed_registers_.Reset(registers.size());
  changed_register_rows_.clear();
  for (size_t i = 0; i < registers.size(); ++i) {
    const DexRegisterLocation location = registers[i];
    const uint32_t distance = stack_map_index - dex_register_timestamp_[i];
    // Unchanged registers are found by the decoder's backward scan, as long as it reaches them.
    if (previous_dex_registers_[i] == location && distance <= kMaxDexRegisterMapSearchDistance) {
      continue;
    }
    uint32_t catalogue_index = kNoValue;
    if (location.IsLive()) {
      catalogue_index =
          dex_register_catalog_.Dedup({static_cast<uint32_t>(location.kind),
                                       DexRegisterInfo::PackValue(location.kind, location.value)});
    }
    changed_registers_.SetBit(i);
    changed_register_rows_.push_back({catalogue_index});
    previous_dex_registers_[i] = location;
    dex_register_timestamp_[i] = stack_map_index;
  }
  // One bit per register up to the last that changed: a row ART can read, or the method is
  // beyond what ART can encode (a dex method has at most 65535 registers, but its inlinees add).
  const BitMemoryRegion changed = changed_registers_.AsRegion();
  if (changed.size_in_bits() > kBitmapColumnBits) {
    return absl::InvalidArgumentError(absl::StrCat(
        "stack map ", stack_maps_.size(), " changes register ", changed.size_in_bits() - 1,
        "; ART's bitmap rows hold at most ", kBitmapColumnBits, " bits"));
  }
  if (changed.size_in_bits() != 0) {
    current_stack_map_[StackMap::kDexRegisterMaskIndex] = dex_register_masks_.Dedup(changed);
  }
  current_stack_map_[StackMap::kDexRegisterMapIndex] =
      dex_register_maps_.Dedup(changed_register_rows_);
  return absl::OkStatus();
}

absl::Status StackMapStream::SetStackMapNativePcOffset(uint32_t index, uint32_t native_pc_offset) {
  FP_RETURN_IF_ERROR(ExpectState(State::kInMethod, "SetStackMapNativePcOffset"));
  if (index >= stack_maps_.size()) {
    return absl::OutOfRangeError(
        absl::StrCat("stack map ", index, " does not exist; there are ", stack_maps_.size()));
  }
  FP_RETURN_IF_ERROR(CheckAligned(native_pc_offset, isa_, "native pc"));
  stack_maps_[index][StackMap::kPackedNativePc] = StackMap::PackNativePc(native_pc_offset, isa_);
  if (verify_ == VerifyMode::kOn) records_[index].params.native_pc_offset = native_pc_offset;
  return absl::OkStatus();
}

uint32_t StackMapStream::GetStackMapNativePcOffset(uint32_t index) const {
  return stack_maps_[index][StackMap::kPackedNativePc] * InstructionAlignment(isa_);
}

absl::Status StackMapStream::EndMethod(uint32_t code_size) {
  FP_RETURN_IF_ERROR(ExpectState(State::kInMethod, "EndMethod"));
  FP_RETURN_IF_ERROR(CheckAligned(code_size, isa_, "code size"));
  uint32_t previous_pc = 0;
  for (uint32_t i = 0; i < stack_maps_.size(); ++i) {
    const uint32_t pc = GetStackMapNativePcOffset(i);
    if (pc > code_size) {
      return absl::InvalidArgumentError(absl::StrCat("stack map ", i, " at native pc ", pc,
                                                     " lies past the code size ", code_size));
    }
    if (stack_maps_[i][StackMap::kKind] == static_cast<uint32_t>(StackMapKind::kCatch)) continue;
    if (pc < previous_pc) {
      return absl::InvalidArgumentError(absl::StrCat(
          "stack map ", i, " at native pc ", pc, " comes before the previous map's pc ",
          previous_pc, "; non-catch maps must stay sorted after SetStackMapNativePcOffset"));
    }
    previous_pc = pc;
  }
  // Stack masks are read last, as ART does, because a compiler may still edit them.
  for (uint32_t i = 0; i < stack_maps_.size(); ++i) {
    const BitMemoryRegion stack_mask = stack_mask_of_map_.Row(i);
    if (stack_mask.size_in_bits() != 0) {
      stack_maps_[i][StackMap::kStackMaskIndex] = stack_masks_.Dedup(stack_mask);
    }
  }
  code_size_ = code_size;
  state_ = State::kEnded;
  return absl::OkStatus();
}

absl::StatusOr<std::vector<uint8_t>> StackMapStream::Encode() const {
  FP_RETURN_IF_ERROR(ExpectState(State::kEnded, "Encode"));
  CodeInfoHeader header;
  const auto flag_if = [this](bool condition, CodeInfoFlag flag) -> uint32_t {
    return condition ? FlagBit(format_, flag) : 0u;
  };
  header.flags = flag_if(inline_infos_.size() > 0, kHasInlineInfo) |
                 flag_if(method_.baseline, kIsBaseline) |
                 flag_if(method_.debuggable, kIsDebuggable) |
                 flag_if(method_.has_should_deoptimize_flag, kHasShouldDeoptimizeFlag);
  header.code_size = CodeInfoHeader::EncodesCodeSize(format_) ? code_size_ : 0;
  header.packed_frame_size = method_.frame_size_in_bytes / kStackAlignment;
  header.core_spill_mask = method_.core_spill_mask;
  header.fp_spill_mask = method_.fp_spill_mask;
  header.number_of_dex_registers = method_.num_dex_registers;
  const std::array<uint32_t, kNumBitTables> table_sizes = {
      stack_maps_.size(),        register_masks_.size(),      stack_masks_.size(),
      inline_infos_.size(),      method_infos_.size(),        dex_register_masks_.size(),
      dex_register_maps_.size(), dex_register_catalog_.size()};
  for (size_t i = 0; i < kNumBitTables; ++i) {
    if (table_sizes[i] != 0) header.bit_table_flags |= 1u << i;
  }

  std::vector<uint8_t> bytes;
  BitMemoryWriter out(&bytes);
  out.WriteInterleavedVarints(header.Encoded(format_));
  // Empty tables are absent; the rest follow in CodeInfo order.
  if (stack_maps_.size() != 0) stack_maps_.Encode(out, kArtBitTableLayout);
  if (register_masks_.size() != 0) register_masks_.Encode(out, kArtBitTableLayout);
  if (stack_masks_.size() != 0) stack_masks_.Encode(out, kArtBitTableLayout);
  if (inline_infos_.size() != 0) inline_infos_.Encode(out, kArtBitTableLayout);
  if (method_infos_.size() != 0) {
    // Android 11's MethodInfo is MethodIndex alone; the stream refused what the others would say.
    if (format_ == ArtFormat::kAndroid11) {
      constexpr size_t kColumns = CodeInfo::EncodedColumns(
          ArtFormat::kAndroid11, BitTableId::kMethodInfo, MethodInfo::kColumnCount);
      method_infos_.Encode<kColumns>(out, kArtBitTableLayout);
    } else {
      method_infos_.Encode(out, kArtBitTableLayout);
    }
  }
  if (dex_register_masks_.size() != 0) dex_register_masks_.Encode(out, kArtBitTableLayout);
  if (dex_register_maps_.size() != 0) dex_register_maps_.Encode(out, kArtBitTableLayout);
  if (dex_register_catalog_.size() != 0) dex_register_catalog_.Encode(out, kArtBitTableLayout);

  if (verify_ == VerifyMode::kOn) FP_RETURN_IF_ERROR(Verify(bytes));
  return bytes;
}

}  // namespace frameproof
