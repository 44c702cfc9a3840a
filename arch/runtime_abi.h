#ifndef FRAMEPROOF_ARCH_RUNTIME_ABI_H_
#define FRAMEPROOF_ARCH_RUNTIME_ABI_H_

// The contract between generated code (resolvers, caller-side sequences, compiled methods) and the
// runtime they call into: the offsets of the fields generated code touches, the entrypoint table,
// and the boundary frame. verifiers/exec's mock runtime lays its structures out to match, and
// static_asserts that it does.

#include <cstddef>
#include <cstdint>

namespace frameproof::runtime_abi {

inline constexpr uint32_t kWordSize = 8;

// Thread (held in RegisterFile::thread while compiled code runs).
inline constexpr int32_t kThreadFrameOffset = 0;        // boundary frame the runtime walks from
inline constexpr int32_t kThreadEntrypointsOffset = 8;  // const void* const* entrypoint table

// The thread's entrypoint table. The first entries are resolver stubs, which caller-side
// sequences reach through it (CallStatic's is in its GOT group instead); the rest are runtime
// functions the resolvers call, each as (const Method* caller, uint64 id) -> word.
enum class Entrypoint : uint32_t {
  kCallVirtualResolver,
  kClassResolver,
  kInitClassResolver,
  kGetCalleeMethod,       // CallStatic: the callee Method*
  kResolveVirtualMethod,  // CallVirtual: the callee Method*, whose vtable index is patched in
  kResolveClass,          // Class: the Class*
  kInitializeClassById,   // InitClass: the Class*, initialized (or still initializing)
  // A safepoint's runtime call (Ark's SafepointEntrypoint), with the safepoint's index as the id:
  // the runtime walks the stack and may move objects; returns 0.
  kSafepoint,
  kCount,
};
constexpr int32_t EntrypointOffset(Entrypoint entrypoint) {
  return static_cast<int32_t>(static_cast<uint32_t>(entrypoint) * kWordSize);
}

// Method: the id, the vtable index and the compiled entry point.
inline constexpr int32_t kMethodIdOffset = 0;           // u32
inline constexpr int32_t kMethodVTableIndexOffset = 4;  // u16
// GetCompiledEntryPointOffset, the "EPoff" of seed 004's listings: 56 = 7 * 8 on arm64, so a
// CallStatic resolver finds FirstSlot at [x0 + 48] and ThirdSlot at [x0 + 64]. Both ISAs use it.
inline constexpr int32_t kMethodEntryPointOffset = 56;

// Class: its initialization state and its vtable of Method*, which starts at 168 as in seed 004's
// listing. Entries are loaded as 64-bit words, as Ark's codegen does (the seed loads 32 bits).
inline constexpr int32_t kClassStateOffset = 0;  // u32
inline constexpr int32_t kClassVTableOffset = 168;
inline constexpr uint32_t kClassStateInitializing = 1;
inline constexpr uint32_t kClassStateInitialized = 2;

// Object: a 32-bit mark word, then the 32-bit class word (seed 004: `ldr w16, [x5, #4]`; Ark:
// `ldr w17, [xObj, #ObjClassOffset]`). Objects, classes and methods live below 4 GiB.
inline constexpr int32_t kObjectClassOffset = 4;

// The post-call dump: words a compiled method writes after its call, for the verifier to check.
// Word i < n (n = the plan's values, PlannedVRegCount) holds planned value i in the flat order of
// ForEachPlannedVReg; the words after them are named here, in order.
enum class DumpWord : uint32_t {
  kResult,                // the operation's result: the Class*, the callee Method*, or 0
  kThreadFrameAfterCall,  // thread->frame right after the call returned
  kFramePointer,          // the compiled method's own frame pointer
  kCount,
};
constexpr uint32_t DumpWordIndex(uint32_t vreg_count, DumpWord word) {
  return vreg_count + static_cast<uint32_t>(word);
}
constexpr uint32_t DumpWordCount(uint32_t vreg_count) {
  return DumpWordIndex(vreg_count, DumpWord::kCount);
}
constexpr int32_t DumpWordOffset(uint32_t vreg_count, DumpWord word) {
  return static_cast<int32_t>(DumpWordIndex(vreg_count, word) * kWordSize);
}

// After the post-call dump, one section per safepoint of the plan's own method (method_plan.h:
// SafepointDumpIndex), written right after its runtime call returned: word i < n (n = the
// method's values at that safepoint) holds value i in the flat order, then the named words.
enum class SafepointDumpWord : uint32_t {
  kThreadFrameAfterCall,  // thread->frame right after the call returned
  kCount,
};
constexpr uint32_t SafepointDumpWordIndex(uint32_t vreg_count, SafepointDumpWord word) {
  return vreg_count + static_cast<uint32_t>(word);
}
constexpr uint32_t SafepointDumpWordCount(uint32_t vreg_count) {
  return SafepointDumpWordIndex(vreg_count, SafepointDumpWord::kCount);
}

// A poison pattern fills save areas and the dump first, so a value nobody saved shows. The
// harness also leaves it in thread->frame before each execution: a resolver that ran must have
// put its caller's frame pointer there on the way out, and one that did not must not touch it.
inline constexpr uint64_t kPoison = 0x5a5a5a5a5a5a5a5aull;

// What a callee stub records: [0] times called, then every argument register (x0-x7, or rdi, rsi,
// rdx, rcx, r8, r9), the Method* first.
inline constexpr uint32_t kMailboxWords = 9;

// Boundary frame, as a resolver builds it (Ark's BoundaryFrame<INTERPRETER>). Words from
// bp = thread->frame: bp[2] return address into the compiled caller, bp[1] kBoundaryMarker,
// bp[0] caller's frame pointer, bp[-1] the callee area's anchor (padding), then the callee-saved
// register of rank k (RegisterFile::callee_saved, its position in Ark's mask) at bp[-2 - k],
// where Ark's stack walker looks for it (CALLEES_OFFSET - distance from the mask's head - 1).
// bp + kBoundaryCallerSpOffset is the caller's stack pointer at the call. On the way out a
// resolver sets thread->frame back to its caller's frame pointer, as seed 004's "Restore previous
// Frame" step and Ark's CALL_RUNTIME bridge do (arch/README.md: Ark's Irtoc boundary does not).
inline constexpr uint64_t kBoundaryMarker = 2;  // COMPILED_CODE_TO_INTERPRETER, as in Ark
// The runtime's entry into compiled code builds a frame of the same shape with this marker
// (INTERPRETER_TO_COMPILED_CODE, as Ark's bridge into compiled code marks its frame): a walker
// crossing compiled frames stops where a frame pointer leads to it.
inline constexpr uint64_t kEntryFrameMarker = 1;
inline constexpr int32_t kBoundaryCallerFpSlot = 0;
inline constexpr int32_t kBoundaryMarkerSlot = 1;
inline constexpr int32_t kBoundaryReturnPcSlot = 2;
inline constexpr int32_t kBoundaryCallerSpOffset = 24;
inline constexpr int32_t kBoundaryCalleesSlot = -1;
constexpr int32_t BoundaryCalleeSaveOffset(int rank) {
  return static_cast<int32_t>(kWordSize) * (kBoundaryCalleesSlot - 1 - rank);
}
// Bytes below bp that the anchor and `count` callee-saved registers take.
constexpr int32_t BoundaryCalleeAreaBytes(size_t count) {
  return -BoundaryCalleeSaveOffset(static_cast<int>(count) - 1);
}

}  // namespace frameproof::runtime_abi

#endif  // FRAMEPROOF_ARCH_RUNTIME_ABI_H_
