#ifndef FRAMEPROOF_VERIFIERS_EXEC_MOCK_OBJECTS_H_
#define FRAMEPROOF_VERIFIERS_EXEC_MOCK_OBJECTS_H_

// The mock runtime's thread, method, class and object, laid out as arch/runtime_abi.h says
// generated code expects (checked below).

#include <array>
#include <cstddef>
#include <cstdint>

#include "arch/runtime_abi.h"
#include "verifiers/exec/plan_generator.h"

namespace frameproof {

struct MockClass;

struct MockMethod {
  uint32_t id = 0;
  uint16_t vtable_index = 0;
  uint16_t unused = 0;
  MockClass* declaring_class = nullptr;
  uint64_t code_begin = 0;  // where native pcs count from
  uint64_t entry_point = 0;
  const uint8_t* code_info = nullptr;  // this method's CodeInfo, if compiled
  size_t code_info_size = 0;
};

struct MockClass {
  uint32_t state = 0;
  uint32_t id = 0;
  uint64_t unused = 0;
  std::array<MockMethod*, kVTableSize> vtable{};
};

struct MockObject {
  MockClass* klass = nullptr;
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
static_assert(offsetof(MockObject, klass) == runtime_abi::kObjectClassOffset);
static_assert(offsetof(MockThread, frame) == runtime_abi::kThreadFrameOffset);
static_assert(offsetof(MockThread, entrypoints) == runtime_abi::kThreadEntrypointsOffset);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_EXEC_MOCK_OBJECTS_H_
