#ifndef FRAMEPROOF_ARCH_PLT_GOT_H_
#define FRAMEPROOF_ARCH_PLT_GOT_H_

// The PLT-GOT slot groups, as Ark's AOT files lay them out (see the PLT resolver notes). A group
// is named by X, its highest-address slot; addresses rise from X-2 to X:
//
//   CallStatic  (3)  X-2 method id   X-1 &CallStaticResolver   X (&X-1) - EPoff, then the Method*
//   CallVirtual (2)                  X-1 method id             X 0, then vtable index + 1 (u32)
//   Class       (3)  X-2 class id    X-1 0, or the Class* once initialized   X 0, or the Class*
//   InitClass        the Class group; its call site loads X-1, LoadClass loads X.
//
// Before resolution, CallStatic's X is a fake Method* whose entry point is X-1, the resolver.

#include <cstdint>
#include <vector>

#include "arch/resolver_kind.h"

namespace frameproof {

// Words in the slot group of `kind`.
uint32_t GotSlotCount(ResolverKind kind);

// Index within the group (0 = lowest address) of the slot the call site loads.
uint32_t GotCallSiteSlot(ResolverKind kind);

// The group as the loader initializes it, lowest address first. `group_address` is the address
// of its lowest slot; `call_static_resolver` the address of the CallStatic resolver.
std::vector<uint64_t> InitialGotWords(ResolverKind kind, uint64_t id, uint64_t group_address,
                                      uint64_t call_static_resolver);

// What resolving must leave in the group. `resolved` is the callee Method* (CallStatic), the
// vtable index (CallVirtual) or the Class*; `initialized` whether that class is initialized
// when the resolver returns.
std::vector<uint64_t> ResolvedGotWords(ResolverKind kind, uint64_t id, uint64_t group_address,
                                       uint64_t call_static_resolver, uint64_t resolved,
                                       bool initialized);

// The GOT slot names for reports: "FirstSlot (method id)", ...
const char* GotSlotName(ResolverKind kind, uint32_t index);

}  // namespace frameproof

#endif  // FRAMEPROOF_ARCH_PLT_GOT_H_
