#ifndef FRAMEPROOF_ARCH_RUNTIME_ABI_H_
#define FRAMEPROOF_ARCH_RUNTIME_ABI_H_

// The contract between generated code (resolvers, caller-side sequences, compiled methods) and the
// runtime they call into: the offsets of the fields generated code touches, the entrypoint table,
// and the boundary frame. verifiers/exec's mock runtime lays its structures out to match, and
// static_asserts that it does.

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
  kCount,
};
constexpr int32_t EntrypointOffset(Entrypoint entrypoint) {
  return static_cast<int32_t>(static_cast<uint32_t>(entrypoint) * kWordSize);
}

// Method: the id, the vtable index and the compiled entry point; the code and CodeInfo follow.
inline constexpr int32_t kMethodIdOffset = 0;            // u32
inline constexpr int32_t kMethodVTableIndexOffset = 4;   // u16
inline constexpr int32_t kMethodEntryPointOffset = 24;   // the "EPoff" of the PLT notes

// Class: its initialization state and its vtable of Method*.
inline constexpr int32_t kClassStateOffset = 0;  // u32
inline constexpr int32_t kClassVTableOffset = 16;
inline constexpr uint32_t kClassStateInitializing = 1;
inline constexpr uint32_t kClassStateInitialized = 2;

// Object: the Class* of the receiver (64-bit; no compressed references here).
inline constexpr int32_t kObjectClassOffset = 0;

// Words a compiled method fills after its calls, for the verifier to check: one per planned
// virtual register (frame by frame), then the operation's result (the Class* or callee Method*).
// A poison pattern fills save areas first, so a value nobody saved shows.
inline constexpr uint64_t kPoison = 0x5a5a5a5a5a5a5a5aull;

// What a callee stub records: [0] times called, then its three argument registers.
inline constexpr uint32_t kMailboxWords = 4;

// Boundary frame, as a resolver builds it. Words from bp = thread->frame:
//   bp[2] return address into the compiled caller, bp[1] kBoundaryMarker, bp[0] caller's frame
//   pointer; callee-saved register of rank k (RegisterFile::callee_saved) at bp - 8 * (k + 1).
// bp + kBoundaryCallerSpOffset is the caller's stack pointer at the call.
inline constexpr uint64_t kBoundaryMarker = 2;  // COMPILED_CODE_TO_INTERPRETER, as in Ark
inline constexpr int32_t kBoundaryCallerFpSlot = 0;
inline constexpr int32_t kBoundaryMarkerSlot = 1;
inline constexpr int32_t kBoundaryReturnPcSlot = 2;
inline constexpr int32_t kBoundaryCallerSpOffset = 24;
constexpr int32_t BoundaryCalleeSaveOffset(int rank) {
  return -static_cast<int32_t>(kWordSize) * (rank + 1);
}

}  // namespace frameproof::runtime_abi

#endif  // FRAMEPROOF_ARCH_RUNTIME_ABI_H_
