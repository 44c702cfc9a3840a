#include "arch/plt_got.h"

#include "arch/runtime_abi.h"

namespace frameproof {

uint32_t GotSlotCount(ResolverKind kind) { return kind == ResolverKind::kCallVirtual ? 2 : 3; }

uint32_t GotCallSiteSlot(ResolverKind kind) {
  switch (kind) {
    case ResolverKind::kCallStatic:
    case ResolverKind::kClass:
      return 2;
    case ResolverKind::kCallVirtual:
    case ResolverKind::kInitClass:
      return 1;
  }
  return 0;
}

std::vector<uint64_t> InitialGotWords(ResolverKind kind, uint64_t id, uint64_t group_address,
                                      uint64_t call_static_resolver) {
  switch (kind) {
    case ResolverKind::kCallStatic: {
      const uint64_t second_slot = group_address + runtime_abi::kWordSize;
      return {id, call_static_resolver, second_slot - runtime_abi::kMethodEntryPointOffset};
    }
    case ResolverKind::kCallVirtual:
      return {id, 0};
    case ResolverKind::kClass:
    case ResolverKind::kInitClass:
      return {id, 0, 0};
  }
  return {};
}

std::vector<uint64_t> ResolvedGotWords(ResolverKind kind, uint64_t id, uint64_t group_address,
                                       uint64_t call_static_resolver, uint64_t resolved,
                                       bool initialized) {
  std::vector<uint64_t> words = InitialGotWords(kind, id, group_address, call_static_resolver);
  switch (kind) {
    case ResolverKind::kCallStatic:
      words[2] = resolved;
      break;
    case ResolverKind::kCallVirtual:
      words[1] = static_cast<uint32_t>(resolved + 1);
      break;
    case ResolverKind::kClass:
    case ResolverKind::kInitClass:
      words[2] = resolved;
      if (initialized) words[1] = resolved;
      break;
  }
  return words;
}

const char* GotSlotName(ResolverKind kind, uint32_t index) {
  if (kind == ResolverKind::kCallVirtual) {
    return index == 0 ? "FirstSlot (method id)" : "SecondSlot (vtable index + 1)";
  }
  static constexpr const char* kStatic[] = {"FirstSlot (method id)", "SecondSlot (resolver)",
                                            "ThirdSlot (Method*)"};
  static constexpr const char* kClassSlots[] = {"FirstSlot (class id)",
                                                "SecondSlot (initialized Class*)",
                                                "ThirdSlot (Class*)"};
  if (index > 2) return "slot?";
  return kind == ResolverKind::kCallStatic ? kStatic[index] : kClassSlots[index];
}

}  // namespace frameproof
