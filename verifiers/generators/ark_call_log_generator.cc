#include "verifiers/generators/ark_call_log_generator.h"

#include <algorithm>
#include <vector>

namespace frameproof::ark {
namespace {

constexpr uint32_t kMaxFrameSize = 0xFFFF;
constexpr uint32_t kMaxVRegs = 300;
constexpr uint32_t kMaxStackMaps = 200;
constexpr uint32_t kMaxInlineDepth = 4;
// What the input pays per vreg and per map (ByteSource::Affords, Count): about what their
// decisions read, so the large methods come from long inputs only.
constexpr uint32_t kInputBytesPerVReg = 2;
constexpr uint32_t kInputBytesPerMapBesidesVRegs = 8;
constexpr uint32_t kMinLargeVRegs = 100;
constexpr uint32_t kMinLargeMaps = 33;
constexpr uint32_t kMaxInlineVRegs = 24;
constexpr uint32_t kMaxStackMaskBits = 600;
// Ark's OSR maps always record vregs; the other save states may or may not.
constexpr SaveStateOpcode kOtherOpcodes[] = {SaveStateOpcode::kSaveState,
                                             SaveStateOpcode::kSaveStateDeoptimize,
                                             SaveStateOpcode::kSafePoint};

class Generator {
 public:
  explicit Generator(ByteSource& source) : source_(source) {}

  CallLog Run() {
    log_.isa = kArkIsas[source_.InRange(0, std::size(kArkIsas) - 1)];
    isa_ = *LayoutFor(log_.isa);
    if (source_.Chance(1, 3)) Add(SetHasFloatRegsCall{source_.Bool()});
    // Three of Ark's vectors never call BeginMethod.
    if (!source_.Chance(1, 20)) {
      vregs_count_ = VRegCount();
      Add(BeginMethodCall{FrameSize(), vregs_count_});
    }
    method_by_pointer_ = source_.Bool();
    const uint32_t map_bytes = kInputBytesPerMapBesidesVRegs + kInputBytesPerVReg * vregs_count_;
    const uint32_t maps = source_.Chance(1, 10) && source_.Affords(kMinLargeMaps * map_bytes)
                              ? source_.Count(kMinLargeMaps, kMaxStackMaps, map_bytes)
                              : source_.InRange(0, 12);
    for (uint32_t map = 0; map < maps; ++map) {
      BetweenMaps();
      StackMap();
    }
    BetweenMaps();
    if (source_.Chance(1, 2)) Add(EndMethodCall{});
    Add(EncodeCall{});
    return std::move(log_);
  }

 private:
  void Add(BuilderCall call) { log_.calls.push_back(std::move(call)); }

  uint32_t FrameSize() {
    switch (source_.InRange(0, 3)) {
      case 0:
        return source_.InRange(0, 64);  // smaller than the CFrame: the spill count wraps
      case 1:
        return kMaxFrameSize - source_.InRange(0, 255);
      default:
        return source_.InRange(0, 4096) & ~15u;
    }
  }

  uint32_t VRegCount() {
    if (source_.Chance(1, 12) && source_.Affords(kMinLargeVRegs * kInputBytesPerVReg)) {
      return source_.Count(kMinLargeVRegs, kMaxVRegs, kInputBytesPerVReg);
    }
    return source_.InRange(0, 12);
  }

  void BetweenMaps() {
    while (source_.Chance(1, 6)) {
      switch (source_.InRange(0, 2)) {
        case 0: {
          const uint32_t pc = native_pc_ + isa_.instruction_alignment * source_.InRange(0, 4);
          Add(AddImplicitNullCheckCall{pc, source_.Chance(1, 4)
                                               ? (1u << 31) | source_.InRange(0, 512)
                                               : source_.InRange(0, 32)});
          break;
        }
        case 1:
          Add(SetFrameSizeCall{FrameSize()});
          break;
        default:
          Add(SetSavedCalleeRegsMaskCall{source_.Uint32(), source_.Uint32()});
          break;
      }
    }
  }

  std::optional<StackMaskVector> StackMask() {
    switch (source_.InRange(0, 5)) {
      case 0:
      case 1:
      case 2:
        return std::nullopt;  // Ark's nullptr
      case 3:
        return StackMaskVector{};  // size 0: no row
      default: {
        StackMaskVector mask;
        mask.size =
            source_.Chance(1, 8) ? source_.InRange(65, kMaxStackMaskBits) : source_.InRange(1, 64);
        for (uint32_t bit = 0; bit < mask.size; ++bit) {
          if (source_.Chance(1, 5)) mask.bits.push_back(bit);
        }
        return mask;
      }
    }
  }

  VRegInfo::Type Type() { return static_cast<VRegInfo::Type>(source_.InRange(0, 7)); }
  VRegInfo::VRegType VRegKind() {
    return source_.Chance(3, 4) ? VRegInfo::VRegType::kVReg
                                : static_cast<VRegInfo::VRegType>(source_.InRange(1, 4));
  }

