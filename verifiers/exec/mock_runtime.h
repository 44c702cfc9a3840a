#ifndef FRAMEPROOF_VERIFIERS_EXEC_MOCK_RUNTIME_H_
#define FRAMEPROOF_VERIFIERS_EXEC_MOCK_RUNTIME_H_

// One case's runtime: a callee method, a class, a receiver, the thread and its entrypoint table.
// Each runtime entrypoint, when a resolver calls it, first walks the stack (stack_walker.h) and
// records what it decoded, then resolves as Ark's entrypoints do.

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "absl/status/statusor.h"
#include "arch/exec_image.h"
#include "arch/method_plan.h"
#include "arch/runtime_abi.h"
#include "verifiers/exec/low_memory.h"
#include "verifiers/exec/mock_objects.h"
#include "verifiers/exec/moving_collector.h"
#include "verifiers/exec/stack_walker.h"

namespace frameproof {

// One call into the runtime, as observed.
struct RuntimeEntry {
  runtime_abi::Entrypoint entrypoint = runtime_abi::Entrypoint::kCount;
  const MockMethod* caller = nullptr;
  uint64_t id = 0;
  absl::StatusOr<WalkResult> walk = absl::UnknownError("not walked");
  // The moving collector ran (moving_collector.h), as its `collection`-th run of the execution:
  // every root the walk found has moved.
  bool collected = false;
  uint32_t collection = 0;
};

class MockRuntime {
 public:
  // Fills `env`'s addresses of the runtime's objects (the receiver, the Method* of each compiled
  // method of `plan`'s chain) where Create places them in `heap_pages`, so the image can be
  // lowered before the runtime exists; fails if the pages are too small for them.
  static absl::Status AddressObjects(const MethodPlan& plan, const LowMemory& heap_pages,
                                     ImageEnvironment& env);
  // The runtime of `image` (lowered against AddressObjects' addresses), whose walker reads
  // `metainfo`'s dialect: its objects built afresh in `heap_pages` (borrowed for the runtime's
  // lifetime), the compiled methods, the callee and the entrypoint table pointed at the image's
  // code.
  static absl::StatusOr<std::unique_ptr<MockRuntime>> Create(InstructionSet isa, Metainfo metainfo,
                                                             const MethodPlan& plan,
                                                             LowMemory& heap_pages,
                                                             const ExecImage& image);
  MockRuntime(const MockRuntime&) = delete;
  MockRuntime& operator=(const MockRuntime&) = delete;

  MockThread* thread() { return &thread_; }
  // The compiled methods of the plan's chain: 0 is the plan's own, the last the outermost.
  MockMethod* compiled_method(size_t position = 0) { return &heap_->compiled[position]; }
  MockMethod* callee() { return &heap_->callee; }
  MockClass* klass() { return &heap_->klass; }
  MockObject* receiver() { return &heap_->receiver; }
  const std::vector<RuntimeEntry>& entries() const { return entries_; }

  // What the resolver must leave in its GOT slot: the callee Method*, the vtable index, or the
  // Class*.
  uint64_t ResolvedValue() const;

  // While alive, the entrypoints on this thread serve `runtime`; one execution of compiled code,
  // whose collections count from 0.
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
  static uint64_t Safepoint(const MockMethod* caller, uint64_t id);
  static MockRuntime& Active();
  // Whether `heap_pages` hold a MockHeap; the error says how many bytes it takes.
  static absl::Status CheckHeapFits(const LowMemory& heap_pages);
  MockRuntime(InstructionSet isa, Metainfo metainfo, const MethodPlan& plan, MockHeap* heap,
              const ExecImage& image);
  void Enter(runtime_abi::Entrypoint entrypoint, const MockMethod* caller, uint64_t id);

  InstructionSet isa_;
  Metainfo metainfo_;
  const MethodPlan& plan_;
  MockHeap* heap_;  // in borrowed low pages
  MockThread thread_;
  std::array<uint64_t, static_cast<size_t>(runtime_abi::Entrypoint::kCount)> entrypoints_{};
  std::vector<std::vector<uint8_t>> code_infos_;  // by chain position
  std::vector<RuntimeEntry> entries_;
  uint32_t collections_ = 0;  // in the current execution
};

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_EXEC_MOCK_RUNTIME_H_
