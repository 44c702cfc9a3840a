#include "core/ark/code_info_builder.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "core/base/planted_bug.h"
#include "core/base/status_macros.h"
#include "core/bits/bit_memory_writer.h"
#include "core/bits/bit_utils.h"

namespace frameproof::ark {
namespace {

// The builder's output is a whole number of these (SIZE_ALIGNMENT, CodeInfo::ALIGNMENT).
constexpr size_t kSizeAlignment = 8;
// Every Constants row index must fit its half of a CONSTANT vreg's value.
constexpr uint32_t kMaxConstantRows = 1u << Constants::kRowIndexBits;

absl::string_view StateName(int state) {
  constexpr absl::string_view kNames[] = {"outside a stack map", "inside a stack map",
                                          "inside an inline info"};
  return kNames[state];
}

template <typename Row>
Row EmptyRow() {
  Row row;
  row.fill(kNoValue);
  return row;
}

absl::Status CheckFrameSize(uint32_t frame_size) {
  if (frame_size <= CodeInfoHeader::kFrameSizeMask) return absl::OkStatus();
  return absl::InvalidArgumentError(
      absl::StrCat("frame size ", frame_size, " does not fit PROPERTIES' 16-bit field"));
}

}  // namespace

CodeInfoBuilder::CodeInfoBuilder(const IsaLayout& isa) : isa_(isa) {}

void CodeInfoBuilder::Reset() {
  state_ = State::kOutsideMap;
  header_ = CodeInfoHeader{};
  began_method_ = false;
  begun_stack_maps_ = 0;
  previous_native_pc_ = 0;
  stack_maps_.Clear();
  inline_infos_.Clear();
  roots_reg_masks_.Clear();
  roots_stack_masks_.Clear();
  method_ids_.Clear();
  vreg_masks_.Clear();
  vreg_map_.Clear();
  vreg_catalogue_.Clear();
  implicit_null_checks_.Clear();
  constants_.Clear();
  current_map_ = {};
  current_inline_infos_.clear();
  current_vregs_.clear();
  vregs_expected_ = 0;
  vregs_in_frame_ = 0;
  inline_vregs_total_ = 0;
  last_emitted_.clear();
  last_emitted_at_.clear();
}

absl::Status CodeInfoBuilder::ExpectState(State expected, absl::string_view call) const {
  if (state_ == expected) return absl::OkStatus();
  return absl::FailedPreconditionError(
      absl::StrCat(call, " called ", StateName(static_cast<int>(state_)), "; it belongs ",
                   StateName(static_cast<int>(expected))));
}

void CodeInfoBuilder::SetHasFloatRegs(bool has_float_regs) {
  header_.properties = has_float_regs ? header_.properties | CodeInfoHeader::kHasFloatRegsBit
                                      : header_.properties & ~CodeInfoHeader::kHasFloatRegsBit;
}

absl::Status CodeInfoBuilder::BeginMethod(uint32_t frame_size, uint32_t vregs_count) {
  FP_RETURN_IF_ERROR(ExpectState(State::kOutsideMap, "BeginMethod"));
  if (began_method_ || begun_stack_maps_ > 0) {
    return absl::FailedPreconditionError(
        "BeginMethod called twice, or after a stack map; a method begins once, first");
  }
  FP_RETURN_IF_ERROR(CheckFrameSize(frame_size));
  began_method_ = true;
  header_.properties = (header_.properties & ~CodeInfoHeader::kFrameSizeMask) | frame_size;
  header_.vregs_count = vregs_count;
  constants_.Dedup({0});
  return absl::OkStatus();
}

absl::Status CodeInfoBuilder::SetFrameSize(uint32_t frame_size) {
  FP_RETURN_IF_ERROR(CheckFrameSize(frame_size));
  header_.properties = (header_.properties & ~CodeInfoHeader::kFrameSizeMask) | frame_size;
  return absl::OkStatus();
}

absl::Status CodeInfoBuilder::BeginStackMap(uint32_t bytecode_pc, uint32_t native_pc,
                                            const SaveState& save_state, bool require_vreg_map) {
  FP_RETURN_IF_ERROR(ExpectState(State::kOutsideMap, "BeginStackMap"));
  if (native_pc % isa_.instruction_alignment != 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("native pc ", native_pc, " is not aligned to the ", isa_.instruction_alignment,
                     "-byte instructions of ", InstructionSetName(isa_.isa)));
  }
  if (begun_stack_maps_ > 0 && native_pc < previous_native_pc_) {
    return absl::InvalidArgumentError(
        absl::StrCat("stack map ", begun_stack_maps_, " at native pc ", native_pc,
                     " comes before the previous map's pc ", previous_native_pc_,
                     "; maps are found by binary search and must be added in pc order"));
  }
  const uint32_t properties =
      (save_state.opcode == SaveStateOpcode::kSaveStateOsr ? StackMap::kIsOsrBit : 0) |
      (require_vreg_map ? StackMap::kHasRegMapBit : 0);
  current_map_ = EmptyRow<StackMapRow>();
  current_map_[StackMap::kProperties] = properties;
  current_map_[StackMap::kNativePc] = native_pc / isa_.instruction_alignment;
  current_map_[StackMap::kBytecodePc] = bytecode_pc;
  if (save_state.roots_regs_mask != 0) {
    current_map_[StackMap::kRootsRegMaskIndex] =
        roots_reg_masks_.Dedup({save_state.roots_regs_mask});
  }
  if (save_state.roots_stack_mask.IsValid() && save_state.roots_stack_mask.size_in_bits() > 0) {
    current_map_[StackMap::kRootsStackMaskIndex] =
        roots_stack_masks_.Dedup(save_state.roots_stack_mask);
  }
  current_inline_infos_.clear();
  current_vregs_.clear();
  vregs_expected_ = require_vreg_map ? header_.vregs_count : 0;
  vregs_in_frame_ = 0;
  inline_vregs_total_ = vregs_expected_;
  previous_native_pc_ = native_pc;
  ++begun_stack_maps_;
  state_ = State::kInStackMap;
  return absl::OkStatus();
}