  // One vreg: the one this position held at the previous map, mostly, so delta compression finds
  // nothing to emit; else dead, a register, a slot or a constant.
  BuilderCall VReg(size_t position) {
    if (position < previous_.size() && source_.Chance(3, 4)) return previous_[position];
    switch (source_.InRange(0, 5)) {
      case 0:
        return AddVRegCall{VRegInfo{}};
      case 1:
        return AddVRegCall{VRegInfo{.value = source_.InRange(0, 31),
                                    .location = VRegInfo::Location::kRegister,
                                    .type = Type(),
                                    .vreg_type = VRegKind()}};
      case 2:
        return AddVRegCall{VRegInfo{.value = source_.InRange(0, 31),
                                    .location = VRegInfo::Location::kFpRegister,
                                    .type = Type(),
                                    .vreg_type = VRegKind()}};
      case 3: {
        // A spill slot, a caller-save slot, or an incoming stack argument (-11 - p).
        const uint32_t slot = source_.Chance(1, 4)
                                  ? static_cast<uint32_t>(-11 - source_.InRange(0, 8))
                                  : source_.InRange(0, 300);
        return AddVRegCall{VRegInfo{.value = slot,
                                    .location = VRegInfo::Location::kSlot,
                                    .type = Type(),
                                    .vreg_type = VRegKind()}};
      }
      default: {
        uint64_t value;
        switch (source_.InRange(0, 3)) {
          case 0:
            value = source_.InRange(0, 16);
            break;
          case 1:
            value = uint64_t{0xFFFFFFFF} << (source_.Bool() ? 32 : 0) | source_.InRange(0, 3);
            break;
          default:
            value = source_.Uint64();
            break;
        }
        return AddConstantCall{value, Type(), VRegKind()};
      }
    }
  }

  void StackMap() {
    native_pc_ += isa_.instruction_alignment *
                  (source_.Chance(1, 6) ? 0 : source_.InRange(1, 64));  // equal pcs repeat maps
    const bool require_vreg_map = source_.Chance(2, 3);
    BeginStackMapCall begin{
        .bytecode_pc = source_.Chance(1, 30) ? 0xFFFFFFFF : source_.InRange(0, 4000),
        .native_pc = native_pc_,
        .opcode = require_vreg_map && source_.Chance(1, 8)
                      ? SaveStateOpcode::kSaveStateOsr
                      : kOtherOpcodes[source_.InRange(0, std::size(kOtherOpcodes) - 1)],
        .roots_regs_mask = source_.Chance(1, 3) ? 0 : source_.Uint32(),
        .roots_stack_mask = StackMask(),
        .require_vreg_map = require_vreg_map};
    Add(begin);
    std::vector<BuilderCall>& vregs = current_;
    vregs.clear();
    if (require_vreg_map) {
      for (uint32_t i = 0; i < vregs_count_; ++i) vregs.push_back(VReg(vregs.size()));
    }
    for (const BuilderCall& vreg : vregs) Add(vreg);
    const uint32_t depth = source_.Chance(1, 4) ? source_.InRange(1, kMaxInlineDepth) : 0;
    for (uint32_t level = 0; level < depth; ++level) {
      const uint32_t level_vregs = require_vreg_map ? source_.InRange(0, kMaxInlineVRegs) : 0;
      Add(BeginInlineInfoCall{.method = method_by_pointer_ ? MethodPointer() : 0,
                              .method_id = source_.InRange(1, 0xFFFFFFFE),
                              .bytecode_pc = source_.InRange(0, 4000),
                              .vregs_count = level_vregs,
                              .file_index = source_.Chance(1, 4) ? source_.InRange(0, 8) : 0});
      for (uint32_t i = 0; i < level_vregs; ++i) {
        vregs.push_back(VReg(vregs.size()));
        Add(vregs.back());
      }
      Add(EndInlineInfoCall{});
    }
    Add(EndStackMapCall{});
    if (!vregs.empty()) previous_.swap(vregs);
  }

  // An 8-aligned Method* below 2^48 (2^32 on arm32) whose low half is storable.
  uint64_t MethodPointer() {
    const uint64_t limit = isa_.Is32Bit() ? uint64_t{1} << 32 : uint64_t{1} << 48;
    uint64_t pointer = (source_.Uint64() % limit) & ~uint64_t{7};
    if (pointer == 0 || static_cast<uint32_t>(pointer) == kUnstorableMethodLow) pointer = 0x1000;
    return pointer;
  }

  ByteSource& source_;
  CallLog log_;
  IsaLayout isa_;
  uint32_t vregs_count_ = 0;
  uint32_t native_pc_ = 0;
  bool method_by_pointer_ = false;
  std::vector<BuilderCall> previous_;  // the last map's vreg calls, by position
  std::vector<BuilderCall> current_;   // this map's, in a buffer kept from map to map
};

}  // namespace

CallLog GenerateArkCallLog(ByteSource& source) { return Generator(source).Run(); }

}  // namespace frameproof::ark
