#ifndef FRAMEPROOF_VERIFIERS_EXEC_MOCK_OBJECTS_H_
#define FRAMEPROOF_VERIFIERS_EXEC_MOCK_OBJECTS_H_

// The mock runtime's thread, method, class and object, laid out as arch/runtime_abi.h says
// generated code expects (checked below).

#include <array>
#include <cstddef>
#include <cstdint>

#include "arch/method_plan.h"
#include "arch/runtime_abi.h"

namespace frameproof {

struct MockClass;

struct MockMethod {
  uint32_t id = 0;
  uint16_t vtable_index = 0;
  uint16_t unused = 0;
  MockClass* declaring_class = nullptr;
  uint64_t code_begin = 0;             // where native pcs count from
  const uint8_t* code_info = nullptr;  // this method's CodeInfo, if compiled
  size_t code_info_size = 0;
  std::array<uint64_t, 2> reserved{};  // up to the entry point at EPoff
  uint64_t entry_point = 0;
};

struct MockClass {
  uint32_t state = 0;
  uint32_t id = 0;
  std::array<uint64_t, 20> reserved{};  // up to the vtable at its offset
  std::array<MockMethod*, kVTableSize> vtable{};
};

// A managed object: a mark word, then the 32-bit class word (the Class* lives below 4 GiB).
struct MockObject {
  uint32_t mark_word = 0;
  uint32_t class_word = 0;
};

// The compiled methods a runtime can hold: the plan's own and its callers'.
inline constexpr size_t kCompiledMethodSlots = 1 + kMaxCallers;

// The objects one case's runtime hands out, placed below 4 GiB (LowMemory) as a runtime with
// 32-bit managed pointers keeps them.
struct MockHeap {
  std::array<MockMethod, kCompiledMethodSlots> compiled;  // the plan's chain, by position
  MockMethod callee;
  MockClass klass;
  MockObject receiver;
};

struct MockThread {
  uint64_t frame = 0;  // the boundary frame of the resolver in progress
  const uint64_t* entrypoints = nullptr;
};

static_assert(offsetof(MockMethod, id) == runtime_abi::kMethodIdOffset);
static_assert(offsetof(MockMethod, vtable_index) == runtime_abi::kMethodVTableIndexOffset);
static_assert(offsetof(MockMethod, entry_point) == runtime_abi::kMethodEntryPointOffset);
static_assert(offsetof(MockClass, state) == runtime_abi::kClassStateOffset);
static_assert(offsetof(MockClass, vtable) == runtime_abi::kClassVTableOffset);
static_assert(offsetof(MockObject, class_word) == runtime_abi::kObjectClassOffset);
static_assert(offsetof(MockThread, frame) == runtime_abi::kThreadFrameOffset);
static_assert(offsetof(MockThread, entrypoints) == runtime_abi::kThreadEntrypointsOffset);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_EXEC_MOCK_OBJECTS_H_