absl::Status CodeInfoBuilder::CheckRoomForVReg(absl::string_view call) const {
  if (state_ == State::kOutsideMap) return ExpectState(State::kInStackMap, call);
  if (vregs_in_frame_ < vregs_expected_) return absl::OkStatus();
  return absl::InvalidArgumentError(
      absl::StrCat(call, ": the ", state_ == State::kInStackMap ? "outer frame" : "inline level",
                   " of stack map ", begun_stack_maps_ - 1, " declared ", vregs_expected_,
                   " vregs and has them all"));
}

absl::Status CodeInfoBuilder::AddVReg(const VRegInfo& vreg) {
  FP_RETURN_IF_ERROR(CheckRoomForVReg("AddVReg"));
  if (vreg.location == VRegInfo::Location::kConstant) {
    return absl::InvalidArgumentError("AddVReg: constants go through AddConstant");
  }
  if (vreg.location > VRegInfo::Location::kConstant || vreg.type > VRegInfo::Type::kAny ||
      vreg.vreg_type > VRegInfo::VRegType::kLexEnv) {
    return absl::InvalidArgumentError(
        absl::StrCat("AddVReg: location ", static_cast<int>(vreg.location), ", type ",
                     static_cast<int>(vreg.type), " or vreg type ",
                     static_cast<int>(vreg.vreg_type), " is not one Ark defines"));
  }
  if (vreg.index != 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        "AddVReg: index ", vreg.index, " is the decoder's to fill in; builders pass 0"));
  }
  current_vregs_.push_back(vreg);
  ++vregs_in_frame_;
  return absl::OkStatus();
}

absl::Status CodeInfoBuilder::AddConstant(uint64_t value, VRegInfo::Type type,
                                          VRegInfo::VRegType vreg_type) {
  FP_RETURN_IF_ERROR(CheckRoomForVReg("AddConstant"));
  if (type > VRegInfo::Type::kAny || vreg_type > VRegInfo::VRegType::kLexEnv) {
    return absl::InvalidArgumentError(absl::StrCat("AddConstant: type ", static_cast<int>(type),
                                                   " or vreg type ", static_cast<int>(vreg_type),
                                                   " is not one Ark defines"));
  }
  if (constants_.size() + 2 > kMaxConstantRows) {
    return absl::InvalidArgumentError(
        absl::StrCat("AddConstant: the Constants table has ", constants_.size(),
                     " rows; a CONSTANT vreg names rows by 16-bit index"));
  }
  // clang-built Ark evaluates both Add calls of AddConstant left to right: low half first.
  const uint32_t low_row = constants_.Dedup({static_cast<uint32_t>(value)});
  const uint32_t high_row = constants_.Dedup({static_cast<uint32_t>(value >> 32)});
  current_vregs_.push_back(VRegInfo{.value = low_row | high_row << Constants::kRowIndexBits,
                                    .location = VRegInfo::Location::kConstant,
                                    .type = type,
                                    .vreg_type = vreg_type});
  ++vregs_in_frame_;
  return absl::OkStatus();
}

