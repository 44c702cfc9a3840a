// GenerateCompilerLikeMethod: the register, pc and inlining patterns an optimizing compiler
// leaves, for benchmarks that should see what a runtime sees.

#include "verifiers/generators/compiler_like_method.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "core/art/stack_map.h"
#include "core/base/prng.h"

namespace frameproof {
namespace {

// What a register allocator leaves a dex register in: mostly stack slots and core registers,
// some constants (small ones, or float and long halves), some FPU registers, some dead.
DexRegisterLocation RandomLocation(Prng& prng, InstructionSet isa, uint32_t frame_size) {
  const uint32_t core_registers = isa == InstructionSet::kArm64 ? 30 : 16;
  const uint32_t fpu_registers = isa == InstructionSet::kArm64 ? 32 : 16;
  const uint32_t bucket = prng.Below(100);
  if (bucket < 40) {
    return {DexRegisterKind::kInStack,
            static_cast<int32_t>(kFrameSlotSize * prng.Below(frame_size / kFrameSlotSize))};
  }
  if (bucket < 55) {
    const int32_t value = prng.Chance(7, 10) ? static_cast<int32_t>(prng.InRange(0, 20)) - 4
                                             : static_cast<int32_t>(prng.Next32());
    return {DexRegisterKind::kConstant, value};
  }
  if (bucket < 75) {
    return {DexRegisterKind::kInRegister, static_cast<int32_t>(prng.Below(core_registers))};
  }
  if (bucket < 85) {
    return {DexRegisterKind::kInFpuRegister, static_cast<int32_t>(prng.Below(fpu_registers))};
  }
  return DexRegisterLocation::None();
}

// At a catch handler the live values have been spilled: stack slots, constants, dead registers.
DexRegisterLocation RandomCatchLocation(Prng& prng, uint32_t frame_size) {
  const uint32_t bucket = prng.Below(100);
  if (bucket < 60) {
    return {DexRegisterKind::kInStack,
            static_cast<int32_t>(kFrameSlotSize * prng.Below(frame_size / kFrameSlotSize))};
  }
  if (bucket < 70) return {DexRegisterKind::kConstant, static_cast<int32_t>(prng.InRange(0, 4))};
  return DexRegisterLocation::None();
}

// A few of the bits in [first, first + count), each with probability 1/2.
uint32_t RandomSubsetOfBits(Prng& prng, uint32_t first, uint32_t count) {
  uint32_t mask = 0;
  for (uint32_t bit = first; bit < first + count; ++bit) {
    if (prng.Chance(1, 2)) mask |= 1u << bit;
  }
  return mask;
}

}  // namespace

MethodCallLog GenerateCompilerLikeMethod(const MethodShape& shape, uint64_t seed) {
  const uint32_t num_stack_maps = shape.stack_maps;
  const uint32_t num_dex_registers = shape.dex_registers;
  const uint32_t max_inline_depth = shape.max_inline_depth;
  Prng prng(seed);
  MethodCallLog method;
  method.isa = prng.Chance(1, 2) ? InstructionSet::kArm64 : InstructionSet::kX86_64;
  const InstructionSet isa = method.isa;
  const uint32_t alignment = InstructionAlignment(isa);

  // Spill slots for the dex registers plus a few for temporaries and callee saves.
  const uint32_t frame_slots = num_dex_registers + prng.InRange(4, 16);
  const uint32_t frame_size =
      (frame_slots * kFrameSlotSize + kStackAlignment - 1) / kStackAlignment * kStackAlignment;
  method.method.frame_size_in_bytes = frame_size;
  if (isa == InstructionSet::kArm64) {
    method.method.core_spill_mask = (1u << 30) | RandomSubsetOfBits(prng, 19, 10);  // lr, x19-x28
    method.method.fp_spill_mask = RandomSubsetOfBits(prng, 8, 8);                   // d8-d15
  } else {
    // The return address (pseudo register 16), then rbx, rbp and r12-r15.
    method.method.core_spill_mask = (1u << 16) | RandomSubsetOfBits(prng, 3, 1) |
                                    RandomSubsetOfBits(prng, 5, 1) |
                                    RandomSubsetOfBits(prng, 12, 4);
    method.method.fp_spill_mask = RandomSubsetOfBits(prng, 12, 4);  // xmm12-xmm15
  }
  method.method.num_dex_registers = num_dex_registers;
  method.method.has_should_deoptimize_flag = prng.Chance(1, 4);

  // The inlined methods this method calls into, as the JIT names them: mostly boot image
  // ArtMethods below 4 GiB, some from the 64-bit heap.
  std::vector<ArtMethodPointer> callees(16);
  for (ArtMethodPointer& callee : callees) {
    callee.value = prng.Chance(3, 4) ? 0x70000000ull + 8ull * prng.Below(1u << 24)
                                     : 0x7A0000000000ull + 8ull * prng.Below(1u << 28);
  }
  using Chain = std::vector<MethodCallLog::InlineLevel>;
  const auto new_chain = [&](Chain& levels, bool catch_handler) {
    const uint32_t depth =
        max_inline_depth == 0 || prng.Chance(1, 2) ? 0 : prng.InRange(1, max_inline_depth);
    levels.assign(depth, MethodCallLog::InlineLevel{});
    for (MethodCallLog::InlineLevel& level : levels) {
      level.method = callees[prng.Below(static_cast<uint32_t>(callees.size()))];
      level.dex_pc = prng.Below(64);
      level.num_dex_registers = prng.InRange(1, 6);
      level.dex_registers.resize(level.num_dex_registers);
      for (DexRegisterLocation& location : level.dex_registers) {
        location = catch_handler ? RandomCatchLocation(prng, frame_size)
                                 : RandomLocation(prng, isa, frame_size);
      }
    }
  };
  const auto record = [&](StackMapParams params, const std::vector<DexRegisterLocation>& outer,
                          const Chain& chain) {
    method.stack_maps.push_back(
        MethodCallLog::StackMapEntry{std::move(params), outer, chain});
  };

  const uint32_t num_catch_maps = std::min(num_stack_maps / 8, 2 + num_stack_maps / 250);
  const uint32_t num_pc_maps = num_stack_maps - num_catch_maps;

  std::vector<DexRegisterLocation> outer(num_dex_registers);
  for (DexRegisterLocation& location : outer) location = RandomLocation(prng, isa, frame_size);
  Chain chain;
  uint32_t chain_maps_left = 0;  // maps before the compiler leaves the current inlined code
  uint32_t native_pc = alignment * prng.InRange(4, 16);  // after the prologue
  uint32_t dex_pc = 0;
  for (uint32_t i = 0; i < num_pc_maps; ++i) {
    if (i != 0) native_pc += std::max(prng.InRange(4, 40) / alignment, 1u) * alignment;
    // 10-20% of the registers change between two safepoints, in every level.
    const uint32_t change_percent = prng.InRange(10, 20);
    const auto mutate = [&](std::vector<DexRegisterLocation>& registers) {
      for (DexRegisterLocation& location : registers) {
        if (prng.Chance(change_percent, 100)) location = RandomLocation(prng, isa, frame_size);
      }
    };
    mutate(outer);
    if (chain_maps_left == 0) {
      new_chain(chain, /*catch_handler=*/false);
      chain_maps_left = prng.InRange(1, 8);
      // Code order mostly follows bytecode order; loops and moved blocks jump back.
      if (prng.Chance(1, 20)) {
        dex_pc -= prng.Below(std::min(dex_pc, 50u) + 1);
      } else {
        dex_pc += prng.InRange(1, 5);
      }
    } else if (!chain.empty()) {
      // Still in the same inlined code: the outer dex pc stays the call site's.
      chain.back().dex_pc += prng.InRange(1, 4);
      for (MethodCallLog::InlineLevel& level : chain) mutate(level.dex_registers);
    } else {
      dex_pc += prng.InRange(1, 5);
    }
    --chain_maps_left;

    StackMapParams params;
    params.dex_pc = dex_pc;
    params.native_pc_offset = native_pc;
    // Live references in callee-save registers: a few low bits, often none.
    for (uint32_t bits = prng.Below(4); bits > 0; --bits) {
      params.register_mask |= 1u << prng.Below(8);
    }
    if (prng.Chance(1, 8)) {
      for (uint32_t bits = prng.InRange(1, 4); bits > 0; --bits) {
        params.stack_mask.SetBit(prng.Below(frame_size / kFrameSlotSize));
      }
    }
    if (chain.empty() && prng.Chance(3, 100)) {
      params.kind = StackMapKind::kOsr;  // a loop header's suspend check
    } else if (prng.Chance(3, 100)) {
      params.kind = StackMapKind::kDebug;
    }
    record(std::move(params), outer, chain);
  }
  method.code_size = native_pc + alignment * prng.InRange(4, 64);  // epilogue and slow paths

  // Catch handlers come last, at their blocks' pcs in any order; each names a distinct dex pc so
  // GetCatchStackMapForDexPc finds it.
  std::vector<uint32_t> catch_dex_pcs_used;
  for (uint32_t i = 0; i < num_catch_maps; ++i) {
    StackMapParams params;
    params.kind = StackMapKind::kCatch;
    params.native_pc_offset = alignment * prng.Below(method.code_size / alignment);
    do {
      params.dex_pc = prng.Below(dex_pc + 64);
    } while (std::find(catch_dex_pcs_used.begin(), catch_dex_pcs_used.end(), params.dex_pc) !=
             catch_dex_pcs_used.end());
    catch_dex_pcs_used.push_back(params.dex_pc);
    std::vector<DexRegisterLocation> catch_outer(num_dex_registers);
    for (DexRegisterLocation& location : catch_outer) {
      location = RandomCatchLocation(prng, frame_size);
    }
    Chain catch_chain;
    new_chain(catch_chain, /*catch_handler=*/true);
    params.catch_dex_pcs.push_back(params.dex_pc);
    for (const MethodCallLog::InlineLevel& level : catch_chain) {
      params.catch_dex_pcs.push_back(level.dex_pc);
    }
    record(std::move(params), catch_outer, catch_chain);
  }
  return method;
}

}  // namespace frameproof
