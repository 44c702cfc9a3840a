#include "verifiers/generators/call_log_generator.h"

#include <algorithm>
#include <set>

#include "core/art/stack_map.h"

namespace frameproof {
namespace {

constexpr uint32_t kMaxStackMaps = 48;  // past the 32-map search distance
constexpr uint32_t kMaxOuterRegisters = 40;
constexpr uint32_t kMaxInlineDepth = 4;
constexpr uint32_t kMaxInlineRegisters = 8;
// What the input pays per register and per map (ByteSource::Count): about what their decisions
// read, so a method's size follows its input's length.
constexpr uint32_t kInputBytesPerRegister = 2;
constexpr uint32_t kInputBytesPerMapBesidesRegisters = 8;
constexpr InstructionSet kIsas[] = {InstructionSet::kArm, InstructionSet::kArm64,
                                    InstructionSet::kRiscv64, InstructionSet::kX86,
                                    InstructionSet::kX86_64};

DexRegisterLocation NewLocation(ByteSource& source) {
  switch (source.InRange(0, 6)) {
    case 0:
      return DexRegisterLocation::None();
    case 1:
      return {DexRegisterKind::kInStack, static_cast<int32_t>(source.InRange(0, 1023) * 4)};
    case 2: {
      // Small constants mostly, sometimes any int32 (negative ones cost 32 bits).
      const int32_t value = source.Bool() ? static_cast<int32_t>(source.InRange(0, 40)) - 20
                                          : static_cast<int32_t>(source.Uint32());
      return {DexRegisterKind::kConstant, value};
    }
    case 3:
      return {DexRegisterKind::kInRegister, static_cast<int32_t>(source.InRange(0, 31))};
    case 4:
      return {DexRegisterKind::kInRegisterHigh, static_cast<int32_t>(source.InRange(0, 31))};
    case 5:
      return {DexRegisterKind::kInFpuRegister, static_cast<int32_t>(source.InRange(0, 31))};
    default:
      return {DexRegisterKind::kInFpuRegisterHigh, static_cast<int32_t>(source.InRange(0, 31))};
  }
}

// `count` locations, each kept from `previous` (same index) with high probability.
std::vector<DexRegisterLocation> Registers(ByteSource& source, size_t count,
                                           const std::vector<DexRegisterLocation>& previous,
                                           size_t previous_offset) {
  std::vector<DexRegisterLocation> registers;
  registers.reserve(count);
  for (size_t i = 0; i < count; ++i) {
    const size_t index = previous_offset + i;
    if (index < previous.size() && !source.Chance(1, 6)) {
      registers.push_back(previous[index]);
    } else {
      registers.push_back(NewLocation(source));
    }
  }
  return registers;
}

InlinedMethod NewMethod(ByteSource& source, bool encode_art_method) {
  if (encode_art_method) {
    uint64_t pointer = source.Uint64() & ((uint64_t{1} << 47) - 1);
    if (static_cast<uint32_t>(pointer) == kNoValue) pointer &= ~uint64_t{1};
    return ArtMethodPointer{pointer};
  }
  DexMethodReference reference;
  reference.dex_method_index = source.InRange(0, 70000);
  switch (source.InRange(0, 2)) {
    case 0:
      reference.dex_file = {DexFileRef::Kind::kSameAsOuter, 0};
      break;
    case 1:
      reference.dex_file = {DexFileRef::Kind::kOatFile, source.InRange(0, 20)};
      break;
    default:
      reference.dex_file = {DexFileRef::Kind::kBootClassPath, source.InRange(0, 20)};
      break;
  }
  return reference;
}

}  // namespace

MethodCallLog GenerateCallLog(ByteSource& source) {
  MethodCallLog log;
  log.isa = kIsas[source.InRange(0, 4)];
  const uint32_t alignment = InstructionAlignment(log.isa);
  const bool encode_art_method = source.Bool();
  log.method.frame_size_in_bytes = source.InRange(0, 64) * kStackAlignment;
  log.method.core_spill_mask = source.Chance(1, 2) ? source.Uint32() : 0;
  log.method.fp_spill_mask = source.Chance(1, 3) ? source.Uint32() : 0;
  log.method.num_dex_registers = source.Count(0, kMaxOuterRegisters, kInputBytesPerRegister);
  log.method.baseline = source.Chance(1, 4);
  log.method.debuggable = source.Chance(1, 4);
  log.method.has_should_deoptimize_flag = source.Chance(1, 4);

  const uint32_t map_count =
      source.Count(0, kMaxStackMaps,
                   kInputBytesPerMapBesidesRegisters +
                       kInputBytesPerRegister * log.method.num_dex_registers);
  log.stack_maps.reserve(map_count);
  const uint32_t catch_count = map_count == 0 ? 0 : source.InRange(0, std::min(map_count, 4u));
  // A few methods (inlining) reused across maps, so inline chains deduplicate.
  std::vector<InlinedMethod> methods;
  for (int i = 0; i < 3; ++i) methods.push_back(NewMethod(source, encode_art_method));

  std::vector<DexRegisterLocation> previous;
  uint32_t pc = 0;
  bool default_at_pc = false;  // a Default/OSR map already sits at `pc`
  std::set<std::vector<uint32_t>> catch_lists;
  for (uint32_t i = 0; i < map_count; ++i) {
    MethodCallLog::StackMapEntry entry;
    StackMapParams& params = entry.params;
    const bool is_catch = i >= map_count - catch_count;
    if (is_catch) {
      params.kind = StackMapKind::kCatch;
      params.native_pc_offset = source.InRange(0, 4000) * alignment;
    } else {
      if (source.Chance(2, 3)) {
        pc += source.InRange(1, 40) * alignment;
        default_at_pc = false;
      }
      params.native_pc_offset = pc;
      const uint32_t roll = source.InRange(0, 15);
      params.kind = roll < 2   ? StackMapKind::kDebug
                    : roll < 3 ? StackMapKind::kOsr
                               : StackMapKind::kDefault;
      // ART's self-check allows one Default or OSR map per pc; the others must be Debug.
      if (params.kind != StackMapKind::kDebug && default_at_pc) params.kind = StackMapKind::kDebug;
      if (params.kind != StackMapKind::kDebug) default_at_pc = true;
    }
    params.dex_pc = source.Chance(1, 16) ? kNoDexPc : source.InRange(0, 500);
    params.register_mask = source.Chance(1, 3) ? 0 : (source.Uint32() & source.Uint32());
    if (source.Chance(1, 3)) {
      const uint32_t bits = source.InRange(1, 6);
      for (uint32_t b = 0; b < bits; ++b) params.stack_mask.SetBit(source.InRange(0, 130));
    }
    params.needs_vreg_info = !source.Chance(1, 8);

    const bool with_registers = params.needs_vreg_info && !source.Chance(1, 16);
    if (with_registers) {
      entry.dex_registers = Registers(source, log.method.num_dex_registers, previous, 0);
    }
    // ART's TestNoDexRegisterMap pattern (needs_vreg_info, no registers) has no inline levels.
    const bool may_inline = !params.needs_vreg_info || with_registers;
    const uint32_t depth =
        may_inline && source.Chance(1, 3) ? source.InRange(1, kMaxInlineDepth) : 0;
    size_t offset = log.method.num_dex_registers;
    entry.inline_infos.reserve(depth);
    for (uint32_t d = 0; d < depth; ++d) {
      MethodCallLog::InlineLevel level;
      level.method = methods[source.InRange(0, static_cast<uint32_t>(methods.size()) - 1)];
      level.dex_pc = source.Chance(1, 16) ? kNoDexPc : source.InRange(0, 300);
      if (params.needs_vreg_info) {
        level.num_dex_registers = source.InRange(0, kMaxInlineRegisters);
        level.dex_registers = Registers(source, level.num_dex_registers, previous, offset);
        offset += level.num_dex_registers;
      }
      entry.inline_infos.push_back(std::move(level));
    }
    if (with_registers) {
      // The next map's registers persist from this one's: outer registers, then each level's.
      if (previous.size() < offset) previous.resize(offset, DexRegisterLocation::None());
      auto next =
          std::copy(entry.dex_registers.begin(), entry.dex_registers.end(), previous.begin());
      for (const auto& level : entry.inline_infos) {
        next = std::copy(level.dex_registers.begin(), level.dex_registers.end(), next);
      }
    }
    if (is_catch) {
      std::vector<uint32_t> list = {params.dex_pc};
      for (const auto& level : entry.inline_infos) list.push_back(level.dex_pc);
      // Catch lists must be distinct; move the dex pc until this one is.
      while (catch_lists.count(list) != 0) list[0] = params.dex_pc = (params.dex_pc + 1) % 1000;
      catch_lists.insert(list);
      params.catch_dex_pcs = std::move(list);
    }
    log.stack_maps.push_back(std::move(entry));
  }

  // Patch a few non-catch pcs the way a compiler fixing up code would, keeping the order and at
  // most one Default/OSR map per pc: move a map to a free pc strictly between its neighbours.
  std::vector<uint32_t> pcs = FinalNativePcs(log);
  const uint32_t non_catch = map_count - catch_count;
  for (uint32_t patch = source.Chance(1, 4) ? source.InRange(1, 3) : 0; patch > 0; --patch) {
    if (non_catch == 0) break;
    const uint32_t i = source.InRange(0, non_catch - 1);
    const uint32_t low = i == 0 ? 0 : pcs[i - 1] + alignment;
    const uint32_t high = i + 1 < non_catch ? pcs[i + 1] : pcs[i] + 64 * alignment;
    if (high <= low) continue;
    const uint32_t new_pc = low + source.InRange(0, (high - low) / alignment - 1) * alignment;
    log.set_native_pc_offsets.emplace_back(i, new_pc);
    pcs[i] = new_pc;
  }
  const uint32_t max_pc = pcs.empty() ? 0 : *std::max_element(pcs.begin(), pcs.end());
  log.code_size = max_pc + source.InRange(0, 16) * alignment;
  return log;
}

}  // namespace frameproof