absl::Status CodeInfoBuilder::BeginInlineInfo(uint64_t method, uint32_t method_id,
                                              uint32_t bytecode_pc, uint32_t vregs_count,
                                              uint32_t file_index) {
  FP_RETURN_IF_ERROR(ExpectState(State::kInStackMap, "BeginInlineInfo"));
  if (vregs_in_frame_ != vregs_expected_) {
    return absl::InvalidArgumentError(absl::StrCat("BeginInlineInfo: the frame above has ",
                                                   vregs_in_frame_, " of its ", vregs_expected_,
                                                   " vregs"));
  }
  if (method == 0 && method_id == 0) {
    return absl::InvalidArgumentError(
        "BeginInlineInfo: an inlined method needs a Method* or a method id");
  }
  if (method != 0 && (isa_.Is32Bit() ? method >> 32 != 0 : false)) {
    return absl::InvalidArgumentError(absl::StrCat("BeginInlineInfo: Method* 0x", absl::Hex(method),
                                                   " does not fit a 32-bit ",
                                                   InstructionSetName(isa_.isa), " pointer"));
  }
  if (method != 0 && static_cast<uint32_t>(method) == kUnstorableMethodLow) {
    return absl::InvalidArgumentError(
        absl::StrCat("BeginInlineInfo: Method* 0x", absl::Hex(method),
                     " has low half 0xffffffff, which METHOD_LOW cannot store"));
  }
  const bool has_reg_map = (current_map_[StackMap::kProperties] & StackMap::kHasRegMapBit) != 0;
  if (!has_reg_map && vregs_count != 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        "BeginInlineInfo: stack map ", begun_stack_maps_ - 1,
        " records no vreg map, so its inline levels have no vregs (Ark's GetVRegList asserts on ",
        vregs_count, ")"));
  }
  InlineInfoRow row = EmptyRow<InlineInfoRow>();
  row[InlineInfo::kIsLast] = 0;
  row[InlineInfo::kBytecodePc] = bytecode_pc;
  row[InlineInfo::kFileIndex] = file_index;
  inline_vregs_total_ += vregs_count;
  row[InlineInfo::kVRegsCount] = inline_vregs_total_;
  if (method != 0) {
    row[InlineInfo::kMethodHi] = static_cast<uint32_t>(method >> 32);
    row[InlineInfo::kMethodLow] = static_cast<uint32_t>(method);
  } else {
    row[InlineInfo::kMethodIdIndex] = method_ids_.Dedup({method_id});
  }
  current_inline_infos_.push_back(row);
  vregs_expected_ = vregs_count;
  vregs_in_frame_ = 0;
  state_ = State::kInInlineInfo;
  return absl::OkStatus();
}

absl::Status CodeInfoBuilder::EndInlineInfo() {
  FP_RETURN_IF_ERROR(ExpectState(State::kInInlineInfo, "EndInlineInfo"));
  if (vregs_in_frame_ != vregs_expected_) {
    return absl::InvalidArgumentError(absl::StrCat(
        "EndInlineInfo: the level declared ", vregs_expected_, " vregs but has ", vregs_in_frame_));
  }
  state_ = State::kInStackMap;
  return absl::OkStatus();
}

absl::Status CodeInfoBuilder::EndStackMap() {
  FP_RETURN_IF_ERROR(ExpectState(State::kInStackMap, "EndStackMap"));
  if (current_inline_infos_.empty() && vregs_in_frame_ != vregs_expected_) {
    return absl::InvalidArgumentError(absl::StrCat("EndStackMap: the outer frame declared ",
                                                   vregs_expected_, " vregs but has ",
                                                   vregs_in_frame_));
  }
  if (!current_inline_infos_.empty()) {
    current_inline_infos_.back()[InlineInfo::kIsLast] = 1;
    current_map_[StackMap::kInlineInfoIndex] = inline_infos_.Dedup(current_inline_infos_);
  }
  EmitVRegs();
  stack_maps_.Dedup(current_map_);
  state_ = State::kOutsideMap;
  return absl::OkStatus();
}

