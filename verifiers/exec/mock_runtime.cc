#include "verifiers/exec/mock_runtime.h"

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <new>
#include <utility>

#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"

namespace frameproof {
namespace {

namespace abi = runtime_abi;
using abi::Entrypoint;

thread_local MockRuntime* g_active = nullptr;

constexpr size_t Index(Entrypoint entrypoint) { return static_cast<size_t>(entrypoint); }

template <typename Fn>
uint64_t AddressOf(Fn* fn) {
  return reinterpret_cast<uint64_t>(fn);
}

}  // namespace

absl::Status MockRuntime::CheckHeapFits(const LowMemory& heap_pages) {
  if (heap_pages.size() >= sizeof(MockHeap)) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat("the mock heap takes ", sizeof(MockHeap),
                                                 " bytes; its pages have ", heap_pages.size()));
}

absl::Status MockRuntime::AddressObjects(const MethodPlan& plan, const LowMemory& heap_pages,
                                         ImageEnvironment& env) {
  FP_RETURN_IF_ERROR(CheckHeapFits(heap_pages));
  const uint64_t heap = reinterpret_cast<uint64_t>(heap_pages.data());
  env.receiver_address = heap + offsetof(MockHeap, receiver);
  env.method_addresses.clear();
  const size_t methods = std::min(CompiledMethodCount(plan), kCompiledMethodSlots);
  for (size_t m = 0; m < methods; ++m) {
    env.method_addresses.push_back(heap + offsetof(MockHeap, compiled) + m * sizeof(MockMethod));
  }
  return absl::OkStatus();
}

absl::StatusOr<std::unique_ptr<MockRuntime>> MockRuntime::Create(InstructionSet isa,
                                                                 Metainfo metainfo,
                                                                 const MethodPlan& plan,
                                                                 LowMemory& heap_pages,
                                                                 const ExecImage& image) {
  FP_RETURN_IF_ERROR(CheckHeapFits(heap_pages));
  // Zero first, as a fresh mapping is: an earlier case's objects must not show through.
  std::memset(heap_pages.data(), 0, sizeof(MockHeap));
  return std::unique_ptr<MockRuntime>(
      new MockRuntime(isa, metainfo, plan, new (heap_pages.data()) MockHeap, image));
}

MockRuntime::MockRuntime(InstructionSet isa, Metainfo metainfo, const MethodPlan& plan,
                         MockHeap* heap, const ExecImage& image)
    : isa_(isa), metainfo_(metainfo), plan_(plan), heap_(heap) {
  // A case executes twice, each time entering at every call site.
  entries_.reserve(2 * CallSiteCount(plan));
  MockMethod& callee = heap_->callee;
  MockClass& klass = heap_->klass;
  for (size_t m = 0; m < CompiledMethodCount(plan) && m < heap_->compiled.size(); ++m) {
    const std::vector<PlannedFrame>& frames = FramesOf(plan, m);
    heap_->compiled[m].id = frames.empty() ? 0 : frames[0].method_index;
  }
  callee.id = plan.target_id;
  callee.vtable_index = plan.vtable_index;
  callee.declaring_class = &klass;
  klass.id = plan.target_id;
  // Class resolves an existing class in the state the plan says; InitClass initializes one.
  klass.state = plan.resolver == ResolverKind::kClass && plan.class_initialized
                    ? abi::kClassStateInitialized
                    : 0;
  klass.vtable[plan.vtable_index % klass.vtable.size()] = &callee;
  heap_->receiver.class_word = static_cast<uint32_t>(reinterpret_cast<uint64_t>(&klass));
  entrypoints_[Index(Entrypoint::kGetCalleeMethod)] = AddressOf(&GetCalleeMethod);
  entrypoints_[Index(Entrypoint::kResolveVirtualMethod)] = AddressOf(&ResolveVirtualMethod);
  entrypoints_[Index(Entrypoint::kResolveClass)] = AddressOf(&ResolveClass);
  entrypoints_[Index(Entrypoint::kInitializeClassById)] = AddressOf(&InitializeClassById);
  entrypoints_[Index(Entrypoint::kSafepoint)] = AddressOf(&Safepoint);
  thread_.entrypoints = entrypoints_.data();

  // The image's code: the compiled methods with their CodeInfo, the callee, the resolvers.
  code_infos_.reserve(image.methods.size());  // the Method*s point into these
  for (size_t m = 0; m < image.methods.size() && m < heap_->compiled.size(); ++m) {
    const CompiledMethodImage& method = image.methods[m];
    code_infos_.push_back(method.code_info);
    MockMethod& mock = heap_->compiled[m];
    mock.code_begin = method.entry;
    mock.entry_point = method.entry;
    mock.code_info = code_infos_.back().data();
    mock.code_info_size = code_infos_.back().size();
  }
  callee.code_begin = image.callee_entry;
  callee.entry_point = image.callee_entry;
  entrypoints_[Index(Entrypoint::kCallVirtualResolver)] =
      image.resolvers[static_cast<size_t>(ResolverKind::kCallVirtual)];
  entrypoints_[Index(Entrypoint::kClassResolver)] =
      image.resolvers[static_cast<size_t>(ResolverKind::kClass)];
  entrypoints_[Index(Entrypoint::kInitClassResolver)] =
      image.resolvers[static_cast<size_t>(ResolverKind::kInitClass)];
}

