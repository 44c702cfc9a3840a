#ifndef FRAMEPROOF_VERIFIERS_EXEC_MOCK_RUNTIME_H_
#define FRAMEPROOF_VERIFIERS_EXEC_MOCK_RUNTIME_H_

// One case's runtime: a callee method, a class, a receiver, the thread and its entrypoint table.
// Each runtime entrypoint, when a resolver calls it, first walks the stack (stack_walker.h) and
// records what it decoded, then resolves as Ark's entrypoints do.

#include <array>
#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "arch/exec_image.h"
#include "arch/method_plan.h"
#include "arch/runtime_abi.h"
#include "verifiers/exec/mock_objects.h"
#include "verifiers/exec/stack_walker.h"

namespace frameproof {

// One call into the runtime, as observed.
struct RuntimeEntry {
  runtime_abi::Entrypoint entrypoint = runtime_abi::Entrypoint::kCount;
  const MockMethod* caller = nullptr;
  uint64_t id = 0;
  absl::StatusOr<WalkResult> walk = absl::UnknownError("not walked");
};

class MockRuntime {
 public:
  MockRuntime(InstructionSet isa, const MethodPlan& plan);
  MockRuntime(const MockRuntime&) = delete;
  MockRuntime& operator=(const MockRuntime&) = delete;

  // Points the compiled method, the callee and the entrypoint table at `image`'s code.
  void Install(const ExecImage& image);

  MockThread* thread() { return &thread_; }
  MockMethod* compiled_method() { return &compiled_; }
  MockMethod* callee() { return &callee_; }
  MockClass* klass() { return &class_; }
  MockObject* receiver() { return &receiver_; }
  const std::vector<RuntimeEntry>& entries() const { return entries_; }

  // What the resolver must leave in its GOT slot: the callee Method*, the vtable index, or the
  // Class*.
  uint64_t ResolvedValue() const;

  // While alive, the entrypoints on this thread serve `runtime`.
  class Activation {
   public:
    explicit Activation(MockRuntime* runtime);
    ~Activation();
    Activation(const Activation&) = delete;
    Activation& operator=(const Activation&) = delete;

   private:
    MockRuntime* previous_;
  };

 private:
  static uint64_t GetCalleeMethod(const MockMethod* caller, uint64_t id);
  static uint64_t ResolveVirtualMethod(const MockMethod* caller, uint64_t id);
  static uint64_t ResolveClass(const MockMethod* caller, uint64_t id);
  static uint64_t InitializeClassById(const MockMethod* caller, uint64_t id);
  static MockRuntime& Active();
  void Enter(runtime_abi::Entrypoint entrypoint, const MockMethod* caller, uint64_t id);

  InstructionSet isa_;
  const MethodPlan& plan_;
  MockMethod compiled_;
  MockMethod callee_;
  MockClass class_;
  MockObject receiver_;
  MockThread thread_;
  std::array<uint64_t, static_cast<size_t>(runtime_abi::Entrypoint::kCount)> entrypoints_{};
  std::vector<uint8_t> code_info_;
  std::vector<RuntimeEntry> entries_;
};

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_EXEC_MOCK_RUNTIME_H_