void CodeInfoBuilder::EmitVRegs() {
  if (current_vregs_.empty()) return;
  const uint32_t maps_added = stack_maps_.size();
  const uint32_t live_distance =
      FP_PLANTED_BUG(kArkLiveDistance31) ? kMaxVRegLiveDistance - 1 : kMaxVRegLiveDistance;
  if (last_emitted_.size() < current_vregs_.size()) {
    last_emitted_.resize(current_vregs_.size());
    last_emitted_at_.resize(current_vregs_.size(), 0);
  }
  std::vector<uint8_t>& mask = emitted_mask_;
  mask.assign(BitsToBytesRoundUp(current_vregs_.size()), 0);
  size_t mask_bits = 0;
  std::vector<BitTableBuilder<VRegMap::kColumnCount>::Entry>& entries = emitted_entries_;
  entries.clear();
  for (size_t i = 0; i < current_vregs_.size(); ++i) {
    const VRegInfo& vreg = current_vregs_[i];
    if (last_emitted_[i] == vreg && maps_added - last_emitted_at_[i] <= live_distance) continue;
    last_emitted_[i] = vreg;
    last_emitted_at_[i] = maps_added;
    mask[i / kBitsPerByte] |= static_cast<uint8_t>(1u << (i % kBitsPerByte));
    mask_bits = i + 1;
    entries.push_back(
        {vreg.IsLive() ? vreg_catalogue_.Dedup({vreg.PackInfo(), vreg.value}) : kNoValue});
  }
  if (mask_bits > 0) {
    current_map_[StackMap::kVRegMaskIndex] =
        vreg_masks_.Dedup(BitMemoryRegion(mask.data(), 0, mask_bits));
  }
  current_map_[StackMap::kVRegMapIndex] = vreg_map_.Dedup(entries);
}

void CodeInfoBuilder::AddImplicitNullCheck(uint32_t instruction_native_pc, uint32_t offset) {
  implicit_null_checks_.Dedup({instruction_native_pc, offset});
}

void CodeInfoBuilder::SetSavedCalleeRegsMask(uint32_t mask, uint32_t fp_mask) {
  header_.callee_reg_mask = mask;
  header_.callee_fp_reg_mask = fp_mask;
}

absl::Status CodeInfoBuilder::EndMethod() { return ExpectState(State::kOutsideMap, "EndMethod"); }

absl::StatusOr<std::vector<uint8_t>> CodeInfoBuilder::Encode() const {
  FP_RETURN_IF_ERROR(ExpectState(State::kOutsideMap, "Encode"));
  CodeInfoHeader header = header_;
  const uint32_t rows[kNumTables] = {
      stack_maps_.size(),        inline_infos_.size(),   roots_reg_masks_.size(),
      roots_stack_masks_.size(), method_ids_.size(),     vreg_masks_.size(),
      vreg_map_.size(),          vreg_catalogue_.size(), implicit_null_checks_.size(),
      constants_.size()};
  header.table_mask = 0;
  for (size_t i = 0; i < kNumTables; ++i) {
    if (rows[i] > kArkBitTableLayout.max_rows) {
      return absl::InvalidArgumentError(
          absl::StrCat("Encode: the ", TableName(static_cast<TableId>(i)), " table has ", rows[i],
                       " rows; Ark's decoder counts at most ", kArkBitTableLayout.max_rows));
    }
    if (rows[i] > 0) header.table_mask |= 1u << i;
  }
  std::vector<uint8_t> out;
  BitMemoryWriter writer(&out);
  writer.WriteInterleavedVarints(header.AsArray());
  const auto encode = [&](TableId id, const auto& table) {
    if (header.HasTable(id)) table.Encode(writer, kArkBitTableLayout);
  };
  encode(TableId::kStackMap, stack_maps_);
  encode(TableId::kInlineInfo, inline_infos_);
  encode(TableId::kRootsRegMask, roots_reg_masks_);
  encode(TableId::kRootsStackMask, roots_stack_masks_);
  encode(TableId::kMethodId, method_ids_);
  encode(TableId::kVRegMask, vreg_masks_);
  encode(TableId::kVRegMap, vreg_map_);
  encode(TableId::kVRegCatalogue, vreg_catalogue_);
  encode(TableId::kImplicitNullChecks, implicit_null_checks_);
  encode(TableId::kConstants, constants_);
  writer.ByteAlign();
  out.resize((out.size() + kSizeAlignment - 1) / kSizeAlignment * kSizeAlignment, 0);
  return out;
}

}  // namespace frameproof::ark