uint64_t MockRuntime::ResolvedValue() const {
  switch (plan_.resolver) {
    case ResolverKind::kCallStatic:
      return reinterpret_cast<uint64_t>(&heap_->callee);
    case ResolverKind::kCallVirtual:
      return heap_->callee.vtable_index;
    case ResolverKind::kClass:
    case ResolverKind::kInitClass:
      return reinterpret_cast<uint64_t>(&heap_->klass);
  }
  return 0;
}

MockRuntime::Activation::Activation(MockRuntime* runtime) : previous_(g_active) {
  g_active = runtime;
  runtime->collections_ = 0;
}
MockRuntime::Activation::~Activation() { g_active = previous_; }

MockRuntime& MockRuntime::Active() {
  // Only generated code calls the entrypoints, and only inside an Activation.
  if (g_active == nullptr) std::abort();
  return *g_active;
}

void MockRuntime::Enter(Entrypoint entrypoint, const MockMethod* caller, uint64_t id) {
  RuntimeEntry& entry = entries_.emplace_back();
  entry.entrypoint = entrypoint;
  entry.caller = caller;
  entry.id = id;
  entry.walk = WalkFromBoundary(thread_.frame, isa_, metainfo_);
  if (!entry.walk.ok()) return;
  for (const uint64_t address : entry.walk->root_addresses) {
    uint32_t reference;
    std::memcpy(&reference, reinterpret_cast<const void*>(address), sizeof(reference));
    reference = MovedReference(reference, collections_);
    std::memcpy(reinterpret_cast<void*>(address), &reference, sizeof(reference));
  }
  entry.collected = true;
  entry.collection = collections_++;
}

// Each entrypoint answers with the case's object whatever the id; the verifier checks the id.
uint64_t MockRuntime::GetCalleeMethod(const MockMethod* caller, uint64_t id) {
  MockRuntime& runtime = Active();
  runtime.Enter(Entrypoint::kGetCalleeMethod, caller, id);
  return reinterpret_cast<uint64_t>(runtime.callee());
}

uint64_t MockRuntime::ResolveVirtualMethod(const MockMethod* caller, uint64_t id) {
  MockRuntime& runtime = Active();
  runtime.Enter(Entrypoint::kResolveVirtualMethod, caller, id);
  return reinterpret_cast<uint64_t>(runtime.callee());
}

uint64_t MockRuntime::ResolveClass(const MockMethod* caller, uint64_t id) {
  MockRuntime& runtime = Active();
  runtime.Enter(Entrypoint::kResolveClass, caller, id);
  return reinterpret_cast<uint64_t>(runtime.klass());
}

uint64_t MockRuntime::InitializeClassById(const MockMethod* caller, uint64_t id) {
  MockRuntime& runtime = Active();
  runtime.Enter(Entrypoint::kInitializeClassById, caller, id);
  runtime.klass()->state =
      runtime.plan_.class_initialized ? abi::kClassStateInitialized : abi::kClassStateInitializing;
  return reinterpret_cast<uint64_t>(runtime.klass());
}

uint64_t MockRuntime::Safepoint(const MockMethod* caller, uint64_t id) {
  Active().Enter(Entrypoint::kSafepoint, caller, id);
  return 0;
}

}  // namespace frameproof
