// Ark's reading of a compiled frame (stack_walker.h), as its StackWalker and CFrame do
// (reference §4.3): the CodeInfo of the caller's Method, FindStackMapForNativePc at the return pc,
// GetVRegList of the outer frame and of each inline level, each value read where its VRegInfo
// says (CFrame::GetVRegValue: a SLOT below the stack origin, a REGISTER in the caller's slot if
// caller-saved and in the boundary's callee area if not, a CONSTANT from the table), and the GC
// roots from EnumerateStaticRoots.

#include <variant>

#include "absl/strings/str_cat.h"
#include "arch/frame_layout.h"
#include "core/ark/code_info.h"
#include "core/ark/isa_layout.h"
#include "core/base/internal/vector_capacity.h"
#include "core/base/status_macros.h"
#include "verifiers/exec/stack_walker.h"

namespace frameproof {
namespace {

using ark::VRegInfo;

// Ark's 32-bit types keep their low half: a runtime with 32-bit managed pointers reads
// references as 32 bits too.
uint64_t KeepTypeWidth(uint64_t bits, VRegInfo::Type type) {
  switch (type) {
    case VRegInfo::Type::kInt64:
    case VRegInfo::Type::kFloat64:
    case VRegInfo::Type::kAny:
    case VRegInfo::Type::kUndefined:
      return bits;
    case VRegInfo::Type::kObject:
    case VRegInfo::Type::kInt32:
    case VRegInfo::Type::kFloat32:
    case VRegInfo::Type::kBool:
      return bits & 0xffffffffu;
  }
  return bits;
}

class ArkFrameReader {
 public:
  ArkFrameReader(const CompiledFrame& frame, const ark::CodeInfo& info)
      : frame_(frame), info_(info) {}

  // Where a SLOT or REGISTER vreg's 64 bits are kept while the resolver runs.
  absl::StatusOr<uint64_t> AddressOf(const VRegInfo& vreg) const {
    if (vreg.location == VRegInfo::Location::kSlot) {
      // GetValueFromSlot: the stack origin minus `value` words; it must lie inside the frame.
      const int64_t offset = int64_t{FrameLayout::kStackOriginFpOffset} -
                             int64_t{8} * static_cast<int32_t>(vreg.value);
      const uint64_t address = frame_.fp() + static_cast<uint64_t>(offset);
      if (address < frame_.sp() || address >= frame_.fp()) {
        return absl::DataLossError(absl::StrCat("SLOT ", static_cast<int32_t>(vreg.value),
                                                " lies outside the caller's frame"));
      }
      return address;
    }
    const RegisterBank bank = vreg.location == VRegInfo::Location::kFpRegister
                                  ? RegisterBank::kFloat
                                  : RegisterBank::kGeneral;
    const std::optional<Register> reg = RegisterFromArkNumber(frame_.isa(), bank, vreg.value);
    if (!reg.has_value()) {
      return absl::DataLossError(
          absl::StrCat(ark::LocationName(vreg.location), " ", vreg.value, " names no register"));
    }
    return frame_.RegisterAddress(*reg);
  }

  // The value of `vreg`, or nullopt if it is dead.
  absl::StatusOr<std::optional<uint64_t>> Read(const VRegInfo& vreg) const {
    uint64_t bits = 0;
    switch (vreg.location) {
      case VRegInfo::Location::kNone:
        return std::nullopt;
      case VRegInfo::Location::kSlot:
      case VRegInfo::Location::kRegister:
      case VRegInfo::Location::kFpRegister: {
        FP_ASSIGN_OR_RETURN(const uint64_t address, AddressOf(vreg));
        bits = CompiledFrame::ReadWord(address);
        break;
      }
      case VRegInfo::Location::kConstant: {
        FP_ASSIGN_OR_RETURN(bits, info_.GetConstant(vreg));
        break;
      }
    }
    return KeepTypeWidth(bits, vreg.type);
  }

  absl::Status ReadList(const ark::VRegList& list, DecodedFrame& decoded) const {
    decoded.registers.reserve(list.size());
    for (const VRegInfo& vreg : list) {
      FP_ASSIGN_OR_RETURN(const std::optional<uint64_t> value, Read(vreg));
      decoded.registers.push_back(value);
    }
    return absl::OkStatus();
  }

 private:
  const CompiledFrame& frame_;
  const ark::CodeInfo& info_;
};

}  // namespace

absl::Status ReadArkFrame(const CompiledFrame& frame, WalkResult& walk) {
  const MockMethod& method = frame.method();
  FP_ASSIGN_OR_RETURN(const ark::IsaLayout layout, ark::LayoutFor(frame.isa()));
  FP_ASSIGN_OR_RETURN(const ark::CodeInfo info,
                      ark::CodeInfo::Decode({method.code_info, method.code_info_size}, layout));
  FP_RETURN_IF_ERROR(frame.CheckFrameSize(info.header().frame_size()));
  const ark::StackMap map = info.FindStackMapForNativePc(frame.native_pc());
  if (!map.IsValid()) {
    return absl::NotFoundError(
        absl::StrCat("no stack map at native pc 0x", absl::Hex(frame.native_pc())));
  }
  const ArkFrameReader reader(frame, info);
  FP_ASSIGN_OR_RETURN(const int32_t innermost, info.GetInlineDepth(map));
  const size_t first_frame = walk.state.frames.size();
  // The outer frame and each level.
  ReserveBeforeFirstAppend(walk.state.frames, static_cast<size_t>(innermost + 2));
  DecodedFrame& outer = walk.state.frames.emplace_back();
  outer.method_index = method.id;
  outer.dex_pc = map.GetBytecodePc();
  FP_ASSIGN_OR_RETURN(const ark::VRegList outer_vregs, info.GetVRegList(map));
  FP_RETURN_IF_ERROR(reader.ReadList(outer_vregs, outer));
  for (int32_t depth = 0; depth <= innermost; ++depth) {
    const uint32_t level = static_cast<uint32_t>(depth);
    FP_ASSIGN_OR_RETURN(const ark::InlineInfo inline_info, info.GetInlineInfo(map, level));
    FP_ASSIGN_OR_RETURN(const ark::InlinedMethod inlined, info.GetMethod(inline_info));
    const auto* id = std::get_if<ark::PandaMethodId>(&inlined);
    if (id == nullptr) {
      return absl::DataLossError(
          absl::StrCat("inline level ", depth, " names a Method*, not a method id"));
    }
    DecodedFrame& decoded = walk.state.frames.emplace_back();
    decoded.method_index = id->id;
    decoded.dex_pc = inline_info.GetBytecodePc();
    FP_ASSIGN_OR_RETURN(const ark::VRegList vregs, info.GetInlineVRegList(map, level));
    FP_RETURN_IF_ERROR(reader.ReadList(vregs, decoded));
  }
  ReserveRootsOfFirstFrame(walk, first_frame);
  absl::Status roots_status = absl::OkStatus();
  FP_RETURN_IF_ERROR(info.EnumerateStaticRoots(map, [&](const VRegInfo& root) {
    absl::StatusOr<uint64_t> address = reader.AddressOf(root);
    if (!address.ok()) {
      if (roots_status.ok()) roots_status = address.status();
      return;
    }
    walk.state.gc_roots.push_back(CompiledFrame::Read32(*address));
    walk.root_addresses.push_back(*address);
  }));
  return roots_status;
}

}  // namespace frameproof
